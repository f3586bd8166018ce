package grid

import (
	"slices"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/worlds"
)

// The M templates: a value an earlier observation showed. "In
// observation k" names the observation by its number in the history.

// earlier draws the earlier observation an M probe asks about, or -1 for
// an episode of one observation.
func (u *unit) earlier() int {
	if len(u.e.Obs) < 2 {
		return -1
	}
	return u.st.Intn(len(u.e.Obs) - 1)
}

// inObs is "In observation k" for observation index k.
func inObs(k int) string { return "In observation " + strconv.Itoa(k+1) }

// recall is the M tier's set, each question about an earlier observation
// of its own drawing: the presence pair, a count, and in the field-of-view
// views an object's location.
func (u *unit) recall() {
	u.recallPresence()
	u.recallCount()
	if u.view != Memory {
		u.recallLocation()
	}
}

// recallPresence and recallCount each ask about an earlier observation of
// their own drawing.
func (u *unit) recallPresence() {
	if k := u.earlier(); k >= 0 {
		u.recallPresenceIn(k)
	}
}

func (u *unit) recallCount() {
	if k := u.earlier(); k >= 0 {
		u.recallCountIn(k)
	}
}

// recallPresenceIn is M.recall's pair: a name observation k shows (yes)
// and one it does not (no), preferring a name another observation shows
// (the one the memory is most likely to mix up).
func (u *unit) recallPresenceIn(k int) {
	yes, no := u.namesIn(k)
	var elsewhere []string
	for j := range u.e.Obs {
		if j == k {
			continue
		}
		for _, n := range no {
			if u.seenNames(j)[n] && !slices.Contains(elsewhere, n) {
				elsewhere = append(elsewhere, n)
			}
		}
	}
	if len(elsewhere) > 0 {
		no = elsewhere
	}
	if len(yes) == 0 || len(no) == 0 {
		return
	}
	seen := u.seenNames(k)
	for _, name := range []string{worlds.Pick(u.st, yes), worlds.Pick(u.st, no)} {
		q := inObs(k) + ", could you see a " + name + "?"
		if u.view == Memory {
			q = inObs(k) + ", was there a " + name + " in the area?"
		}
		u.add(probe{template: "M.recall", question: q, answer: worlds.Bool, key: "visible",
			values: worlds.SchemaBool, gold: worlds.GoldBool(seen[name])})
	}
}

// recallCountIn asks how many objects of a kind observation k showed, the
// count drawn first (countClass).
func (u *unit) recallCountIn(k int) {
	kind, n, ok := u.countClass(k, u.view, saltRecall)
	if !ok {
		return
	}
	q := inObs(k) + ", how many " + kind.plural() + " could you see?"
	if u.view == Memory {
		q = inObs(k) + ", how many " + kind.plural() + " were there in the area?"
	}
	u.add(probe{template: "M.recall", question: q, answer: worlds.Int, key: "count", values: worlds.SchemaInt, gold: worlds.GoldInt(n)})
}

// uniqueSeen are the objects observation k shows whose name no other
// object of its grid has, passing keep.
func (u *unit) uniqueSeen(k int, keep func(Object) bool) []int {
	s := u.e.Obs[k].State
	return filter(u.seen(k, u.view), func(i int) bool { return unique(s, i) && keep(s.Objects[i]) })
}

// recallLocation asks where an object was in an earlier observation, from
// where the agent stood then.
func (u *unit) recallLocation() {
	k := u.earlier()
	if k < 0 {
		return
	}
	t := u.uniqueSeen(k, func(Object) bool { return true })
	if len(t) == 0 {
		return
	}
	s := u.e.Obs[k].State
	o := s.Objects[worlds.Pick(u.st, t)]
	p := probe{template: "M.recall", question: inObs(k) + ", where was the " + o.Name() + "?", answer: worlds.Coordinate,
		key: "offset", values: "ahead,lateral"}
	a, l := Ego(s.Agent, s.Facing, o.Pos)
	p.gold = worlds.GoldPair(a, l)
	u.add(p)
}

// river is M.river for the M1 keys, HalluWorld's river horizons: the step-0
// observation, then "[N steps have now elapsed; you remained stationary.]",
// and where an object was at a step k ≤ N: each object the river carries
// or has wetted, and one other object (which stays where it is). k is drawn
// by the answer it gives (pickClass), so the answers spread.
func (u *unit) river() {
	if u.e.Horizon == 0 || u.view != Memory {
		return
	}
	s := u.cur
	var wet, dry []int
	for i, o := range s.Objects {
		switch {
		case !unique(s, i) || o.Kind.text():
		case s.Level.At(o.Pos).Terrain == River || o.Wet > 0:
			wet = append(wet, i)
		default:
			dry = append(dry, i)
		}
	}
	targets := byCell(s, wet)
	if len(dry) > 0 {
		targets = append(targets, worlds.Pick(u.st, byCell(s, dry)))
	}
	ctx, err := u.e.Render(Memory, u.e.Horizon)
	if err != nil {
		u.err = err
		return
	}
	later := make([]*State, u.e.Horizon+1)
	later[0] = s
	for n := 1; n <= u.e.Horizon; n++ {
		later[n] = later[n-1].Clone()
		later[n].Step()
	}
	for _, i := range targets {
		where := func(n int) string {
			o := later[n].Objects[i]
			return strconv.Itoa(s.Agent.Row-o.Pos.Row) + "," + strconv.Itoa(o.Pos.Col-s.Agent.Col)
		}
		steps := make([]int, u.e.Horizon)
		for n := range steps {
			steps[n] = n + 1
		}
		n := pickClass(u.st, steps, where)
		a, e, _ := strings.Cut(where(n), ",")
		na, _ := strconv.Atoi(a)
		ne, _ := strconv.Atoi(e)
		u.add(probe{template: "M.river", question: "Where was the " + s.Objects[i].Name() + " at step " + strconv.Itoa(n) + "?",
			answer: worlds.Coordinate, key: "offset", values: "north,east", context: ctx, gold: worlds.GoldPair(na, ne)})
	}
}
