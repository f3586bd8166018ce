package analysis_test

import (
	"encoding/json"
	"math"
	"strconv"
	"testing"

	"github.com/hallumaze/hallumaze/suites/maze/analysis"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/scoring"
)

func TestBounds(t *testing.T) {
	for _, tc := range []struct {
		metric string
		lo, hi float64
	}{
		{"MEI", 0, 1}, {"BRS-lenient", 0, 1}, {"score", 0, 1}, {"HC", 0, math.Inf(1)},
		{"steps-used", 0, math.Inf(1)}, {"latency", math.Inf(-1), math.Inf(1)},
	} {
		lo, hi := analysis.Bounds(tc.metric)
		assert.Equal(t, tc.lo, lo, tc.metric)
		assert.Equal(t, tc.hi, hi, tc.metric)
	}
}

func TestEstimatesAgents(t *testing.T) {
	rs := agentGrid(t)
	est := byModel(analysis.Estimates(analysis.Digests(rs), "MEI", 2000, 1), func(e analysis.Estimate) string { return e.Model })
	require.Len(t, est, 4)
	oracle := est["agent/oracle"]
	assert.True(t, oracle.OK)
	assert.Equal(t, 26, oracle.N, "20 one-shot and 6 interactive cases")
	assert.Equal(t, 13, oracle.Clusters, "13 mazes")
	assert.InDelta(t, 0.9, oracle.Mean, 1e-12)
	assert.InDelta(t, 0.9, oracle.CI.Lo, 1e-12)
	assert.InDelta(t, 0.9, oracle.CI.Hi, 1e-12)
	for _, e := range est {
		require.True(t, e.OK, e.Model)
		t.Logf("%s: %v around %v (%d cases, %d mazes)", e.Model, e.CI, e.Mean, e.N, e.Clusters)
		assert.True(t, 0 <= e.CI.Lo && e.CI.Lo <= e.Mean && e.Mean <= e.CI.Hi && e.CI.Hi <= 1, "%s: %v around %v", e.Model, e.CI, e.Mean)
	}
	hc := byModel(analysis.Estimates(analysis.Digests(rs), "HC", 2000, 1), func(e analysis.Estimate) string { return e.Model })
	assert.GreaterOrEqual(t, hc["agent/lured"].CI.Lo, 0.0)
}

// TestEstimatesFewMazes: three mazes run five times each are three
// mazes, not fifteen cases: no interval, and the reason.
func TestEstimatesFewMazes(t *testing.T) {
	var rs []results.Result
	for seed := 1; seed <= 3; seed++ {
		for run := range 5 {
			rs = append(rs, fake("m", "7", strconv.Itoa(seed), map[string]string{"run": strconv.Itoa(run)},
				map[string]float64{"BRS": float64(run%2) * 0.5}))
		}
	}
	rs = append(rs, fake("human/g", "7", "", map[string]string{"human": "true"}, map[string]float64{"BRS": 0.9}),
		results.Result{Suite: "maze", Model: "m", Case: "x", Error: "provider down", Metrics: map[string]float64{"BRS": 1}})
	est := analysis.Estimates(analysis.Digests(rs), "BRS", 500, 1)
	require.Len(t, est, 1, "the human group and the failed case are left out")
	e := est[0]
	assert.False(t, e.OK)
	assert.Equal(t, 15, e.N)
	assert.Equal(t, 3, e.Clusters)
	assert.InDelta(t, 0.2, e.Mean, 1e-12)
	assert.True(t, math.IsNaN(e.CI.Lo))
	assert.Equal(t, "n too small: 3 mazes (5 needed)", e.Note)
}

func TestCompareAgents(t *testing.T) {
	rs := agentGrid(t)
	d := analysis.Compare(analysis.Digests(rs), "agent/explorer", "agent/lured", "score", 2000, 1)
	require.True(t, d.OK, d.Note)
	assert.Equal(t, 26, d.Pairs)
	assert.Equal(t, 13, d.Mazes)
	assert.Greater(t, d.Delta, 0.0)
	assert.Greater(t, d.CI.Lo, 0.0)
	assert.Less(t, d.P, 0.001)

	none := analysis.Compare(analysis.Digests(rs), "agent/explorer", "agent/nobody", "score", 100, 1)
	assert.False(t, none.OK)
	assert.Equal(t, 0, none.Pairs)
	assert.Equal(t, "no case played by both", none.Note)
}

// TestJSONUndefined: undefined numbers are null in JSON, defined ones kept.
func TestJSONUndefined(t *testing.T) {
	for _, tc := range []struct {
		name string
		v    any
		want string
	}{
		{"difference", analysis.Difference{A: "a", B: "b", Delta: math.NaN(), P: 0.5, CI: scoring.Interval{Lo: math.NaN(), Hi: math.NaN()}},
			`{"a":"a","b":"b","metric":"","pairs":0,"mazes":0,"ci95":[null,null],"ok":false,"delta":null,"p":0.5}`},
		{"H3", analysis.H3{Rho: math.NaN(), P: math.NaN(), MinP: 0.25},
			`{"human":"","model":"","metric":"","group":"","sizes":null,"human_values":null,"model_values":null,"exact":false,"ok":false,"rho":null,"p":null,"min_p":0.25}`},
		{"ablation", analysis.Ablation{Name: "x", Tau: math.NaN()},
			`{"name":"x","metric":"","models":null,"full":null,"ablated":null,"cases":null,"swaps":0,"ok":false,"tau":null}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := json.Marshal(tc.v)
			require.NoError(t, err)
			assert.JSONEq(t, tc.want, string(got))
		})
	}
}

// TestComparePIsCompare: the test alone gives Compare's difference,
// p-value and verdict, for every pair of agents and metric.
func TestComparePIsCompare(t *testing.T) {
	cs := analysis.Digests(agentGrid(t))
	names := []string{"agent/oracle", "agent/explorer", "agent/random", "agent/lured", "agent/nobody"}
	for _, a := range names {
		for _, b := range names {
			for _, metric := range []string{"score", "MEI", "CE"} {
				full := analysis.Compare(cs, a, b, metric, 500, 1)
				p := analysis.CompareP(cs, a, b, metric, 500, 1)
				assert.Equal(t, full.OK, p.OK, "%s %s %s", a, b, metric)
				assert.Equal(t, full.Note, p.Note)
				assert.Equal(t, full.Pairs, p.Pairs)
				if full.Pairs > 0 {
					assert.Equal(t, full.P, p.P, "%s %s %s", a, b, metric)
					assert.Equal(t, full.Delta, p.Delta)
				}
			}
		}
	}
}
