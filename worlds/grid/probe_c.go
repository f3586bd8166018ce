package grid

import (
	"strconv"

	"github.com/hallumaze/hallumaze/worlds"
)

// move is C.move: a seen, uniquely named object straight ahead (l = 0,
// a ≥ 2); k = 1 + intn(a − 1) forward moves, blocked moves not moving;
// the gold is how far ahead it then is. Only targets whose answer the
// view's objects decide are eligible: the cells between hold no terrain
// that blocks (walls, trees, water, fire, flood tiles: the symbolic and
// memory views do not show them all), and nothing the river carries
// changes the answer.
func (u *unit) move() {
	var cands []int
	for _, i := range u.targets(func(Object) bool { return true }) {
		o := u.cur.Objects[i]
		if a, l := Ego(u.cur.Agent, u.cur.Facing, o.Pos); l == 0 && a >= 2 && u.clearPath(i, a) {
			cands = append(cands, i)
		}
	}
	if len(cands) == 0 {
		return
	}
	i := worlds.Pick(u.st, cands)
	a, _ := Ego(u.cur.Agent, u.cur.Facing, u.cur.Objects[i].Pos)
	u.add(u.moveOf(i, 1+u.st.Intn(a-1)))
}

// moveOf asks how far ahead object i is after k forward moves.
func (u *unit) moveOf(i, k int) probe {
	return probe{template: "C.move",
		question: "If you now move forward " + steps(k) + ", how many steps ahead of you will the " + u.cur.Objects[i].Name() + " be?",
		answer:   worlds.Int, key: "steps", values: worlds.SchemaInt, gold: worlds.GoldInt(afterMoves(u.cur, i, k))}
}

// clearPath reports whether object i, a cells straight ahead, has only
// floor-like terrain between it and the agent, and whether for every k the
// world's answer equals the one the objects in place give.
func (u *unit) clearPath(i, a int) bool {
	s := u.cur
	if s.Level.At(s.Objects[i].Pos).Terrain == River {
		return false
	}
	free := 0
	blocked := false
	for d := 1; d < a; d++ {
		p := s.Agent.Add(s.Facing, d)
		if !s.Level.At(p).staticPassable() {
			return false
		}
		if !blocked && s.Passable(p) {
			free++
		} else {
			blocked = true
		}
	}
	for k := 1; k < a; k++ {
		if afterMoves(s, i, k) != a-min(k, free) {
			return false
		}
	}
	return true
}

// afterMoves is how far ahead object i is after k forward actions.
func afterMoves(s *State, i, k int) int {
	c := s.Clone()
	for range k {
		c.Act(Forward)
	}
	a, _ := Ego(c.Agent, c.Facing, c.Objects[i].Pos)
	return a
}

// turn is C.turn: a seen, uniquely named object not in a river; the turn
// pick(left, right, around); the gold is whether the field of view after
// the turn (around: two turns) shows it.
func (u *unit) turn() {
	t := u.targets(func(o Object) bool { return u.cur.Level.At(o.Pos).Terrain != River })
	if len(t) == 0 {
		return
	}
	i := worlds.Pick(u.st, t)
	p, err := u.turnOf(i, worlds.Pick(u.st, []string{"left", "right", "around"}))
	if err != nil {
		u.err = err
		return
	}
	u.add(p)
}

// turnOf asks whether object i is in view after the turn dir.
func (u *unit) turnOf(i int, dir string) (probe, error) {
	c := u.cur.Clone()
	switch dir {
	case "left":
		c.Act(TurnLeft)
	case "right":
		c.Act(TurnRight)
	default:
		c.Act(TurnLeft)
		c.Act(TurnLeft)
	}
	f, err := c.FOV()
	if err != nil {
		return probe{}, err
	}
	return probe{template: "C.turn",
		question: "If you now turn " + dir + ", will the " + c.Objects[i].Name() + " be in your view?",
		answer:   worlds.Bool, key: "visible", values: worlds.SchemaBool, gold: worlds.GoldBool(f.Visible(c.Objects[i].Pos))}, nil
}

// horizon is the C.dynamics N: the key's horizon, else 1 + intn(6).
func (u *unit) horizon() int {
	if u.e.Horizon > 0 {
		return u.e.Horizon
	}
	return 1 + u.st.Intn(6)
}

// afterSteps is the current state after n steps of passive time.
func (u *unit) afterSteps(n int) *State {
	c := u.cur.Clone()
	for range n {
		c.Step()
	}
	return c
}

// moreSteps is "After N more step(s)".
func moreSteps(n int) string {
	if n == 1 {
		return "After 1 more step"
	}
	return "After " + strconv.Itoa(n) + " more steps"
}

// dynamics is C.dynamics for the keys in its scope (§14.13): the river (a
// uniquely named object in a river or wet: dry, wet or soaked after N
// steps), the flood (how many rows are flooded after N steps) and the fire
// (whether a burning row still burns after N steps), in that order, each
// drawing its target and then its N.
func (u *unit) dynamics() {
	if !u.e.Dynamics {
		return
	}
	s := u.cur
	var river []int
	for i, o := range s.Objects {
		if (s.Level.At(o.Pos).Terrain == River || o.Wet > 0) && unique(s, i) {
			river = append(river, i)
		}
	}
	if len(river) > 0 {
		i := worlds.Pick(u.st, byCell(s, river))
		n := u.horizon()
		u.add(probe{template: "C.dynamics",
			question: moreSteps(n) + ", will the " + s.Objects[i].Name() + " be dry, wet or soaked?",
			answer:   worlds.Enum, key: "condition", options: []string{"dry", "soaked", "wet"},
			gold: worlds.GoldEnum(u.afterSteps(n).Objects[i].Condition())})
	}
	if len(floodSchedule(s.Level)) > 0 {
		n := u.horizon()
		u.add(probe{template: "C.dynamics", question: moreSteps(n) + ", how many rows will be flooded?",
			answer: worlds.Int, key: "rows", values: worlds.SchemaInt, gold: worlds.GoldInt(floodedRows(s.Level, s.T+n))})
	}
	var fireRows []int
	for r := range s.Level.Rows {
		if fireRow(s, r) {
			fireRows = append(fireRows, r)
		}
	}
	if len(fireRows) > 0 {
		r := worlds.Pick(u.st, fireRows)
		n := u.horizon()
		u.add(probe{template: "C.dynamics",
			question: moreSteps(n) + ", will the fire in row " + strconv.Itoa(r) + " still be burning?",
			answer:   worlds.Bool, key: "burning", values: worlds.SchemaBool, gold: worlds.GoldBool(fireRow(u.afterSteps(n), r))})
	}
}

// fireRow reports whether row r holds a burning fire.
func fireRow(s *State, r int) bool {
	for c := range s.Level.Cols {
		if s.Burning(Pos{r, c}) {
			return true
		}
	}
	return false
}
