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

func (c *counts) add(it Item, o Outcome) {
	c.items++
	if o == OutcomeParseFailure {
		c.parseFail++
	}
	if it.Variant == Intact {
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

func (t *tally) groups(it Item) []*counts {
	get := func(m map[string]*counts, k string) *counts {
		if m[k] == nil {
			m[k] = &counts{}
		}
		return m[k]
	}
	return []*counts{&t.all, get(t.byDefect, it.Defect), get(t.byDomain, it.Domain)}
}

func (t *tally) add(it Item, o Outcome) {
	for _, c := range t.groups(it) {
		c.add(it, o)
	}
}

func (t *tally) addPair(intact Item, ok bool) {
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

// pairs returns the complete pairs of items (one intact and one modified
// member under the same pair_id) as index pairs, in the order of their
// first member. Incomplete pairs count in the item rates only.
func pairs(items []Item) [][2]int {
	type members struct{ intact, modified, n int }
	byID := map[string]*members{}
	var order []string
	for i, it := range items {
		m := byID[it.PairID]
		if m == nil {
			m = &members{intact: -1, modified: -1}
			byID[it.PairID] = m
			order = append(order, it.PairID)
		}
		m.n++
		if it.Variant == Intact {
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

// Score scores replies (item id → raw reply) against items under the strict
// parser, with the lenient parser's rates beside. Items without a reply
// count as parse failures and are listed under Missing.
func Score(items []Item, responses map[string]string) Report {
	strict, lenient := newTally(), newTally()
	outcomes := make([]Outcome, len(items))
	lenientOutcomes := make([]Outcome, len(items))
	rep := Report{NItems: len(items), Missing: []string{}, Items: make([]ItemResult, len(items))}
	arch := newArchetypeTally()
	known := make(map[string]bool, len(items))
	for i, it := range items {
		known[it.ID] = true
		reply, ok := responses[it.ID]
		var p Parsed
		o, lo := OutcomeParseFailure, OutcomeParseFailure
		if ok {
			var err error
			p, err = ParseStrict(reply)
			o = Judge(it, p, err)
			lp, lerr := ParseLenient(reply)
			lo = Judge(it, lp, lerr)
		} else {
			rep.Missing = append(rep.Missing, it.ID)
		}
		outcomes[i], lenientOutcomes[i] = o, lo
		strict.add(it, o)
		lenient.add(it, lo)
		rep.Items[i] = ItemResult{ID: it.ID, Outcome: o, Lenient: lo}
		if it.Variant == Modified && o != OutcomeParseFailure && o != OutcomeAbstained {
			rep.Items[i].Archetypes = arch.add(it, p)
		}
	}
	var b, c int
	for _, pr := range pairs(items) {
		in, mod := items[pr[0]], items[pr[1]]
		inOK, modOK := in.Right(outcomes[pr[0]]), mod.Right(outcomes[pr[1]])
		strict.addPair(in, inOK && modOK)
		lenient.addPair(in, in.Right(lenientOutcomes[pr[0]]) && mod.Right(lenientOutcomes[pr[1]]))
		switch {
		case inOK && !modOK:
			b++
		case !inOK && modOK:
			c++
		}
	}
	for id := range responses {
		if !known[id] {
			rep.Unmatched = append(rep.Unmatched, id)
		}
	}
	slices.Sort(rep.Unmatched)
	rep.NPairs = strict.all.pairs
	rep.Rates = strict.all.rates()
	rep.McNemar = newMcNemar(b, c)
	rep.ByDefect, rep.ByDomain = flatten(strict.byDefect), flatten(strict.byDomain)
	rep.Lenient = lenient.all.rates()
	rep.Archetypes = arch.rates(strict.byDefect)
	return rep
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

// add records an answered modified item and returns the archetypes its
// answer shows. Only a numeric answer can show one.
func (a *archetypeTally) add(it Item, p Parsed) []string {
	a.answered[it.Defect]++
	if !p.Numeric {
		return nil
	}
	var out []string
	hit := func(name string) {
		a.hits[name][it.Defect]++
		out = append(out, name)
	}
	var stated []float64
	for _, n := range numbersIn(it.Question) {
		if v, ok := NormalizeAnswer(n); ok {
			stated = append(stated, v)
		}
	}
	if matchesAny(p.Value, stated) {
		hit(ArchetypeAnchoring)
	}
	if matchesAny(p.Value, ints(it.partial)) {
		hit(ArchetypePremature)
	}
	if it.Defect == ContradictoryFacts && matchesAny(p.Value, ints(it.totals)) {
		hit(ArchetypeInconsistency)
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
