package mazes

// Check is the verdict on one step of a walk.
type Check struct {
	// Teleport: the step starts somewhere other than where the walk is.
	Teleport bool `json:"teleport,omitempty"`
	// OffGrid: the step leads outside the grid.
	OffGrid bool `json:"off_grid,omitempty"`
	// Wall: the step crosses a wall (its direction is not open at its
	// declared origin).
	Wall bool `json:"wall,omitempty"`
	// Valid: none of the above.
	Valid bool `json:"valid"`
	// Revisit: the step lands on a cell the walk has already visited.
	Revisit bool `json:"revisit,omitempty"`
	// To is where the walk stands after the step.
	To Cell `json:"-"`
}

// Walk is a transcript's steps checked against the maze.
type Walk struct {
	Checks []Check
	// End is where the walk stands after its last step.
	End Cell
	// HC counts invalid steps, FHR is the 1-based position of the first
	// (−1 when none), BT counts maximal runs of consecutive revisits.
	HC, FHR, BT int
}

// Verify checks every step against the maze, not against what the model
// says about itself (the verified walk of the normative definitions):
//
//	pos := START; visited := {START}
//	for each step with declared origin o and direction d:
//	    teleport := o != pos; if teleport { pos := o; visited += o }
//	    t := o moved one cell in d
//	    offgrid := t outside the grid
//	    wall := !offgrid and d not open at o
//	    valid := !(teleport or offgrid or wall)
//	    if offgrid { revisit := false }   // pos stays
//	    else { revisit := t in visited; pos := t; visited += t }
//
// A wall crossing moves the walk to the other side: the walk follows the
// model's belief, so that one error is counted once, not again at every
// later step.
func Verify(m *Maze, steps []Step) Walk {
	w := Walk{FHR: -1, Checks: make([]Check, len(steps))}
	visited := make([]bool, m.n*m.n)
	visit := func(c Cell) {
		if m.In(c) {
			visited[m.index(c)] = true
		}
	}
	pos := m.Start()
	visit(pos)
	inRun := false
	for i, st := range steps {
		var ch Check
		o := st.From
		if o != pos {
			ch.Teleport = true
			pos = o
			visit(o)
		}
		t := o.Move(st.Dir)
		ch.OffGrid = !m.In(t)
		ch.Wall = !ch.OffGrid && !m.IsOpen(o, st.Dir)
		ch.Valid = !(ch.Teleport || ch.OffGrid || ch.Wall)
		if !ch.OffGrid {
			ch.Revisit = visited[m.index(t)]
			pos = t
			visit(t)
		}
		ch.To = pos
		if !ch.Valid {
			w.HC++
			if w.FHR < 0 {
				w.FHR = i + 1
			}
		}
		if ch.Revisit && !inRun {
			w.BT++
		}
		inRun = ch.Revisit
		w.Checks[i] = ch
	}
	w.End = pos
	return w
}

// PathValid reports whether path starts at START, ends at EXIT and each
// consecutive pair of cells is adjacent with the passage between them open.
// The path may revisit cells.
func PathValid(m *Maze, path []Cell) bool {
	if len(path) == 0 || path[0] != m.Start() || path[len(path)-1] != m.Exit() {
		return false
	}
	for i := 1; i < len(path); i++ {
		a, b := path[i-1], path[i]
		if d := a.DirTo(b); d == 0 || !m.IsOpen(a, d) {
			return false
		}
	}
	return true
}
