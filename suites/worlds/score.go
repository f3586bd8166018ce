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
	// details are the played cases' records, by case name.
	details map[string]Detail
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
	byModel := map[string]*ModelScore{}
	verdicts := map[string][]hw.Verdict{}
	var order []string
	for _, r := range rs {
		if r.Suite != Name || results.IsHuman(r) {
			continue
		}
		m := byModel[r.Model]
		if m == nil {
			m = &ModelScore{Model: r.Model, details: map[string]Detail{}}
			byModel[r.Model] = m
			order = append(order, r.Model)
		}
		if r.Error != "" {
			m.Errors++
			continue
		}
		var d Detail
		if err := json.Unmarshal(r.Detail, &d); err != nil {
			return nil, fmt.Errorf("%s of %s: read the verdict: %w", r.Case, r.Model, err)
		}
		m.details[r.Case] = d
		verdicts[r.Model] = append(verdicts[r.Model], d.Verdict)
	}
	out := make([]ModelScore, 0, len(order))
	for _, name := range order {
		m := byModel[name]
		m.Report = hw.ScoreVerdicts(verdicts[name])
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
	return out, nil
}
