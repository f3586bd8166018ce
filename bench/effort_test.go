package bench

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hallumaze/hallumaze/results"
)

func TestEffortLevel(t *testing.T) {
	tests := []struct{ name, model, level string }{
		{"openai/o4-mini", "openai/o4-mini", "default"},
		{"openai/o4-mini@effort=high", "openai/o4-mini", "effort=high"},
		{"anthropic/c@thinking=1024,max_tokens=9000", "anthropic/c@max_tokens=9000", "thinking=1024"},
		{"google/g@effort=low,thinking=auto,seed=3", "google/g@seed=3", "effort=low,thinking=auto"},
		{"not a name", "not a name", "default"},
	}
	for _, tt := range tests {
		model, level := EffortLevel(tt.name)
		assert.Equal(t, tt.model, model, tt.name)
		assert.Equal(t, tt.level, level, tt.name)
	}
	levels := []string{"thinking=auto", "effort=high", "thinking=16000", "default", "effort=low", "thinking=off", "thinking=1024", "effort=minimal"}
	sorted := slices.Clone(levels)
	slices.SortFunc(sorted, compareLevels)
	assert.Equal(t, []string{"default", "thinking=off", "thinking=1024", "thinking=16000", "thinking=auto", "effort=minimal", "effort=low", "effort=high"}, sorted)
}

func TestEffortModels(t *testing.T) {
	recorded := []string{"openai/gpt-4o", "openai/o4-mini@effort=high", "openai/o4-mini@effort=low", "anthropic/c", "anthropic/c@thinking=8000", "google/g@effort=low", "google/g@effort=low,seed=1"}
	assert.Equal(t, []string{"agent/x@effort=low", "agent/x@effort=high", "anthropic/c", "anthropic/c@thinking=8000", "openai/o4-mini@effort=high", "openai/o4-mini@effort=low"},
		EffortModels(recorded, "agent/x@effort=low", "agent/x@effort=high"),
		"a model at two levels (the default one among them), not one at a single level per other settings")
}

// effortResults makes n cases of one category for a model, the metric "ok"
// (0/1, higher better) and "score" (graded) given per case.
func effortResults(model, category string, ok func(i int) float64, score func(i int) float64, n int) []results.Result {
	var out []results.Result
	for i := range n {
		out = append(out, results.Result{Suite: "s", Model: model, Case: fmt.Sprintf("%s/%d", category, i),
			Tags: map[string]string{"cat": category}, Metrics: map[string]float64{"ok": ok(i), "score": score(i)}})
	}
	return out
}

var testStudy = EffortStudy{
	Category: func(r results.Result) string { return r.Tags["cat"] },
	Metrics: []EffortMetric{
		{Name: "ok", Better: results.Higher, Test: TestMcNemar},
		{Name: "score", Better: results.Higher, Test: TestSignFlip},
	},
}

// TestEffortEffects: a real effect is found, with its direction, and where
// the levels do not differ none is.
func TestEffortEffects(t *testing.T) {
	zero := func(int) float64 { return 0 }
	one := func(int) float64 { return 1 }
	half := func(i int) float64 { return float64(i%2) / 2 }
	var rs []results.Result
	rs = append(rs, effortResults("agent/x@effort=low", "changed", zero, half, 20)...)
	rs = append(rs, effortResults("agent/x@effort=high", "changed", one, func(i int) float64 { return half(i) + 0.4 }, 20)...)
	rs = append(rs, effortResults("agent/x@effort=low", "same", one, half, 20)...)
	rs = append(rs, effortResults("agent/x@effort=high", "same", one, half, 20)...)
	rs = append(rs, effortResults("agent/x@effort=medium", "changed", one, half, 20)...)
	rs = append(rs, effortResults("agent/x@effort=medium", "same", zero, half, 20)...)
	failed := effortResults("agent/x@effort=high", "failed", one, one, 1)
	failed[0].Error = "provider error"
	rs = append(rs, failed...)

	es := EffortEffects(rs, testStudy)
	require.Len(t, es, 8, "two higher levels × two categories × two metrics")
	byKey := map[string]EffortEffect{}
	for _, e := range es {
		assert.Equal(t, "agent/x", e.Model)
		assert.Equal(t, "effort=low", e.From)
		byKey[e.To+"/"+e.Category+"/"+e.Metric] = e
	}
	e := byKey["effort=high/changed/ok"]
	assert.Equal(t, 20, e.N)
	assert.Equal(t, 20, e.Gained)
	assert.InDelta(t, 2*math.Pow(0.5, 20), e.P, 1e-12)
	assert.Equal(t, "better", e.Verdict())
	e = byKey["effort=high/changed/score"]
	assert.InDelta(t, 0.4, e.Delta, 1e-12)
	assert.Less(t, e.P, 0.001)
	assert.Equal(t, "better", e.Verdict())
	assert.True(t, e.CI.Lo > 0.3 && e.CI.Hi < 0.5, "%v", e.CI)
	for _, k := range []string{"effort=high/same/ok", "effort=high/same/score", "effort=medium/changed/score", "effort=medium/same/score"} {
		assert.Equal(t, "no significant change", byKey[k].Verdict(), k)
	}
	assert.Equal(t, "worse", byKey["effort=medium/same/ok"].Verdict())

	checked, wrong := EffortMismatches(es, func(agent, from, to, category, metric string) (string, bool) {
		if agent != "x" {
			return "", false
		}
		assert.Equal(t, "low", from)
		if category == "changed" && to == "high" {
			return "better", true
		}
		return "no significant change", true
	})
	assert.Equal(t, 8, checked)
	assert.Len(t, wrong, 2, "the medium level's changes are not what the expectation says: %v", wrong)

	table := EffortTable("test", es)
	assert.Contains(t, table, "agent/x: effort=low → effort=high")
	assert.Contains(t, table, "McNemar +20/-0")
	assert.Contains(t, table, "scores better in 1 and worse in 0 of 2 categories")
	assert.Contains(t, EffortTable("none", nil), "no model played two effort levels")
}

// TestEffortEffectsNull: two levels whose cases are the same, whatever the
// values, show no significant change in any category.
func TestEffortEffectsNull(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 40).Draw(t, "n")
		oks := rapid.SliceOfN(rapid.SampledFrom([]float64{0, 1}), n, n).Draw(t, "ok")
		scores := rapid.SliceOfN(rapid.Float64Range(0, 1), n, n).Draw(t, "score")
		ok := func(i int) float64 { return oks[i] }
		score := func(i int) float64 { return scores[i] }
		rs := append(effortResults("openai/o4-mini@effort=low", "c", ok, score, n), effortResults("openai/o4-mini@effort=high", "c", ok, score, n)...)
		es := EffortEffects(rs, testStudy)
		if len(es) != 2 {
			t.Fatalf("%d effects, want the two metrics compared", len(es))
		}
		for _, e := range es {
			if e.Verdict() != "no significant change" || e.Delta != 0 {
				t.Fatalf("identical levels: %+v", e)
			}
		}
	})
}
