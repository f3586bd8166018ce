package grid

import (
	"slices"

	"github.com/hallumaze/hallumaze/worlds"
)

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

// presence is P.presence: a seen, uniquely named key, ball or box (yes),
// then a foil: a (type, colour) pair, type-major, no seen object of which
// has that name (no).
func (u *unit) presence() {
	if t := u.targets(isKBX); len(t) > 0 {
		u.add(u.presenceOf(u.cur.Objects[worlds.Pick(u.st, t)].Name()))
	}
	seen := u.seenNames()
	var foils []string
	for _, k := range []Kind{Key, Ball, Box} {
		for _, c := range Colours {
			if name := c.String() + " " + k.String(); !seen[name] {
				foils = append(foils, name)
			}
		}
	}
	if len(foils) > 0 {
		u.add(u.presenceOf(worlds.Pick(u.st, foils)))
	}
}

// seenNames are the names of the objects the current observation shows.
func (u *unit) seenNames() map[string]bool {
	out := map[string]bool{}
	for _, i := range u.seen(len(u.e.Obs)-1, u.view) {
		out[u.cur.Objects[i].Name()] = true
	}
	return out
}

// presenceOf asks whether an object of the name is in view.
func (u *unit) presenceOf(name string) probe {
	return probe{template: "P.presence", question: "Can you see a " + name + "?", answer: worlds.Bool,
		key: "visible", values: worlds.SchemaBool, gold: worlds.GoldBool(u.seenNames()[name])}
}

// kindsOnGrid are the count kinds (key, ball, box, door) with at least one
// object on the current grid.
func (u *unit) kindsOnGrid() []Kind {
	var out []Kind
	for _, k := range countKinds {
		if slices.ContainsFunc(u.cur.Objects, func(o Object) bool { return o.Kind == k }) {
			out = append(out, k)
		}
	}
	return out
}

// countSeen counts the objects of kind the current observation shows.
func (u *unit) countSeen(k Kind) int {
	n := 0
	for _, i := range u.seen(len(u.e.Obs)-1, u.view) {
		if u.cur.Objects[i].Kind == k {
			n++
		}
	}
	return n
}

// count is P.count: a kind with an object on the grid; the gold counts
// the seen objects of that kind, any colour.
func (u *unit) count() {
	if kinds := u.kindsOnGrid(); len(kinds) > 0 {
		k := worlds.Pick(u.st, kinds)
		u.add(countFact(k, u.countSeen(k)).probe("P.count"))
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

// countFact is "How many <kind>s can you see?".
func countFact(k Kind, n int) fact {
	return fact{question: "How many " + k.plural() + " can you see?", answer: worlds.Int, key: "count",
		values: worlds.SchemaInt, truth: worlds.GoldInt(n),
		claim: func(v string) string {
			if v == "1" {
				return "You can see 1 " + k.String() + "."
			}
			return "You can see " + v + " " + k.plural() + "."
		}}
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

// attribute is P.attribute: a seen, uniquely named key, ball, box or door.
func (u *unit) attribute() {
	t := u.targets(func(o Object) bool { return isKBX(o) || o.Kind == Door })
	if len(t) > 0 {
		u.add(u.attributeFact(worlds.Pick(u.st, t)).probe("P.attribute"))
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
