package scoring

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func TestWilcoxonSignedRank(t *testing.T) {
	tests := []struct {
		name  string
		x, y  []float64
		wantW float64
		wantP float64
	}{
		// All 6 differences positive: P(W+ = 21) = 1/64, two-sided 2/64.
		{"all positive", []float64{2, 3, 4, 5, 6, 7}, []float64{1, 1, 1, 1, 1, 1}, 21, 2.0 / 64},
		{"all negative", []float64{1, 1, 1, 1, 1, 1}, []float64{2, 3, 4, 5, 6, 7}, 0, 2.0 / 64},
		// Differences 1,-2,3,4,-5,6,7,8,9,10: W+ = 48. P(W+ ≥ 48) = P(W+ ≤ 7):
		// 19 of the 1024 subsets of 1..10 sum to at most 7; two-sided 38/1024.
		{"mixed signs", []float64{1, -2, 3, 4, -5, 6, 7, 8, 9, 10}, make([]float64, 10), 48, 38.0 / 1024},
		// Zeros are dropped: the same test as "all positive".
		{"zeros dropped", []float64{2, 3, 4, 5, 6, 7, 1, 1}, []float64{1, 1, 1, 1, 1, 1, 1, 1}, 21, 2.0 / 64},
		{"no differences", []float64{1, 2}, []float64{1, 2}, 0, 1},
		// Ties: |d| = 1,1,2 with ranks 1.5,1.5,3; W+ = 1.5+3 = 4.5 out of 6.
		// Sign assignments: W+ ∈ {0,1.5,1.5,3,3,4.5,4.5,6}; P(W+ ≥ 4.5) = 3/8.
		{"tied magnitudes", []float64{1, -1, 2}, []float64{0, 0, 0}, 4.5, 0.75},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w, p := WilcoxonSignedRank(tc.x, tc.y)
			assert.InDelta(t, tc.wantW, w, 1e-12, "W")
			assert.InDelta(t, tc.wantP, p, 1e-9, "p")
		})
	}
}

func TestWilcoxonNormalApproximation(t *testing.T) {
	// d = 1..30, all positive but 1..5 negative: W+ = 465 − 15 = 450.
	x := make([]float64, 30)
	y := make([]float64, 30)
	for i := range x {
		x[i] = float64(i + 1)
		if i < 5 {
			x[i] = -x[i]
		}
	}
	w, p := WilcoxonSignedRank(x, y)
	assert.Equal(t, 450.0, w)
	// mean 232.5, var 30·31·61/24 = 2363.75; z = (450−232.5−0.5)/48.6184 = 4.4633
	assert.InDelta(t, math.Erfc(4.463298/math.Sqrt2), p, 1e-7)
}

func TestWilcoxonBadInput(t *testing.T) {
	w, p := WilcoxonSignedRank([]float64{1}, []float64{1, 2})
	assert.True(t, math.IsNaN(w) && math.IsNaN(p), "length mismatch")
	w, p = WilcoxonSignedRank([]float64{math.NaN()}, []float64{1})
	assert.True(t, math.IsNaN(w) && math.IsNaN(p), "NaN")
}

func TestWilcoxonProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 60).Draw(t, "n")
		gen := rapid.Float64Range(-5, 5)
		x, y := make([]float64, n), make([]float64, n)
		for i := range n {
			// Round to halves so that ties and zeros happen.
			x[i] = math.Round(gen.Draw(t, "x")*2) / 2
			y[i] = math.Round(gen.Draw(t, "y")*2) / 2
		}
		w, p := WilcoxonSignedRank(x, y)
		if p < 0 || p > 1 || math.IsNaN(p) {
			t.Fatalf("p = %v", p)
		}
		w2, p2 := WilcoxonSignedRank(y, x)
		if math.Abs(p-p2) > 1e-12 {
			t.Fatalf("p not symmetric: %v vs %v", p, p2)
		}
		nz := 0
		for i := range x {
			if x[i] != y[i] {
				nz++
			}
		}
		if math.Abs(w+w2-float64(nz*(nz+1))/2) > 1e-9 {
			t.Fatalf("W %v + swapped W %v != n(n+1)/2 for n=%d", w, w2, nz)
		}
	})
}

func TestPairedBootstrap(t *testing.T) {
	x := []float64{0.9, 0.8, 0.85, 0.95, 0.7, 0.9, 0.88, 0.92, 0.81, 0.87}
	y := []float64{0.6, 0.65, 0.7, 0.55, 0.6, 0.62, 0.58, 0.66, 0.61, 0.64}
	d, ci, p := PairedBootstrap(x, y, nil, 2000, 7)
	d2, ci2, p2 := PairedBootstrap(x, y, nil, 2000, 7)
	require.Equal(t, d, d2, "deterministic delta")
	require.Equal(t, ci, ci2, "deterministic interval")
	require.Equal(t, p, p2, "deterministic p")
	assert.InDelta(t, 0.858-0.621, d, 1e-9)
	assert.True(t, ci.Contains(d), "interval %v contains delta", ci)
	assert.Greater(t, ci.Lo, 0.0)
	assert.InDelta(t, 2.0/2001, p, 1e-12, "no resample reaches zero")

	_, ciOther, _ := PairedBootstrap(x, y, nil, 2000, 8)
	assert.NotEqual(t, ci, ciOther, "another seed, another stream")

	t.Run("no difference", func(t *testing.T) {
		_, ci, p := PairedBootstrap(x, x, nil, 500, 1)
		assert.Equal(t, Interval{0, 0}, ci)
		assert.Equal(t, 1.0, p)
	})
	t.Run("custom statistic", func(t *testing.T) {
		maxStat := func(v []float64) float64 {
			m := math.Inf(-1)
			for _, e := range v {
				m = math.Max(m, e)
			}
			return m
		}
		d, _, _ := PairedBootstrap(x, y, maxStat, 100, 1)
		assert.InDelta(t, 0.95-0.7, d, 1e-12)
	})
	t.Run("bad input", func(t *testing.T) {
		d, ci, p := PairedBootstrap(nil, nil, nil, 10, 1)
		assert.True(t, math.IsNaN(d) && math.IsNaN(ci.Lo) && math.IsNaN(p))
		d, _, _ = PairedBootstrap([]float64{1}, []float64{1, 2}, nil, 10, 1)
		assert.True(t, math.IsNaN(d))
	})
}

func TestPairedMeanDiffCI(t *testing.T) {
	d, ci := PairedMeanDiffCI([]float64{5, 6, 7, 8, 9}, []float64{2, 2, 2, 2, 2})
	m, want := MeanCI([]float64{3, 4, 5, 6, 7})
	assert.Equal(t, m, d)
	assert.Equal(t, want, ci)
	d, _ = PairedMeanDiffCI([]float64{1}, nil)
	assert.True(t, math.IsNaN(d))
}
