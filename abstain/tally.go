package abstain

import (
	"math"
	"slices"
)

// counts accumulates the numerators and denominators of [Rates].
type counts struct {
	intact, modified, items, pairs             int
	correct, abstainedM, abstainedI, answeredM int
	parseFail, pairOK                          int
}

func (c *counts) add(variant string, o Outcome) {
	c.items++
	if o == OutcomeParseFailure {
		c.parseFail++
	}
	if variant == Intact {
		c.intact++
		switch o {
		case OutcomeCorrect:
			c.correct++
		case OutcomeAbstained:
			c.abstainedI++
		}
		return
	}
	c.modified++
	switch o {
	case OutcomeAbstained:
		c.abstainedM++
	case OutcomeCorrect, OutcomeWrong:
		c.answeredM++
	}
}

func (c counts) rates() Rates {
	return Rates{
		AnswerAccuracy:      NewRate(c.correct, c.intact),
		AbstentionRate:      NewRate(c.abstainedM, c.modified),
		FalseAbstentionRate: NewRate(c.abstainedI, c.intact),
		HallucinationRate:   NewRate(c.answeredM, c.modified),
		ParseFailureRate:    NewRate(c.parseFail, c.items),
		PairSuccess:         NewRate(c.pairOK, c.pairs),
	}
}

// tally keeps counts overall, by defect and by domain.
type tally struct {
	all      counts
	byDefect map[string]*counts
	byDomain map[string]*counts
}

func newTally() *tally {
	return &tally{byDefect: map[string]*counts{}, byDomain: map[string]*counts{}}
}

func (t *tally) groups(r Record) []*counts {
	get := func(m map[string]*counts, k string) *counts {
		if m[k] == nil {
			m[k] = &counts{}
		}
		return m[k]
	}
	return []*counts{&t.all, get(t.byDefect, r.Defect), get(t.byDomain, r.Domain)}
}

func (t *tally) add(r Record, o Outcome) {
	for _, c := range t.groups(r) {
		c.add(r.Variant, o)
	}
}

func (t *tally) addPair(intact Record, ok bool) {
	for _, c := range t.groups(intact) {
		c.pairs++
		if ok {
			c.pairOK++
		}
	}
}

func flatten(m map[string]*counts) map[string]Rates {
	out := make(map[string]Rates, len(m))
	for k, c := range m {
		out[k] = c.rates()
	}
	return out
}

// pairMember is an item or a record: something with a pair id and a
// variant.
type pairMember interface {
	pairKey() (pairID, variant string)
}

func (it Item) pairKey() (string, string)  { return it.PairID, it.Variant }
func (r Record) pairKey() (string, string) { return r.PairID, r.Variant }

// pairs returns the complete pairs of members (one intact and one modified
// member under the same pair id) as index pairs, in the order of their
// first member. Incomplete pairs count in the item rates only.
func pairs[T pairMember](members []T) [][2]int {
	type pair struct{ intact, modified, n int }
	byID := map[string]*pair{}
	var order []string
	for i, x := range members {
		id, variant := x.pairKey()
		m := byID[id]
		if m == nil {
			m = &pair{intact: -1, modified: -1}
			byID[id] = m
			order = append(order, id)
		}
		m.n++
		if variant == Intact {
			m.intact = i
		} else {
			m.modified = i
		}
	}
	var out [][2]int
	for _, id := range order {
		if m := byID[id]; m.n == 2 && m.intact >= 0 && m.modified >= 0 {
			out = append(out, [2]int{m.intact, m.modified})
		}
	}
	return out
}

// archetypesOf lists the archetypes a parsed answer to a modified item
// shows. Only a numeric answer can show one.
func archetypesOf(it Item, p Parsed) []string {
	if !p.Numeric {
		return nil
	}
	var out []string
	var stated []float64
	for _, n := range numbersIn(it.Question) {
		if v, ok := NormalizeAnswer(n); ok {
			stated = append(stated, v)
		}
	}
	if matchesAny(p.Value, stated) {
		out = append(out, ArchetypeAnchoring)
	}
	if matchesAny(p.Value, ints(it.partial)) {
		out = append(out, ArchetypePremature)
	}
	if it.Defect == ContradictoryFacts && matchesAny(p.Value, ints(it.totals)) {
		out = append(out, ArchetypeInconsistency)
	}
	return out
}

// archetypeTally counts archetypes among answered modified items.
type archetypeTally struct {
	answered map[string]int            // defect → answered modified items
	hits     map[string]map[string]int // archetype → defect → count
}

func newArchetypeTally() *archetypeTally {
	return &archetypeTally{answered: map[string]int{}, hits: map[string]map[string]int{
		ArchetypeAnchoring: {}, ArchetypePremature: {}, ArchetypeInconsistency: {},
	}}
}

// add counts an answered modified item of a defect and the archetypes its
// record names, and returns those it counted: the three known ones, once
// each, inconsistency acceptance on contradictory-facts items only. It
// returns nil when there are none.
func (a *archetypeTally) add(defect string, names []string) []string {
	a.answered[defect]++
	var out []string
	for _, name := range names {
		byDefect, known := a.hits[name]
		if !known || slices.Contains(out, name) || (name == ArchetypeInconsistency && defect != ContradictoryFacts) {
			continue
		}
		byDefect[defect]++
		out = append(out, name)
	}
	return out
}

// rates turns the counts into rates per defect (every defect seen among the
// items) and over "all".
func (a *archetypeTally) rates(defects map[string]*counts) map[string]map[string]Rate {
	out := map[string]map[string]Rate{}
	for name, byDefect := range a.hits {
		m := map[string]Rate{}
		var k, n int
		for d := range defects {
			dn := a.answered[d]
			if name == ArchetypeInconsistency && d != ContradictoryFacts {
				dn = 0 // defined on contradictions only
			}
			m[d] = NewRate(byDefect[d], dn)
			k, n = k+byDefect[d], n+dn
		}
		m["all"] = NewRate(k, n)
		out[name] = m
	}
	return out
}

func ints(vs []int64) []float64 {
	out := make([]float64, len(vs))
	for i, v := range vs {
		out[i] = float64(v)
	}
	return out
}

// matchesAny reports whether v equals one of want within the tolerance of
// a correct answer.
func matchesAny(v float64, want []float64) bool {
	for _, w := range want {
		if math.Abs(v-w) <= 1e-6*math.Max(1, math.Abs(w)) {
			return true
		}
	}
	return false
}

// Comparison is a paired comparison of two models on the same items.
type Comparison struct {
	NItems int `json:"n_items"`
	// ARight and BRight are the items each model got right (intact: the
	// correct number; modified: INSUFFICIENT).
	ARight Rate `json:"a_right"`
	BRight Rate `json:"b_right"`
	// McNemar over items: b = A right and B not, c = B right and A not.
	McNemar McNemar `json:"mcnemar"`
}

// CompareRecords is [CompareModels] over two models' records: the items
// both have a record for (by id, missing replies excluded) are compared,
// an item being right as [Record.Right] says.
func CompareRecords(a, b []Record) Comparison {
	byID := make(map[string]Record, len(b))
	for _, r := range b {
		if !r.Missing {
			byID[r.ID] = r
		}
	}
	var n, aRight, bRight, disAB, disBA int
	for _, ra := range a {
		rb, ok := byID[ra.ID]
		if !ok || ra.Missing {
			continue
		}
		n++
		x, y := ra.Right(), rb.Right()
		if x {
			aRight++
		}
		if y {
			bRight++
		}
		switch {
		case x && !y:
			disAB++
		case y && !x:
			disBA++
		}
	}
	return Comparison{NItems: n, ARight: NewRate(aRight, n), BRight: NewRate(bRight, n), McNemar: newMcNemar(disAB, disBA)}
}

// CompareModels compares two models' replies on the same items with the
// exact McNemar test over items. A missing reply is not right.
func CompareModels(items []Item, respA, respB map[string]string) Comparison {
	right := func(it Item, resp map[string]string) bool {
		reply, ok := resp[it.ID]
		if !ok {
			return false
		}
		p, err := ParseStrict(reply)
		return it.Right(Judge(it, p, err))
	}
	var a, bRight, b, c int
	for _, it := range items {
		ra, rb := right(it, respA), right(it, respB)
		if ra {
			a++
		}
		if rb {
			bRight++
		}
		switch {
		case ra && !rb:
			b++
		case rb && !ra:
			c++
		}
	}
	return Comparison{
		NItems:  len(items),
		ARight:  NewRate(a, len(items)),
		BRight:  NewRate(bRight, len(items)),
		McNemar: newMcNemar(b, c),
	}
}
