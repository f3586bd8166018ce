package grid

import "github.com/hallumaze/hallumaze/worlds"

// unitProbes makes the probes of episode e in view at seed: the templates
// of §6.5 in their table's order, each drawing its target and then its
// variant from one fresh grid-probes stream (§14.1, §14.2).
func unitProbes(e *Episode, view string, seed uint64) ([]worlds.Probe, error) {
	u, err := newUnit(e, view, seed)
	if err != nil {
		return nil, err
	}
	for _, template := range []func(){
		u.presence, u.count, u.attribute, u.location,
		u.union, u.gone,
		u.move, u.turn, u.dynamics,
		u.cell, u.total,
		u.conflict,
	} {
		template()
		if u.err != nil {
			return nil, u.err
		}
	}
	return u.probes, nil
}
