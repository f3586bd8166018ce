package scoring

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestChanceCorrected(t *testing.T) {
	tests := []struct {
		name             string
		x, xRandom, xMax float64
		want             float64
		wantOK           bool
	}{
		{"chance is 0", 0.31, 0.31, 0.9, 0, true},
		{"flawless is 1", 0.9, 0.31, 0.9, 1, true},
		{"halfway", 0.6, 0.3, 0.9, 0.5, true},
		{"below chance is negative", 0.1, 0.3, 0.9, -1.0 / 3, true},
		{"no room above chance", 0.5, 0.9, 0.9, math.NaN(), false},
		{"chance above the best", 0.5, 0.95, 0.9, math.NaN(), false},
		{"NaN", math.NaN(), 0.3, 0.9, math.NaN(), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := ChanceCorrected(tc.x, tc.xRandom, tc.xMax)
			assert.Equal(t, tc.wantOK, ok)
			if !ok {
				assert.True(t, math.IsNaN(got))
				return
			}
			assert.InDelta(t, tc.want, got, 1e-12)
		})
	}
}

func TestChanceCorrectedSE(t *testing.T) {
	// x′ = (x − r)/(m − r); at r ± h it moves by about SE·h/se.
	x, r, m, se := 0.6, 0.3, 0.9, 0.01
	got := ChanceCorrectedSE(x, r, m, se)
	hi, _ := ChanceCorrected(x, r+1e-6, m)
	lo, _ := ChanceCorrected(x, r-1e-6, m)
	assert.InDelta(t, math.Abs(hi-lo)/2e-6*se, got, 1e-8)
	assert.Equal(t, 0.0, ChanceCorrectedSE(m, r, m, se), "a flawless score owes nothing to chance's estimate")
	assert.True(t, math.IsNaN(ChanceCorrectedSE(x, m, m, se)))
}
