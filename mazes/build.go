package mazes

import (
	"errors"
	"fmt"
	"slices"
)

// fromOpen builds a maze from the open directions of each cell, read from a
// file or a prompt, and checks that it is a perfect maze: every passage
// inside the grid and open from both sides, N²−1 passages, every cell
// reachable from START. The solution is recomputed.
func fromOpen(n int, seed uint64, alg Algorithm, open []uint8, ends Ends, traps []Trap) (*Maze, error) {
	return assemble(n, seed, alg, open, ends, traps, false)
}

// Assemble builds a maze from the open directions of each cell (row-major,
// n·n of them) and its ends, for a maze that comes from elsewhere. Every
// passage must lie inside the grid and be open from both sides; the maze
// need not be perfect. Where it is not (extra passages make cycles, missing
// ones cut cells off), the maze is made all the same and Defects says how;
// its solution is then the first shortest path from START to EXIT that
// breadth-first search finds (N, E, S, W order), or empty when EXIT cannot
// be reached. The maze has no seed, no algorithm and no mirage traps.
func Assemble(n int, open []Dir, ends Ends) (*Maze, error) {
	if err := checkSize(n); err != nil {
		return nil, err
	}
	if len(open) != n*n {
		return nil, fmt.Errorf("maze has %d cells, want %d", len(open), n*n)
	}
	bits := make([]uint8, len(open))
	for i, d := range open {
		bits[i] = uint8(d)
	}
	return assemble(n, 0, "", bits, ends, nil, true)
}

// assemble checks the passages and builds the maze. Unless loose, the maze
// must be perfect; when loose, its shortcomings are recorded as defects.
func assemble(n int, seed uint64, alg Algorithm, open []uint8, ends Ends, traps []Trap, loose bool) (*Maze, error) {
	if err := checkSize(n); err != nil {
		return nil, err
	}
	if len(open) != n*n {
		return nil, fmt.Errorf("maze has %d cells, want %d", len(open), n*n)
	}
	if err := ends.check(n); err != nil {
		return nil, err
	}
	m := &Maze{n: n, seed: seed, algorithm: alg, open: open, start: ends.Start, exit: ends.Exit}
	for i, b := range open {
		c := m.cell(i)
		if b&^0xF != 0 {
			return nil, fmt.Errorf("cell %v: bad direction bits %#x", c, b)
		}
		for _, d := range Dirs {
			if Dir(b)&d == 0 {
				continue
			}
			j := m.neighbour(i, d)
			if j < 0 {
				return nil, fmt.Errorf("cell %v: passage %s leads outside the grid", c, d)
			}
			if Dir(open[j])&d.Opposite() == 0 {
				return nil, fmt.Errorf("cell %v: passage %s is not open from %v", c, d, m.cell(j))
			}
		}
	}
	if loose {
		m.defects = m.findDefects()
	} else {
		if p := m.Passages(); p != n*n-1 {
			return nil, fmt.Errorf("maze has %d passages, a perfect %d×%d maze has %d", p, n, n, n*n-1)
		}
		if reach := m.reachable(); reach != n*n {
			return nil, fmt.Errorf("only %d of %d cells are reachable from START: not a perfect maze", reach, n*n)
		}
	}
	m.solution = m.solve()
	if m.solution == nil && !loose {
		return nil, errors.New("EXIT is not reachable from START")
	}
	for _, t := range traps {
		if !m.In(t.Cell) {
			return nil, fmt.Errorf("mirage trap at %v lies outside the grid", t.Cell)
		}
	}
	sortTraps(m, traps)
	m.traps = traps
	return m, nil
}

// findDefects says how the maze falls short of a perfect one: passages
// beyond a spanning forest (each closes a cycle), cells START cannot reach,
// and an unreachable EXIT.
func (m *Maze) findDefects() []string {
	cells := m.n * m.n
	components := m.components()
	var out []string
	if extra := m.Passages() - (cells - components); extra > 0 {
		out = append(out, fmt.Sprintf("%d passage(s) more than a spanning tree: the maze has cycles, so more than one path can join two cells", extra))
	}
	if cut := cells - m.reachable(); cut > 0 {
		out = append(out, fmt.Sprintf("%d of %d cells cannot be reached from START", cut, cells))
	}
	if solveBFS(m, m.start, m.exit) == nil {
		out = append(out, "EXIT cannot be reached from START: the maze has no solution")
	}
	return out
}

// components counts the connected components of the passage graph.
func (m *Maze) components() int {
	seen := make([]bool, len(m.open))
	count := 0
	for first := range m.open {
		if !seen[first] {
			count++
			m.flood(first, seen)
		}
	}
	return count
}

// sortTraps puts traps in order along the solution, then N, E, S, W; traps
// off the solution (possible only in a hand-made file) come last in
// row-major order.
func sortTraps(m *Maze, traps []Trap) {
	pos := make(map[Cell]int, len(m.solution))
	for i, c := range m.solution {
		pos[c] = i
	}
	key := func(t Trap) int {
		if i, ok := pos[t.Cell]; ok {
			return i
		}
		return len(m.solution) + m.index(t.Cell)
	}
	slices.SortStableFunc(traps, func(a, b Trap) int {
		if ka, kb := key(a), key(b); ka != kb {
			return ka - kb
		}
		return int(a.Dir) - int(b.Dir)
	})
}

// reachable counts the cells reachable from START over open passages.
func (m *Maze) reachable() int {
	return m.flood(m.index(m.start), make([]bool, len(m.open)))
}

// flood marks in seen every cell reachable from cell first over open
// passages that seen does not hold yet, first included, and returns how
// many cells it marked.
func (m *Maze) flood(first int, seen []bool) int {
	seen[first] = true
	stack := []int32{int32(first)}
	count := 0
	for len(stack) > 0 {
		i := int(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		count++
		for _, d := range Dirs {
			if Dir(m.open[i])&d == 0 {
				continue
			}
			if j := m.neighbour(i, d); j >= 0 && !seen[j] {
				seen[j] = true
				stack = append(stack, int32(j))
			}
		}
	}
	return count
}
