package mazes

import (
	"math/bits"
	"slices"
)

// solve finds the path from START to EXIT.
func (m *Maze) solve() []Cell {
	return Solve(m, m.Start(), m.Exit())
}

// Solve returns the path of open passages from a to b, both included, or
// nil when either cell is outside the grid or b cannot be reached. In a
// perfect maze (every generated one) the path is the only simple one, and
// therefore also the shortest: the one breadth-first search finds. In an
// imperfect (imported) maze it is the first shortest path breadth-first
// search finds, neighbours taken in N, E, S, W order.
//
// In a perfect maze Solve walks the tree depth-first from a, keeping in one
// scratch byte per cell the way back and the next direction to try, so it
// needs no queue or stack and touches each passage at most twice.
func Solve(m *Maze, a, b Cell) []Cell {
	if !m.In(a) || !m.In(b) {
		return nil
	}
	if !m.Perfect() {
		return solveBFS(m, a, b)
	}
	const triedShift = 4 // bits 4..7: the directions already tried
	n := m.n
	src, dst := m.index(a), m.index(b)
	// state: bits 0..1 the index in Dirs of the way back, bit 2 set when the
	// cell has a way back, bits 4..7 the directions tried from it.
	state := make([]uint8, len(m.open))
	// Open passages never lead outside the grid, so a step needs no bounds
	// check: the index moves by the direction's offset.
	offset := [4]int{-n, 1, n, -1}
	for i := src; i != dst; {
		st := state[i]
		rem := m.open[i] &^ (st >> triedShift)
		if st&4 != 0 {
			rem &^= 1 << (st & 3) // never straight back
		}
		if rem == 0 {
			if i == src {
				return nil
			}
			i += offset[st&3]
			continue
		}
		k := uint8(bits.TrailingZeros8(rem))
		state[i] = st | 1<<(k+triedShift)
		i += offset[k]
		state[i] = 4 | (k+2)&3 // the way back is the opposite direction
	}
	length := 1
	for i := dst; i != src; i += offset[state[i]&3] {
		length++
	}
	path := make([]Cell, length)
	for i, k := dst, length-1; ; i, k = i+offset[state[i]&3], k-1 {
		path[k] = m.cell(i)
		if i == src {
			break
		}
	}
	return path
}

// solveBFS finds a shortest path from a to b by breadth-first search, for a
// maze whose passages may hold cycles. Neighbours are taken in N, E, S, W
// order, so the path is the same on every run.
func solveBFS(m *Maze, a, b Cell) []Cell {
	src, dst := int32(m.index(a)), int32(m.index(b))
	prev := make([]int32, len(m.open))
	for i := range prev {
		prev[i] = -1
	}
	prev[src] = src
	queue := []int32{src}
	for head := 0; head < len(queue) && prev[dst] < 0; head++ {
		i := int(queue[head])
		for _, d := range Dirs {
			if Dir(m.open[i])&d == 0 {
				continue
			}
			if j := m.neighbour(i, d); j >= 0 && prev[j] < 0 {
				prev[j] = int32(i)
				queue = append(queue, int32(j))
			}
		}
	}
	if prev[dst] < 0 {
		return nil
	}
	var path []Cell
	for i := dst; ; i = prev[i] {
		path = append(path, m.cell(int(i)))
		if i == src {
			break
		}
	}
	slices.Reverse(path)
	return path
}
