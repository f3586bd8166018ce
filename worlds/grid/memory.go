package grid

import (
	"slices"
	"strconv"
	"strings"
)

// memoryView is HalluWorld's MemorySerializer: the whole grid, not the
// field of view. step is the observation's time as the view prints it.
func memoryView(s *State, step int) string {
	var b strings.Builder
	b.Grow(200 + 48*len(s.Objects))
	b.WriteString("[Step ")
	b.WriteString(strconv.Itoa(step))
	b.WriteString("]\nYou are at row ")
	b.WriteString(strconv.Itoa(s.Agent.Row))
	b.WriteString(", col ")
	b.WriteString(strconv.Itoa(s.Agent.Col))
	b.WriteString(", facing ")
	b.WriteString(s.Facing.memoryLabel())
	b.WriteString(".")
	for _, line := range terrainLines(s) {
		b.WriteString("\n")
		b.WriteString(line)
	}
	for _, line := range plateLines(s) {
		b.WriteString("\n")
		b.WriteString(line)
	}
	for _, k := range memoryOrder(s) {
		o := s.Objects[k]
		b.WriteString("\n- ")
		if o.Kind.text() {
			b.WriteString("[" + textHead(o.Kind) + " at " + compassPhrase(s.Agent, o.Pos) + `]: "` + o.Text + `"`)
			continue
		}
		b.WriteString(o.Label())
		b.WriteString(": ")
		b.WriteString(compassPhrase(s.Agent, o.Pos))
		for _, a := range annotations(s, k) {
			b.WriteString(" ")
			b.WriteString(a)
		}
	}
	return b.String()
}

// memoryOrder lists the objects by Manhattan distance from the agent, ties
// by (row, col); text objects come after the others.
func memoryOrder(s *State) []int {
	order := make([]int, len(s.Objects))
	for i := range order {
		order[i] = i
	}
	dist := func(p Pos) int { return abs(p.Row-s.Agent.Row) + abs(p.Col-s.Agent.Col) }
	slices.SortFunc(order, func(x, y int) int {
		ox, oy := s.Objects[x], s.Objects[y]
		if tx, ty := ox.Kind.text(), oy.Kind.text(); tx != ty {
			if tx {
				return 1
			}
			return -1
		}
		if d := dist(ox.Pos) - dist(oy.Pos); d != 0 {
			return d
		}
		if ox.Pos.Row != oy.Pos.Row {
			return ox.Pos.Row - oy.Pos.Row
		}
		return ox.Pos.Col - oy.Pos.Col
	})
	return order
}

// annotations are an object's memory-view marks, in the spec's order.
func annotations(s *State, k int) []string {
	o := s.Objects[k]
	c := s.Level.At(o.Pos)
	var out []string
	if c.Terrain == River {
		out = append(out, "(in river, flowing "+c.Flow.Word()+")")
	}
	if o.Wet > 0 {
		turns := strconv.Itoa(o.Wet) + " turns"
		if o.Wet == 1 {
			turns = "1 turn"
		}
		out = append(out, "["+strings.ToUpper(o.Condition())+", dries in "+turns+"]")
	}
	if c.Elevated {
		out = append(out, "(on elevated ground — flood-immune)")
	}
	if s.Submerged(k) {
		out = append(out, "(submerged)")
	}
	if o.Kind == Boulder {
		out = append(out, "(pushable, cannot be picked up)")
	}
	return out
}

// terrainLines are the memory view's terrain lines: the river's bounding
// box per flow direction and what lies just beyond its downstream edge,
// each fire row with the columns of its burning and its scorched cells,
// the flooded rows, and the flood schedule (each flood row's rise step and
// columns). They state what the rules need to move the river, the flood
// and the fire on.
func terrainLines(s *State) []string {
	lv := s.Level
	var out []string
	for _, d := range []Dir{East, South, West, North} {
		r0, r1, c0, c1, any := lv.Rows, -1, lv.Cols, -1, false
		for r := range lv.Rows {
			for c := range lv.Cols {
				if cell := lv.Cells[r*lv.Cols+c]; cell.Terrain == River && cell.Flow == d {
					r0, r1, c0, c1, any = min(r0, r), max(r1, r), min(c0, c), max(c1, c), true
				}
			}
		}
		if any {
			out = append(out, "[Terrain]: River (rows "+strconv.Itoa(r0)+"–"+strconv.Itoa(r1)+", cols "+
				strconv.Itoa(c0)+"–"+strconv.Itoa(c1)+"): flowing "+d.Word()+"; beyond its "+d.Word()+" edge: "+riverExit(s, d))
		}
	}
	for r := range lv.Rows {
		var burning, out2 []int
		for c := range lv.Cols {
			if lv.Cells[r*lv.Cols+c].Terrain != Fire {
				continue
			}
			if s.Burning(Pos{r, c}) {
				burning = append(burning, c)
			} else {
				out2 = append(out2, c)
			}
		}
		if len(burning) > 0 {
			out = append(out, "[Terrain]: Active fire: row "+strconv.Itoa(r)+", cols "+spans(burning)+" (burning — impassable)")
		}
		if len(out2) > 0 {
			out = append(out, "[Terrain]: Scorch marks: row "+strconv.Itoa(r)+", cols "+spans(out2))
		}
	}
	rows := floodSchedule(lv)
	var flooded []string
	for _, fr := range rows {
		if s.T >= fr.rise {
			flooded = append(flooded, strconv.Itoa(fr.row))
		}
	}
	switch {
	case len(flooded) == 1:
		out = append(out, "[Flood]: Row "+flooded[0]+" is flooded and impassable.")
	case len(flooded) > 1:
		out = append(out, "[Flood]: Rows "+strings.Join(flooded, ", ")+" are flooded and impassable.")
	}
	if len(rows) > 0 {
		parts := make([]string, len(rows))
		for i, fr := range rows {
			parts[i] = "row " + strconv.Itoa(fr.row) + " at step " + strconv.Itoa(fr.rise) + " (cols " + spans(fr.cols) + ")"
		}
		out = append(out, "[Flood]: Schedule: "+strings.Join(parts, ", ")+".")
	}
	return out
}

// riverExit says what lies just beyond the downstream edge of the river
// flowing d: "open" when every such cell is floor-like terrain, "blocked"
// when none is, else the open and blocked rows (or columns).
func riverExit(s *State, d Dir) string {
	lv := s.Level
	var open, blocked []int
	seen := map[int]bool{}
	for r := range lv.Rows {
		for c := range lv.Cols {
			p := Pos{r, c}
			if cell := lv.At(p); cell.Terrain != River || cell.Flow != d {
				continue
			}
			next := p.Add(d, 1)
			if lv.At(next).Terrain == River {
				continue
			}
			line := r
			if d == North || d == South {
				line = c
			}
			if seen[line] {
				continue
			}
			seen[line] = true
			if lv.At(next).staticPassable() {
				open = append(open, line)
			} else {
				blocked = append(blocked, line)
			}
		}
	}
	unit := "rows"
	if d == North || d == South {
		unit = "cols"
	}
	switch {
	case len(blocked) == 0:
		return "open"
	case len(open) == 0:
		return "blocked"
	}
	slices.Sort(open)
	slices.Sort(blocked)
	return "open in " + unit + " " + spans(open) + ", blocked in " + unit + " " + spans(blocked)
}

// spans writes sorted integers as runs: "1–6, 8, 10–18".
func spans(xs []int) string {
	var parts []string
	for i := 0; i < len(xs); {
		j := i
		for j+1 < len(xs) && xs[j+1] == xs[j]+1 {
			j++
		}
		if j == i {
			parts = append(parts, strconv.Itoa(xs[i]))
		} else {
			parts = append(parts, strconv.Itoa(xs[i])+"–"+strconv.Itoa(xs[j]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// floodRow is a row holding flood tiles, the step it counts as flooded
// from (its earliest tile's rise step) and the columns of its tiles.
type floodRow struct {
	row, rise int
	cols      []int
}

// floodSchedule lists the flood rows in row order.
func floodSchedule(lv *Level) []floodRow {
	var out []floodRow
	for r := range lv.Rows {
		found, rise := false, 0
		var cols []int
		for c := range lv.Cols {
			cell := lv.Cells[r*lv.Cols+c]
			if cell.Terrain != FloodTile {
				continue
			}
			cols = append(cols, c)
			if !found || cell.Rise < rise {
				found, rise = true, cell.Rise
			}
		}
		if found {
			out = append(out, floodRow{r, rise, cols})
		}
	}
	return out
}

// floodedRows counts the rows that count as flooded at time t.
func floodedRows(lv *Level, t int) int {
	n := 0
	for _, fr := range floodSchedule(lv) {
		if t >= fr.rise {
			n++
		}
	}
	return n
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
