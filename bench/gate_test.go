package bench

import (
	"os"
	"path/filepath"
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
	assert.True(t, rep.Failed())
	assert.Contains(t, rep.Markdown(), "nothing to compare")
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

// TestGateAgents holds the gate to its promise on two real agents: the
// explorer against the lured agent is a regression; a model against itself
// is not.
func TestGateAgents(t *testing.T) {
	g, err := ReadGateFile("gate.json")
	require.NoError(t, err)
	env := Env{Agents: agentLookup()}
	explorer, err := env.Open("agent/explorer")
	require.NoError(t, err)
	lured, err := env.Open("agent/lured")
	require.NoError(t, err)
	cases := MustMazeCases(MazeGrid())
	play := func(m Model) []results.Result {
		var out []results.Result
		for _, c := range cases {
			out = append(out, Play(t.Context(), m, c))
		}
		return out
	}
	base, cand := play(explorer), play(lured)
	rep := Compare(g, explorer.Name, base, lured.Name, cand)
	assert.True(t, rep.Failed(), "explorer → lured must fail the gate:\n%s", rep.Markdown())
	same := Compare(g, explorer.Name, base, explorer.Name, base)
	assert.False(t, same.Failed(), "a model against itself must pass:\n%s", same.Markdown())
}

func TestReadGateFileErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ name, body, want string }{
		{"unknown key", `{"metrics": [], "thresholds": 1}`, "unknown field"},
		{"direction", `{"metrics": [{"metric":"SR","direction":"up","alpha":0.05,"test":"mcnemar"}]}`, "direction"},
		{"test", `{"metrics": [{"metric":"SR","direction":"higher","alpha":0.05,"test":"t"}]}`, "test"},
		{"alpha", `{"metrics": [{"metric":"SR","direction":"higher","alpha":2,"test":"mcnemar"}]}`, "alpha"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "_")+".json")
			require.NoError(t, os.WriteFile(p, []byte(tc.body), 0o644))
			_, err := ReadGateFile(p)
			assert.ErrorContains(t, err, tc.want)
		})
	}
}

func TestReadResultsTornLine(t *testing.T) {
	in := `{"suite":"maze","model":"agent/oracle","case":"a","metrics":{"SR":1}}` + "\n" + `{"suite":"maze","mod`
	res, torn, err := ReadResults(strings.NewReader(in))
	require.NoError(t, err)
	assert.True(t, torn)
	assert.Len(t, res, 1)
	_, _, err = ReadResults(strings.NewReader("{bad}\n" + in))
	assert.ErrorContains(t, err, "results line 1")
}
