package scoring

import (
	"math"
	"math/big"
	"testing"

	"pgregory.net/rapid"
)

// exactSum is the sum of x rounded once, from an exact sum in big floats.
func exactSum(x []float64) float64 {
	s := new(big.Float).SetPrec(4096)
	for _, v := range x {
		s.Add(s, new(big.Float).SetPrec(4096).SetFloat64(v))
	}
	f, _ := s.Float64()
	return f
}

// TestSum: the sum is the exact sum correctly rounded, whatever the
// values' order; NaN and infinities add as usual.
func TestSum(t *testing.T) {
	for _, tc := range []struct {
		name string
		x    []float64
		want float64
	}{
		{"none", nil, 0},
		{"tenths", []float64{0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1}, 1},
		{"cancelling", []float64{1e100, 1, -1e100, 1}, 2},
		{"half-way", []float64{1, 1e-16, 1e-16}, 1.0000000000000002},
		{"NaN", []float64{1, math.NaN()}, math.NaN()},
		{"infinity", []float64{1, math.Inf(1)}, math.Inf(1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Sum(tc.x)
			if got != tc.want && !(math.IsNaN(got) && math.IsNaN(tc.want)) {
				t.Errorf("Sum(%v) = %v, want %v", tc.x, got, tc.want)
			}
		})
	}
	rapid.Check(t, func(t *rapid.T) {
		x := rapid.SliceOfN(rapid.Float64Range(-1e6, 1e6), 0, 60).Draw(t, "x")
		for i := range x {
			x[i] *= math.Pow(10, float64(rapid.IntRange(-12, 12).Draw(t, "scale")))
		}
		want := exactSum(x)
		if got := Sum(x); got != want {
			t.Fatalf("Sum = %v, exact sum rounded %v", got, want)
		}
		var sm Summer
		for _, v := range x {
			sm.Add(v)
		}
		if got := sm.Sum(); got != want {
			t.Fatalf("Summer = %v, want %v", got, want)
		}
		perm := rapid.Permutation(x).Draw(t, "reordered")
		if got := Sum(perm); got != want {
			t.Fatalf("Sum of the reordered values = %v, want %v", got, want)
		}
	})
}

func BenchmarkSum(b *testing.B) {
	x := make([]float64, 100_000)
	for i := range x {
		x[i] = float64(i%97) / 97
	}
	b.Run("correctly-rounded", func(b *testing.B) {
		for b.Loop() {
			Sum(x)
		}
	})
	b.Run("in-order", func(b *testing.B) {
		for b.Loop() {
			s := 0.0
			for _, v := range x {
				s += v
			}
			_ = s
		}
	})
}
