package bench

import (
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/results"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func fakeResults(model string, metric string, values []float64) []results.Result {
	var out []results.Result
	for i, v := range values {
		out = append(out, results.Result{Suite: "maze", Model: model, Case: "c" + string(rune('a'+i)), Metrics: map[string]float64{metric: v}})
	}
	return out
}

func TestCompareConstructed(t *testing.T) {
	g := &GateFile{Metrics: []GateMetric{
		{Metric: "SR", Direction: "higher", MaxDrop: 0.05, Alpha: 0.05, Test: "mcnemar"},
		{Metric: "MEI", Direction: "higher", MaxDrop: 0.02, Alpha: 0.05, Test: "wilcoxon"},
		{Metric: "CE", Direction: "lower", MaxDrop: 0.02, Alpha: 0.05, Test: "bootstrap"},
	}}
	ones := make([]float64, 20)
	zeros := make([]float64, 20)
	for i := range ones {
		ones[i] = 1
	}
	for _, tc := range []struct {
		name       string
		base, cand []results.Result
		regressed  bool
	}{
		{"SR collapses", fakeResults("a", "SR", ones), fakeResults("b", "SR", zeros), true},
		{"SR improves", fakeResults("a", "SR", zeros), fakeResults("b", "SR", ones), false},
		{"SR equal", fakeResults("a", "SR", ones), fakeResults("b", "SR", ones), false},
		{"CE worsens", fakeResults("a", "CE", zeros), fakeResults("b", "CE", ones), true},
		{"CE improves", fakeResults("a", "CE", ones), fakeResults("b", "CE", zeros), false},
		{"MEI small drop within threshold", fakeResults("a", "MEI", seq(20, 0.5, 0)), fakeResults("b", "MEI", seq(20, 0.49, 0)), false},
		{"MEI large drop", fakeResults("a", "MEI", seq(20, 0.9, 0.001)), fakeResults("b", "MEI", seq(20, 0.5, 0.002)), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep := Compare(g, "a", tc.base, "b", tc.cand)
			assert.Equal(t, tc.regressed, rep.Failed(), rep.Markdown())
			assert.Contains(t, rep.Markdown(), "| metric |")
		})
	}
}

func seq(n int, start, step float64) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = start + float64(i)*step
	}
	return out
}

func TestCompareNothingPaired(t *testing.T) {
	g := &GateFile{Metrics: []GateMetric{{Metric: "SR", Direction: "higher", MaxDrop: 0, Alpha: 0.05, Test: "mcnemar"}}}
	rep := Compare(g, "a", nil, "b", fakeResults("b", "SR", []float64{1}))
	assert.False(t, rep.Comparable())
	assert.False(t, rep.Failed(), "nothing compared is not a regression")
	assert.Contains(t, rep.Markdown(), "nothing compared")
}

// TestComparableMeansARuleCompared: cases paired by both models count for
// nothing when no rule's metric is in them.
func TestComparableMeansARuleCompared(t *testing.T) {
	g := &GateFile{Metrics: []GateMetric{{Metric: "right", Direction: "higher", Alpha: 0.05, Test: "mcnemar"}}}
	rep := Compare(g, "a", fakeResults("a", "SR", []float64{1, 0}), "b", fakeResults("b", "SR", []float64{1, 1}))
	assert.Equal(t, 2, rep.Paired)
	assert.False(t, rep.Comparable())
	g.Metrics[0].Metric = "SR"
	assert.True(t, Compare(g, "a", fakeResults("a", "SR", []float64{1, 0}), "b", fakeResults("b", "SR", []float64{1, 1})).Comparable())
}

func TestCompareErrorsLeftOut(t *testing.T) {
	g := &GateFile{Metrics: []GateMetric{{Metric: "SR", Direction: "higher", MaxDrop: 0, Alpha: 0.05, Test: "mcnemar"}}}
	base := fakeResults("a", "SR", []float64{1, 1})
	cand := fakeResults("b", "SR", []float64{1, 0})
	cand[1].Error = "openai: 503 after 5 attempts"
	cand[1].Metrics = nil
	rep := Compare(g, "a", base, "b", cand)
	assert.Equal(t, 1, rep.Paired)
	assert.Equal(t, []string{"maze/cb"}, rep.Errors)
	assert.False(t, rep.Failed())
}

// declared are the metrics the gate tests name.
var declared = results.Metrics{
	{Name: "SR", Better: results.Higher}, {Name: "MEI", Better: results.Higher}, {Name: "CE", Better: results.Lower},
}

func TestReadGateFileErrors(t *testing.T) {
	for _, tc := range []struct{ name, body, want string }{
		{"unknown key", `{"metrics": [], "thresholds": 1}`, "unknown field"},
		{"direction", `{"metrics": [{"metric":"SR","direction":"up","alpha":0.05,"test":"mcnemar"}]}`, "direction"},
		{"contradicts", `{"metrics": [{"metric":"CE","direction":"higher","alpha":0.05,"test":"bootstrap"}]}`, "contradicts its declaration"},
		{"undeclared", `{"metrics": [{"metric":"error-rate","alpha":0.05,"test":"bootstrap"}]}`, "not declared"},
		{"undeclared floor", `{"metrics": [{"metric":"SR","alpha":0.05,"test":"mcnemar"}], "floors": {"agent/x": {"speed": 1}}}`, "not declared"},
		{"no rule", `{"metrics": []}`, "no rule"},
		{"no metrics at all", `{}`, "no rule"},
		{"floors alone", `{"floors": {"agent/x": {"SR": 1}}}`, "no rule"},
		{"trailing garbage", `{"metrics": [{"metric":"SR","alpha":0.05,"test":"mcnemar"}]} garbage`, "data after the JSON object"},
		{"two objects", `{"metrics": [{"metric":"SR","alpha":0.05,"test":"mcnemar"}]}{}`, "data after the JSON object"},
		{"empty file", ``, "want a JSON object"},
		{"null", `null`, "want a JSON object"},
		{"huge floor", `{"metrics": [{"metric":"SR","alpha":0.05,"test":"mcnemar"}], "floors": {"agent/x": {"SR": 1e300}}}`, "beyond"},
		{"too large", `{"metrics": [` + strings.Repeat(" ", MaxGateFileBytes) + `]}`, "larger than"},
		{"test", `{"metrics": [{"metric":"SR","direction":"higher","alpha":0.05,"test":"t"}]}`, "test"},
		{"alpha", `{"metrics": [{"metric":"SR","direction":"higher","alpha":2,"test":"mcnemar"}]}`, "alpha"},
		{"max drop", `{"metrics": [{"metric":"SR","alpha":0.05,"test":"mcnemar","max_drop":-1}]}`, "max_drop"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := ReadGateFile(strings.NewReader(tc.body))
			if err == nil {
				err = g.Check(declared)
			}
			assert.ErrorContains(t, err, tc.want)
		})
	}
}

// A rule without a direction takes its metric's declared one.
func TestGateDirectionFromDeclaration(t *testing.T) {
	g, err := ReadGateFile(strings.NewReader(`{"metrics": [{"metric":"CE","alpha":0.05,"test":"bootstrap","max_drop":0.01}]}`))
	require.NoError(t, err)
	require.NoError(t, g.Check(declared))
	assert.Equal(t, "lower", g.Metrics[0].Direction)
}
