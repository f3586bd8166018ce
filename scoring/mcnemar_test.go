package scoring

import (
	"math"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

// mcnemarRat is the defining formula in exact rational arithmetic.
func mcnemarRat(b, c int) float64 {
	n := b + c
	if n == 0 {
		return 1
	}
	sum, term := new(big.Int), big.NewInt(1) // term = C(n, i)
	for i := 0; i <= min(b, c); i++ {
		sum.Add(sum, term)
		term.Mul(term, big.NewInt(int64(n-i)))
		term.Quo(term, big.NewInt(int64(i+1)))
	}
	p := new(big.Rat).SetFrac(new(big.Int).Mul(sum, big.NewInt(2)), new(big.Int).Lsh(big.NewInt(1), uint(n)))
	if p.Cmp(big.NewRat(1, 1)) > 0 {
		return 1
	}
	f, _ := p.Float64()
	return f
}

func TestMcNemarExact(t *testing.T) {
	tests := []struct {
		name string
		b, c int
		want float64
	}{
		{"no discordant pairs", 0, 0, 1},
		{"balanced", 5, 5, 1},
		{"one sided ten", 10, 0, 2.0 / 1024},
		{"six and one", 6, 1, 0.125},
		{"sixty and zero", 60, 0, 2 * math.Pow(2, -60)},
		{"negative counts are zero", -3, 4, 0.125},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.InEpsilon(t, tc.want, McNemarExact(tc.b, tc.c), 1e-12)
		})
	}
}

func TestMcNemarMatchesExactRational(t *testing.T) {
	for b := 0; b <= 40; b++ {
		for c := 0; c <= 40; c++ {
			want, got := mcnemarRat(b, c), McNemarExact(b, c)
			if math.Abs(want-got) > 1e-12*math.Max(want, 1e-300) {
				t.Fatalf("McNemarExact(%d,%d) = %.17g, exact %.17g", b, c, got, want)
			}
		}
	}
}

func TestMcNemarLarge(t *testing.T) {
	tests := []struct {
		name string
		b, c int
	}{
		{"ten thousand balanced", 5000, 5000},
		{"ten thousand skewed", 4800, 5200},
		{"twenty thousand skewed", 9000, 11000},
		{"lopsided", 9990, 10},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := McNemarExact(tc.b, tc.c)
			assert.False(t, math.IsNaN(got) || math.IsInf(got, 0))
			assert.GreaterOrEqual(t, got, 0.0)
			assert.LessOrEqual(t, got, 1.0)
			if want := mcnemarRat(tc.b, tc.c); want == 0 {
				assert.Less(t, got, 1e-300, "exact value underflows")
			} else if tc.b+tc.c <= 10000 {
				assert.InEpsilon(t, want, got, 1e-9, "exact %.17g", want)
			}
		})
	}
}

func TestMcNemarProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		b := rapid.IntRange(0, 3000).Draw(t, "b")
		c := rapid.IntRange(0, 3000).Draw(t, "c")
		p := McNemarExact(b, c)
		if p < 0 || p > 1 || math.IsNaN(p) {
			t.Fatalf("p = %v outside [0,1]", p)
		}
		if q := McNemarExact(c, b); q != p {
			t.Fatalf("not symmetric: %v vs %v", p, q)
		}
		// More discordance in one direction can only lower p.
		if b >= c && McNemarExact(b+1, c) > p*(1+1e-12) {
			t.Fatalf("p rose when b grew from %d (c=%d)", b, c)
		}
	})
}
