package mazes

import "fmt"

// visitedBit marks a cell during generation; it is cleared before the maze
// is returned. It lies above the four direction bits.
const visitedBit = 1 << 4

// Generate makes the perfect n×n maze of the given seed and algorithm, with
// START and EXIT at the corners (0,0) and (n−1,n−1), its solution and
// mirage traps. n must lie in MinSize..MaxSize.
func Generate(n int, seed uint64, alg Algorithm) (*Maze, error) {
	if err := CheckGenerate(n, alg); err != nil {
		return nil, err
	}
	return GenerateWithEnds(n, seed, alg, DefaultEnds(n))
}

// CheckGenerate reports the error Generate would give for a size and an
// algorithm, without generating: nil when any seed makes a maze.
func CheckGenerate(n int, alg Algorithm) error {
	if err := checkSize(n); err != nil {
		return err
	}
	if alg != DFS && alg != Wilson {
		return fmt.Errorf("unknown algorithm %q (want dfs or wilson)", alg)
	}
	return nil
}

// GenerateWithEnds makes the maze Generate makes for (n, seed, alg), the
// same passages, with START and EXIT at the given cells; the solution and
// the mirage traps follow from them. The ends must be two different cells
// of the grid.
func GenerateWithEnds(n int, seed uint64, alg Algorithm, ends Ends) (*Maze, error) {
	if err := checkSize(n); err != nil {
		return nil, err
	}
	if err := ends.check(n); err != nil {
		return nil, err
	}
	m := &Maze{n: n, seed: seed, algorithm: alg, open: make([]uint8, n*n), start: ends.Start, exit: ends.Exit}
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

// carveDFS is the randomized depth-first backtracker of the seed. From the
// current cell it moves to a uniformly chosen unvisited neighbour
// (candidates in N, E, S, W order), or, when there is none, back to the cell
// it came from. The way back is kept in each cell's spare bits instead of
// on a stack, so N=1001 needs neither deep recursion nor a stack of a
// million entries: the walk uses the maze's own byte per cell.
func (m *Maze) carveDFS(src source) {
	n := m.n
	open := m.open
	open[0] |= visitedBit
	offset := [4]int{-n, 1, n, -1}
	dRow := [4]int{-1, 0, 1, 0}
	dCol := [4]int{0, 1, 0, -1}
	var cand [4]uint8 // direction indices, in N, E, S, W order
	i, r, c := 0, 0, 0
	for {
		k := 0
		if r > 0 && open[i-n]&visitedBit == 0 {
			cand[k] = 0
			k++
		}
		if c < n-1 && open[i+1]&visitedBit == 0 {
			cand[k] = 1
			k++
		}
		if r < n-1 && open[i+n]&visitedBit == 0 {
			cand[k] = 2
			k++
		}
		if c > 0 && open[i-1]&visitedBit == 0 {
			cand[k] = 3
			k++
		}
		if k == 0 {
			if i == 0 {
				break
			}
			back := open[i] >> backShift & 3
			i, r, c = i+offset[back], r+dRow[back], c+dCol[back]
			continue
		}
		d := cand[src.intn(uint32(k))]
		opp := (d + 2) & 3
		j := i + offset[d]
		open[i] |= 1 << d
		open[j] |= 1<<opp | visitedBit | opp<<backShift
		i, r, c = j, r+dRow[d], c+dCol[d]
	}
	for i := range open {
		open[i] &= 0xF
	}
}

// backShift places a cell's way back (a direction index 0..3) in the bits
// above visitedBit during generation.
const backShift = 5

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
