package abstain

// Record is how one item fared: what the scorer needs to know of the item
// (its id, pair, variant, domain and defect) and of the reply (its strict
// and lenient outcomes, and the archetypes its answer shows). A record
// holds no question and no reply, so a report can be scored from records
// kept in a results file, without the items that produced them.
//
// A record with Missing set stands for an item that got no reply: both of
// its outcomes count as parse failures, whatever they say, and its id is
// listed under [Report].Missing.
type Record struct {
	ID      string  `json:"id"`
	PairID  string  `json:"pair_id"`
	Variant string  `json:"variant"` // Intact or Modified
	Domain  string  `json:"domain"`
	Defect  string  `json:"defect"`
	Outcome Outcome `json:"outcome"` // under ParseStrict: the score
	Lenient Outcome `json:"lenient"` // under ParseLenient: reported beside
	// Archetypes are the hallucination archetypes the strict answer shows;
	// only a modified item answered with a number has any.
	Archetypes []string `json:"archetypes,omitempty"`
	Missing    bool     `json:"missing,omitempty"`
	// Exact reports that the reply kept the contract to the letter: the
	// reply is the JSON object and nothing else (see [Exact]). Nil where
	// it is not known (a record written before it was kept).
	Exact *bool `json:"exact,omitempty"`
}

// NewRecord judges a reply to an item under both parsers and names the
// archetypes of its answer when it answers a modified item.
func NewRecord(it Item, reply string) Record {
	r := recordOf(it)
	p, err := ParseStrict(reply)
	r.Outcome = Judge(it, p, err)
	lp, lerr := ParseLenient(reply)
	r.Lenient = Judge(it, lp, lerr)
	if it.Variant == Modified && answered(r.Outcome) {
		r.Archetypes = archetypesOf(it, p)
	}
	exact := Exact(reply)
	r.Exact = &exact
	return r
}

// MissingRecord is the record of an item that got no reply.
func MissingRecord(it Item) Record {
	r := recordOf(it)
	r.Outcome, r.Lenient, r.Missing = OutcomeParseFailure, OutcomeParseFailure, true
	exact := false
	r.Exact = &exact
	return r
}

func recordOf(it Item) Record {
	return Record{ID: it.ID, PairID: it.PairID, Variant: it.Variant, Domain: it.Domain, Defect: it.Defect}
}

// outcomes are the strict and lenient outcomes the scorer counts: parse
// failures for a missing reply, and for an outcome that is none of the four
// (the reply was never judged).
func (r Record) outcomes() (strict, lenient Outcome) {
	if r.Missing {
		return OutcomeParseFailure, OutcomeParseFailure
	}
	return known(r.Outcome), known(r.Lenient)
}

func known(o Outcome) Outcome {
	switch o {
	case OutcomeCorrect, OutcomeWrong, OutcomeAbstained:
		return o
	}
	return OutcomeParseFailure
}

// Right reports whether the strict outcome is what the item wants: the
// correct number on an intact item, INSUFFICIENT on a modified one.
func (r Record) Right() bool {
	o, _ := r.outcomes()
	return right(r.Variant, o)
}

// ScoreRecords scores records: the six rates overall, by defect and by
// domain; McNemar over the complete pairs (an intact and a modified record
// under one pair id, in the order of their first member; incomplete pairs
// count in the item rates only); the lenient rates; the archetype counts;
// the missing items; and each record's outcomes. Records are counted in the
// order given, one per item; n_items is their number.
//
// For the same items and replies, ScoreRecords of the records [NewRecord]
// and [MissingRecord] make is the report of [Score], but for Unmatched,
// which only Score can know.
func ScoreRecords(records []Record) Report {
	strict, lenient := newTally(), newTally()
	outcomes := make([]Outcome, len(records))
	lenientOutcomes := make([]Outcome, len(records))
	rep := Report{NItems: len(records), Missing: []string{}, Items: make([]ItemResult, len(records))}
	arch := newArchetypeTally()
	var exact, known int
	for i, r := range records {
		if r.Exact != nil {
			known++
			if *r.Exact && !r.Missing {
				exact++
			}
		}
		o, lo := r.outcomes()
		if r.Missing {
			rep.Missing = append(rep.Missing, r.ID)
		}
		outcomes[i], lenientOutcomes[i] = o, lo
		strict.add(r, o)
		lenient.add(r, lo)
		rep.Items[i] = ItemResult{ID: r.ID, Outcome: o, Lenient: lo}
		if r.Variant == Modified && answered(o) {
			rep.Items[i].Archetypes = arch.add(r.Defect, r.Archetypes)
		}
	}
	var b, c int
	for _, pr := range pairs(records) {
		in, mod := records[pr[0]], records[pr[1]]
		inOK, modOK := right(in.Variant, outcomes[pr[0]]), right(mod.Variant, outcomes[pr[1]])
		strict.addPair(in, inOK && modOK)
		lenient.addPair(in, right(in.Variant, lenientOutcomes[pr[0]]) && right(mod.Variant, lenientOutcomes[pr[1]]))
		switch {
		case inOK && !modOK:
			b++
		case !inOK && modOK:
			c++
		}
	}
	rep.NPairs = strict.all.pairs
	rep.Rates = strict.all.rates()
	rep.McNemar = newMcNemar(b, c)
	rep.ByDefect, rep.ByDomain = flatten(strict.byDefect), flatten(strict.byDomain)
	rep.Lenient = lenient.all.rates()
	rep.Archetypes = arch.rates(strict.byDefect)
	rep.ContractAdherence = NewRate(exact, known)
	return rep
}
