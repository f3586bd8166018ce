package grid

import (
	"encoding/json"
	"strings"

	"github.com/hallumaze/hallumaze/worlds"
)

// NavRecord is a walk as a results file keeps it: the level as it was at
// step 0, the start, the places, every step with where it left the agent,
// and the cells the views ever showed; enough to draw the walk
// (DrawWalk) without making the world again.
type NavRecord struct {
	Level string `json:"level"`
	Seed  uint64 `json:"seed"`
	View  string `json:"view"`
	// Rows are the level at step 0, a row a string of two-character cell
	// codes separated by spaces (the ascii view's codes; the agent's cell
	// shows its ground).
	Rows   []string `json:"rows"`
	Start  [2]int   `json:"start"`
	Facing string   `json:"facing"`
	// Targets are the places the walk was asked to come near, Dropped the
	// InNav file's others (no walk reaches them); Reached the step each
	// target was first reached at, or -1.
	Targets [][2]int   `json:"targets"`
	Dropped [][2]int   `json:"dropped,omitempty"`
	Reached []int      `json:"reached"`
	Steps   []NavPoint `json:"steps"`
	// Seen marks, row by row ('1'), the cells some observation of the walk
	// showed what is on.
	Seen []string `json:"seen"`
	End  NavEnd   `json:"end"`
}

// NavPoint is one step of a recorded walk.
type NavPoint struct {
	Action string `json:"action"`
	Moved  bool   `json:"moved,omitempty"`
	At     [2]int `json:"at"`
	Facing string `json:"facing"`
	// Form is how the reply stated the action (strict or lenient); empty
	// for a scripted walk.
	Form worlds.ActionForm `json:"form,omitempty"`
}

func rc(p Pos) [2]int { return [2]int{p.Row, p.Col} }

// Record is the walk as a results file keeps it.
func (n *Nav) Record() NavRecord {
	s0 := n.obs[0]
	lv := s0.Level
	rec := NavRecord{Level: n.spec.Name, Seed: n.spec.Seed, View: n.spec.View, Start: rc(n.start),
		Facing: s0.Facing.Word(), Reached: n.Reached(), End: n.end, Targets: [][2]int{}}
	for r := range lv.Rows {
		codes := make([]string, lv.Cols)
		seen := make([]byte, lv.Cols)
		for c := range lv.Cols {
			p := Pos{r, c}
			codes[c] = terrainCode(s0, p)
			if i := s0.ObjectAt(p); i >= 0 {
				codes[c] = objectCode(s0.Objects[i])
			}
			seen[c] = '0'
			for k := range n.obs {
				if n.known(k, p) {
					seen[c] = '1'
					break
				}
			}
		}
		rec.Rows = append(rec.Rows, strings.Join(codes, " "))
		rec.Seen = append(rec.Seen, string(seen))
	}
	for _, t := range n.targets {
		rec.Targets = append(rec.Targets, rc(t))
	}
	for _, t := range n.dropped {
		rec.Dropped = append(rec.Dropped, rc(t))
	}
	for k, st := range n.steps {
		s := n.obs[k+1]
		rec.Steps = append(rec.Steps, NavPoint{Action: [3]string{"left", "right", "forward"}[st.Action], Moved: st.Moved,
			At: rc(s.Agent), Facing: s.Facing.Word(), Form: st.Reading.Form})
	}
	return rec
}

// Summary is what the walk did: places reached, actions, how the replies
// kept the contract, and the walk's record.
func (n *Nav) Summary() worlds.EpisodeSummary {
	st := n.Stats()
	traj, err := json.Marshal(n.Record())
	if err != nil {
		panic(err) // a record of strings and numbers always encodes
	}
	return worlds.EpisodeSummary{Goals: st.Targets, Reached: st.Reached, Success: st.Targets > 0 && st.Reached == st.Targets,
		Actions: st.Steps, End: string(st.End), Replies: st.Replies, Strict: st.Strict, Lenient: st.Lenient,
		Unread: st.Unread, Refused: st.Early, Trajectory: traj}
}

var _ worlds.Episode = (*Nav)(nil)
