package mazereport

import (
	"fmt"
	"strings"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/mazes/lenient"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites/maze/record"
)

// The overlay classes of a walk drawn over its maze. A step may carry
// several: a teleport is drawn from where the walk was to the declared
// origin, then the move itself as valid, wall, or off-grid.
const (
	ClassValid    = "walk-valid"    // a legal move
	ClassWall     = "walk-wall"     // a move through a wall
	ClassTeleport = "walk-teleport" // a jump to a declared origin that is not the walk's position
	ClassOffGrid  = "walk-offgrid"  // a move out of the grid
	ClassLure     = "walk-lure"     // a move in a shown lure's direction from its cell
)

// segment is one drawn piece of a walk.
type segment struct {
	from, to mazes.Cell
	class    string
	step     int // 1-based step of the walk
}

// walk is a case's verified walk, recomputed from its transcript.
type walk struct {
	maze     *mazes.Maze
	segments []segment
	// conf and correct pair each step that stated a confidence with
	// whether the step was valid, for the reliability diagram.
	conf    []float64
	correct []bool
	// hints are the steps after which an Ariadne's Thread hint was given;
	// confDrops the steps whose stated confidence fell by 20 points or more
	// from the step before.
	hints     []int
	confDrops []int
	steps     int
}

// mazeKey names a generated maze.
type mazeKey struct {
	size int
	seed uint64
	alg  mazes.Algorithm
}

// mazeCache regenerates each maze once per report.
type mazeCache map[mazeKey]*mazes.Maze

// maxDrawnSize is the largest maze the HTML draws; a bigger one would
// weigh megabytes per case.
const maxDrawnSize = 64

// mazeOf regenerates the maze of a spec.
func (mc mazeCache) mazeOf(spec record.Spec) (*mazes.Maze, error) {
	k := mazeKey{spec.Size, spec.Seed, spec.Normal().Algorithm}
	if m, ok := mc[k]; ok {
		return m, nil
	}
	m, err := mazes.Generate(k.size, k.seed, k.alg)
	if err != nil {
		return nil, fmt.Errorf("regenerate maze: %w", err)
	}
	mc[k] = m
	return m, nil
}

// replayWalk recomputes the walk of a maze-suite result: a one-shot reply
// is parsed and verified against the regenerated maze; an interactive
// episode is replayed reply by reply.
func replayWalk(r results.Result, rd record.Reading, mc mazeCache) (*walk, error) {
	if rd.SpecErr != nil {
		return nil, rd.SpecErr
	}
	m, err := mc.mazeOf(rd.Spec)
	if err != nil {
		return nil, err
	}
	w := &walk{maze: m}
	lures := map[mazes.Cell]mazes.Dir{}
	if !rd.Spec.NoMirage {
		for _, t := range m.Traps() {
			lures[t.Cell] |= t.Dir
		}
	}
	var replies []string
	for _, t := range r.Turns {
		if t.Role == results.Assistant {
			replies = append(replies, t.Content)
		}
	}
	var tr mazes.Transcript
	var checks []mazes.Check
	starts := []mazes.Cell{} // where the walk stood before each step
	if rd.Spec.Protocol == mazes.Interactive {
		var after []int
		tr, checks, starts, after = replayEpisode(m, r, rd, replies)
		w.hints = hintSteps(r, after)
	} else {
		if len(replies) > 0 {
			tr = mazes.ParseReply(replies[0])
		}
		v := mazes.Verify(m, tr.Steps)
		checks = v.Checks
		pos := m.Start()
		for _, ch := range checks {
			starts = append(starts, pos)
			pos = ch.To
		}
	}
	for i, st := range tr.Steps {
		ch, pos := checks[i], starts[i]
		origin := st.From
		if rd.Spec.Protocol == mazes.Interactive {
			origin = pos // the world moves from where the walk really is
		}
		if ch.Teleport {
			w.add(pos, st.From, ClassTeleport, i+1)
		}
		target := origin.Move(st.Dir)
		switch {
		case ch.OffGrid:
			w.add(origin, target, ClassOffGrid, i+1)
		case ch.Wall:
			w.add(origin, target, ClassWall, i+1)
		default:
			w.add(origin, target, ClassValid, i+1)
		}
		if set, ok := lures[origin]; ok && set&st.Dir != 0 {
			w.add(origin, target, ClassLure, i+1)
		}
	}
	w.conf, w.correct = mazes.StepConfidences(tr, checks)
	w.steps = len(tr.Steps)
	w.confDrops = confidenceDrops(tr)
	return w, nil
}

// hintMarkers begin a hint in the user messages of an interactive case, in
// each prompt language.
var hintMarkers = []string{"Ariadne's thread:", "아리아드네의 실:"}

// hintSteps are the steps after which a user message carried a hint:
// stepsAfter[i] is the number of steps walked after the i-th reply.
func hintSteps(r results.Result, stepsAfter []int) []int {
	var out []int
	reply := -1
	for _, t := range r.Turns {
		switch t.Role {
		case results.Assistant:
			reply++
		case results.User:
			if reply < 0 || reply >= len(stepsAfter) {
				continue
			}
			for _, m := range hintMarkers {
				if strings.Contains(t.Content, m) {
					out = append(out, stepsAfter[reply])
					break
				}
			}
		}
	}
	return out
}

// confidenceDrops are the steps whose stated confidence is 0.2 or more
// below the last confidence stated before them.
func confidenceDrops(tr mazes.Transcript) []int {
	var out []int
	last, have := 0.0, false
	for i, st := range tr.Steps {
		if !st.HasConf {
			continue
		}
		if have && last-st.Conf >= 0.2 {
			out = append(out, i+1)
		}
		last, have = st.Conf, true
	}
	return out
}

// replayEpisode feeds the replies of an interactive case to a fresh
// episode and returns the transcript, the verdict on each move and where
// the walk stood before it.
func replayEpisode(m *mazes.Maze, r results.Result, rd record.Reading, replies []string) (mazes.Transcript, []mazes.Check, []mazes.Cell, []int) {
	opt, budget := rd.Spec.Prompt(), rd.Detail.Budget()
	e := mazes.NewEpisode(m, opt, budget)
	if rd.Detail != nil && rd.Detail.Lenient != nil {
		// Played by the lenient tier: replay it so, reply for reply.
		e = lenient.NewEpisode(m, opt, budget)
	}
	var checks []mazes.Check
	var starts []mazes.Cell
	var after []int
	for _, reply := range replies {
		before := e.Position()
		_, res, done := e.Turn(reply)
		if res.Moved {
			checks = append(checks, res.Check)
			starts = append(starts, before)
		}
		after = append(after, len(checks))
		if done {
			break
		}
	}
	return e.Transcript(), checks, starts, after
}

func (w *walk) add(from, to mazes.Cell, class string, step int) {
	w.segments = append(w.segments, segment{from: from, to: to, class: class, step: step})
}

func stepsTitle(class string, first, last int) string {
	what := map[string]string{
		ClassValid: "legal moves", ClassWall: "wall crossing", ClassTeleport: "teleport",
		ClassOffGrid: "off the grid", ClassLure: "followed a lure",
	}[class]
	if first == last {
		return fmt.Sprintf("%s: step %d", what, first)
	}
	return fmt.Sprintf("%s: steps %d–%d", what, first, last)
}

// counts returns how many segments of each class the walk has.
func (w *walk) counts() map[string]int {
	c := map[string]int{}
	for _, s := range w.segments {
		c[s.class]++
	}
	return c
}
