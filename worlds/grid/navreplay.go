package grid

import (
	"fmt"
	"slices"

	"github.com/hallumaze/hallumaze/worlds"
)

// ReplayRecord plays a recorded walk again on its set-up: the record's
// actions from the start, then the record's end. The walk it returns has
// the record's trajectory exactly when the world, stepped by those actions,
// goes where the record says it went; the golds of its questions are the
// recorded walk's. It is how a results file is checked from outside: the
// actions a model chose are all a walk's golds depend on.
func ReplayRecord(spec NavSpec, rec NavRecord) (*Nav, error) {
	n, err := NewNav(spec)
	if err != nil {
		return nil, err
	}
	byName := map[string]Action{"left": TurnLeft, "right": TurnRight, "forward": Forward}
	for i, st := range rec.Steps {
		a, ok := byName[st.Action]
		if !ok {
			return nil, fmt.Errorf("grid: replay %s: step %d: action %q", spec.Name, i+1, st.Action)
		}
		if n.Done() {
			return nil, fmt.Errorf("grid: replay %s: the walk ended before step %d of %d", spec.Name, i+1, len(rec.Steps))
		}
		n.act(a, worlds.ActionReading{Form: st.Form})
	}
	switch rec.End {
	case NavDone, NavIdle:
		if n.Done() {
			return nil, fmt.Errorf("grid: replay %s: the walk ended on its budget, the record says %q", spec.Name, rec.End)
		}
		n.end = rec.End
	case NavBudget:
		if n.end != NavBudget {
			return nil, fmt.Errorf("grid: replay %s: the record ends on the budget after %d actions of %d", spec.Name, len(rec.Steps), spec.Config.Params.MaxSteps)
		}
	default:
		return nil, fmt.Errorf("grid: replay %s: the record's end %q", spec.Name, rec.End)
	}
	if got := n.Record(); !slices.EqualFunc(got.Steps, rec.Steps, func(a, b NavPoint) bool { return a == b }) {
		return nil, fmt.Errorf("grid: replay %s: the actions replayed do not retrace the recorded walk", spec.Name)
	}
	return n, nil
}
