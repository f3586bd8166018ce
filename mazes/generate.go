package mazes

import "fmt"

// visitedBit marks a cell during generation; it is cleared before the maze
// is returned. It lies above the four direction bits.
const visitedBit = 1 << 4

// Generate makes the perfect n×n maze of the given seed and algorithm, with
// its solution and mirage traps. n must lie in MinSize..MaxSize.
func Generate(n int, seed uint64, alg Algorithm) (*Maze, error) {
	if err := checkSize(n); err != nil {
		return nil, err
	}
	m := &Maze{n: n, seed: seed, algorithm: alg, open: make([]uint8, n*n)}
	src := newSource(seed, streamCarve)
	switch alg {
	case DFS:
		m.carveDFS(src)
	case Wilson:
		m.carveWilson(src)
	default:
		return nil, fmt.Errorf("unknown algorithm %q (want dfs or wilson)", alg)
	}
	m.solution = m.solve()
	m.traps = chooseTraps(m, newSource(seed, streamTraps))
	return m, nil
}

// carve opens the passage between cells i and j, adjacent in direction d
// from i.
func (m *Maze) carve(i, j int, d Dir) {
	m.open[i] |= uint8(d)
	m.open[j] |= uint8(d.Opposite())
}

// neighbour returns the index of the cell next to i in d, or -1 outside.
func (m *Maze) neighbour(i int, d Dir) int {
	n := m.n
	r, c := i/n, i%n
	switch d {
	case North:
		if r == 0 {
			return -1
		}
		return i - n
	case East:
		if c == n-1 {
			return -1
		}
		return i + 1
	case South:
		if r == n-1 {
			return -1
		}
		return i + n
	case West:
		if c == 0 {
			return -1
		}
		return i - 1
	}
	return -1
}

// carveDFS is the randomized depth-first backtracker of the seed, kept on an
// explicit stack so that N=1001 needs no deep recursion. From the cell on
// top of the stack it moves to a uniformly chosen unvisited neighbour
// (candidates in N, E, S, W order), or pops when there is none.
func (m *Maze) carveDFS(src source) {
	stack := make([]int32, 1, 64)
	m.open[0] |= visitedBit
	var cand [4]Dir
	var next [4]int
	n := m.n
	for len(stack) > 0 {
		i := int(stack[len(stack)-1])
		r, c := i/n, i-i/n*n
		k := 0
		if r > 0 && m.open[i-n]&visitedBit == 0 {
			cand[k], next[k] = North, i-n
			k++
		}
		if c < n-1 && m.open[i+1]&visitedBit == 0 {
			cand[k], next[k] = East, i+1
			k++
		}
		if r < n-1 && m.open[i+n]&visitedBit == 0 {
			cand[k], next[k] = South, i+n
			k++
		}
		if c > 0 && m.open[i-1]&visitedBit == 0 {
			cand[k], next[k] = West, i-1
			k++
		}
		if k == 0 {
			stack = stack[:len(stack)-1]
			continue
		}
		pick := src.intn(uint32(k))
		j := next[pick]
		m.carve(i, j, cand[pick])
		m.open[j] |= visitedBit
		stack = append(stack, int32(j))
	}
	for i := range m.open {
		m.open[i] &^= visitedBit
	}
}

// carveWilson draws a uniform spanning tree with Wilson's algorithm. The
// tree starts as START alone; each cell not yet in the tree, in row-major
// order, begins a random walk that remembers only the last direction taken
// from each cell (which erases loops) until it meets the tree; the walk is
// then retraced from its beginning and added to the tree.
func (m *Maze) carveWilson(src source) {
	const inTree = visitedBit
	heading := make([]uint8, len(m.open)) // last direction left from each cell on the walk
	m.open[0] |= inTree
	var cand [4]Dir
	var next [4]int
	for first := range m.open {
		if m.open[first]&inTree != 0 {
			continue
		}
		i := first
		for m.open[i]&inTree == 0 {
			k := 0
			for _, d := range Dirs {
				if j := m.neighbour(i, d); j >= 0 {
					cand[k], next[k] = d, j
					k++
				}
			}
			pick := src.intn(uint32(k))
			heading[i] = uint8(cand[pick])
			i = next[pick]
		}
		for i = first; m.open[i]&inTree == 0; {
			d := Dir(heading[i])
			j := m.neighbour(i, d)
			m.carve(i, j, d)
			m.open[i] |= inTree
			i = j
		}
	}
	for i := range m.open {
		m.open[i] &^= inTree
	}
}
