package mazereport

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/scoring"
	"github.com/hallumaze/hallumaze/suites/maze/record"
)

// TestTallySummary: the running tally a run keeps instead of its results
// gives the summary lines that SummaryLine gives from the full results,
// whatever the order of the cases and the errors among them.
func TestTallySummary(t *testing.T) {
	all := agentResults(t)
	models := []string{"agent/oracle", "agent/explorer", "agent/random", "agent/lured"}
	rapid.Check(t, func(rt *rapid.T) {
		model := rapid.SampledFrom(models).Draw(rt, "model")
		mine := results.OfModel(all, model)
		picked := rapid.Permutation(mine).Draw(rt, "order")[:rapid.IntRange(1, len(mine)).Draw(rt, "n")]
		errs := rapid.IntRange(0, 3).Draw(rt, "errors")
		rs := append([]results.Result(nil), picked...)
		for range errs {
			at := rapid.IntRange(0, len(rs)).Draw(rt, "at")
			rs = append(rs[:at], append([]results.Result{{Suite: record.Name, Model: model, Case: "x", Error: "openai: status 500"}}, rs[at:]...)...)
		}
		tl := maze.New().NewTally()
		for _, r := range rs {
			tl.Add(r)
		}
		if diff := cmp.Diff(SummaryLine(model, rs), tl.Lines(model)); diff != "" {
			rt.Fatalf("(-want +got):\n%s", diff)
		}
		// The running mean is the report's mean to the last digit.
		var mei []float64
		for _, r := range picked {
			if v, ok := r.Metrics["MEI"]; ok && !math.IsNaN(v) {
				mei = append(mei, v)
			}
		}
		if got, want := tl.(*tally).summary().mei, scoring.Mean(mei); len(mei) > 0 && got != want {
			rt.Fatalf("running MEI %v, the report's %v", got, want)
		}
	})
}
