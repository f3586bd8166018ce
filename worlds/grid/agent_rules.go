package grid

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// move answers C.move: the target straight ahead; the first object (not
// an open door) or blocking terrain the view shows on the way stops the
// moves.
func (s *solver) move(name string, k int) (string, bool, string) {
	o := s.one(name)
	if o == nil {
		return "", false, "I do not see exactly one " + name + "."
	}
	a, l := s.ego(o)
	if l != 0 || a <= 0 {
		return "", false, "It is not straight ahead."
	}
	stop := a
	for d := 1; d < a && stop == a; d++ {
		block, known := s.blocksWalk(d)
		if !known && d <= k {
			return "", false, "I cannot see the way."
		}
		if block {
			stop = d
		}
	}
	return strconv.Itoa(a - min(k, stop-1)), true, "I walk until something blocks the way."
}

// blocksWalk reports whether the cell d steps straight ahead blocks the
// agent, and whether the view tells.
func (s *solver) blocksWalk(d int) (block, known bool) {
	for i := range s.last.objs {
		o := &s.last.objs[i]
		if a, l := s.ego(o); a == d && l == 0 {
			return !(o.kind == Door && o.state == Open), true
		}
	}
	switch s.last.view {
	case ASCII:
		code, ok := s.last.cell(d, 0)
		if !ok || code == "??" {
			return false, false
		}
		return slices.Contains([]string{"##", "TT", "WW", "~~", "FF"}, code), true
	case Memory:
		p := egoPos(s.last.agent, s.last.facing, d, 0)
		if s.last.fire[p.Row] || slices.Contains(s.last.flooded, p.Row) {
			return true, true
		}
		if st, ok := s.last.schedule[p.Row]; ok && st <= s.last.step+d {
			return true, true
		}
	}
	return false, true
}

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

// absPos is a memory-view object's cell.
func (s *solver) absPos(o *seenObj) Pos {
	return Pos{s.last.agent.Row - o.north, s.last.agent.Col + o.east}
}

// riverAt returns the flow of the river line holding p.
func (s *solver) riverAt(p Pos) (Dir, bool) {
	for _, r := range s.last.rivers {
		if p.Row >= r.rows[0] && p.Row <= r.rows[1] && p.Col >= r.cols[0] && p.Col <= r.cols[1] {
			return r.flow, true
		}
	}
	return 0, false
}

// river answers the river C.dynamics from the memory view: the objects in
// the river's box drift with it, most-downstream first, stopping before
// another object or the agent; the cells past the river are taken as
// open. An object shown SOAKED has spent at least 3 steps in a river.
func (s *solver) river(name string, n int) (string, bool, string) {
	if s.last.view != Memory {
		return "", false, "The view does not show the river."
	}
	type drift struct {
		pos     Pos
		wet, rs int
	}
	var ds []drift
	target := -1
	for i := range s.last.objs {
		o := &s.last.objs[i]
		d := drift{pos: s.absPos(o), wet: o.wet}
		if o.soaked {
			d.rs = 3
		}
		if o.name == name {
			if target >= 0 {
				return "", false, "There is more than one " + name + "."
			}
			target = len(ds)
		}
		ds = append(ds, d)
	}
	if target < 0 {
		return "", false, "I do not see the " + name + "."
	}
	occupied := func(p Pos) bool {
		return p == s.last.agent || slices.ContainsFunc(ds, func(d drift) bool { return d.pos == p })
	}
	for range n {
		var carried []int
		for i, d := range ds {
			if _, ok := s.riverAt(d.pos); ok {
				carried = append(carried, i)
			}
		}
		slices.SortStableFunc(carried, func(x, y int) int {
			fx, _ := s.riverAt(ds[x].pos)
			return downstreamRank(fx, ds[x].pos) - downstreamRank(fx, ds[y].pos)
		})
		for _, i := range carried {
			flow, _ := s.riverAt(ds[i].pos)
			if next := ds[i].pos.Add(flow, 1); !occupied(next) {
				ds[i].pos = next
			}
			ds[i].wet, ds[i].rs = 4, ds[i].rs+1
		}
		for i := range ds {
			if _, in := s.riverAt(ds[i].pos); !in && ds[i].wet > 0 {
				ds[i].wet--
			}
		}
	}
	t := ds[target]
	return Object{Wet: t.wet, RiverSteps: t.rs}.Condition(), true, "I follow the river and the drying."
}

// downstreamRank orders cells most-downstream first along flow.
func downstreamRank(flow Dir, p Pos) int {
	switch flow {
	case East:
		return -p.Col
	case South:
		return -p.Row
	case West:
		return p.Col
	}
	return p.Row
}

// flood answers the flood C.dynamics from the memory view's schedule.
func (s *solver) flood(n int) (string, bool, string) {
	if len(s.last.schedule) == 0 {
		return "", false, "I see no flood schedule."
	}
	count := 0
	for _, step := range s.last.schedule {
		if step <= s.last.step+n {
			count++
		}
	}
	return strconv.Itoa(count), true, "I read the flood schedule."
}

// fire answers the fire C.dynamics: a burning row goes out once a row next
// to it floods.
func (s *solver) fire(row, n int) (string, bool, string) {
	burning, ok := s.last.fire[row]
	if !ok {
		return "", false, "I see no fire in that row."
	}
	if !burning {
		return "no", true, "It has already gone out."
	}
	for _, r := range []int{row - 1, row + 1} {
		if st, ok := s.last.schedule[r]; ok && st <= s.last.step+n {
			return "no", true, "The flood next to it will have put it out."
		}
	}
	return "yes", true, "No flood reaches it by then."
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

// testimony returns what the testimony claims about a fact question, for
// the credulous agent: the [Notice] overlay first, then the text objects
// of the last observation back to the first.
func (s *solver) testimony(q string) (string, bool) { return s.claimFor(q, "") }

// claimFor finds a claim addressing question q in the testimony; source
// "notice" with an overlay reads only the overlay.
func (s *solver) claimFor(q, source string) (string, bool) {
	var texts []string
	if s.r.notice != "" {
		texts = append(texts, s.r.notice)
	}
	if source != "notice" || s.r.notice == "" {
		for i := len(s.r.obs) - 1; i >= 0; i-- {
			texts = append(texts, s.r.obs[i].texts...)
		}
	}
	for _, t := range texts {
		if v, ok := claimIn(t, q); ok {
			return v, true
		}
	}
	return "", false
}

// claimIn reads the value a text claims for a fact question: "The <type>
// at <pos> is <colour>.", "The <colour> door is <state>.", "You can see
// <k> <type>s.".
func claimIn(text, q string) (string, bool) {
	lower := strings.ToLower(text)
	switch {
	case colourRE.MatchString(q):
		m := colourRE.FindStringSubmatch(q)
		head := "the " + m[1] + " at " + strings.ToLower(m[2]) + " is "
		if i := strings.Index(lower, head); i >= 0 {
			word, _, _ := strings.Cut(lower[i+len(head):], ".")
			if slices.Contains(colourOptions, strings.TrimSpace(word)) {
				return strings.TrimSpace(word), true
			}
		}
	case stateRE.MatchString(q):
		colour := stateRE.FindStringSubmatch(q)[1]
		re := regexp.MustCompile(`\b` + regexp.QuoteMeta(colour) + ` door is (open|closed|locked)\b`)
		if m := re.FindStringSubmatch(lower); m != nil {
			return m[1], true
		}
	case countRE.MatchString(q):
		k, ok := kindOfPlural(countRE.FindStringSubmatch(q)[1])
		if !ok {
			return "", false
		}
		re := regexp.MustCompile(`\byou can see (\d+) (?:` + k.String() + `|` + k.plural() + `)\b`)
		if m := re.FindStringSubmatch(lower); m != nil {
			return m[1], true
		}
	}
	return "", false
}
