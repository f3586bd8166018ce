package grid

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/hallumaze/hallumaze/worlds"
)

// The questions asked after a walk are fixed by the level, the seed and
// the view (the plan), whatever the walk: so the interactive episode and
// the static one ask the same questions, each about its own walk. Their
// golds come from the walk, through what each observation showed:
//
//   - a cell is known in observation k when the view showed what is on
//     it: ascii, a cell seen in the field of view (not the agent's own);
//     symbolic, a seen cell holding an object it lists, or any cell but a
//     wall when it says the whole area is in view; memory, every cell;
//   - walk-cell, "Is there a <name> at row r, col c?": UNKNOWN when no
//     observation knew the cell (category U), else what the last one that
//     knew it showed there (P when that is the last observation, else M);
//   - walk-union (X), the different objects of a kind the views listed;
//   - walk-total, the objects of a kind in the level, determined only by
//     a view that showed the whole area (U when none did);
//   - own-moves, own-blocked, own-stood, own-reached (M): the walk's own
//     actions as the world told them;
//   - walk-ahead (C, ascii only): where one more forward move would take
//     the agent, from the cell ahead the last observation shows.
//
// Objects move only in rivers, and leave a river onto a cell beside it:
// no question names a cell in a river or beside one, or a kind with an
// object there.

// navQuestion is one question of a plan.
type navQuestion struct {
	typ  string
	cell Pos
	name string
	kind Kind
}

// The probe types of a walk's questions.
const (
	WalkCell   = "walk-cell"
	WalkUnion  = "walk-union"
	WalkTotal  = "walk-total"
	WalkAhead  = "walk-ahead"
	OwnMoves   = "own-moves"
	OwnBlocked = "own-blocked"
	OwnStood   = "own-stood"
	OwnReached = "own-reached"
)

// planNav draws the questions of spec, from the InNav stream of its seed,
// in this order: two objects asked by their own name; two foils (in the
// ascii and memory views, coin() between an empty cell and an object's
// cell asked with another name; in the symbolic view, which never shows
// an empty cell, an object's cell); the kind of walk-union and of
// walk-total; one cell the scripted walk stood on and one it did not.
func planNav(spec NavSpec) ([]navQuestion, error) {
	script, err := ScriptedWalk(spec)
	if err != nil {
		return nil, err
	}
	s0 := script.obs[0]
	lv := spec.Level
	st := worlds.NewStream(spec.Seed, worlds.StreamInNav)
	still := func(p Pos) bool { return !nearRiver(lv, p) }
	names := map[string]int{}
	for _, o := range s0.Objects {
		names[o.Name()]++
	}
	var objs []int // uniquely named objects on still cells, (row, col) order
	for i, o := range s0.Objects {
		if names[o.Name()] == 1 && still(o.Pos) {
			objs = append(objs, i)
		}
	}
	var uniqueNames []string
	for _, i := range objs {
		uniqueNames = append(uniqueNames, s0.Objects[i].Name())
	}
	slices.Sort(uniqueNames)
	var out []navQuestion
	for range 2 {
		if len(objs) == 0 {
			break
		}
		o := s0.Objects[worlds.Take(st, &objs)]
		out = append(out, navQuestion{typ: WalkCell, cell: o.Pos, name: o.Name()})
	}
	var empties []Pos
	for r := range lv.Rows {
		for c := range lv.Cols {
			p := Pos{r, c}
			if p != script.start && still(p) && s0.Passable(p) && s0.ObjectAt(p) < 0 {
				empties = append(empties, p)
			}
		}
	}
	for range 2 {
		canEmpty := spec.View != Symbolic && len(empties) > 0 && len(uniqueNames) > 0
		canOther := len(objs) > 0 && len(uniqueNames) > 1
		switch {
		case canEmpty && (!canOther || st.Coin()):
			p := worlds.Take(st, &empties)
			out = append(out, navQuestion{typ: WalkCell, cell: p, name: worlds.Pick(st, uniqueNames)})
		case canOther:
			o := s0.Objects[worlds.Take(st, &objs)]
			others := slices.DeleteFunc(slices.Clone(uniqueNames), func(n string) bool { return n == o.Name() })
			out = append(out, navQuestion{typ: WalkCell, cell: o.Pos, name: worlds.Pick(st, others)})
		}
	}
	var union, total []Kind
	for _, k := range countKinds {
		present, moving := false, false
		for _, o := range s0.Objects {
			if o.Kind == k {
				present = true
				moving = moving || !still(o.Pos)
			}
		}
		if present && !moving {
			union = append(union, k)
		}
		if present && k != Door {
			total = append(total, k)
		}
	}
	if len(union) > 0 {
		out = append(out, navQuestion{typ: WalkUnion, kind: worlds.Pick(st, union)})
	}
	if len(total) > 0 {
		out = append(out, navQuestion{typ: WalkTotal, kind: worlds.Pick(st, total)})
	}
	out = append(out, navQuestion{typ: OwnMoves}, navQuestion{typ: OwnBlocked})
	stood := map[Pos]bool{}
	for _, s := range script.obs {
		stood[s.Agent] = true
	}
	var on, off []Pos
	for _, p := range reachableCells(s0, script.start) {
		if p != script.start && still(p) {
			if stood[p] {
				on = append(on, p)
			} else {
				off = append(off, p)
			}
		}
	}
	byRowCol := func(a, b Pos) int {
		if a.Row != b.Row {
			return a.Row - b.Row
		}
		return a.Col - b.Col
	}
	slices.SortFunc(on, byRowCol)
	slices.SortFunc(off, byRowCol)
	if len(on) > 0 {
		out = append(out, navQuestion{typ: OwnStood, cell: worlds.Pick(st, on)})
	}
	if len(off) > 0 {
		out = append(out, navQuestion{typ: OwnStood, cell: worlds.Pick(st, off)})
	}
	if len(script.targets) > 0 {
		out = append(out, navQuestion{typ: OwnReached})
	}
	if spec.View == ASCII {
		out = append(out, navQuestion{typ: WalkAhead})
	}
	return out, nil
}

// nearRiver reports whether p is a river cell or beside one.
func nearRiver(lv *Level, p Pos) bool {
	if lv.At(p).Terrain == River {
		return true
	}
	for d := range Dir(4) {
		if lv.At(p.Add(d, 1)).Terrain == River {
			return true
		}
	}
	return false
}

// known reports whether observation k showed what is on cell p.
func (n *Nav) known(k int, p Pos) bool {
	s := n.obs[k]
	if !s.Level.In(p) {
		return false
	}
	switch n.spec.View {
	case Memory:
		return true
	case ASCII:
		return p != s.Agent && n.fov(k).Visible(p)
	}
	if p == s.Agent {
		return false
	}
	f := n.fov(k)
	if f.Visible(p) && s.ObjectAt(p) >= 0 {
		return true
	}
	return s.Level.At(p).Terrain != Wall && wholeArea(s, f)
}

// whole reports whether observation k showed the whole area.
func (n *Nav) whole(k int) bool {
	if n.spec.View == Memory {
		return true
	}
	return wholeArea(n.obs[k], n.fov(k))
}

// question is one planned question asked of this walk: its category,
// question text, answer contract and gold.
func (n *Nav) question(q navQuestion) probe {
	last := len(n.obs) - 1
	stats := n.Stats()
	switch q.typ {
	case WalkCell:
		pr := probe{template: "U." + WalkCell, question: "Is there a " + q.name + " at " + rowCol(q.cell) + "?",
			answer: worlds.Bool, key: "present", values: worlds.SchemaBool, gold: worlds.GoldUnknown()}
		for k := last; k >= 0; k-- {
			if !n.known(k, q.cell) {
				continue
			}
			i := n.obs[k].ObjectAt(q.cell)
			pr.gold = worlds.GoldBool(i >= 0 && n.obs[k].Objects[i].Name() == q.name)
			pr.template = "M." + WalkCell
			if k == last {
				pr.template = "P." + WalkCell
			}
			break
		}
		return pr
	case WalkUnion:
		cells := map[Pos]bool{}
		for k := range n.obs {
			for _, o := range n.obs[k].Objects {
				if o.Kind == q.kind && n.known(k, o.Pos) {
					cells[o.Pos] = true
				}
			}
		}
		return probe{template: "X." + WalkUnion, question: "Counting the whole walk, how many different " + q.kind.plural() + " did you see?",
			answer: worlds.Int, key: "count", values: worlds.SchemaInt, gold: worlds.GoldInt(len(cells))}
	case WalkTotal:
		pr := probe{template: "U." + WalkTotal, question: "How many " + q.kind.plural() + " are there in the whole level?",
			answer: worlds.Int, key: "count", values: worlds.SchemaInt, gold: worlds.GoldUnknown()}
		for k := last; k >= 0; k-- {
			if n.whole(k) {
				count := 0
				for _, o := range n.obs[k].Objects {
					if o.Kind == q.kind {
						count++
					}
				}
				pr.gold, pr.template = worlds.GoldInt(count), "M."+WalkTotal
				if k == last {
					pr.template = "P." + WalkTotal
				}
				break
			}
		}
		return pr
	case OwnMoves:
		return probe{template: "M." + OwnMoves, question: "How many times did you move forward 1 step during the walk?",
			answer: worlds.Int, key: "moves", values: worlds.SchemaInt, gold: worlds.GoldInt(stats.Moves)}
	case OwnBlocked:
		return probe{template: "M." + OwnBlocked, question: "How many times was your move forward blocked during the walk?",
			answer: worlds.Int, key: "blocked", values: worlds.SchemaInt, gold: worlds.GoldInt(stats.Blocked)}
	case OwnStood:
		stood := false
		for _, s := range n.obs {
			stood = stood || s.Agent == q.cell
		}
		return probe{template: "M." + OwnStood, question: "Did you stand on the cell at " + rowCol(q.cell) + " at any time during the walk?",
			answer: worlds.Bool, key: "stood", values: worlds.SchemaBool, gold: worlds.GoldBool(stood)}
	case OwnReached:
		return probe{template: "M." + OwnReached, question: "How many of the places did you reach?",
			answer: worlds.Int, key: "reached", values: worlds.SchemaInt, gold: worlds.GoldInt(stats.Reached)}
	case WalkAhead:
		s := n.Last()
		at := s.Agent
		if next := at.Add(s.Facing, 1); s.Passable(next) {
			at = next
		}
		return probe{template: "C." + WalkAhead, question: "If you now moved forward 1 step, at which row and column would you stand?",
			answer: worlds.Coordinate, key: "cell", values: "row,col", gold: worlds.GoldPair(at.Row, at.Col)}
	}
	panic("grid: unknown walk question " + q.typ)
}

// Questions are the questions of spec asked of this walk, which must have
// ended, as probe records of the arm: ids
// grid/<level>/s<seed>/<view>/<arm>/q<NN> in the plan's order, the same
// for both arms. Each record's context is its question message; the first
// question's message follows the walk (the static arm's whole walk, or
// the message that ended the interactive arm's: its closing line, after
// the last observation when the budget ended it) and holds it.
func (n *Nav) Questions(arm string) ([]worlds.Probe, error) {
	if !n.Done() {
		return nil, fmt.Errorf("grid: the walk of %s has not ended", n.spec.Name)
	}
	plan, err := planNav(n.spec)
	if err != nil {
		return nil, err
	}
	sp := n.spec
	out := make([]worlds.Probe, 0, len(plan))
	for i, q := range plan {
		p := n.question(q)
		cat, typ, _ := cutTemplate(p.template)
		schema := worlds.Schema(p.key, p.values)
		ctx := worlds.QuestionMessage(p.question, schema)
		if i == 0 {
			ctx = worlds.FirstQuestion(arm, n.last(), n.Walk(), ctx)
		}
		out = append(out, worlds.Probe{
			ID:    fmt.Sprintf("%s/%s/s%d/%s/%s/q%02d", worlds.Grid, sp.Name, sp.Seed, sp.View, arm, i),
			World: worlds.Grid, Level: sp.Name, Seed: sp.Seed, View: sp.View,
			Category: cat, ProbeType: typ, Template: p.template, Question: p.question,
			AnswerType: p.answer, Key: p.key, Schema: schema, Gold: p.gold,
			Context: ctx, Source: "generated", Meta: []byte(`{"arm":` + strconv.Quote(arm) + `}`),
		})
	}
	return out, nil
}
