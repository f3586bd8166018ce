package grid

import (
	"strconv"

	"github.com/hallumaze/hallumaze/worlds"
)

// The C templates: the stated rules applied to what the current
// observation shows.

// walkable reports whether a cell's terrain is plain walkable ground the
// views need not draw: floor-like terrain other than a river, whose
// current moves what stands in it.
func walkable(c Cell) bool { return c.staticPassable() && c.Terrain != River }

// move is C.move: after k forward moves (a move an object or a closed
// door blocks does not move), how far ahead is a seen, uniquely named
// object ahead of the agent and beside its line, not in a river
// (negative: behind)? k is at most the number of
// cells straight ahead, in view, whose ground is walkable (so every object
// that could block is shown), and the context states
// that ground ([Path]: the symbolic and memory views draw no floor); the
// answer must not hang on anything a river carries while the moves take
// their time. The answer is drawn first, then a target and k giving it
// (pickCount), so the answers spread.
func (u *unit) move() {
	s := u.cur
	sight := u.sightsIn(u.view)[len(u.e.Obs)-1]
	ground := 0
	for p := s.Agent.Add(s.Facing, ground+1); walkable(s.Level.At(p)) && sight.sees(s, p); p = s.Agent.Add(s.Facing, ground+1) {
		ground++
	}
	free := 0
	for free < ground && s.Passable(s.Agent.Add(s.Facing, free+1)) {
		free++
	}
	type cand struct{ i, k, gold int }
	var cands []cand
	for _, i := range u.targets(func(o Object) bool { return s.Level.At(o.Pos).Terrain != River }) {
		a, l := Ego(s.Agent, s.Facing, s.Objects[i].Pos)
		if l == 0 || a < 1 {
			continue
		}
		for k := 1; k <= ground; k++ {
			if gold := afterMoves(s, i, k); gold == a-min(k, free) {
				cands = append(cands, cand{i, k, gold})
			}
		}
	}
	if len(cands) == 0 {
		return
	}
	c := cands[u.pickCount(upTo(len(cands)), func(j int) int { return cands[j].gold }, saltMove)]
	p := u.moveOf(c.i, c.k)
	text, err := u.text(u.view)
	if err != nil {
		u.err = err
		return
	}
	p.context = text + "\n\n[Path]: The ground straight ahead of you is walkable floor for " + steps(c.k) + "."
	u.add(p)
}

// moveOf asks how far ahead object i is after k forward moves.
func (u *unit) moveOf(i, k int) probe {
	return probe{template: "C.move",
		question: "If you now move forward " + steps(k) + ", how many steps ahead of you will the " + u.cur.Objects[i].Name() + " be?",
		answer:   worlds.Int, key: "steps", values: worlds.SchemaInt, gold: worlds.GoldInt(afterMoves(u.cur, i, k))}
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

// turn is C.turn: where a seen, uniquely named object will be, as (ahead,
// lateral), once the agent turns pick(left, right, around) ("around" is
// two turns). Objects in a river are left out: the turn takes time. The
// field-of-view views only: the memory view's compass does not turn.
func (u *unit) turn() {
	if u.view == Memory {
		return
	}
	t := u.targets(func(o Object) bool { return u.cur.Level.At(o.Pos).Terrain != River })
	if len(t) == 0 {
		return
	}
	i := worlds.Pick(u.st, t)
	u.add(u.turnOf(i, worlds.Pick(u.st, []string{"left", "right", "around"})))
}

// turnOf asks where object i will be after the turn dir.
func (u *unit) turnOf(i int, dir string) probe {
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
	a, l := Ego(c.Agent, c.Facing, c.Objects[i].Pos)
	return probe{template: "C.turn",
		question: "If you now turn " + dir + ", where will the " + c.Objects[i].Name() + " be?",
		answer:   worlds.Coordinate, key: "offset", values: "ahead,lateral", gold: worlds.GoldPair(a, l)}
}

// moreSteps is "After N more step(s)".
func moreSteps(n int) string {
	if n == 1 {
		return "After 1 more step"
	}
	return "After " + strconv.Itoa(n) + " more steps"
}

// dynamicsHorizons are the N a C.dynamics probe may ask about.
const dynamicsHorizons = 9

// dynamics is C.dynamics for the keys in its scope (§14.13): the river
// (dry, wet or soaked after N steps, over the uniquely named objects), the
// flood (how many rows are flooded after N steps) and the fire (whether a
// burning row still burns after N steps), in that order. Each asks one
// probe per answer it can have (the fire: a yes and a no), its target and
// N drawn for that answer, so that the answers are spread by design.
func (u *unit) dynamics() {
	if !u.e.Dynamics {
		return
	}
	s := u.cur
	later := make([]*State, dynamicsHorizons+1)
	later[0] = s
	for n := 1; n <= dynamicsHorizons; n++ {
		later[n] = later[n-1].Clone()
		later[n].Step()
	}
	type cand struct{ i, n int }
	var river []cand
	hasRiver := false
	for i, o := range s.Objects {
		if s.Level.At(o.Pos).Terrain == River {
			hasRiver = true
		}
		if unique(s, i) && o.Kind != Door && !o.Kind.text() {
			for n := 1; n <= dynamicsHorizons; n++ {
				river = append(river, cand{i, n})
			}
		}
	}
	if hasRiver {
		for _, class := range []string{"dry", "soaked", "wet"} {
			var of []cand
			for _, c := range river {
				if later[c.n].Objects[c.i].Condition() == class {
					of = append(of, c)
				}
			}
			if len(of) == 0 {
				continue
			}
			c := worlds.Pick(u.st, of)
			u.add(probe{template: "C.dynamics",
				question: moreSteps(c.n) + ", will the " + s.Objects[c.i].Name() + " be dry, wet or soaked?",
				answer:   worlds.Enum, key: "condition", options: []string{"dry", "soaked", "wet"}, gold: worlds.GoldEnum(class)})
		}
	}
	if len(floodSchedule(s.Level)) > 0 {
		byRows := map[int][]int{}
		var counts []int
		for n := 1; n <= dynamicsHorizons; n++ {
			r := floodedRows(s.Level, s.T+n)
			if byRows[r] == nil {
				counts = append(counts, r)
			}
			byRows[r] = append(byRows[r], n)
		}
		for range min(3, len(counts)) {
			r := worlds.Take(u.st, &counts)
			n := worlds.Pick(u.st, byRows[r])
			u.add(probe{template: "C.dynamics", question: moreSteps(n) + ", how many rows will be flooded?",
				answer: worlds.Int, key: "rows", values: worlds.SchemaInt, gold: worlds.GoldInt(r)})
		}
	}
	var rows []int
	for r := range s.Level.Rows {
		if !fireRow(s, r) {
			continue
		}
		yes, no := false, false
		for n := 1; n <= dynamicsHorizons; n++ {
			yes, no = yes || fireRow(later[n], r), no || !fireRow(later[n], r)
		}
		if yes && no {
			rows = append(rows, r)
		}
	}
	if len(rows) > 0 {
		r := worlds.Pick(u.st, rows)
		for _, burning := range []bool{true, false} {
			var ns []int
			for n := 1; n <= dynamicsHorizons; n++ {
				if fireRow(later[n], r) == burning {
					ns = append(ns, n)
				}
			}
			n := worlds.Pick(u.st, ns)
			u.add(probe{template: "C.dynamics",
				question: moreSteps(n) + ", will the fire in row " + strconv.Itoa(r) + " still be burning?",
				answer:   worlds.Bool, key: "burning", values: worlds.SchemaBool, gold: worlds.GoldBool(burning)})
		}
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

// plate is C.plate, for every pressure plate that opens a door: whether the
// door would be open if a boulder came to rest on the plate (yes), the
// same for a door the plate does not open and that is not open (no; with
// the first, a pair), and whether its door would be open once a boulder
// had rested on the plate and left it (yes for effect trigger, no for
// effect open). The memory view states each plate's effect and door.
func (u *unit) plate() {
	if u.view != Memory {
		return
	}
	s := u.cur
	for _, pl := range s.Level.Plates {
		cell, ok1 := s.Level.plateCell(pl.Index)
		door, ok2 := s.Level.plateTarget(pl)
		if !ok1 || !ok2 || s.ObjectAt(door) < 0 {
			continue
		}
		var foils []Pos
		for _, o := range s.Objects {
			if o.Kind == Door && o.Pos != door && o.State != Open {
				foils = append(foils, o.Pos)
			}
		}
		platePos, doorPos := compassPhrase(s.Agent, cell), compassPhrase(s.Agent, door)
		on := "If a boulder came to rest on the pressure plate " + platePos + ", would the door "
		if len(foils) > 0 {
			foil := worlds.Pick(u.st, foils)
			for _, d := range []Pos{door, foil} {
				u.add(probe{template: "C.plate", question: on + compassPhrase(s.Agent, d) + " be open?",
					answer: worlds.Bool, key: "open", values: worlds.SchemaBool, gold: worlds.GoldBool(s.doorOpenWith(d, pl, true, false))})
			}
		}
		u.add(probe{template: "C.plate",
			question: "If a boulder came to rest on the pressure plate " + platePos + " and then left it, would the door " + doorPos + " be open?",
			answer:   worlds.Bool, key: "open", values: worlds.SchemaBool, gold: worlds.GoldBool(s.doorOpenWith(door, pl, false, true))})
	}
}

// doorOpenWith reports whether the door at d would be open with plate pl
// weighted or not and triggered before or not, every other plate as it is:
// a door is open when its level file shows it open or a plate holds it so.
func (s *State) doorOpenWith(d Pos, pl Plate, weighted, triggered bool) bool {
	i := s.Level.objectAt(d)
	if i >= 0 && s.Level.Objects[i].State == Open {
		return true
	}
	for _, q := range s.Level.Plates {
		target, ok := s.Level.plateTarget(q)
		if !ok || target != d {
			continue
		}
		if q.Index == pl.Index {
			if plateOpens(q, weighted, triggered) {
				return true
			}
			continue
		}
		if cell, ok := s.Level.plateCell(q.Index); ok && plateOpens(q, s.boulderOn(cell), false) {
			return true
		}
	}
	return false
}
