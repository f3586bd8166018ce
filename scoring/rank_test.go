package scoring

import (
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

func TestRanks(t *testing.T) {
	tests := []struct {
		name string
		x    []float64
		want []float64
	}{
		{"distinct", []float64{30, 10, 20}, []float64{3, 1, 2}},
		{"a tie", []float64{10, 20, 20, 30}, []float64{1, 2.5, 2.5, 4}},
		{"all tied", []float64{5, 5, 5}, []float64{2, 2, 2}},
		{"empty", []float64{}, []float64{}},
		{"NaN", []float64{1, math.NaN()}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, Ranks(tc.x))
		})
	}
}

func TestSpearman(t *testing.T) {
	tests := []struct {
		name   string
		x, y   []float64
		want   float64
		wantOK bool
	}{
		{"monotone", []float64{1, 2, 3, 4}, []float64{10, 20, 25, 100}, 1, true},
		{"reversed", []float64{1, 2, 3, 4}, []float64{4, 3, 2, 1}, -1, true},
		// y ranks 1, 2, 3.5, 5, 3.5 (R: cor(1:5, c(5,6,7,8,7), method="spearman")).
		{"tie in y", []float64{1, 2, 3, 4, 5}, []float64{5, 6, 7, 8, 7}, 0.8207826816681233, true},
		{"ties in both", []float64{3, 1, 4, 1, 5, 9, 2, 6}, []float64{2, 7, 1, 8, 2, 8, 1, 8}, 0.19885368120992464, true},
		{"constant y", []float64{1, 2, 3}, []float64{4, 4, 4}, math.NaN(), false},
		{"one pair", []float64{1}, []float64{2}, math.NaN(), false},
		{"lengths differ", []float64{1, 2}, []float64{2}, math.NaN(), false},
		{"NaN", []float64{1, 2, math.NaN()}, []float64{1, 2, 3}, math.NaN(), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rho, ok := Spearman(tc.x, tc.y)
			assert.Equal(t, tc.wantOK, ok)
			if !tc.wantOK {
				assert.True(t, math.IsNaN(rho))
				return
			}
			assert.InDelta(t, tc.want, rho, 1e-12)
		})
	}
}

func TestKendallTau(t *testing.T) {
	tests := []struct {
		name   string
		x, y   []float64
		want   float64
		wantOK bool
	}{
		{"same order", []float64{1, 2, 3, 4}, []float64{0.1, 0.5, 0.7, 0.9}, 1, true},
		{"reversed", []float64{1, 2, 3, 4}, []float64{4, 3, 2, 1}, -1, true},
		// One swap of neighbours among four: C = 5, D = 1, τ = 4/6.
		{"one swap", []float64{1, 2, 3, 4}, []float64{1, 3, 2, 4}, 4.0 / 6, true},
		// C = 4, D = 0, one pair tied in x, another in y: 4/√(5·5).
		{"ties", []float64{1, 2, 2, 3}, []float64{1, 2, 3, 3}, 0.8, true},
		// Pairs (1,2) and (3,4) tied in both; the other four concordant:
		// 4/√((6−2)(6−2)) = 1.
		{"tied the same way", []float64{1, 1, 2, 2}, []float64{5, 5, 7, 7}, 1, true},
		{"all tied", []float64{1, 1, 1}, []float64{1, 2, 3}, math.NaN(), false},
		{"one item", []float64{1}, []float64{1}, math.NaN(), false},
		{"NaN", []float64{1, math.NaN()}, []float64{1, 2}, math.NaN(), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tau, ok := KendallTau(tc.x, tc.y)
			assert.Equal(t, tc.wantOK, ok)
			if !tc.wantOK {
				assert.True(t, math.IsNaN(tau))
				return
			}
			assert.InDelta(t, tc.want, tau, 1e-12)
		})
	}
}

func TestPermutationP(t *testing.T) {
	tests := []struct {
		name      string
		x, y      []float64
		want      float64
		wantExact bool
	}{
		// ρ = 1 among four: only the identity and the reversal reach |ρ| = 1.
		{"four, monotone", []float64{1, 2, 3, 4}, []float64{2, 4, 6, 8}, 2.0 / 24, true},
		// Among three, |ρ| = 1 for the identity and the reversal only.
		{"three, monotone", []float64{1, 2, 3}, []float64{1, 2, 3}, 2.0 / 6, true},
		{"two", []float64{1, 2}, []float64{3, 4}, 1, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, exact := PermutationP(tc.x, tc.y, nil, 0, 1)
			assert.Equal(t, tc.wantExact, exact)
			assert.InDelta(t, tc.want, p, 1e-12)
		})
	}
	// By enumeration: the share of the 24 permutations of 1..4 whose |ρ|
	// reaches that of (1, 2, 4, 3), ρ = 0.8.
	base := []float64{1, 2, 3, 4}
	obs, _ := Spearman(base, []float64{1, 2, 4, 3})
	hits := 0
	perms := 0
	a := slices.Clone(base)
	heap(a, 4, func() {
		perms++
		if r, _ := Spearman(base, a); math.Abs(r) >= math.Abs(obs)-1e-9 {
			hits++
		}
	})
	assert.Equal(t, 24, perms)
	p, exact := PermutationP(base, []float64{1, 2, 4, 3}, nil, 0, 1)
	assert.True(t, exact)
	assert.InDelta(t, float64(hits)/24, p, 1e-12)

	// Undefined.
	p, _ = PermutationP([]float64{1, 2, 3}, []float64{5, 5, 5}, nil, 0, 1)
	assert.True(t, math.IsNaN(p))
	p, _ = PermutationP([]float64{1}, []float64{5}, nil, 0, 1)
	assert.True(t, math.IsNaN(p))
}

// TestPermutationMonteCarlo: for n = 9, random permutations estimate the
// exact p; with Kendall's τ as the statistic too.
func TestPermutationMonteCarlo(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9}
	y := []float64{2, 1, 4, 3, 6, 5, 9, 7, 8}
	rho, _ := Spearman(x, y)
	var hits, total int
	a := slices.Clone(y)
	heap(a, len(a), func() {
		total++
		if r, _ := Spearman(x, a); math.Abs(r) >= math.Abs(rho)-1e-9 {
			hits++
		}
	})
	assert.Equal(t, 362880, total)
	p, exact := PermutationP(x, y, nil, 20000, 3)
	assert.False(t, exact)
	assert.InDelta(t, float64(hits)/float64(total), p, 0.003)
	p2, _ := PermutationP(x, y, nil, 20000, 3)
	assert.Equal(t, p, p2, "deterministic")

	tau := func(a, b []float64) float64 { v, _ := KendallTau(a, b); return v }
	pt, _ := PermutationP(x, y, tau, 20000, 3)
	assert.Less(t, pt, 0.01)
}

func TestRankProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 12).Draw(t, "n")
		x, y := make([]float64, n), make([]float64, n)
		for i := range n {
			x[i] = float64(rapid.IntRange(0, 5).Draw(t, "x"))
			y[i] = float64(rapid.IntRange(0, 5).Draw(t, "y"))
		}
		rho, ok := Spearman(x, y)
		tau, okTau := KendallTau(x, y)
		if ok != okTau {
			t.Fatalf("Spearman ok %v, Kendall ok %v", ok, okTau)
		}
		if !ok {
			return
		}
		if rho < -1 || rho > 1 || tau < -1-1e-12 || tau > 1+1e-12 {
			t.Fatalf("ρ = %v, τ = %v", rho, tau)
		}
		// Symmetric, and blind to monotone transforms.
		rho2, _ := Spearman(y, x)
		tau2, _ := KendallTau(y, x)
		ex := make([]float64, n)
		for i, v := range x {
			ex[i] = math.Exp(v) - 7
		}
		rho3, _ := Spearman(ex, y)
		tau3, _ := KendallTau(ex, y)
		if math.Abs(rho-rho2) > 1e-12 || math.Abs(rho-rho3) > 1e-12 || math.Abs(tau-tau2) > 1e-12 || math.Abs(tau-tau3) > 1e-12 {
			t.Fatalf("ρ %v %v %v, τ %v %v %v", rho, rho2, rho3, tau, tau2, tau3)
		}
		// Reversing y reverses both.
		ny := make([]float64, n)
		for i, v := range y {
			ny[i] = -v
		}
		rho4, _ := Spearman(x, ny)
		tau4, _ := KendallTau(x, ny)
		if math.Abs(rho+rho4) > 1e-12 || math.Abs(tau+tau4) > 1e-12 {
			t.Fatalf("reversal: ρ %v %v, τ %v %v", rho, rho4, tau, tau4)
		}
		if n <= PermutationExactMax {
			p, exact := PermutationP(x, y, nil, 0, 1)
			if !exact || p <= 0 || p > 1 {
				t.Fatalf("p = %v exact %v", p, exact)
			}
		}
	})
}
