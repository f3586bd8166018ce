package grid

import (
	"slices"

	"github.com/hallumaze/hallumaze/worlds"
)

// The P templates: what the current (last) observation shows. In the
// field-of-view views "see" is the view; the memory view lists every
// object of the area, so its questions ask what is in the area.

// colourOptions are the colour enum's options, sorted.
var colourOptions = sortedNames(Colours)

// stateOptions are the door-state enum's options, sorted.
var stateOptions = []string{"closed", "locked", "open"}

// sortedNames returns the colours' names sorted byte-wise.
func sortedNames(cs []Colour) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	slices.Sort(out)
	return out
}

// isKBX reports whether the object is a key, ball or box.
func isKBX(o Object) bool { return o.Kind == Key || o.Kind == Ball || o.Kind == Box }

// kbxNames are the 18 key, ball and box names, type-major, colours in
// letter order.
var kbxNames = func() []string {
	var out []string
	for _, k := range []Kind{Key, Ball, Box} {
		for _, c := range Colours {
			out = append(out, c.String()+" "+k.String())
		}
	}
	return out
}()

// presence is P.presence, a pair: a key, ball or box the current
// observation shows (yes) and a name of the 18 it shows none of (no).
func (u *unit) presence() {
	last := len(u.e.Obs) - 1
	yes, no := u.namesIn(last)
	if len(yes) == 0 || len(no) == 0 {
		return
	}
	for _, name := range []string{worlds.Pick(u.st, yes), worlds.Pick(u.st, no)} {
		u.add(u.presenceOf(name, u.seenNames(last)[name]))
	}
}

// namesIn splits the 18 key, ball and box names into those observation k
// shows in the unit's view and those it does not.
func (u *unit) namesIn(k int) (shown, not []string) {
	seen := u.seenNames(k)
	for _, n := range kbxNames {
		if seen[n] {
			shown = append(shown, n)
		} else {
			not = append(not, n)
		}
	}
	return shown, not
}

// seenNames are the names of the objects observation k shows.
func (u *unit) seenNames(k int) map[string]bool {
	out := map[string]bool{}
	s := u.e.Obs[k].State
	for _, i := range u.seen(k, u.view) {
		out[s.Objects[i].Name()] = true
	}
	return out
}

// presenceOf asks whether an object of the name is in view (in the area,
// in the memory view).
func (u *unit) presenceOf(name string, gold bool) probe {
	q := "Can you see a " + name + "?"
	if u.view == Memory {
		q = "Is there a " + name + " in this area?"
	}
	return probe{template: "P.presence", question: q, answer: worlds.Bool,
		key: "visible", values: worlds.SchemaBool, gold: worlds.GoldBool(gold)}
}

// kindsOnGrid are the count kinds (key, ball, box, door) with at least one
// object on the grid of observation k, then AnyCounted when there are any.
func (u *unit) kindsOnGrid(k int) []Kind {
	var out []Kind
	for _, kind := range countKinds {
		if slices.ContainsFunc(u.e.Obs[k].State.Objects, func(o Object) bool { return o.Kind == kind }) {
			out = append(out, kind)
		}
	}
	if len(out) > 0 {
		out = append(out, AnyCounted)
	}
	return out
}

// countClass draws a count kind of observation k whose count in view is
// drawn first (pickCount), so that the counts spread over their values;
// false when the observation shows fewer than two keys, balls, boxes and
// doors (every count would be 0 or 1).
func (u *unit) countClass(k int, view string, salt int) (Kind, int, bool) {
	kinds := u.kindsOnGrid(k)
	if len(kinds) == 0 || u.countSeen(k, view, AnyCounted) < 2 {
		return 0, 0, false
	}
	kind := kinds[u.pickCount(upTo(len(kinds)), func(j int) int { return u.countSeen(k, view, kinds[j]) }, salt)]
	return kind, u.countSeen(k, view, kind), true
}

// countSeen counts the objects of kind observation k shows in view.
func (u *unit) countSeen(k int, view string, kind Kind) int {
	n := 0
	s := u.e.Obs[k].State
	for _, i := range u.seen(k, view) {
		if kind.counts(s.Objects[i]) {
			n++
		}
	}
	return n
}

// count is P.count: a kind with an object on the grid (or all four kinds
// at once); the gold counts the objects of that kind the current
// observation shows, any colour. The count is drawn first (countClass).
func (u *unit) count() {
	if k, n, ok := u.countClass(len(u.e.Obs)-1, u.view, saltCount); ok {
		u.add(u.countFact(k, n).probe("P.count"))
	}
}

// fact is a question about one observed fact, shared by the P templates
// and X.claim: its wording, answer contract and truth, and the claim
// sentence that would assert a value of it.
type fact struct {
	question string
	answer   worlds.AnswerType
	key      string
	values   string
	options  []string
	truth    worlds.Gold
	claim    func(value string) string
}

// probe makes the fact's probe under template.
func (f fact) probe(template string) probe {
	return probe{template: template, question: f.question, answer: f.answer, key: f.key,
		values: f.values, options: f.options, gold: f.truth}
}

// countFact is "How many <kind>s can you see?" (in the memory view "How
// many <kind>s are there in this area?").
func (u *unit) countFact(k Kind, n int) fact {
	q := "How many " + k.plural() + " can you see?"
	what := func(v string) string {
		switch {
		case k == AnyCounted:
			return v + " objects that are keys, balls, boxes or doors"
		case v == "1":
			return "1 " + k.String()
		}
		return v + " " + k.plural()
	}
	claim := func(v string) string { return "You can see " + what(v) + "." }
	if u.view == Memory {
		q = "How many " + k.plural() + " are there in this area?"
		claim = func(v string) string {
			if v == "1" && k != AnyCounted {
				return "There is " + what(v) + " in this area."
			}
			return "There are " + what(v) + " in this area."
		}
	}
	return fact{question: q, answer: worlds.Int, key: "count", values: worlds.SchemaInt, truth: worlds.GoldInt(n), claim: claim}
}

// colourFact is "What colour is the <kind> at <pos>?".
func colourFact(o Object, pos string) fact {
	return fact{question: "What colour is the " + o.Kind.String() + " at " + pos + "?", answer: worlds.Enum,
		key: "colour", options: colourOptions, truth: worlds.GoldEnum(o.Colour.String()),
		claim: func(v string) string { return "The " + o.Kind.String() + " at " + pos + " is " + v + "." }}
}

// stateFact is "Is the <colour> door open, closed or locked?".
func stateFact(o Object) fact {
	return fact{question: "Is the " + o.Name() + " open, closed or locked?", answer: worlds.Enum,
		key: "state", options: stateOptions, truth: worlds.GoldEnum(o.State.String()),
		claim: func(v string) string { return "The " + o.Name() + " is " + v + "." }}
}

// attributeFact is the colour question, or the state question for a door.
func (u *unit) attributeFact(i int) fact {
	o := u.cur.Objects[i]
	if o.Kind == Door {
		return stateFact(o)
	}
	return colourFact(o, u.where(u.view, o.Pos))
}

// attribute is P.attribute: the colour of a key, ball or box the current
// observation shows, asked by its position; two objects of different
// colours where the view shows two colours. Each colour is drawn first
// (without replacement), then an object of it (pickClass). (A door's state, the spec's other
// attribute, is not asked: a level has one door or a few of one colour,
// so its states could not be balanced.)
func (u *unit) attribute() {
	last := len(u.e.Obs) - 1
	colour := filter(u.seen(last, u.view), func(i int) bool { return isKBX(u.cur.Objects[i]) })
	for range 2 {
		if len(colour) == 0 {
			return
		}
		i := pickClass(u.st, colour, func(i int) string { return u.cur.Objects[i].Colour.String() })
		u.add(u.attributeFact(i).probe("P.attribute"))
		colour = filter(colour, func(j int) bool { return u.cur.Objects[j].Colour != u.cur.Objects[i].Colour })
	}
}

// location is P.location: where a seen, uniquely named object is, as
// (ahead, lateral) or in the memory view (north, east).
func (u *unit) location() {
	t := u.targets(func(Object) bool { return true })
	if len(t) == 0 {
		return
	}
	u.add(u.locationOf(worlds.Pick(u.st, t)))
}

// locationOf asks where object i is.
func (u *unit) locationOf(i int) probe {
	o := u.cur.Objects[i]
	p := probe{template: "P.location", question: "Where is the " + o.Name() + "?", answer: worlds.Coordinate,
		key: "offset", values: "ahead,lateral"}
	if u.view == Memory {
		p.values = "north,east"
		p.gold = worlds.GoldPair(u.cur.Agent.Row-o.Pos.Row, o.Pos.Col-u.cur.Agent.Col)
	} else {
		a, l := Ego(u.cur.Agent, u.cur.Facing, o.Pos)
		p.gold = worlds.GoldPair(a, l)
	}
	return p
}
