package grid

import (
	"maps"
	"slices"

	"github.com/hallumaze/hallumaze/worlds"
)

// union is M.union (episodes of two or more observations): how many
// different objects of a kind the observations showed. Only kinds whose
// count reads the same whether "different" means different objects or
// different names are eligible: every object of the kind seen has a name
// no other one seen has, so the count does not hang on whether two sights
// of one name were one object.
func (u *unit) union() {
	if len(u.e.Obs) < 2 {
		return
	}
	var eligible []Kind
	for _, k := range countKinds {
		if ids, names := u.seenOfKind(k); ids > 0 && ids == names {
			eligible = append(eligible, k)
		}
	}
	if len(eligible) > 0 {
		u.add(u.unionOf(worlds.Pick(u.st, eligible)))
	}
}

// seenOfKind counts the different objects of kind the observations showed,
// and their different names.
func (u *unit) seenOfKind(k Kind) (ids, names int) {
	idSet, nameSet := map[int]bool{}, map[string]bool{}
	for obs := range u.e.Obs {
		s := u.e.Obs[obs].State
		for _, i := range u.seen(obs, u.view) {
			if s.Objects[i].Kind == k {
				idSet[u.e.ids[obs][i]] = true
				nameSet[s.Objects[i].Name()] = true
			}
		}
	}
	return len(idSet), len(nameSet)
}

// unionOf asks how many different objects of kind the observations showed.
func (u *unit) unionOf(k Kind) probe {
	n, _ := u.seenOfKind(k)
	return probe{template: "M.union", question: "Counting all observations, how many different " + k.plural() + " have you seen?",
		answer: worlds.Int, key: "count", values: worlds.SchemaInt, gold: worlds.GoldInt(n)}
}

// gone is M.gone (two or more observations): which objects seen in
// observation 1 the last observation does not show, as names (a door's
// without its state). It is made only when the set is the same whether
// objects are told apart by identity or by name.
func (u *unit) gone() {
	if p, ok := u.goneProbe(); ok {
		u.add(p)
	}
}

// goneProbe is M.gone's probe and whether it is made.
func (u *unit) goneProbe() (probe, bool) {
	if len(u.e.Obs) < 2 {
		return probe{}, false
	}
	last := len(u.e.Obs) - 1
	lastIDs, lastNames := map[int]bool{}, map[string]bool{}
	for _, i := range u.seen(last, u.view) {
		lastIDs[u.e.ids[last][i]] = true
		lastNames[u.cur.Objects[i].Name()] = true
	}
	first := u.e.Obs[0].State
	byID, byName := map[string]bool{}, map[string]bool{}
	for _, i := range u.seen(0, u.view) {
		name := first.Objects[i].Name()
		if !lastIDs[u.e.ids[0][i]] {
			byID[name] = true
		}
		if !lastNames[name] {
			byName[name] = true
		}
	}
	if !maps.Equal(byID, byName) {
		return probe{}, false
	}
	items := slices.Sorted(maps.Keys(byID))
	return probe{template: "M.gone", question: "Which objects that you saw in observation 1 are not visible in the last observation?",
		answer: worlds.Set, key: "objects", values: worlds.SchemaSet, gold: worlds.GoldSet(items)}, true
}
