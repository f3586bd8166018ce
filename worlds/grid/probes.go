package grid

import (
	"cmp"
	"slices"

	"github.com/hallumaze/hallumaze/worlds"
)

// unitProbes makes the probes of episode e in view at seed: the templates
// of the episode's tier in their order, each drawing its targets and then
// its variants from one fresh grid-probes stream (§14.1, §14.2). A
// HalluWorld key asks the probes of its own tier (the seed's levels are
// built for them); a procedural level asks every template.
func unitProbes(e *Episode, view string, seed uint64) ([]worlds.Probe, error) {
	u, err := newUnit(e, view, seed)
	if err != nil {
		return nil, err
	}
	for _, template := range u.templates() {
		template()
		if u.err != nil {
			return nil, u.err
		}
	}
	return u.probes, nil
}

// templates are the unit's templates in order.
func (u *unit) templates() []func() {
	switch u.e.Tier {
	case "P":
		return []func(){u.presence, u.count, u.attribute, u.location}
	case "M":
		return []func(){u.recall, u.river, u.claims}
	case "C":
		return []func(){u.plate, u.dynamics, u.move}
	case "U":
		return []func(){u.room, u.unseen}
	case "X":
		return []func(){u.claims, u.union, u.revisit}
	}
	return []func(){
		u.presence, u.count, u.attribute, u.location,
		u.recallPresence, u.recallCount,
		u.move, u.turn,
		u.cell, u.total,
		u.union, u.gone, u.conflict,
	}
}

// pickClass draws an item whose class is drawn first, uniformly among the
// classes the items hold (in byte order), then uniformly among the items
// of that class (in the order given): a draw that spreads the golds
// over their values instead of following how often each value occurs.
func pickClass[T any](s *worlds.Stream, items []T, class func(T) string) T {
	by, classes := groupBy(items, class)
	return worlds.Pick(s, by[worlds.Pick(s, classes)])
}

// groupBy groups items by key, each group in the order given, and returns
// the keys ascending.
func groupBy[T any, K cmp.Ordered](items []T, key func(T) K) (map[K][]T, []K) {
	by := map[K][]T{}
	var keys []K
	for _, it := range items {
		k := key(it)
		if by[k] == nil {
			keys = append(keys, k)
		}
		by[k] = append(by[k], it)
	}
	slices.Sort(keys)
	return by, keys
}

// pickCount draws among items by their count: the distinct counts are
// dealt in turn over the seeds (the largest first: count number
// (seed + salt) mod n), then an item giving it is drawn. Over consecutive
// seeds every count a level offers comes up equally often; a draw of the
// count would leave a small standard set to chance, and levels hold few
// objects of a kind, so small counts are the ones nearly every unit can
// give.
func (u *unit) pickCount(items []int, count func(int) int, salt int) int {
	by, counts := groupBy(items, count)
	slices.Reverse(counts)
	c := counts[int((u.seed+uint64(salt))%uint64(len(counts)))]
	return worlds.Pick(u.st, by[c])
}

// The salts of pickCount, one per template, so that one unit's templates
// do not deal the same turn.
const (
	saltCount = iota
	saltRecall
	saltMove
	saltTotal
	saltUnion
	saltClaim
)

// upTo is 0, 1, …, n−1.
func upTo(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}
