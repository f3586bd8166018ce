package lenient

import (
	"strings"

	"github.com/hallumaze/hallumaze/mazes"
)

// drawings finds the answers drawn as a maze: a reply that copies the
// ASCII grid of the maze-dataset form (LatticeMaze.as_ascii: a
// (2N+1)×(2N+1) block whose border is all '#', cell (r,c) at line 2r+1,
// column 2c+1) and marks its path on it, with any character that is not a
// wall, a space, S or E ("*", "X", "o", ".", "•"). The path is the marked
// cells in order from S: each next cell is the one marked neighbour not yet
// taken. A drawing whose marks do not form one chain from S (a fork, a
// mark apart from the chain, no S) commits to nothing: its order cannot be
// read. A drawing without marks (the maze echoed) commits to nothing.
// Lines may be indented alike or sit in a code fence. Every line of a grid
// is marked, so that no other rule reads its characters.
func drawings(lines []lineInfo) []candidate {
	// Each line is summed up once, so that looking for grids stays linear
	// in the reply however many lines of '#' it holds.
	rows := make([]gridLine, len(lines))
	for k := range lines {
		rows[k] = summarize(&lines[k])
	}
	var out []candidate
	for i := 0; i < len(lines); {
		n, ok := gridAt(rows, i)
		if !ok {
			i++
			continue
		}
		if c, ok := readDrawing(lines[i:i+n], lines[i+n-1].end); ok {
			out = append(out, c)
		}
		for k := i; k < i+n; k++ {
			lines[k].grid = true
		}
		i += n
	}
	return out
}

// gridLine sums up a line for gridAt.
type gridLine struct {
	width, indent int  // in runes, after the indentation and trailing space are cut
	walled        bool // it starts and ends with '#'
	allWall       bool // it is all '#'
}

func summarize(l *lineInfo) gridLine {
	row, indent := gridRow(l)
	g := gridLine{width: len(row), indent: indent}
	if len(row) > 0 {
		g.walled = row[0] == '#' && row[len(row)-1] == '#'
		g.allWall = strings.Trim(string(row), "#") == ""
	}
	return g
}

// gridRow returns line l's text as runes with its indentation and
// trailing white space cut, and the indentation's width.
func gridRow(l *lineInfo) ([]rune, int) {
	s := strings.TrimRight(l.full, " \t\r")
	t := strings.TrimLeft(s, " \t")
	return []rune(t), len(s) - len(t)
}

// gridAt reports a drawn grid that begins at line i and its number of
// lines: an odd number (at least 5) of lines as wide as they are many,
// the first and last all '#', every line starting and ending with '#',
// indented alike.
func gridAt(rows []gridLine, i int) (int, bool) {
	top := rows[i]
	w := top.width
	if w < 5 || w%2 == 0 || w > 2*1001+1 || !top.allWall || i+w > len(rows) {
		return 0, false
	}
	for k := i + 1; k < i+w; k++ {
		if r := rows[k]; r.width != w || r.indent != top.indent || !r.walled {
			return 0, false
		}
	}
	if !rows[i+w-1].allWall {
		return 0, false
	}
	return w, true
}

// readDrawing reads the path marked on a grid of lines. From S, the next
// cell is the one marked neighbour not yet taken; where there are several,
// the one joined by a marked passage character, else the one joined by an
// open passage (the maze's walls tell a path that runs beside itself from
// one that forks). A drawing that marks the passages between its cells
// must mark every one. E ends the path when the last cell is its neighbour
// through an open or marked passage; an E the path does not reach is the
// maze's, not a mark.
func readDrawing(lines []lineInfo, end int32) (candidate, bool) {
	rows := make([][]rune, len(lines))
	for k := range lines {
		rows[k], _ = gridRow(&lines[k])
	}
	n := (len(rows) - 1) / 2
	marked := make(map[mazes.Cell]bool)
	var start, exit mazes.Cell
	hasStart, hasExit := false, false
	for r := range n {
		for c := range n {
			switch ch := rows[2*r+1][2*c+1]; ch {
			case 'S':
				start, hasStart = mazes.Cell{R: r, C: c}, true
			case 'E':
				exit, hasExit = mazes.Cell{R: r, C: c}, true
			case ' ', '#':
			default:
				marked[mazes.Cell{R: r, C: c}] = true
			}
		}
	}
	if !hasStart || len(marked) == 0 {
		return candidate{}, false
	}
	// passage returns the character between two neighbouring cells.
	passage := func(a, b mazes.Cell) rune { return rows[a.R+b.R+1][a.C+b.C+1] }
	isMark := func(ch rune) bool { return ch != ' ' && ch != '#' }
	path := []mazes.Cell{start}
	taken := map[mazes.Cell]bool{start: true}
	linked := false // the drawing marks the passages between its cells
	for at := start; ; {
		var next []mazes.Cell
		for _, d := range mazes.Dirs {
			if t := at.Move(d); marked[t] && !taken[t] {
				next = append(next, t)
			}
		}
		for _, keep := range []func(rune) bool{isMark, func(ch rune) bool { return ch != '#' }} {
			if len(next) <= 1 {
				break
			}
			var kept []mazes.Cell
			for _, t := range next {
				if keep(passage(at, t)) {
					kept = append(kept, t)
				}
			}
			if len(kept) > 0 {
				next = kept
			}
		}
		if len(next) == 0 {
			break
		}
		if len(next) > 1 {
			return candidate{}, false // a fork: the order cannot be read
		}
		// A drawing that marks the passages of its path marks them all:
		// a link whose passage is not marked is not drawn.
		if len(path) == 1 {
			linked = isMark(passage(at, next[0]))
		} else if linked && !isMark(passage(at, next[0])) {
			break
		}
		at = next[0]
		taken[at] = true
		path = append(path, at)
	}
	if len(path)-1 != len(marked) {
		return candidate{}, false // marks apart from the chain
	}
	if last := path[len(path)-1]; hasExit && last.DirTo(exit) != 0 && passage(last, exit) != '#' {
		path = append(path, exit)
	}
	return candidate{pos: end, path: path}, true
}
