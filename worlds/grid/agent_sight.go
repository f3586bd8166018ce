package grid

import "strconv"

// turn answers C.turn: where the target will be after the turn, and
// whether light reaches it there, by MiniGrid's rule, whatever the cells
// the view does not show hold (unknown cells taken as opaque, and for a
// no as clear). The symbolic view shows no window size, only a lower
// bound from the objects it lists; the memory view none.
func (s *solver) turn(name, dir string) (string, bool, string) {
	o := s.one(name)
	if o == nil {
		return "", false, "I do not see exactly one " + name + "."
	}
	a, l := s.ego(o)
	// back maps a cell of the new frame to the current frame.
	back := map[string]func(a, l int) (int, int){
		"left":   func(a, l int) (int, int) { return l, -a },
		"right":  func(a, l int) (int, int) { return -l, a },
		"around": func(a, l int) (int, int) { return -a, -l },
	}[dir]
	var na, nl int
	switch dir {
	case "left":
		na, nl = -l, a
	case "right":
		na, nl = l, -a
	default:
		na, nl = -a, -l
	}
	if na < 0 {
		return "no", true, "It will be behind me."
	}
	V, exact := 0, false
	switch s.last.view {
	case ASCII:
		V, exact = s.last.V, true
	case Symbolic:
		V = 1
		for _, ob := range s.r.obs {
			for _, x := range ob.objs {
				V = max(V, x.a+1, 2*abs(x.l)+1)
			}
		}
	}
	inside := na < V && abs(nl) <= V/2
	switch {
	case exact && !inside:
		return "no", true, "It will be outside my view."
	case !inside:
		return "", false, "I do not know how far I see."
	}
	cell := func(na, nl int) (block, known bool) { return s.blocksSight(back(na, nl)) }
	if visibleFrom(V, cell, true, na, nl) {
		return "yes", true, "Light reaches it after the turn."
	}
	if exact && !visibleFrom(V, cell, false, na, nl) {
		return "no", true, "Walls or doors hide it after the turn."
	}
	return "", false, "I cannot tell what hides it."
}

// blocksSight reports whether the cell at (a, l) of the current frame
// stops sight, and whether the view tells.
func (s *solver) blocksSight(a, l int) (block, known bool) {
	if a == 0 && l == 0 {
		return false, true
	}
	for i := range s.last.objs {
		o := &s.last.objs[i]
		if oa, ol := s.ego(o); oa == a && ol == l {
			return o.kind == Door && o.state != Open, true
		}
	}
	if s.last.view == ASCII {
		code, ok := s.last.cell(a, l)
		if !ok || code == "??" {
			return false, false
		}
		return code == "##" || code == "TT", true
	}
	return false, false
}

// visibleFrom runs MiniGrid's light propagation in a V×V window whose
// cells block sight as cell says (unknown cells opaque if opaque) and
// reports whether the cell (a, l) is reached.
func visibleFrom(V int, cell func(a, l int) (bool, bool), opaque bool, a, l int) bool {
	half := V / 2
	see := func(i, j int) bool {
		block, known := cell(V-1-j, i-half)
		if !known {
			return !opaque
		}
		return !block
	}
	vis := make([]bool, V*V)
	at := func(i, j int) int { return i*V + j }
	vis[at(half, V-1)] = true
	for j := V - 1; j >= 0; j-- {
		for i := 0; i <= V-2; i++ {
			if vis[at(i, j)] && see(i, j) {
				vis[at(i+1, j)] = true
				if j > 0 {
					vis[at(i+1, j-1)], vis[at(i, j-1)] = true, true
				}
			}
		}
		for i := V - 1; i >= 1; i-- {
			if vis[at(i, j)] && see(i, j) {
				vis[at(i-1, j)] = true
				if j > 0 {
					vis[at(i-1, j-1)], vis[at(i, j-1)] = true, true
				}
			}
		}
	}
	return vis[at(l+half, V-1-a)]
}

// cell answers U.cell: an object listed there is there; an ascii cell
// shown empty is empty; anything else is not determined.
func (s *solver) cell(pos string) (string, bool, string) {
	a, l, ok := readEgo(pos)
	if !ok {
		return "", false, "I cannot read the position."
	}
	for i := range s.last.objs {
		if oa, ol := s.ego(&s.last.objs[i]); oa == a && ol == l {
			return "yes", true, "I see an object there."
		}
	}
	switch s.last.view {
	case ASCII:
		if code, ok := s.last.cell(a, l); ok && code != "??" {
			return "no", true, "I see that cell and nothing on it."
		}
	case Memory:
		return "no", true, "The memory lists every object."
	}
	return "", false, "I have not seen that cell."
}

// total answers U.total: the memory view lists the whole level; an ascii
// view decides it when the room around the agent is closed by walls with
// no unseen cell in it; the symbolic view never does.
func (s *solver) total(k Kind) (string, bool, string) {
	switch s.last.view {
	case Memory:
		return strconv.Itoa(s.countIn(s.last, k)), true, "The memory lists the whole level."
	case ASCII:
		if s.enclosed() {
			return strconv.Itoa(s.countIn(s.last, k)), true, "I see the whole room, closed by walls."
		}
	}
	return "", false, "I have not seen the whole level."
}

// enclosed reports whether the ascii cells reachable from the agent
// without crossing a wall stay inside the window and are all seen.
func (s *solver) enclosed() bool {
	half := s.last.V / 2
	seen := map[[2]int]bool{{0, 0}: true}
	stack := [][2]int{{0, 0}}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			n := [2]int{c[0] + d[0], c[1] + d[1]}
			if seen[n] {
				continue
			}
			if n[0] < 0 || n[0] >= s.last.V || n[1] < -half || n[1] > half {
				return false
			}
			code, _ := s.last.cell(n[0], n[1])
			if code == "??" {
				return false
			}
			seen[n] = true
			if code != "##" {
				stack = append(stack, n)
			}
		}
	}
	return true
}
