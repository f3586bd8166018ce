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
func fromOpen(n int, seed uint64, alg Algorithm, open []uint8, traps []Trap) (*Maze, error) {
	if err := checkSize(n); err != nil {
		return nil, err
	}
	if len(open) != n*n {
		return nil, fmt.Errorf("maze has %d cells, want %d", len(open), n*n)
	}
	m := &Maze{n: n, seed: seed, algorithm: alg, open: open}
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
	if p := m.Passages(); p != n*n-1 {
		return nil, fmt.Errorf("maze has %d passages, a perfect %d×%d maze has %d", p, n, n, n*n-1)
	}
	if reach := m.reachable(); reach != n*n {
		return nil, fmt.Errorf("only %d of %d cells are reachable from START: not a perfect maze", reach, n*n)
	}
	m.solution = m.solve()
	if m.solution == nil {
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
	seen := make([]bool, len(m.open))
	stack := []int32{0}
	seen[0] = true
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
