package scoring

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

func TestBrier(t *testing.T) {
	tests := []struct {
		name    string
		conf    []float64
		correct []bool
		want    float64
	}{
		{"certain and right", []float64{1, 0}, []bool{true, false}, 0},
		{"certain and wrong", []float64{1, 0}, []bool{false, true}, 1},
		{"always a half", []float64{0.5, 0.5, 0.5}, []bool{true, false, true}, 0.25},
		{"mixed", []float64{0.9, 0.2}, []bool{true, true}, (0.01 + 0.64) / 2},
		{"clamped", []float64{1.5}, []bool{true}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.InDelta(t, tc.want, Brier(tc.conf, tc.correct), 1e-12)
		})
	}
	assert.True(t, math.IsNaN(Brier(nil, nil)), "empty")
	assert.True(t, math.IsNaN(Brier([]float64{1}, []bool{true, false})), "length mismatch")
	assert.True(t, math.IsNaN(Brier([]float64{math.NaN()}, []bool{true})), "NaN")
}

func TestReliabilityBins(t *testing.T) {
	conf := []float64{0.05, 0.15, 0.5, 0.55, 1, 0.95, 0.9}
	correct := []bool{false, false, true, false, true, true, false}
	got := ReliabilityBins(conf, correct, 4)
	want := []Bin{
		{Lo: 0, Hi: 0.25, Count: 2, MeanConf: 0.1, Accuracy: 0},
		{Lo: 0.25, Hi: 0.5, Count: 0},
		{Lo: 0.5, Hi: 0.75, Count: 2, MeanConf: 0.525, Accuracy: 0.5},
		{Lo: 0.75, Hi: 1, Count: 3, MeanConf: 2.85 / 3, Accuracy: 2.0 / 3},
	}
	if diff := cmp.Diff(want, got, cmpopts.EquateApprox(0, 1e-12)); diff != "" {
		t.Errorf("ReliabilityBins (-want +got):\n%s", diff)
	}
	assert.Len(t, ReliabilityBins(conf, correct, 0), DefaultBins, "default bins")
	assert.Nil(t, ReliabilityBins(nil, nil, 4))
}

func TestECE(t *testing.T) {
	conf := []float64{0.05, 0.15, 0.5, 0.55, 1, 0.95, 0.9}
	correct := []bool{false, false, true, false, true, true, false}
	// bins: 2/7·|0−0.1| + 2/7·|0.5−0.525| + 3/7·|2/3−0.95|
	want := 2.0/7*0.1 + 2.0/7*0.025 + 3.0/7*(2.85/3-2.0/3)
	assert.InDelta(t, want, ECE(conf, correct, 4), 1e-12)
	assert.InDelta(t, 0, ECE([]float64{1, 1, 0}, []bool{true, true, false}, 10), 1e-12, "perfect")
	assert.True(t, math.IsNaN(ECE(nil, nil, 10)))
}

func TestCalibrationProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 200).Draw(t, "n")
		conf := make([]float64, n)
		correct := make([]bool, n)
		for i := range n {
			conf[i] = rapid.Float64Range(-0.5, 1.5).Draw(t, "conf")
			correct[i] = rapid.Bool().Draw(t, "correct")
		}
		if b := Brier(conf, correct); b < 0 || b > 1 {
			t.Fatalf("Brier %v outside [0,1]", b)
		}
		bins := rapid.IntRange(1, 30).Draw(t, "bins")
		if e := ECE(conf, correct, bins); e < 0 || e > 1 {
			t.Fatalf("ECE %v outside [0,1]", e)
		}
		total := 0
		for _, b := range ReliabilityBins(conf, correct, bins) {
			total += b.Count
		}
		if total != n {
			t.Fatalf("bins hold %d of %d confidences", total, n)
		}
	})
}
