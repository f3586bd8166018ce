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
// box per flow direction, each fire row (active or scorched), the flooded
// rows, and the flood schedule (each flood row's rise step).
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
				strconv.Itoa(c0)+"–"+strconv.Itoa(c1)+"): flowing "+d.Word())
		}
	}
	for r := range lv.Rows {
		fire, burning := false, false
		for c := range lv.Cols {
			if lv.Cells[r*lv.Cols+c].Terrain == Fire {
				fire = true
				burning = burning || s.Burning(Pos{r, c})
			}
		}
		switch {
		case burning:
			out = append(out, "[Terrain]: Active fire: row "+strconv.Itoa(r)+" (burning — impassable)")
		case fire:
			out = append(out, "[Terrain]: Scorch marks: row "+strconv.Itoa(r))
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
			parts[i] = "row " + strconv.Itoa(fr.row) + " at step " + strconv.Itoa(fr.rise)
		}
		out = append(out, "[Flood]: Schedule: "+strings.Join(parts, ", ")+".")
	}
	return out
}

// floodRow is a row holding flood tiles and the step it counts as flooded
// from (its earliest tile's rise step).
type floodRow struct{ row, rise int }

// floodSchedule lists the flood rows in row order.
func floodSchedule(lv *Level) []floodRow {
	var out []floodRow
	for r := range lv.Rows {
		found, rise := false, 0
		for c := range lv.Cols {
			if cell := lv.Cells[r*lv.Cols+c]; cell.Terrain == FloodTile && (!found || cell.Rise < rise) {
				found, rise = true, cell.Rise
			}
		}
		if found {
			out = append(out, floodRow{r, rise})
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
