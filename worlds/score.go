package worlds

import "github.com/hallumaze/hallumaze/scoring"

// Rate is k successes of n with its Wilson 95% interval ([scoring.Rate]);
// in JSON {"k", "n", "rate", "ci95"}.
type Rate = scoring.Rate

// Rates are the suite's rates over one group of probes. A rate whose
// denominator is zero in the group is nil (JSON null): undefined, not 0.
//
//	accuracy             right / n
//	hallucination_rate   hallucinated / n
//	parse_failure_rate   parse failures / n
//	abstention_recall    (abstain and gold UNKNOWN) / gold UNKNOWN
//	abstention_precision (abstain and gold UNKNOWN) / abstentions
//	over_abstention      (abstain and answerable) / answerable
//	over_abstention_u    the same over the answerable U twins only
//	testimony_following  answers equal to the testimony / X probes with conflict true
//	halluworld_rate      (n − parse failures − right) / (n − parse failures)
//	exact_contract       replies that were the key=value line alone / n
//	prior_accuracy       probes the question-only prior answers right / n
//	accuracy_prime       (accuracy − prior_accuracy) / (1 − prior_accuracy)
//	skill                the same with each abstention on an answerable probe
//	                     scored as the prior's answer (the ranking measure)
//
// halluworld_rate is HalluWorld's own hallucination rate, 1 − right / (n −
// parse failures), for comparison with the paper only; the headline rates
// keep parse failures in n. exact_contract is reported, never scored.
type Rates struct {
	NProbes  int   `json:"n_probes"`
	Accuracy *Rate `json:"accuracy"`
	// PriorAccuracy, AccuracyPrime and Skill are null when a probe of the
	// group has no prior (a verdict kept before the prior existed) or the
	// prior is right on every probe.
	PriorAccuracy       *Rate    `json:"prior_accuracy"`
	AccuracyPrime       *float64 `json:"accuracy_prime"`
	Skill               *float64 `json:"skill"`
	HallucinationRate   *Rate    `json:"hallucination_rate"`
	ParseFailureRate    *Rate    `json:"parse_failure_rate"`
	AbstentionRecall    *Rate    `json:"abstention_recall"`
	AbstentionPrecision *Rate    `json:"abstention_precision"`
	OverAbstention      *Rate    `json:"over_abstention"`
	OverAbstentionU     *Rate    `json:"over_abstention_u"`
	TestimonyFollowing  *Rate    `json:"testimony_following"`
	HalluWorldRate      *Rate    `json:"halluworld_rate"`
	ExactContract       *Rate    `json:"exact_contract"`
}

// rate is k of n with its Wilson interval, or nil when n is zero.
func rate(k, n int) *Rate {
	if n <= 0 {
		return nil
	}
	r := scoring.NewRate(k, n)
	return &r
}

// counts accumulates the numerators and denominators of [Rates].
type counts struct {
	n, right, hallucinated, parseFail, exact int
	unknown, abstainUnknown, abstained       int
	answerable, overAbstained                int
	uTwins, uTwinsOver                       int
	conflicts, follows                       int
	// priorN verdicts carry the prior's judgement, priorRight of them
	// right; overPrior are abstentions on answerable probes the prior
	// answers right.
	priorN, priorRight, overPrior int
}

func (c *counts) add(v *Verdict, j judged) {
	c.n++
	if v.PriorRight != nil {
		c.priorN++
		if *v.PriorRight {
			c.priorRight++
		}
	}
	switch j.outcome {
	case OutcomeParseFailure:
		c.parseFail++
	case OutcomeAbstain:
		c.abstained++
	}
	if j.right {
		c.right++
	}
	if j.hallucinated {
		c.hallucinated++
	}
	if j.exact {
		c.exact++
	}
	abstained := j.outcome == OutcomeAbstain
	if v.Answerable {
		c.answerable++
		if abstained {
			c.overAbstained++
			if v.PriorRight != nil && *v.PriorRight {
				c.overPrior++
			}
		}
		if v.Category == Uncertainty {
			c.uTwins++
			if abstained {
				c.uTwinsOver++
			}
		}
	} else {
		c.unknown++
		if abstained {
			c.abstainUnknown++
		}
	}
	if v.Category == Conflict && v.Conflict != nil && *v.Conflict {
		c.conflicts++
		if j.follows {
			c.follows++
		}
	}
}

// corrected is (x − prior) / (1 − prior) for x = k/n and prior =
// priorRight/n, or nil when it is undefined.
func (c *counts) corrected(k int) *float64 {
	if c.n == 0 || c.priorN != c.n || c.priorRight == c.n {
		return nil
	}
	v := float64(k-c.priorRight) / float64(c.n-c.priorRight)
	return &v
}

func (c *counts) rates() Rates {
	var prior *Rate
	if c.priorN == c.n {
		prior = rate(c.priorRight, c.n)
	}
	return Rates{
		NProbes:             c.n,
		Accuracy:            rate(c.right, c.n),
		PriorAccuracy:       prior,
		AccuracyPrime:       c.corrected(c.right),
		Skill:               c.corrected(c.right + c.overPrior),
		HallucinationRate:   rate(c.hallucinated, c.n),
		ParseFailureRate:    rate(c.parseFail, c.n),
		AbstentionRecall:    rate(c.abstainUnknown, c.unknown),
		AbstentionPrecision: rate(c.abstainUnknown, c.abstained),
		OverAbstention:      rate(c.overAbstained, c.answerable),
		OverAbstentionU:     rate(c.uTwinsOver, c.uTwins),
		TestimonyFollowing:  rate(c.follows, c.conflicts),
		HalluWorldRate:      rate(c.n-c.parseFail-c.right, c.n-c.parseFail),
		ExactContract:       rate(c.exact, c.n),
	}
}

// Report is the score of one model's replies to a set of probes: the rates
// over all of them (n_probes first), the same rates by world, category,
// world and category (keys <world>/<cat>, as grid/P), probe type, view,
// level and, for X probes, by conflict (keys true, false, and none for the
// X probes without a conflict flag: reported speech, san_legal_move); the
// probes that got no reply; and each probe's verdict.
type Report struct {
	Rates
	ByWorld         map[string]Rates `json:"by_world"`
	ByCategory      map[string]Rates `json:"by_category"`
	ByWorldCategory map[string]Rates `json:"by_world_category"`
	ByProbeType     map[string]Rates `json:"by_probe_type"`
	ByView          map[string]Rates `json:"by_view"`
	ByLevel         map[string]Rates `json:"by_level"`
	ByConflict      map[string]Rates `json:"by_conflict"`
	// Missing lists the probes with no reply; they count as parse failures.
	Missing []string `json:"missing"`
	// Unmatched lists reply ids that name no probe; they are ignored.
	Unmatched []string  `json:"unmatched,omitempty"`
	Verdicts  []Verdict `json:"verdicts"`
}

// Score judges replies (probe id → raw reply) against probes and scores
// the verdicts with [ScoreVerdicts]. A probe without a reply counts as a
// parse failure and is listed under Missing; reply ids that name no probe
// are listed under Unmatched, sorted.
func Score(probes []Probe, responses map[string]string) Report {
	verdicts, unmatched := scoring.JudgeAll(probes, func(p Probe) string { return p.ID },
		responses, Judge, MissingVerdict)
	rep := ScoreVerdicts(verdicts)
	rep.Unmatched = unmatched
	return rep
}

// Conflict keys of [Report].ByConflict.
const (
	ConflictTrue  = "true"
	ConflictFalse = "false"
	ConflictNone  = "none"
)

// ScoreVerdicts scores verdicts, one per probe, in the order given: the
// rates overall and by each tag, the missing probes and the verdicts
// themselves. The outcome and judgement are derived again from each
// verdict's outcome, right and answerable (a missing reply or an unknown
// outcome is a parse failure; right counts only on an answer, or on an
// abstention when the gold is UNKNOWN), so verdicts read back from a file
// score as they did when judged.
//
// For the same probes and replies, ScoreVerdicts of the verdicts [Judge]
// and [MissingVerdict] make is the report of [Score], but for Unmatched,
// which only Score can know.
func ScoreVerdicts(verdicts []Verdict) Report {
	var all counts
	byWorld, byCat, byWorldCat := map[string]*counts{}, map[string]*counts{}, map[string]*counts{}
	byType, byView, byLevel, byConflict := map[string]*counts{}, map[string]*counts{}, map[string]*counts{}, map[string]*counts{}
	add := func(m map[string]*counts, key string, v *Verdict, j judged) {
		c := m[key]
		if c == nil {
			c = &counts{}
			m[key] = c
		}
		c.add(v, j)
	}
	rep := Report{Missing: []string{}, Verdicts: verdicts}
	for i := range verdicts {
		v := &verdicts[i]
		j := v.judged()
		if v.Missing {
			rep.Missing = append(rep.Missing, v.ID)
		}
		all.add(v, j)
		add(byWorld, v.World, v, j)
		add(byCat, string(v.Category), v, j)
		add(byWorldCat, v.World+"/"+string(v.Category), v, j)
		add(byType, v.ProbeType, v, j)
		add(byView, v.View, v, j)
		add(byLevel, v.Level, v, j)
		if v.Category == Conflict {
			add(byConflict, conflictKey(v.Conflict), v, j)
		}
	}
	rep.Rates = all.rates()
	rep.ByWorld, rep.ByCategory, rep.ByWorldCategory = flatten(byWorld), flatten(byCat), flatten(byWorldCat)
	rep.ByProbeType, rep.ByView, rep.ByLevel = flatten(byType), flatten(byView), flatten(byLevel)
	rep.ByConflict = flatten(byConflict)
	return rep
}

func conflictKey(c *bool) string {
	switch {
	case c == nil:
		return ConflictNone
	case *c:
		return ConflictTrue
	}
	return ConflictFalse
}

func flatten(m map[string]*counts) map[string]Rates {
	out := make(map[string]Rates, len(m))
	for k, c := range m {
		out[k] = c.rates()
	}
	return out
}
