package profile

import (
	"encoding/json"
	"fmt"

	"github.com/hallumaze/hallumaze/results"
)

// worldsVerdict is the part of a HalluWorld verdict (the detail of a
// worlds result) the profile reads.
type worldsVerdict struct {
	Category           string `json:"category"`
	Answerable         bool   `json:"answerable"`
	Conflict           *bool  `json:"conflict"`
	Outcome            string `json:"outcome"`
	TestimonyFollowing *bool  `json:"testimony_following"`
	Missing            bool   `json:"missing"`
}

// worldsMeasures are the HalluWorld measures of one model's results:
// abstention recall over the UNKNOWN golds, over-abstention over the
// answerable probes, and testimony following over the conflict probes,
// counted from the verdicts as worlds.ScoreVerdicts counts them (a
// missing reply or an unknown outcome is a parse failure, never an
// abstention or an answer).
func worldsMeasures(rs []results.Result) ([]Measure, error) {
	var kU, nU, kA, nA, kT, nT int
	recall, answers, follows := map[string]obs{}, map[string]obs{}, map[string]obs{}
	played := false
	for _, r := range rs {
		if r.Suite != SuiteWorlds || r.Error != "" {
			continue
		}
		played = true
		var v worldsVerdict
		if err := json.Unmarshal(r.Detail, &v); err != nil {
			return nil, fmt.Errorf("profile: %s of %s: read the verdict: %w", r.Case, r.Model, err)
		}
		outcome := v.Outcome
		if v.Missing || (outcome != "answer" && outcome != "abstain") {
			outcome = "parse_failure"
		}
		abstained := outcome == "abstain"
		if v.Answerable {
			nA++
			if abstained {
				kA++
			}
			answers[r.Case] = obs{v: 1 - b2f(abstained), cluster: r.Case}
		} else {
			nU++
			if abstained {
				kU++
			}
			recall[r.Case] = obs{v: b2f(abstained), cluster: r.Case}
		}
		if v.Category == "X" && v.Conflict != nil && *v.Conflict {
			nT++
			f := outcome == "answer" && v.TestimonyFollowing != nil && *v.TestimonyFollowing
			if f {
				kT++
			}
			follows[r.Case] = obs{v: 1 - b2f(f), cluster: r.Case}
		}
	}
	if !played {
		return nil, nil
	}
	k := rateMeasure(defOf("worlds/abstention_recall"), kU, nU, recall)
	a := rateMeasure(defOf("worlds/over_abstention"), kA, nA, answers)
	t := rateMeasure(defOf("worlds/testimony_following"), kT, nT, follows)
	setBlindChances(&k, &a,
		"unknown on answerable probes: what abstaining as often, blind to the evidence, scores",
		"1 − unknown on UNKNOWN golds: what answering as often, blind to the evidence, scores")
	return []Measure{k, a, t}, nil
}
