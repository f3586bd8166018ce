package mazes

// solve finds the path from START to EXIT by breadth-first search over open
// passages. In a perfect maze it is the unique simple path; in any connected
// maze it is a shortest one. It returns nil when EXIT is unreachable.
func (m *Maze) solve() []Cell {
	return Solve(m, m.Start(), m.Exit())
}

// Solve returns a shortest path of open passages from a to b, both included,
// or nil when there is none or either cell is outside the grid. In a perfect
// maze the path is the only simple one.
func Solve(m *Maze, a, b Cell) []Cell {
	if !m.In(a) || !m.In(b) {
		return nil
	}
	src, dst := m.index(a), m.index(b)
	parent := make([]int32, len(m.open))
	for i := range parent {
		parent[i] = -1
	}
	parent[src] = int32(src)
	queue := make([]int32, 0, 256)
	queue = append(queue, int32(src))
	for head := 0; head < len(queue) && parent[dst] < 0; head++ {
		i := int(queue[head])
		open := Dir(m.open[i])
		for _, d := range Dirs {
			if open&d == 0 {
				continue
			}
			j := m.neighbour(i, d)
			if j >= 0 && parent[j] < 0 {
				parent[j] = int32(i)
				queue = append(queue, int32(j))
			}
		}
	}
	if parent[dst] < 0 {
		return nil
	}
	length := 1
	for i := dst; i != src; i = int(parent[i]) {
		length++
	}
	path := make([]Cell, length)
	for i, k := dst, length-1; ; i, k = int(parent[i]), k-1 {
		path[k] = m.cell(i)
		if i == src {
			break
		}
	}
	return path
}
