package mazes

import (
	"fmt"
	"strconv"
	"strings"
)

// MinSize and MaxSize bound the side of a maze.
const (
	MinSize = 2
	MaxSize = 1001
)

// Dir is a compass direction. Its value is also its bit in a cell's set of
// open directions.
type Dir uint8

// The four directions, in their canonical order.
const (
	North Dir = 1 << iota
	East
	South
	West
)

// Dirs lists the four directions in canonical order N, E, S, W.
var Dirs = [4]Dir{North, East, South, West}

// Letter returns "N", "E", "S" or "W".
func (d Dir) Letter() string {
	switch d {
	case North:
		return "N"
	case East:
		return "E"
	case South:
		return "S"
	case West:
		return "W"
	}
	return "?"
}

// Arrow returns the arrow glyph of the direction: ↑ → ↓ ←.
func (d Dir) Arrow() string {
	switch d {
	case North:
		return "↑"
	case East:
		return "→"
	case South:
		return "↓"
	case West:
		return "←"
	}
	return "?"
}

// String returns the letter of the direction.
func (d Dir) String() string { return d.Letter() }

// Opposite returns the direction back.
func (d Dir) Opposite() Dir {
	switch d {
	case North:
		return South
	case East:
		return West
	case South:
		return North
	case West:
		return East
	}
	return 0
}

// Delta returns the row and column change of one step in d.
func (d Dir) Delta() (dr, dc int) {
	switch d {
	case North:
		return -1, 0
	case East:
		return 0, 1
	case South:
		return 1, 0
	case West:
		return 0, -1
	}
	return 0, 0
}

// ParseDir reads a single direction letter (N, E, S or W, any case).
func ParseDir(s string) (Dir, error) {
	switch strings.ToUpper(s) {
	case "N":
		return North, nil
	case "E":
		return East, nil
	case "S":
		return South, nil
	case "W":
		return West, nil
	}
	return 0, fmt.Errorf("mazes: unknown direction %q", s)
}

// Cell is a position (row, column) in a maze.
type Cell struct{ R, C int }

// Move returns the cell one step from c in d. It may lie outside the grid.
func (c Cell) Move(d Dir) Cell {
	dr, dc := d.Delta()
	return Cell{c.R + dr, c.C + dc}
}

// DirTo returns the direction of the move from c to its neighbour b, or
// 0 when b is not a neighbour of c.
func (c Cell) DirTo(b Cell) Dir {
	for _, d := range Dirs {
		if c.Move(d) == b {
			return d
		}
	}
	return 0
}

// String formats the cell as "(r,c)", the form the prompt uses.
func (c Cell) String() string { return string(c.AppendText(make([]byte, 0, 16))) }

// AppendText appends "(r,c)" to b.
func (c Cell) AppendText(b []byte) []byte { return c.appendIn(b, '(', ')') }

// appendIn appends the cell as r,c between left and right: "(r,c)" in the
// prompt's form, "[r,c]" in JSON's.
func (c Cell) appendIn(b []byte, left, right byte) []byte {
	b = append(b, left)
	b = strconv.AppendInt(b, int64(c.R), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(c.C), 10)
	return append(b, right)
}

// Algorithm names a maze generator.
type Algorithm string

// The generators. DFS is the seed's randomized depth-first backtracker: its
// mazes have long winding corridors and few branches. Wilson draws a uniform
// spanning tree: every perfect maze of the grid is equally likely, with more
// and shorter dead ends. Comparing the two tells whether a model's score
// depends on the generator's bias.
const (
	DFS    Algorithm = "dfs"
	Wilson Algorithm = "wilson"
)

// ParseAlgorithm reads "dfs" or "wilson".
func ParseAlgorithm(s string) (Algorithm, error) {
	return parseName("algorithm", s, DFS, Wilson)
}

// Maze is an N×N maze with its START, EXIT, solution and mirage traps.
// Generate and the readers of hallumaze's own formats make only perfect
// mazes; a maze imported from elsewhere may be imperfect (see Assemble and
// Defects). It is immutable once made; all methods are safe for concurrent
// use.
type Maze struct {
	n           int
	seed        uint64
	algorithm   Algorithm
	open        []uint8 // open directions of each cell, row-major
	start, exit Cell
	solution    []Cell
	traps       []Trap
	// defects says how an imported maze falls short of a perfect one; nil
	// for a perfect maze.
	defects []string
}

// Size returns N, the side of the maze.
func (m *Maze) Size() int { return m.n }

// Seed returns the seed the maze was made from.
func (m *Maze) Seed() uint64 { return m.seed }

// Algorithm returns the generator that made the maze.
func (m *Maze) Algorithm() Algorithm { return m.algorithm }

// Start returns START, by default (0,0).
func (m *Maze) Start() Cell { return m.start }

// Exit returns EXIT, by default (N−1,N−1).
func (m *Maze) Exit() Cell { return m.exit }

// Perfect reports whether the passages form a spanning tree of the grid.
// Every generated maze is perfect; an imported one may not be.
func (m *Maze) Perfect() bool { return len(m.defects) == 0 }

// Defects describes, one sentence each, how an imported maze falls short
// of a perfect one: extra passages (cycles), cells cut off from START, an
// EXIT that cannot be reached. It is empty for a perfect maze. The caller
// must not modify the slice.
func (m *Maze) Defects() []string { return m.defects }

// In reports whether c lies inside the grid.
func (m *Maze) In(c Cell) bool { return c.R >= 0 && c.R < m.n && c.C >= 0 && c.C < m.n }

// Open returns the set of open directions at c as a bit set of Dir values;
// 0 outside the grid.
func (m *Maze) Open(c Cell) Dir {
	if !m.In(c) {
		return 0
	}
	return Dir(m.open[c.R*m.n+c.C])
}

// IsOpen reports whether the passage from c in direction d is open.
func (m *Maze) IsOpen(c Cell, d Dir) bool { return m.Open(c)&d != 0 }

// OpenDirs lists the open directions at c in canonical order.
func (m *Maze) OpenDirs(c Cell) []Dir {
	set := m.Open(c)
	var out []Dir
	for _, d := range Dirs {
		if set&d != 0 {
			out = append(out, d)
		}
	}
	return out
}

// OpenLetters returns the open directions at c as letters in canonical
// order, for example "ES".
func (m *Maze) OpenLetters(c Cell) string {
	var b strings.Builder
	for _, d := range m.OpenDirs(c) {
		b.WriteString(d.Letter())
	}
	return b.String()
}

// Solution returns the unique path from START to EXIT, both included (in
// an imperfect maze, the first shortest path breadth-first search finds;
// empty when EXIT cannot be reached). The caller must not modify the slice.
func (m *Maze) Solution() []Cell { return m.solution }

// Traps returns the mirage traps in order along the solution.
// The caller must not modify the slice.
func (m *Maze) Traps() []Trap { return m.traps }

// Passages returns the number of open passages (each counted once).
func (m *Maze) Passages() int {
	total := 0
	for _, b := range m.open {
		total += popcount4(b)
	}
	return total / 2
}

// DeadEnds counts the cells with exactly one open direction, START and EXIT
// excluded.
func (m *Maze) DeadEnds() int {
	count := 0
	start, exit := m.index(m.start), m.index(m.exit)
	for i, b := range m.open {
		if i != start && i != exit && popcount4(b) == 1 {
			count++
		}
	}
	return count
}

func popcount4(b uint8) int {
	return int(b&1 + b>>1&1 + b>>2&1 + b>>3&1)
}

func (m *Maze) index(c Cell) int { return c.R*m.n + c.C }

func (m *Maze) cell(i int) Cell { return Cell{i / m.n, i % m.n} }

// checkSize reports a size outside MinSize..MaxSize.
func checkSize(n int) error {
	if n < MinSize || n > MaxSize {
		return fmt.Errorf("maze size %d out of range %d..%d", n, MinSize, MaxSize)
	}
	return nil
}
