package mazes

import (
	"strings"
	"unicode/utf8"
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
	var out []candidate
	for i := 0; i < len(lines); {
		n, ok := gridAt(lines, i)
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

// gridRows returns line l's text as runes with its indentation and
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
func gridAt(lines []lineInfo, i int) (int, bool) {
	top, indent := gridRow(&lines[i])
	w := len(top)
	if w < 5 || w%2 == 0 || w > 2*1001+1 || strings.Trim(string(top), "#") != "" {
		return 0, false
	}
	if i+w > len(lines) {
		return 0, false
	}
	for k := i + 1; k < i+w; k++ {
		row, ind := gridRow(&lines[k])
		if len(row) != w || ind != indent || row[0] != '#' || row[w-1] != '#' {
			return 0, false
		}
	}
	if last, _ := gridRow(&lines[i+w-1]); strings.Trim(string(last), "#") != "" {
		return 0, false
	}
	return w, true
}

// readDrawing reads the path marked on a grid of lines.
func readDrawing(lines []lineInfo, end int32) (candidate, bool) {
	rows := make([][]rune, len(lines))
	for k := range lines {
		rows[k], _ = gridRow(&lines[k])
	}
	n := (len(rows) - 1) / 2
	marked := make(map[Cell]bool)
	var start Cell
	hasStart := false
	for r := range n {
		for c := range n {
			switch ch := rows[2*r+1][2*c+1]; {
			case ch == 'S':
				start, hasStart = Cell{r, c}, true
				marked[Cell{r, c}] = true
			case ch == ' ' || ch == '#' || ch == utf8.RuneError:
			default:
				marked[Cell{r, c}] = true // a mark, or E
			}
		}
	}
	if !hasStart || len(marked) < 2 {
		return candidate{}, false
	}
	path := []Cell{start}
	taken := map[Cell]bool{start: true}
	for at := start; ; {
		var next []Cell
		for _, d := range Dirs {
			if t := at.Move(d); marked[t] && !taken[t] {
				next = append(next, t)
			}
		}
		if len(next) == 0 {
			break
		}
		if len(next) > 1 {
			return candidate{}, false // a fork: the order cannot be read
		}
		at = next[0]
		taken[at] = true
		path = append(path, at)
	}
	if len(path) != len(marked) {
		return candidate{}, false // marks apart from the chain
	}
	return candidate{pos: end, path: path}, true
}
