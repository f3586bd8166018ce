package grid

import "fmt"

// FOV is the agent's field of view, MiniGrid's kept exactly (§6.2): a V×V
// window in front of the agent, the agent in the middle of its bottom row,
// and the cells light reaches in it. View cell (i, j) is ahead a = V−1−j,
// lateral l = i − ⌊V/2⌋ (negative to the left): world cell
// agent + a·forward + l·right.
type FOV struct {
	V      int
	Agent  Pos
	Facing Dir
	// vis[i*V+j] reports whether view cell (i, j) is seen.
	vis []bool
}

// FOV computes the field of view of the agent in s. The view size must be
// odd.
func (s *State) FOV() (FOV, error) {
	V := s.Level.ViewSize
	if V%2 == 0 {
		return FOV{}, fmt.Errorf("grid: level %s: view size %d is even; a view needs an odd size", s.Level.Name, V)
	}
	f := FOV{V: V, Agent: s.Agent, Facing: s.Facing, vis: make([]bool, V*V)}
	if s.Level.SeeThroughWalls {
		for k := range f.vis {
			f.vis[k] = true
		}
		return f, nil
	}
	half := V / 2
	see := func(i, j int) bool {
		if i == half && j == V-1 {
			return true
		}
		return s.SeeBehind(f.World(i, j))
	}
	vis := f.vis
	at := func(i, j int) int { return i*V + j }
	vis[at(half, V-1)] = true
	for j := V - 1; j >= 0; j-- {
		for i := 0; i <= V-2; i++ {
			if !vis[at(i, j)] || !see(i, j) {
				continue
			}
			vis[at(i+1, j)] = true
			if j > 0 {
				vis[at(i+1, j-1)] = true
				vis[at(i, j-1)] = true
			}
		}
		for i := V - 1; i >= 1; i-- {
			if !vis[at(i, j)] || !see(i, j) {
				continue
			}
			vis[at(i-1, j)] = true
			if j > 0 {
				vis[at(i-1, j-1)] = true
				vis[at(i, j-1)] = true
			}
		}
	}
	return f, nil
}

// World returns the world cell of view cell (i, j).
func (f FOV) World(i, j int) Pos {
	return egoPos(f.Agent, f.Facing, f.V-1-j, i-f.V/2)
}

// egoPos is the world cell a steps ahead and l to the right of an agent at
// p facing d.
func egoPos(p Pos, d Dir, a, l int) Pos {
	fw, rt := fwd[d], fwd[d.Right()]
	return Pos{p.Row + a*fw.Row + l*rt.Row, p.Col + a*fw.Col + l*rt.Col}
}

// Ego returns the offset (ahead, lateral) of world cell p from an agent at
// from facing d. It is defined for every cell, in view or not.
func Ego(from Pos, d Dir, p Pos) (a, l int) {
	dr, dc := p.Row-from.Row, p.Col-from.Col
	fw, rt := fwd[d], fwd[d.Right()]
	return dr*fw.Row + dc*fw.Col, dr*rt.Row + dc*rt.Col
}

// InWindow reports whether the offset (a, l) is in the V×V window.
func (f FOV) InWindow(a, l int) bool {
	return a >= 0 && a < f.V && l >= -f.V/2 && l <= f.V/2
}

// Seen reports whether view cell (i, j) is seen.
func (f FOV) Seen(i, j int) bool { return f.vis[i*f.V+j] }

// Visible reports whether world cell p is in the window and seen.
func (f FOV) Visible(p Pos) bool {
	a, l := Ego(f.Agent, f.Facing, p)
	if !f.InWindow(a, l) {
		return false
	}
	return f.vis[(l+f.V/2)*f.V+(f.V-1-a)]
}
