package analysis_test

import (
	"math"
	"os"
	"strconv"
	"testing"

	"github.com/hallumaze/hallumaze/suites/maze"

	"github.com/hallumaze/hallumaze/suites/maze/analysis"
	"github.com/hallumaze/hallumaze/suites/maze/mazereport"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/results"
)

// h3Results: a human group with HC means at sizes 5, 7, 9 and 11 (group
// A), and two models whose HC rises with size, one in the humans' order and
// one not.
func h3Results() []results.Result {
	human := []float64{0.8, 2.1, 3.0, 4.4}
	same := []float64{1, 3, 6, 9}  // the humans' order
	other := []float64{5, 2, 4, 3} // another order
	var rs []results.Result
	for i, n := range []int{5, 7, 9, 11} {
		size := strconv.Itoa(n)
		rs = append(rs, results.Result{Suite: "maze", Model: "human/g", Case: "size=" + size + "/group=A",
			Tags:    map[string]string{"human": "true", "group": "A", "size": size},
			Metrics: map[string]float64{"HC": human[i]}})
		for seed := 1; seed <= 2; seed++ {
			// Two mazes a size, whose mean is the series' value.
			d := float64(seed*2-3) * 0.5
			rs = append(rs,
				fake("m/same", size, strconv.Itoa(seed), nil, map[string]float64{"HC": same[i] + d}),
				fake("m/other", size, strconv.Itoa(seed), nil, map[string]float64{"HC": other[i] + d}))
		}
	}
	// A group B model case has no human counterpart: no row for group B.
	rs = append(rs, fake("m/same", "5", "1", map[string]string{"group": "B", "protocol": "interactive"}, map[string]float64{"HC": 1}))
	return rs
}

func TestH3Compare(t *testing.T) {
	rows := analysis.H3Compare(analysis.Digests(h3Results()), "HC", 0, 1)
	require.Len(t, rows, 2)
	same, other := rows[1], rows[0]
	require.Equal(t, "m/same", same.Model)
	require.Equal(t, "m/other", other.Model)
	assert.Equal(t, []int{5, 7, 9, 11}, same.Sizes)
	assert.Equal(t, []float64{1, 3, 6, 9}, same.ModelValues)
	assert.Equal(t, []float64{0.8, 2.1, 3.0, 4.4}, same.HumanValues)
	assert.True(t, same.OK)
	assert.Equal(t, 1.0, same.Rho)
	assert.True(t, same.Exact)
	assert.InDelta(t, 2.0/24, same.P, 1e-12, "the most extreme of 24 pairings, both ways")
	assert.InDelta(t, 2.0/24, same.MinP, 1e-12)
	// other's ranks 4, 1, 3, 2 against 1..4: d² = 9+1+0+4 = 14, ρ = 1 − 6·14/60 = −0.4.
	assert.InDelta(t, -0.4, other.Rho, 1e-12)
	assert.Greater(t, other.P, 0.5)
}

func TestH3TooFewSizes(t *testing.T) {
	rs := []results.Result{
		{Suite: "maze", Model: "human/g", Tags: map[string]string{"human": "true", "group": "A", "size": "5"}, Metrics: map[string]float64{"HC": 1}},
		{Suite: "maze", Model: "human/g", Tags: map[string]string{"human": "true", "group": "A", "size": "7"}, Metrics: map[string]float64{"HC": 2}},
		fake("m", "5", "1", nil, map[string]float64{"HC": 3}),
		fake("m", "7", "1", nil, map[string]float64{"HC": 4}),
		fake("m", "9", "1", nil, map[string]float64{"HC": 5}),
	}
	rows := analysis.H3Compare(analysis.Digests(rs), "HC", 0, 1)
	require.Len(t, rows, 1)
	assert.False(t, rows[0].OK)
	assert.Equal(t, "too few sizes: 2 sizes shared (3 needed)", rows[0].Note)
	assert.True(t, math.IsNaN(rows[0].Rho))
}

// TestH3HumanFile: the human file format read by the maze suite, against
// the agents' results of the same sizes.
func TestH3HumanFile(t *testing.T) {
	f, err := os.Open("../mazereport/testdata/human.example.json")
	require.NoError(t, err)
	defer f.Close()
	human, err := mazereport.ReadHuman(f)
	require.NoError(t, err)
	human = append(human, results.Result{Suite: "maze", Model: "human/undergraduate_group_n30", Case: "size=9/group=A",
		Tags: map[string]string{"human": "true", "group": "A", "size": "9"}, Metrics: map[string]float64{"HC": 3.5}})
	rs, err := play(t.Context(), []string{"lured"}, []maze.Spec{{Size: 5, Seed: 1}, {Size: 7, Seed: 1}, {Size: 9, Seed: 1}})
	require.NoError(t, err)
	rows := analysis.H3Compare(analysis.Digests(append(human, rs...)), "HC", 0, 1)
	require.Len(t, rows, 1)
	r := rows[0]
	assert.Equal(t, "human/undergraduate_group_n30", r.Human)
	assert.Equal(t, []int{5, 7, 9}, r.Sizes)
	assert.True(t, r.OK, r.Note)
	assert.InDelta(t, 2.0/6, r.MinP, 1e-12)
	assert.GreaterOrEqual(t, r.P, r.MinP-1e-12)
}
