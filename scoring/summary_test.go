package scoring

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

func TestTQuantileTable(t *testing.T) {
	tests := []struct {
		name string
		df   float64
		want float64
	}{
		{"df 1", 1, 12.706204736},
		{"df 2", 2, 4.302652730},
		{"df 5", 5, 2.570581836},
		{"df 10", 10, 2.228138852},
		{"df 30", 30, 2.042272456},
		{"df 100", 100, 1.983971519},
		{"df 1e6 is nearly normal", 1e6, 1.959966},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.InDelta(t, tc.want, TQuantile(0.975, tc.df), 2e-6)
			assert.InDelta(t, -tc.want, TQuantile(0.025, tc.df), 2e-6)
		})
	}
}

func TestTQuantileEdges(t *testing.T) {
	assert.True(t, math.IsInf(TQuantile(0, 3), -1))
	assert.True(t, math.IsInf(TQuantile(1, 3), 1))
	assert.Zero(t, TQuantile(0.5, 3))
	assert.True(t, math.IsNaN(TQuantile(1.5, 3)))
	assert.True(t, math.IsNaN(TQuantile(0.9, 0)))
	assert.InDelta(t, 63.656741, TQuantile(0.995, 1), 1e-5)
	// Cauchy (df 1) closed form: tan(π(p − ½)).
	assert.InDelta(t, math.Tan(math.Pi*0.4), TQuantile(0.9, 1), 1e-9)
}

func TestTCDFRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		df := rapid.Float64Range(0.5, 500).Draw(t, "df")
		p := rapid.Float64Range(0.001, 0.999).Draw(t, "p")
		q := TQuantile(p, df)
		if got := TCDF(q, df); math.Abs(got-p) > 1e-9 {
			t.Fatalf("TCDF(TQuantile(%v, %v)) = %v", p, df, got)
		}
	})
}

func TestMeanCI(t *testing.T) {
	t.Run("known sample", func(t *testing.T) {
		// mean 5, s = sqrt(2.5), n = 5, t_{.975,4} = 2.776445
		m, ci := MeanCI([]float64{3, 4, 5, 6, 7})
		assert.InDelta(t, 5, m, 1e-12)
		half := 2.776445105 * math.Sqrt(2.5) / math.Sqrt(5)
		assert.InDelta(t, 5-half, ci.Lo, 1e-6)
		assert.InDelta(t, 5+half, ci.Hi, 1e-6)
	})
	t.Run("constant sample has zero width", func(t *testing.T) {
		m, ci := MeanCI([]float64{2, 2, 2})
		assert.Equal(t, Interval{2, 2}, ci)
		assert.Equal(t, 2.0, m)
	})
	t.Run("one value has no interval", func(t *testing.T) {
		m, ci := MeanCI([]float64{4})
		assert.Equal(t, 4.0, m)
		assert.True(t, math.IsNaN(ci.Lo) && math.IsNaN(ci.Hi))
	})
	t.Run("empty", func(t *testing.T) {
		m, ci := MeanCI(nil)
		assert.True(t, math.IsNaN(m) && math.IsNaN(ci.Lo))
	})
}

func TestMean(t *testing.T) {
	if got := Mean([]float64{1, 2, 4}); got != 7.0/3 {
		t.Errorf("Mean = %v, want 7/3", got)
	}
	if got := Mean(nil); !math.IsNaN(got) {
		t.Errorf("Mean(nil) = %v, want NaN", got)
	}
}
