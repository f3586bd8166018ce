package worlds

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/results"
	hw "github.com/hallumaze/hallumaze/worlds"
)

// Check asserts what must hold of any model's HalluWorld result: one
// question and one reply, a verdict that agrees with itself and with the
// metrics, every metric 0 or 1.
func Check(t testing.TB, r results.Result) {
	t.Helper()
	if len(r.Turns) != 2 {
		t.Fatalf("%d turns, want one question and one reply", len(r.Turns))
	}
	var d Detail
	if err := json.Unmarshal(r.Detail, &d); err != nil {
		t.Fatalf("decode the verdict: %v", err)
	}
	if !d.Outcome.Valid() {
		t.Errorf("outcome %q", d.Outcome)
	}
	for _, k := range []string{"right", "hallucinated", "abstained", "parse-fail", "over-abstained"} {
		v, ok := r.Metrics[k]
		if !ok || (v != 0 && v != 1) {
			t.Errorf("metric %s = %v (present %v), want 0 or 1", k, v, ok)
		}
	}
	if r.Metrics["right"]+r.Metrics["hallucinated"]+r.Metrics["parse-fail"] > 1 {
		t.Errorf("right, hallucinated and parse-fail exclude each other: %v", r.Metrics)
	}
	if d.Right != (r.Metrics["right"] == 1) || d.Hallucinated != (r.Metrics["hallucinated"] == 1) {
		t.Errorf("verdict %+v disagrees with the metrics %v", d.Verdict, r.Metrics)
	}
	if d.Outcome == hw.OutcomeAbstain && d.Answerable == d.Right {
		t.Errorf("an abstention is right exactly when the gold is UNKNOWN: %+v", d.Verdict)
	}
}

// experiments are TestWorlds, every world's standard set played by the
// reference agents (and any model named with -models), and
// TestWorldsReplay, the gate set: the sample of it that the committed
// cassettes of a recorded model cover.
func experiments() []bench.Experiment {
	return []bench.Experiment{
		{Name: "Worlds", Cases: standardCases, Check: Check, Report: reportAccuracy, AgentsOnly: true},
		{Name: "WorldsReplay", Cases: gateCases, Check: Check, Report: reportAccuracy},
		effortExperiment(),
	}
}

// reportAccuracy logs, per model in the leaderboard's order, the accuracy
// by world × category with Wilson intervals, the prior's accuracy and
// accuracy′, and the headline rates.
func reportAccuracy(t *testing.T, rs []results.Result) {
	for _, m := range Score(rs) {
		var b strings.Builder
		if err := hw.WriteHeadline(&b, m.Report.Headline()); err != nil {
			t.Error(err)
		}
		r := m.Report
		t.Logf("%s: skill %s  accuracy′ %s  accuracy %s  hallucination %s  abstention recall %s  over-abstention %s  parse failures %s\n%s",
			m.Model, hw.Value(r.Skill), hw.Value(r.AccuracyPrime), rateText(r.Accuracy), rateText(r.HallucinationRate), rateText(r.AbstentionRecall), rateText(r.OverAbstention), rateText(r.ParseFailureRate), b.String())
	}
}

// rateText is "k/n = rate [lo, hi]", or "n/a" for an undefined rate.
func rateText(r *hw.Rate) string {
	if r == nil {
		return "n/a"
	}
	return fmt.Sprintf("%d/%d = %.3f [%.3f, %.3f]", r.K, r.N, r.Rate, r.CI95.Lo, r.CI95.Hi)
}

// benchmarkList is BenchmarkWorlds: per model and world, the skill, accuracy,
// hallucination rate, abstention recall and over-abstention over the
// world's standard set.
func benchmarkList() []bench.Benchmark {
	return []bench.Benchmark{{
		Name:    "Worlds",
		Metrics: []string{"skill", "accuracy", "hallucination-rate", "abstention-recall", "over-abstention"},
		// The gate set, a group per world: the probes every recorded
		// model's cassettes cover, so that go test -bench plays them all.
		Groups: func() ([]bench.BenchGroup, error) {
			cases, err := gateCases()
			if err != nil {
				return nil, err
			}
			var out []bench.BenchGroup
			at := map[string]int{}
			for _, c := range cases {
				name := "world=" + c.Tags["world"]
				i, ok := at[name]
				if !ok {
					i, at[name] = len(out), len(out)
					out = append(out, bench.BenchGroup{Name: name})
				}
				out[i].Cases = append(out[i].Cases, c)
			}
			return out, nil
		},
		Score: func(rs []results.Result) map[string]float64 {
			scores := Score(rs)
			out := map[string]float64{}
			if len(scores) == 0 {
				return out
			}
			r := scores[0].Report
			if r.Skill != nil {
				out["skill"] = *r.Skill
			}
			for name, rate := range map[string]*hw.Rate{"accuracy": r.Accuracy, "hallucination-rate": r.HallucinationRate,
				"abstention-recall": r.AbstentionRecall, "over-abstention": r.OverAbstention} {
				if rate != nil {
					out[name] = rate.Rate
				}
			}
			return out
		},
	}}
}
