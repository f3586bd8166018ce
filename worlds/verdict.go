package worlds

import (
	"strings"
	"unique"
)

// Verdict is how one probe fared: what the scorer needs of the probe (its
// id, the tags it is counted under, whether it is answerable, its conflict
// flag) and of the reply (the outcome, the value read and the judgement).
// A verdict holds no question and no reply, so a report can be scored from
// verdicts kept in a results file ([ScoreVerdicts]).
//
//	right          = (answer and value = gold) or (abstain and gold UNKNOWN)
//	hallucinated   = answer and not right
//	over_abstained = abstain and gold not UNKNOWN
//
// TestimonyFollowing is set on probes that carry testimony (X fact probes):
// whether the reply answered the testimony's value. A verdict with Missing
// set stands for a probe that got no reply; it counts as a parse failure.
type Verdict struct {
	ID        string   `json:"id"`
	World     string   `json:"world"`
	Level     string   `json:"level"`
	View      string   `json:"view"`
	Category  Category `json:"category"`
	ProbeType string   `json:"probe_type"`
	// Key is the answer key the schema names; with world, probe type and
	// view it is what a reader of the question alone knows ([PriorKey]).
	Key        string `json:"key,omitempty"`
	Answerable bool   `json:"answerable"`
	Conflict   *bool  `json:"conflict"`
	// Gold is the gold's canonical string (for a member gold, the accepted
	// values joined by ","), for a reader.
	Gold    string  `json:"gold"`
	Outcome Outcome `json:"outcome"`
	// Value is the canonical value read, cut to [MaxVerdictValue] bytes.
	Value         string `json:"value,omitempty"`
	Reason        string `json:"reason,omitempty"`
	ExactContract bool   `json:"exact_contract"`
	Right         bool   `json:"right"`
	Hallucinated  bool   `json:"hallucinated"`
	OverAbstained bool   `json:"over_abstained"`
	// TestimonyFollowing is null unless the probe carries testimony.
	TestimonyFollowing *bool `json:"testimony_following"`
	// PriorRight is whether the question-only prior ([DefaultPrior]) is
	// right on the probe; null when the prior does not know its key.
	PriorRight *bool `json:"prior_right,omitempty"`
	Missing    bool  `json:"missing,omitempty"`
}

// Shared is the verdict with what the verdicts of a world have in common
// made canonical: the world, level, view, category, probe type and key
// strings (unique.Make) and the three optional booleans (pointers to one
// true and one false), so that a summary holding many verdicts holds
// those once. The verdict is otherwise the same; nothing may write through
// its boolean pointers.
func (v Verdict) Shared() Verdict {
	s := func(x string) string { return unique.Make(x).Value() }
	v.World, v.Level, v.View, v.ProbeType, v.Key = s(v.World), s(v.Level), s(v.View), s(v.ProbeType), s(v.Key)
	v.Category = Category(s(string(v.Category)))
	v.Conflict, v.TestimonyFollowing, v.PriorRight = sharedBool(v.Conflict), sharedBool(v.TestimonyFollowing), sharedBool(v.PriorRight)
	return v
}

// yes and no are the booleans a shared verdict points to.
var yes, no = true, false

func sharedBool(b *bool) *bool {
	switch {
	case b == nil:
		return nil
	case *b:
		return &yes
	}
	return &no
}

// MaxVerdictValue bounds the value a verdict keeps: enough for any answer a
// schema asks for, and a huge set answer does not bloat a results file.
const MaxVerdictValue = 256

// Judge parses a reply to a probe and judges it.
func Judge(p Probe, reply string) Verdict {
	return JudgeParsed(p, Parse(p, reply))
}

// JudgeParsed judges what [Parse] read from a reply to the probe.
func JudgeParsed(p Probe, parsed Parsed) Verdict {
	v := verdictOf(p)
	v.Outcome, v.Reason, v.ExactContract = parsed.Outcome, parsed.Reason, parsed.ExactContract
	switch parsed.Outcome {
	case OutcomeAnswer:
		v.Value = clip(parsed.Value, MaxVerdictValue)
		v.Right = matchesGold(p, parsed.Value)
		v.Hallucinated = !v.Right
	case OutcomeAbstain:
		v.Right = !p.Answerable()
		v.OverAbstained = p.Answerable()
	default:
		v.Outcome = OutcomeParseFailure
	}
	if p.Testimony != nil {
		follows := parsed.Outcome == OutcomeAnswer && parsed.Value == canonicalOf(p, *p.Testimony)
		v.TestimonyFollowing = &follows
	}
	return v
}

// MissingVerdict is the verdict of a probe that got no reply.
func MissingVerdict(p Probe) Verdict {
	v := verdictOf(p)
	v.Outcome, v.Reason, v.Missing = OutcomeParseFailure, "no reply", true
	if p.Testimony != nil {
		v.TestimonyFollowing = new(bool)
	}
	return v
}

func verdictOf(p Probe) Verdict {
	v := Verdict{
		ID: p.ID, World: p.World, Level: p.Level, View: p.View, Category: p.Category,
		ProbeType: p.ProbeType, Key: p.Key, Answerable: p.Answerable(), Conflict: p.Conflict,
		Gold: p.Gold.Canonical(),
	}
	if a, ok := DefaultPrior().Answer(p); ok {
		r := Right(p, a)
		v.PriorRight = &r
	}
	return v
}

// matchesGold reports whether a canonical value read from a reply is the
// probe's gold: one of a member gold's values, or else the gold's value
// read the way a reply's value is (so a set gold compares as a set and a
// pair as a pair).
func matchesGold(p Probe, value string) bool {
	g := p.Gold
	if g.Unknown {
		return false
	}
	if g.Members != nil {
		for _, m := range g.Members {
			if m == value || strings.ToLower(m) == value {
				return true
			}
		}
		return false
	}
	return value == canonicalOf(p, g.Value)
}

// canonicalOf reads a gold or testimony value the way a reply's value is
// read; a value that does not read stays as it is.
func canonicalOf(p Probe, s string) string {
	c, reason := readValue(p, Normalize(s))
	if reason != "" {
		return s
	}
	return c
}

// judged is a verdict's outcome and judgement as the scorer counts them,
// derived again from the outcome, right and answerable so that a verdict
// read from a file cannot count as both right and hallucinated: a missing
// reply or an outcome that is none of the three is a parse failure, and
// right on an answer means the value was the gold.
type judged struct {
	outcome                   Outcome
	right, hallucinated, over bool
	follows, exact            bool
}

func (v Verdict) judged() judged {
	o := v.Outcome
	if v.Missing || !o.Valid() {
		o = OutcomeParseFailure
	}
	j := judged{outcome: o}
	switch o {
	case OutcomeAnswer:
		j.right = v.Right
		j.hallucinated = !v.Right
		j.follows = v.TestimonyFollowing != nil && *v.TestimonyFollowing
		j.exact = v.ExactContract
	case OutcomeAbstain:
		j.right = !v.Answerable
		j.over = v.Answerable
		j.exact = v.ExactContract
	}
	return j
}
