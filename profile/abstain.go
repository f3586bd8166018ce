package profile

import (
	"cmp"
	"encoding/json"

	"github.com/hallumaze/hallumaze/results"
)

// The Missing Piece outcome and variant the measures read (package
// abstain's names).
const (
	abstainAbstained = "abstained"
	abstainIntact    = "intact"
)

// abstainDetail is the part of a Missing Piece result's detail the
// profile reads.
type abstainDetail struct {
	Variant string `json:"variant"`
	Outcome string `json:"outcome"`
}

// abstainMeasures are the Missing Piece measures of one model's results:
// the abstention rate over modified (defective) items and the false
// abstention rate over intact ones, counted as the suite counts them
// (suites/abstain Records, abstain.ScoreRecords): the outcome is the
// detail's, or, without one, read from the metrics; an item whose case
// could not be played is left out.
func abstainMeasures(rs []results.Result) ([]Measure, error) {
	var kM, nM, kI, nI int
	knows, answers := map[string]obs{}, map[string]obs{}
	played := false
	for _, r := range rs {
		if r.Suite != SuiteAbstain || r.Error != "" {
			continue
		}
		played = true
		// A detail that does not read is judged from the metrics, as the
		// suite judges it.
		var d abstainDetail
		if len(r.Detail) > 0 && json.Unmarshal(r.Detail, &d) != nil {
			d = abstainDetail{}
		}
		abstained := d.Outcome == abstainAbstained
		if d.Outcome == "" {
			_, judged := r.Metrics["right"]
			abstained = judged && r.Metrics["parse-fail"] != 1 && r.Metrics["abstained"] == 1
		}
		if cmp.Or(r.Tags["variant"], d.Variant) == abstainIntact {
			nI++
			if abstained {
				kI++
			}
			answers[r.Case] = obs{v: 1 - b2f(abstained), cluster: r.Case}
			continue
		}
		nM++
		if abstained {
			kM++
		}
		knows[r.Case] = obs{v: b2f(abstained), cluster: r.Case}
	}
	if !played {
		return nil, nil
	}
	k := rateMeasure(defOf("abstain/abstention_rate"), kM, nM, knows)
	a := rateMeasure(defOf("abstain/false_abstention_rate"), kI, nI, answers)
	// A model that cannot tell a defective item from an intact one
	// abstains on both as often: its rate on the other variant is its
	// chance.
	setBlindChances(&k, &a,
		"INSUFFICIENT on intact items: what abstaining as often, blind to the defect, scores",
		"1 − INSUFFICIENT on defective items: what answering as often, blind to the defect, scores")
	return []Measure{k, a}, nil
}
