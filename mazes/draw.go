package mazes

import (
	"fmt"
	"io"
	"strings"
)

// DrawOptions chooses what a drawing highlights besides walls, START and
// EXIT.
type DrawOptions struct {
	Solution bool // mark the cells of the solution
	Traps    bool // mark the mirage traps
}

// ASCII draws the maze with +, -, | walls, three characters per cell:
// S is START, E is EXIT, . a cell of the solution and ! a trapped cell.
func (m *Maze) ASCII(opt DrawOptions) string {
	mark := m.marks(opt)
	var b strings.Builder
	b.Grow((m.n*4 + 2) * (m.n*2 + 1))
	for c := 0; c < m.n; c++ {
		b.WriteString("+---")
	}
	b.WriteString("+\n")
	for r := 0; r < m.n; r++ {
		b.WriteByte('|')
		for c := 0; c < m.n; c++ {
			cell := Cell{r, c}
			b.WriteByte(' ')
			b.WriteByte(mark(cell))
			b.WriteByte(' ')
			if m.IsOpen(cell, East) {
				b.WriteByte(' ')
			} else {
				b.WriteByte('|')
			}
		}
		b.WriteString("\n+")
		for c := 0; c < m.n; c++ {
			if m.IsOpen(Cell{r, c}, South) {
				b.WriteString("   +")
			} else {
				b.WriteString("---+")
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// marks returns the character each cell shows in a drawing.
func (m *Maze) marks(opt DrawOptions) func(Cell) byte {
	special := map[Cell]byte{}
	if opt.Solution {
		for _, c := range m.solution {
			special[c] = '.'
		}
	}
	if opt.Traps {
		for _, t := range m.traps {
			special[t.Cell] = '!'
		}
	}
	special[m.Start()] = 'S'
	special[m.Exit()] = 'E'
	return func(c Cell) byte {
		if ch, ok := special[c]; ok {
			return ch
		}
		return ' '
	}
}

// SVGOptions chooses what an SVG drawing shows.
type SVGOptions struct {
	DrawOptions
	// CellSize is the side of a cell in pixels; 0 means 24.
	CellSize int
	// Overlays are extra paths drawn over the maze, such as a model's walk.
	Overlays []Overlay
}

// Overlay is a path of cell centres drawn over a maze, styled by CSS class.
type Overlay struct {
	Class string
	Cells []Cell
	// Title is shown as a tooltip.
	Title string
}

// WriteSVG draws the maze as a standalone SVG document. Walls are black
// lines, START a green square, EXIT a red one; the solution is a faint blue
// line and each trap an orange arrow from its cell in its direction. Every
// element carries a class so a page can restyle it.
func (m *Maze) WriteSVG(w io.Writer, opt SVGOptions) error {
	s := opt.CellSize
	if s <= 0 {
		s = 24
	}
	side := m.n*s + 2
	ew := &errWriter{w: w}
	ew.printf(`<svg xmlns="http://www.w3.org/2000/svg" class="maze" viewBox="0 0 %d %d" width="%d" height="%d">`+"\n", side, side, side, side)
	ew.printf(`<rect class="floor" x="0" y="0" width="%d" height="%d" fill="#fff"/>`+"\n", side, side)
	sq := func(c Cell, class, fill string) {
		ew.printf(`<rect class="%s" x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", class, 1+c.C*s, 1+c.R*s, s, s, fill)
	}
	sq(m.Start(), "start", "#c8f0c8")
	sq(m.Exit(), "exit", "#f6c6c6")
	centre := func(c Cell) (int, int) { return 1 + c.C*s + s/2, 1 + c.R*s + s/2 }
	if opt.Solution {
		ew.printf(`<polyline class="solution" fill="none" stroke="#3b82f6" stroke-opacity="0.35" stroke-width="%d" points="%s"/>`+"\n", max(2, s/4), points(m.solution, centre))
	}
	// Walls: the top and left border, then each cell's east and south wall.
	ew.printf(`<path class="walls" stroke="#000" stroke-width="2" stroke-linecap="square" fill="none" d="M1 1H%d M1 1V%d`, 1+m.n*s, 1+m.n*s)
	for r := 0; r < m.n; r++ {
		for c := 0; c < m.n; c++ {
			x, y := 1+(c+1)*s, 1+(r+1)*s
			if !m.IsOpen(Cell{r, c}, East) {
				ew.printf(" M%d %dV%d", x, y-s, y)
			}
			if !m.IsOpen(Cell{r, c}, South) {
				ew.printf(" M%d %dH%d", x-s, y, x)
			}
		}
	}
	ew.printf(`"/>` + "\n")
	if opt.Traps {
		for _, t := range m.traps {
			x, y := centre(t.Cell)
			dr, dc := t.Dir.Delta()
			ew.printf(`<line class="trap" stroke="#f59e0b" stroke-width="3" x1="%d" y1="%d" x2="%d" y2="%d"><title>mirage trap %v %s</title></line>`+"\n", x, y, x+dc*s*2/3, y+dr*s*2/3, t.Cell, t.Dir)
		}
	}
	for _, o := range opt.Overlays {
		ew.printf(`<polyline class="%s" fill="none" points="%s">`, xmlEscape(o.Class), points(o.Cells, centre))
		if o.Title != "" {
			ew.printf(`<title>%s</title>`, xmlEscape(o.Title))
		}
		ew.printf("</polyline>\n")
	}
	ew.printf("</svg>\n")
	return ew.err
}

func points(cells []Cell, centre func(Cell) (int, int)) string {
	var b strings.Builder
	for i, c := range cells {
		if i > 0 {
			b.WriteByte(' ')
		}
		x, y := centre(c)
		fmt.Fprintf(&b, "%d,%d", x, y)
	}
	return b.String()
}

func xmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}

// errWriter keeps the first write error so drawing code can stay linear.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}
