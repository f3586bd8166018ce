package scoring

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

func TestAblations(t *testing.T) {
	tests := []struct {
		name            string
		hrr, e, l       float64
		hc              int
		mei, mei0, mei1 float64 // MEI, without HRR, without E
	}{
		{"flawless", 1, 1, 1, 0, 0.9, 0.9, 0.9},
		// The worked example of docs/metrics.md: HRR 1, E 0.75, L 1, HC 1.
		{"worked example", 1, 0.75, 1, 1, 0.815, 0.54*0.75 + 0.36 - 0.01, 0.6 + 0.3 - 0.01},
		// A walker that never turns back: HRR 0, an early error, no escape.
		{"never turns back", 0, 0.9, 0, 12, 0.17, 0.54*0.9 - 0.1, 0},
		{"nothing", 0, 0, 0, 0, 0, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.InDelta(t, tc.mei, MEI(tc.hrr, tc.e, tc.l, tc.hc), 1e-12)
			assert.InDelta(t, tc.mei0, MEIWithoutHRR(tc.e, tc.l, tc.hc), 1e-12)
			assert.InDelta(t, tc.mei1, MEIWithoutE(tc.hrr, tc.l, tc.hc), 1e-12)
		})
	}
	assert.InDelta(t, (0.45+0.2)/0.7, ScoreWithoutCE(0.9, 1), 1e-12)
	assert.Equal(t, 0.0, ScoreWithoutCE(0, 0))
}

// TestAblationsKeepTheScale: every ablated index stays in [0, 1], and a
// term that is at its best in every walk changes nothing when removed.
func TestAblationsKeepTheScale(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		hrr := rapid.Float64Range(0, 1).Draw(t, "hrr")
		e := rapid.Float64Range(0, 1).Draw(t, "e")
		l := float64(rapid.IntRange(0, 1).Draw(t, "l"))
		hc := rapid.IntRange(0, 30).Draw(t, "hc")
		for _, v := range []float64{MEIWithoutHRR(e, l, hc), MEIWithoutE(hrr, l, hc), ScoreWithoutCE(hrr, e)} {
			if v < 0 || v > 1 {
				t.Fatalf("ablated index %v", v)
			}
		}
		// With E = L = HRR the three terms are one: removing any is a no-op
		// up to the clamp.
		if d := MEI(l, l, l, hc) - MEIWithoutHRR(l, l, hc); d > 1e-12 || d < -1e-12 {
			t.Fatalf("MEI %v vs without HRR %v", MEI(l, l, l, hc), MEIWithoutHRR(l, l, hc))
		}
		if d := MEI(l, l, l, hc) - MEIWithoutE(l, l, hc); d > 1e-12 || d < -1e-12 {
			t.Fatalf("MEI %v vs without E %v", MEI(l, l, l, hc), MEIWithoutE(l, l, hc))
		}
	})
}
