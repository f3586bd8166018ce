package scoring

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func TestClusterSignFlipP(t *testing.T) {
	tests := []struct {
		name     string
		d        []float64
		clusters []string
		want     float64
	}{
		// Cluster sums 1, 2, 3: |±1±2±3| is 6, 4, 2, 0, 0, 2, 4, 6; two reach 6.
		{"three clusters", []float64{1, 2, 3}, nil, 2.0 / 8},
		// The same sums from six cases.
		{"cases grouped", []float64{0.5, 1, 0.5, 1, 1, 1}, []string{"a", "b", "a", "c", "c", "c"}, 2.0 / 8},
		{"all zero", []float64{0, 0, 0}, nil, 1},
		// Six positive clusters: only all-plus and all-minus reach the sum.
		{"six positive", []float64{1, 1, 1, 1, 1, 1}, nil, 2.0 / 64},
		// Sums 1, −1: |0| is reached by every vector.
		{"cancelling", []float64{1, -1}, nil, 1},
		{"NaN", []float64{1, math.NaN()}, nil, math.NaN()},
		{"empty", nil, nil, math.NaN()},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := ClusterSignFlipP(tc.d, tc.clusters, 0, 1)
			if math.IsNaN(tc.want) {
				assert.True(t, math.IsNaN(p), "p = %v", p)
				return
			}
			assert.InDelta(t, tc.want, p, 1e-15)
		})
	}
}

// TestSignFlipMonteCarlo: beyond the exact size the estimate agrees with
// the enumeration of the same differences.
func TestSignFlipMonteCarlo(t *testing.T) {
	d := make([]float64, SignFlipExactMax+1)
	for i := range d {
		d[i] = float64(i%5) - 1.2
	}
	exact := signFlipP(d[:SignFlipExactMax], 0, 0)
	mc := ClusterSignFlipP(d[:SignFlipExactMax], nil, 0, 0) // still exact
	assert.Equal(t, exact, mc)
	// Enumerate 21 by hand: 2²¹ vectors.
	sums := d
	obs := math.Abs(sumOf(sums))
	hits := 0
	for mask := range 1 << len(sums) {
		var s float64
		for i, v := range sums {
			if mask&(1<<i) != 0 {
				s -= v
			} else {
				s += v
			}
		}
		if math.Abs(s) >= obs-1e-9 {
			hits++
		}
	}
	want := float64(hits) / float64(int(1)<<len(sums))
	got := ClusterSignFlipP(d, nil, 20000, 5)
	assert.InDelta(t, want, got, 0.01)
}

func TestPairedClusterBootstrap(t *testing.T) {
	// Model x beats y by 0.1 on every case of eight mazes, two framings each.
	var x, y []float64
	var cl []string
	for m := range 8 {
		for f := range 2 {
			base := 0.3 + 0.05*float64(m) + 0.02*float64(f)
			x, y = append(x, base+0.1), append(y, base)
			cl = append(cl, string(rune('a'+m)))
		}
	}
	delta, ci, p, ok := PairedClusterBootstrap(x, y, cl, 2000, 3)
	require.True(t, ok)
	assert.InDelta(t, 0.1, delta, 1e-12)
	assert.InDelta(t, 0.1, ci.Lo, 1e-12)
	assert.InDelta(t, 0.1, ci.Hi, 1e-12)
	assert.InDelta(t, 2.0/256, p, 1e-15, "eight clusters all one way: 2/2⁸")

	// Swapping the models mirrors everything.
	d2, ci2, p2, ok2 := PairedClusterBootstrap(y, x, cl, 2000, 3)
	require.True(t, ok2)
	assert.InDelta(t, -delta, d2, 1e-12)
	assert.InDelta(t, -ci.Hi, ci2.Lo, 1e-12)
	assert.Equal(t, p, p2)

	// Four mazes: a p-value, but no interval.
	_, ci, p, ok = PairedClusterBootstrap(x[:8], y[:8], cl[:8], 2000, 3)
	assert.False(t, ok)
	assert.True(t, math.IsNaN(ci.Lo))
	assert.InDelta(t, 2.0/16, p, 1e-15)

	_, _, p, ok = PairedClusterBootstrap(x, y[:3], nil, 0, 0)
	assert.False(t, ok)
	assert.True(t, math.IsNaN(p))
}

// TestPairedClusterIgnoresMazeDifficulty: a maze-level shift shared by both
// models cancels in the pairs, so the interval of the difference is much
// narrower than the difference of two unpaired intervals.
func TestPairedClusterIgnoresMazeDifficulty(t *testing.T) {
	var x, y []float64
	var cl []string
	for m := range 12 {
		hard := 0.6 * float64(m%4) / 3 // difficulty, shared
		for run := range 3 {
			noise := 0.02 * float64((m*7+run*3)%5-2)
			x, y = append(x, 0.2+hard+noise+0.05), append(y, 0.2+hard-noise)
			cl = append(cl, string(rune('a'+m)))
		}
	}
	_, ci, p, ok := PairedClusterBootstrap(x, y, cl, 3000, 9)
	require.True(t, ok)
	_, cx, _ := BoundedMeanCI(x, cl, 0, 1, 3000, 9)
	assert.Less(t, ci.Width(), cx.Width()/3)
	assert.Greater(t, ci.Lo, 0.0)
	assert.Less(t, p, 0.01)
}

func TestPairedClusterProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 30).Draw(t, "n")
		x, y, cl := make([]float64, n), make([]float64, n), make([]string, n)
		for i := range n {
			x[i] = math.Round(rapid.Float64Range(0, 1).Draw(t, "x")*4) / 4
			y[i] = math.Round(rapid.Float64Range(0, 1).Draw(t, "y")*4) / 4
			cl[i] = string(rune('a' + rapid.IntRange(0, 9).Draw(t, "c")))
		}
		delta, ci, p, ok := PairedClusterBootstrap(x, y, cl, 200, 1)
		if !(p > 0 && p <= 1) {
			t.Fatalf("p = %v", p)
		}
		if ok && !(ci.Lo-1e-12 <= delta && delta <= ci.Hi+1e-12 && ci.Lo >= -1 && ci.Hi <= 1) {
			t.Fatalf("delta %v, interval %v", delta, ci)
		}
		_, _, p2, _ := PairedClusterBootstrap(y, x, cl, 200, 1)
		if p != p2 {
			t.Fatalf("p not symmetric: %v vs %v", p, p2)
		}
	})
}

// signFlipPBranching is signFlipP's Monte Carlo loop as first written,
// with a branch on each sign: the reference of the branch-free loop.
func signFlipPBranching(sums []float64, reps int, seed uint64) float64 {
	var obs, scale float64
	for _, s := range sums {
		obs += s
		scale += math.Abs(s)
	}
	obs = math.Abs(obs)
	if scale == 0 {
		return 1
	}
	limit := obs - 1e-9*scale
	r := newDraws(seed, streamSignFlip)
	hits := 0
	for range reps {
		var t float64
		for _, s := range sums {
			if r.pcg.Uint64()>>63 == 0 {
				t += s
			} else {
				t -= s
			}
		}
		if math.Abs(t) >= limit {
			hits++
		}
	}
	return float64(hits+1) / float64(reps+1)
}

// The branch-free sign flips give the p-values of the branching ones, to
// the bit, from the kept stream of flips and drawn as they go.
func TestSignFlipBranchFree(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sums := rapid.SliceOfN(rapid.Float64Range(-3, 3), SignFlipExactMax+1, 60).Draw(t, "sums")
		if rapid.Bool().Draw(t, "zeros") {
			sums[0], sums[1] = 0, math.Copysign(0, -1)
		}
		seed := rapid.Uint64().Draw(t, "seed")
		if rapid.Bool().Draw(t, "no cache") {
			defer func(keep int) { signDraws.limit = keep }(signDraws.limit)
			signDraws.limit = 0
		}
		if got, want := signFlipP(sums, 300, seed), signFlipPBranching(sums, 300, seed); got != want {
			t.Fatalf("p = %v, want %v", got, want)
		}
	})
}
