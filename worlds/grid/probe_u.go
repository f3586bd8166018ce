package grid

import "github.com/hallumaze/hallumaze/worlds"

// fovView is the view the U templates show the field of view in: the
// unit's view, or symbolic for a memory unit (the memory view shows the
// whole grid, so it has no cell the agent has not seen; §14.7).
func (u *unit) fovView() string {
	if u.view == Memory {
		return Symbolic
	}
	return u.view
}

// seenEver marks every cell of the current grid (row-major) that some
// observation of that grid showed in view.
func (u *unit) seenEver(view string) []bool {
	if ever, ok := u.ever[view]; ok {
		return ever
	}
	lv := u.cur.Level
	out := make([]bool, lv.Rows*lv.Cols)
	last := u.e.Last()
	for k, o := range u.e.Obs {
		if o.File != last.File {
			continue
		}
		g := u.sightsIn(view)[k]
		if g.all {
			for i := range out {
				out[i] = true
			}
			continue
		}
		for i := range g.fov.V {
			for j := range g.fov.V {
				if p := g.fov.World(i, j); g.fov.Seen(i, j) && lv.In(p) {
					out[p.Row*lv.Cols+p.Col] = true
				}
			}
		}
	}
	u.ever[view] = out
	return out
}

// everSeen reports whether the observations showed cell p.
func everSeen(ever []bool, lv *Level, p Pos) bool { return lv.In(p) && ever[p.Row*lv.Cols+p.Col] }

// cell is U.cell, a pair: "Is there any object <pos>?" about a cell of the
// view window that no observation showed (gold UNKNOWN), and about a shown
// cell holding an object (its twin; yes). Candidates are window cells on
// the grid in scan order. A shown empty cell is not a twin: the symbolic
// view lists objects, not cells, so it does not tell an empty cell from
// an unseen one.
func (u *unit) cell() {
	view := u.fovView()
	g := u.sightsIn(view)[len(u.e.Obs)-1]
	if u.err != nil {
		return
	}
	ever := u.seenEver(view)
	f, s := g.fov, u.cur
	var unseen, shown []Pos
	for i := range f.V {
		for j := range f.V {
			p := f.World(i, j)
			if p == s.Agent || !s.Level.In(p) {
				continue
			}
			if !everSeen(ever, s.Level, p) {
				unseen = append(unseen, p)
			}
			if f.Seen(i, j) && s.ObjectAt(p) >= 0 {
				shown = append(shown, p)
			}
		}
	}
	if len(unseen) == 0 || len(shown) == 0 {
		return
	}
	for _, p := range []Pos{worlds.Pick(u.st, unseen), worlds.Pick(u.st, shown)} {
		u.add(u.cellOf(p, ever))
	}
}

// cellOf asks whether any object is on cell p; ever is what the
// observations showed (P5: a cell never shown is UNKNOWN).
func (u *unit) cellOf(p Pos, ever []bool) probe {
	s := u.cur
	a, l := Ego(s.Agent, s.Facing, p)
	truth := worlds.GoldBool(s.ObjectAt(p) >= 0)
	return probe{template: "U.cell", question: "Is there any object " + egoPhrase(a, l) + "?",
		answer: worlds.Bool, key: "object", values: worlds.SchemaBool, view: u.fovView(),
		gold: worlds.Resolve(truth, everSeen(ever, s.Level, p))}
}

// total is U.total, a pair: "How many <kind>s are there in the whole
// level?" for a kind pick(key, ball, box, door) present on the current
// grid, asked in the field-of-view view (the count if every passable cell
// and every object cell of the grid was shown in some observation, else
// UNKNOWN) and, its twin, in the memory view (the count).
func (u *unit) total() {
	kinds := u.kindsOnGrid()
	if len(kinds) == 0 {
		return
	}
	fov, memory := u.totalOf(worlds.Pick(u.st, kinds))
	u.add(fov)
	u.add(memory)
}

// totalOf is the U.total pair for kind.
func (u *unit) totalOf(k Kind) (probe, probe) {
	view := u.fovView()
	ever := u.seenEver(view)
	s := u.cur
	n, covered := 0, true
	for r := range s.Level.Rows {
		for c := range s.Level.Cols {
			p := Pos{r, c}
			i := s.ObjectAt(p)
			if i >= 0 && s.Objects[i].Kind == k {
				n++
			}
			if (i >= 0 || s.terrainPassable(p)) && !everSeen(ever, s.Level, p) {
				covered = false
			}
		}
	}
	q := "How many " + k.plural() + " are there in the whole level?"
	truth := worlds.GoldInt(n)
	return probe{template: "U.total", question: q, answer: worlds.Int, key: "count", values: worlds.SchemaInt,
			view: view, gold: worlds.Resolve(truth, covered)},
		probe{template: "U.total", question: q, answer: worlds.Int, key: "count", values: worlds.SchemaInt,
			view: Memory, gold: truth}
}
