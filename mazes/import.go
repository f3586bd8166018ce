package mazes

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// MaxImport is the most bytes an import reads: enough for the text forms of
// a MaxSize maze. The adjacency-list form is the longer: each of its
// N²−1 connections takes at most maxAdjConnection bytes, even written
// with spaces in the coordinates ("( 1000 , 1000 ) <--> ( 1000 , 999 ) ;"),
// and a PATH through every cell maxAdjPathCell more per cell, with 1 MiB
// for the rest (the ASCII grid is about 4 MB).
const MaxImport = MaxSize*MaxSize*(maxAdjConnection+maxAdjPathCell) + 1<<20

// The longest forms of a connection and of a PATH cell of a MaxSize maze.
const (
	maxAdjConnection = 48
	maxAdjPathCell   = 16
)

// Imported is a maze read from another benchmark's text form.
type Imported struct {
	Maze *Maze
	// Path is the path the file marked (its X cells, or its PATH tokens),
	// START to EXIT, in order; nil when the file marked none.
	Path []Cell
	// Warnings say what the reader assumed or found wrong but could read
	// past: ends taken as the corners, a maze that is not perfect (its
	// defects), a marked path that is not a shortest one.
	Warnings []string
	// Form names the form that was read: FormASCII, FormAdjList or
	// FormAdjListCardinal.
	Form string
}

// The forms of maze-dataset's text that the importers read.
const (
	// FormASCII is LatticeMaze.as_ascii(): a (2N+1)×(2N+1) grid.
	FormASCII = "ascii grid"
	// FormAdjList is the coordinate adjacency list: (0,0) <--> (0,1) ;
	FormAdjList = "adjacency list, coordinate form ((r,c) <--> (r,c))"
	// FormAdjListCardinal is the cardinal adjacency list of the
	// AdjListCardinal tokenizer: (1,0) <--> NORTH ;
	FormAdjListCardinal = "adjacency list, cardinal form ((r,c) <--> NORTH|EAST|SOUTH|WEST)"
)

// The characters of maze-dataset's ASCII grid (LatticeMaze.as_ascii).
const (
	asciiWall  = '#'
	asciiOpen  = ' '
	asciiStart = 'S'
	asciiEnd   = 'E'
	asciiPath  = 'X'
)

// ReadMazeDatasetASCII reads a maze in the ASCII form of the maze-dataset
// Python library (LatticeMaze.as_ascii): a (2N+1)×(2N+1) grid of characters
// in which cell (r,c) is the character at line 2r+1, column 2c+1, the
// character between two neighbouring cells is their passage ('#' a wall,
// anything else open), and the even-even characters are wall corners. A
// cell is ' ', or 'S' (START), 'E' (EXIT) or 'X' (on the marked path);
// a passage is ' ', or 'X' when the marked path crosses it. Blank lines
// around the grid and white space at the ends of each line are dropped, as
// maze-dataset's own reader drops them.
//
// A grid without S or E gets the corners, with a warning; a grid that is
// not a perfect maze is read all the same, with its defects as warnings
// (see Assemble). A grid that is not square, a passage through the border
// or an unknown character is an error.
func ReadMazeDatasetASCII(r io.Reader) (*Imported, error) {
	data, err := readLimited(r)
	if err != nil {
		return nil, fmt.Errorf("maze-dataset ascii: %w", err)
	}
	lines := asciiLines(string(data))
	if len(lines) == 0 {
		return nil, fmt.Errorf("maze-dataset ascii: no grid")
	}
	h, w := len(lines), len(lines[0].text)
	for _, l := range lines {
		if len(l.text) != w {
			return nil, fmt.Errorf("maze-dataset ascii: line %d is %d characters wide, line %d is %d", l.no, len(l.text), lines[0].no, w)
		}
	}
	if h%2 == 0 || w%2 == 0 || h < 2*MinSize+1 {
		return nil, fmt.Errorf("maze-dataset ascii: a %d×%d grid is not the (2N+1)×(2N+1) grid of an N×N maze, N ≥ %d", h, w, MinSize)
	}
	if h != w {
		return nil, fmt.Errorf("maze-dataset ascii: the grid of %d×%d cells is not square (hallumaze mazes are N×N)", h/2, w/2)
	}
	n := h / 2
	if err := checkSize(n); err != nil {
		return nil, fmt.Errorf("maze-dataset ascii: %w", err)
	}
	open := make([]Dir, n*n)
	var starts, exits, marked []Cell
	sawMark := false // an X anywhere, on a cell or on a passage
	for y, l := range lines {
		for x := 0; x < w; x++ {
			ch := l.text[x]
			switch ch {
			case asciiWall, asciiOpen, asciiStart, asciiEnd, asciiPath:
			default:
				return nil, fmt.Errorf("maze-dataset ascii: line %d column %d: unknown character %q (want # for a wall, space, S, E or X)", l.no, x+1, rune(ch))
			}
			sawMark = sawMark || ch == asciiPath
			cellRow, cellCol := y%2 == 1, x%2 == 1
			switch {
			case cellRow && cellCol:
				c := Cell{y / 2, x / 2}
				switch ch {
				case asciiWall:
					return nil, fmt.Errorf("maze-dataset ascii: line %d column %d: cell %v is drawn as a wall", l.no, x+1, c)
				case asciiStart:
					starts = append(starts, c)
				case asciiEnd:
					exits = append(exits, c)
				case asciiPath:
					marked = append(marked, c)
				}
			case !cellRow && !cellCol, ch == asciiWall:
				// A wall corner, or a wall between two cells.
			case ch == asciiStart || ch == asciiEnd:
				return nil, fmt.Errorf("maze-dataset ascii: line %d column %d: %c sits between cells", l.no, x+1, ch)
			case y == 0 || y == h-1 || x == 0 || x == w-1:
				return nil, fmt.Errorf("maze-dataset ascii: line %d column %d: a passage through the border", l.no, x+1)
			case cellRow: // between (r, c) and (r, c+1)
				i := (y/2)*n + (x/2 - 1)
				open[i] |= East
				open[i+1] |= West
			default: // between (r, c) and (r+1, c)
				i := (y/2-1)*n + x/2
				open[i] |= South
				open[i+n] |= North
			}
		}
	}
	imp := &Imported{Form: FormASCII}
	if err := imp.assemble(n, open, starts, exits); err != nil {
		return nil, fmt.Errorf("maze-dataset ascii: %w", err)
	}
	if sawMark {
		imp.Path = followMarks(imp.Maze, marked)
		if imp.Path == nil {
			imp.Warnings = append(imp.Warnings, fmt.Sprintf("the X marks (%d cells) do not form one path from START to EXIT; the marked path is ignored", len(marked)))
		}
	}
	imp.checkPath()
	return imp, nil
}

// asciiLine is one line of a grid and its 1-based number in the input.
type asciiLine struct {
	text string
	no   int
}

// asciiLines splits the input into lines, drops white space at both ends
// of each, and drops the blank lines before and after the grid.
func asciiLines(s string) []asciiLine {
	var out []asciiLine
	for i, raw := range strings.Split(s, "\n") {
		out = append(out, asciiLine{strings.TrimSpace(raw), i + 1})
	}
	for len(out) > 0 && out[0].text == "" {
		out = out[1:]
	}
	for len(out) > 0 && out[len(out)-1].text == "" {
		out = out[:len(out)-1]
	}
	return out
}

// readLimited reads at most MaxImport bytes, and fails beyond.
func readLimited(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxImport+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxImport {
		return nil, fmt.Errorf("input longer than %d bytes", MaxImport)
	}
	return data, nil
}

// assemble builds the imported maze from its passages and the START and
// EXIT cells the file marked ([pickEnds]), with the maze's defects among
// the warnings.
func (imp *Imported) assemble(n int, open []Dir, starts, exits []Cell) error {
	ends, err := pickEnds(n, starts, exits, &imp.Warnings)
	if err != nil {
		return err
	}
	m, err := Assemble(n, open, ends)
	if err != nil {
		return err
	}
	imp.Maze = m
	imp.Warnings = append(imp.Warnings, m.Defects()...)
	return nil
}

// pickEnds takes the one START and one EXIT a file marked, or the corners
// where it marked none (with a warning).
func pickEnds(n int, starts, exits []Cell, warnings *[]string) (Ends, error) {
	ends := DefaultEnds(n)
	var err error
	if ends.Start, err = pickEnd("START", starts, ends.Start, warnings); err != nil {
		return Ends{}, err
	}
	if ends.Exit, err = pickEnd("EXIT", exits, ends.Exit, warnings); err != nil {
		return Ends{}, err
	}
	if err := ends.check(n); err != nil {
		return Ends{}, err
	}
	return ends, nil
}

// pickEnd is the one cell marked as name, or corner (with a warning) when
// none is.
func pickEnd(name string, marked []Cell, corner Cell, warnings *[]string) (Cell, error) {
	switch len(marked) {
	case 0:
		*warnings = append(*warnings, fmt.Sprintf("no %s marked: %s is the corner %v", name, name, corner))
		return corner, nil
	case 1:
		return marked[0], nil
	}
	return Cell{}, fmt.Errorf("%d %s cells marked (%v and %v, ...), want one", len(marked), name, marked[0], marked[1])
}

// followMarks orders the marked cells into a path: from START, each step to
// the one open neighbour that is marked (or is EXIT) and not yet on the
// path, until EXIT, with every marked cell used. It returns nil when the
// marks do not make one such path.
func followMarks(m *Maze, marked []Cell) []Cell {
	mark := make(map[Cell]bool, len(marked)+1)
	for _, c := range marked {
		mark[c] = true
	}
	mark[m.Exit()] = true
	path := []Cell{m.Start()}
	used := map[Cell]bool{m.Start(): true}
	for at := m.Start(); at != m.Exit(); {
		var next []Cell
		for _, d := range m.OpenDirs(at) {
			if c := at.Move(d); mark[c] && !used[c] {
				next = append(next, c)
			}
		}
		if len(next) != 1 {
			return nil
		}
		at = next[0]
		used[at] = true
		path = append(path, at)
	}
	if len(path) != len(marked)+2 {
		return nil
	}
	return path
}

// checkPath warns when the path the file marked is not a valid path of the
// maze, or is longer than the maze's shortest one.
func (imp *Imported) checkPath() {
	m := imp.Maze
	switch {
	case imp.Path == nil:
	case !PathValid(m, imp.Path):
		imp.Warnings = append(imp.Warnings, "the marked path is not a valid path from START to EXIT of this maze")
	case len(m.Solution()) > 0 && len(imp.Path) > len(m.Solution()):
		imp.Warnings = append(imp.Warnings, fmt.Sprintf("the marked path has %d cells, the shortest has %d", len(imp.Path), len(m.Solution())))
	case !m.Perfect() && !slices.Equal(imp.Path, m.Solution()):
		imp.Warnings = append(imp.Warnings, "the marked path is a shortest path, but not the one hallumaze takes as the solution")
	}
}
