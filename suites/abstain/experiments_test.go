package abstain

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	mp "github.com/hallumaze/hallumaze/abstain"
	"github.com/hallumaze/hallumaze/results"
)

// checkAbstain asserts what must hold of any model's abstain result.
func checkAbstain(t *testing.T, r results.Result) {
	t.Helper()
	require.Len(t, r.Turns, 2, "one question, one reply")
	for _, k := range []string{"right", "parse-fail", "abstained"} {
		v, ok := r.Metrics[k]
		require.True(t, ok, "metric %s", k)
		assert.Contains(t, []float64{0, 1}, v, k)
	}
	if r.Metrics["parse-fail"] == 1 {
		assert.Equal(t, 0.0, r.Metrics["right"], "a reply that broke the contract is never right")
	}
}

func TestAbstain(t *testing.T) {
	r := runner(t, "abstain")
	items := mp.Standard(mp.DefaultSeed)
	rs := r.Run(t, Cases(items), checkAbstain)
	for _, m := range r.Models {
		rep, skipped := Score(items, OfModel(rs, m.Name))
		if rep.NItems == 0 {
			continue
		}
		t.Logf("%-24s answer accuracy %s  abstention %s  false abstention %s  pair success %s  parse failures %s  McNemar b=%d c=%d p=%.3g%s",
			m.Name, fmtRate(rep.AnswerAccuracy), fmtRate(rep.AbstentionRate), fmtRate(rep.FalseAbstentionRate),
			fmtRate(rep.PairSuccess), fmtRate(rep.ParseFailureRate), rep.McNemar.B, rep.McNemar.C, rep.McNemar.P, skippedNote(skipped))
	}
}

// TestAbstainAgents holds the reference policies to what their definitions
// imply over the standard set.
func TestAbstainAgents(t *testing.T) {
	items := mp.Standard(mp.DefaultSeed)
	env := Env{Agents: agentLookup()}
	for _, tc := range []struct {
		model string
		check func(t *testing.T, rep mp.Report)
	}{
		{"agent/always-answer", func(t *testing.T, rep mp.Report) {
			assert.Equal(t, 0, rep.AbstentionRate.K)
			assert.Equal(t, 60, rep.AbstentionRate.N)
			assert.InDelta(t, 0.060172, rep.AbstentionRate.CI95.Hi, 1e-6)
			assert.Equal(t, 60, rep.HallucinationRate.K)
		}},
		{"agent/always-abstain", func(t *testing.T, rep mp.Report) {
			assert.Equal(t, 0, rep.AnswerAccuracy.K)
			assert.Equal(t, 60, rep.AbstentionRate.K)
			assert.Equal(t, 60, rep.FalseAbstentionRate.K)
			assert.Equal(t, 0, rep.PairSuccess.K)
		}},
		{"agent/checker", func(t *testing.T, rep mp.Report) {
			assert.Equal(t, 60, rep.PairSuccess.K)
			assert.Equal(t, 0, rep.ParseFailureRate.K)
		}},
	} {
		t.Run(TestName(tc.model), func(t *testing.T) {
			m, err := env.Open(tc.model)
			require.NoError(t, err)
			var rs []results.Result
			for _, c := range Cases(items) {
				res := Play(t.Context(), m, c)
				require.Empty(t, res.Error)
				rs = append(rs, res)
			}
			rep, skipped := Score(items, rs)
			require.Empty(t, skipped)
			require.Equal(t, 120, rep.NItems)
			tc.check(t, rep)
		})
	}
}

// abstainBenchMetrics are the suite's rates reported by BenchmarkAbstain.
var abstainBenchMetrics = []string{"answer-acc", "abstain-rate", "pair-success", "parse-fail"}

// BenchmarkAbstain reports each model's suite rates over the standard set.
func BenchmarkAbstain(b *testing.B) {
	r := runner(b, "abstain")
	fmt.Print(UnitLines(abstainBenchMetrics))
	items := mp.Standard(mp.DefaultSeed)
	cases := Cases(items)
	for _, m := range r.Models {
		b.Run("model="+TestName(m.Name), func(b *testing.B) {
			var rs []results.Result
			for b.Loop() {
				rs = rs[:0]
				for _, c := range cases {
					res := Play(b.Context(), m, c)
					if res.Error != "" {
						b.Fatalf("%s %s: %s", m.Name, c.Name, res.Error)
					}
					rs = append(rs, res)
				}
			}
			rep, _ := Score(items, rs)
			b.ReportMetric(rep.AnswerAccuracy.Rate, "answer-acc")
			b.ReportMetric(rep.AbstentionRate.Rate, "abstain-rate")
			b.ReportMetric(rep.PairSuccess.Rate, "pair-success")
			b.ReportMetric(rep.ParseFailureRate.Rate, "parse-fail")
			b.ReportMetric(0, "ns/op")
		})
	}
}

func fmtRate(r mp.Rate) string {
	if r.N == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%d/%d=%.3f [%.3f, %.3f]", r.K, r.N, r.Rate, r.CI95.Lo, r.CI95.Hi)
}

func skippedNote(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return fmt.Sprintf("  (%d item(s) failed on the provider's side, left out)", len(s))
}
