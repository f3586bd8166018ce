package worlds

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/results"
	hw "github.com/hallumaze/hallumaze/worlds"
)

// ModelScore is one model's HalluWorld score, from its results alone.
type ModelScore struct {
	Model string
	// Errors counts the cases that could not be played; they are not
	// scored.
	Errors int
	Report hw.Report
}

// Score scores each model's HalluWorld results from the verdicts they
// keep, models in the leaderboard's order: skill (see [hw.Rates]), then
// accuracy, then name. Human groups and results of other suites are left
// out.
func Score(rs []results.Result) []ModelScore {
	out, _ := scoreChecked(rs)
	return out
}

// scoreChecked is Score, with an error for a result whose record cannot be
// read.
func scoreChecked(rs []results.Result) ([]ModelScore, error) {
	sc := newScorer()
	for _, r := range rs {
		if err := sc.add(r); err != nil {
			return nil, err
		}
	}
	return sc.scores(), nil
}

// scorer reads HalluWorld results one at a time and keeps of each played
// case its verdict alone, the strings a world's probes have in common
// (world, level, view, category, probe type, answer key) kept once: a run
// of a hundred thousand probes holds their verdicts, not their results.
type scorer struct {
	byModel  map[string]*ModelScore
	verdicts map[string][]hw.Verdict
	order    []string
}

func newScorer() *scorer {
	return &scorer{byModel: map[string]*ModelScore{}, verdicts: map[string][]hw.Verdict{}}
}

// add reads one result; human groups and other suites' results are passed
// over, a record that does not read is an error naming the case.
func (sc *scorer) add(r results.Result) error {
	if r.Suite != Name || results.IsHuman(r) {
		return nil
	}
	m := sc.byModel[r.Model]
	if m == nil {
		m = &ModelScore{Model: r.Model}
		sc.byModel[r.Model] = m
		sc.order = append(sc.order, r.Model)
	}
	if r.Error != "" {
		m.Errors++
		return nil
	}
	var d Detail
	if err := json.Unmarshal(r.Detail, &d); err != nil {
		return fmt.Errorf("%s of %s: read the verdict: %w", r.Case, r.Model, err)
	}
	sc.verdicts[r.Model] = append(sc.verdicts[r.Model], d.Verdict.Shared())
	return nil
}

// scores are the models' scores in the leaderboard's order.
func (sc *scorer) scores() []ModelScore {
	out := make([]ModelScore, 0, len(sc.order))
	for _, name := range sc.order {
		m := sc.byModel[name]
		m.Report = hw.ScoreVerdicts(sc.verdicts[name])
		out = append(out, *m)
	}
	// The leaderboard's order: skill (accuracy′ with an abstention on an
	// answerable probe counted as the prior's answer, so abstaining
	// everywhere scores 0), then accuracy, then name.
	value := func(v *float64) float64 {
		if v == nil {
			return math.Inf(-1)
		}
		return *v
	}
	acc := func(m ModelScore) float64 {
		if m.Report.Accuracy == nil {
			return -1
		}
		return m.Report.Accuracy.Rate
	}
	slices.SortStableFunc(out, func(a, b ModelScore) int {
		if c := cmp.Compare(value(b.Report.Skill), value(a.Report.Skill)); c != 0 {
			return c
		}
		if c := cmp.Compare(acc(b), acc(a)); c != 0 {
			return c
		}
		return strings.Compare(a.Model, b.Model)
	})
	return out
}
