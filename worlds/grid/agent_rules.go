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
