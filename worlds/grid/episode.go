package grid

import (
	"fmt"
	"strconv"
	"strings"
)

// Observation is one observation of an episode: the world's state when it
// was made, which file (grid) and area it shows, and the actions that led
// to it from the previous observation.
type Observation struct {
	State *State
	// File indexes the episode's files; observations of one file share a
	// grid, and their cells can be compared.
	File  int
	Label string
	Area  string
	// Step is the time the memory view prints: T for an episode of
	// actions, k−1 for the k-th file of a multi-file key.
	Step    int
	Actions []Action
	Moved   []bool
}

// Episode is the world W of one level at one seed: the observations in
// order (the history H), each holding its state S; the rules R are the
// State's methods.
type Episode struct {
	Level     string
	Tier      string
	Obs       []Observation
	MultiFile bool
	// Horizon is the M1 keys' N for C.dynamics; 0 elsewhere.
	Horizon  int
	Dynamics bool
	// ids[k][i] is the identity of object i of observation k: the same
	// object seen twice has one id.
	ids [][]int
	// texts caches the histories by view.
	texts map[string]string
}

// history is Render(view, 0), rendered once per view.
func (e *Episode) history(view string) (string, error) {
	if t, ok := e.texts[view]; ok {
		return t, nil
	}
	t, err := e.Render(view, 0)
	if err != nil {
		return "", err
	}
	if e.texts == nil {
		e.texts = map[string]string{}
	}
	e.texts[view] = t
	return t, nil
}

// Last is the current observation.
func (e *Episode) Last() *Observation { return &e.Obs[len(e.Obs)-1] }

// keyEpisode builds the episode of a HalluWorld key at seed.
func keyEpisode(k key, levels map[string]*Level, seed uint64) (*Episode, error) {
	e := &Episode{Level: k.name, Tier: k.tier(), MultiFile: len(k.files) > 1, Horizon: k.horizon, Dynamics: k.dynamics}
	for i, f := range k.files {
		lv, ok := levels[f.name]
		if !ok {
			return nil, fmt.Errorf("grid: key %s: no level file %s", k.name, f.name)
		}
		e.Obs = append(e.Obs, Observation{State: lv.Start(seed), File: i, Label: f.label, Area: f.area, Step: i})
	}
	if len(k.actions) > 0 {
		e.act(k.actions)
	}
	e.identify()
	return e, nil
}

// act appends one observation made after the actions.
func (e *Episode) act(actions []Action) {
	last := e.Last()
	s := last.State.Clone()
	o := Observation{File: last.File, Label: last.Label, Area: last.Area, Actions: actions}
	for _, a := range actions {
		o.Moved = append(o.Moved, s.Act(a))
	}
	o.State, o.Step = s, s.T
	e.Obs = append(e.Obs, o)
}

// identify gives every object of every observation its identity: along an
// episode of actions an object keeps its id; a file showing an area seen
// before matches that area's last observation by name (a door's without
// its state) and cell; anything else is a new object.
func (e *Episode) identify() {
	next := 0
	fresh := func(n int) []int {
		ids := make([]int, n)
		for i := range ids {
			ids[i] = next
			next++
		}
		return ids
	}
	e.ids = make([][]int, len(e.Obs))
	for k, o := range e.Obs {
		objs := o.State.Objects
		prev := -1
		for j := k - 1; j >= 0; j-- {
			if e.Obs[j].Area == o.Area {
				prev = j
				break
			}
		}
		switch {
		case prev >= 0 && e.Obs[prev].File == o.File:
			e.ids[k] = append([]int(nil), e.ids[prev]...)
		case prev >= 0:
			ids := fresh(len(objs))
			used := map[int]bool{}
			for i, x := range objs {
				for j, y := range e.Obs[prev].State.Objects {
					if !used[j] && x.Name() == y.Name() && x.Pos == y.Pos {
						ids[i], used[j] = e.ids[prev][j], true
						break
					}
				}
			}
			e.ids[k] = ids
		default:
			e.ids[k] = fresh(len(objs))
		}
	}
}

// actionText is an action as a history says it.
func actionText(a Action, moved bool) string {
	switch a {
	case TurnLeft:
		return "turned left"
	case TurnRight:
		return "turned right"
	}
	if moved {
		return "moved forward 1 step"
	}
	return "tried to move forward but the way is blocked"
}

// viewText renders observation k in view.
func (e *Episode) viewText(k int, view string) (string, error) {
	o := e.Obs[k]
	if view == Memory {
		return memoryView(o.State, o.Step), nil
	}
	f, err := o.State.FOV()
	if err != nil {
		return "", err
	}
	if view == ASCII {
		return asciiView(o.State, f), nil
	}
	return symbolicView(o.State, f), nil
}

// transition is the line between observation k−1 and k of a multi-file
// key, saying which area observation k shows: the same one as before after
// some time (objects there may have changed meanwhile), one seen in an
// earlier observation, or a new one.
func (e *Episode) transition(k int) string {
	area := e.Obs[k].Area
	if e.Obs[k-1].Area == area {
		return "[Some time passed; you are still in the same area]"
	}
	for j := range k - 1 {
		if e.Obs[j].Area == area {
			return "[You returned to the area of observation " + strconv.Itoa(j+1) + "]"
		}
	}
	return "[You moved to the next area]"
}

// renderUntil is the history of a multi-file key in view cut before
// observation n: the observations before it, then the line that leads to
// it, as the whole history would show them.
func (e *Episode) renderUntil(view string, n int) (string, error) {
	var blocks []string
	for k := range n {
		text, err := e.viewText(k, view)
		if err != nil {
			return "", err
		}
		if k > 0 {
			blocks = append(blocks, e.transition(k))
		}
		blocks = append(blocks, "[Observation "+strconv.Itoa(k+1)+" — "+e.Obs[k].Label+"]:\n"+text)
	}
	blocks = append(blocks, e.transition(n))
	return strings.Join(blocks, "\n\n"), nil
}

// Render is the history in view (§6.4): one observation alone is its view
// text; several are blocks separated by one blank line, each observation
// headed [Observation k — Step t]: (a multi-file key's [Observation k —
// label]:), with the actions or [You moved to the next area] between them.
// elapsed > 0 appends HalluWorld's stepped-format line.
func (e *Episode) Render(view string, elapsed int) (string, error) {
	var blocks []string
	for k, o := range e.Obs {
		text, err := e.viewText(k, view)
		if err != nil {
			return "", err
		}
		if len(e.Obs) == 1 {
			blocks = append(blocks, text)
			break
		}
		if k > 0 {
			if e.MultiFile {
				blocks = append(blocks, e.transition(k))
			} else {
				lines := make([]string, len(o.Actions))
				for i, a := range o.Actions {
					lines[i] = "[You " + actionText(a, o.Moved[i]) + "]"
				}
				blocks = append(blocks, strings.Join(lines, "\n"))
			}
		}
		head := "[Observation " + strconv.Itoa(k+1) + " — Step " + strconv.Itoa(o.Step) + "]:"
		if e.MultiFile {
			head = "[Observation " + strconv.Itoa(k+1) + " — " + o.Label + "]:"
		}
		blocks = append(blocks, head+"\n"+text)
	}
	if elapsed > 0 {
		verb := " steps have"
		if elapsed == 1 {
			verb = " step has"
		}
		blocks = append(blocks, "["+strconv.Itoa(elapsed)+verb+" now elapsed; you remained stationary.]")
	}
	return strings.Join(blocks, "\n\n"), nil
}
