package scoring

import (
	"math"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

func TestInterpret(t *testing.T) {
	tests := []struct {
		metric string
		value  float64
		want   string
	}{
		// §11's table, the seed's worked example: Score 0.791 and MEI 0.847.
		{"score", 0.851, "excellent"},
		{"score", 0.80, "excellent"},
		{"score", 0.7999, "good"},
		{"Score", 0.791, "good"},
		{"score", 0.60, "good"},
		{"score", 0.441, "limited"},
		{"score", 0.3999, "deficient"},
		{"score", -0.1, "deficient"},
		{"MEI", 0.847, "excellent"},
		{"MEI", 0.70, "excellent"},
		{"mei", 0.69, "good"},
		{"MEI", 0.50, "good"},
		{"MEI", 0.412, "limited"},
		{"MEI", 0.30, "limited"},
		{"MEI", 0.29, "deficient"},
		// §6's three bands of MEI.
		{"MEI-mark", 0.7, "high"},
		{"MEI-mark", 0.412, "partial"},
		{"MEI-mark", 0.354, "deficient"},
		// CE: lower is better; the ends are strict.
		{"CE", 0.089, "calibrated"},
		{"CE", 0.15, "between"},
		{"CE", 0.40, "between"},
		{"CE", 0.401, "miscalibrated"},
		{"CE", math.NaN(), "none"},
		// BRS and TI: strict ends too.
		{"BRS", 0.95, "system2"},
		{"BRS", 0.85, "between"},
		{"BRS", 0.50, "between"},
		{"BRS", 0.4999, "system1"},
		{"TI", 0.31, "high"},
		{"TI", 0.3, "between"},
		{"TI", 0.1, "between"},
		{"TI", -0.05, "low"},
		// No table, or an undefined value.
		{"HC", 3, ""},
		{"MEI", math.NaN(), ""},
	}
	for _, tc := range tests {
		t.Run(tc.metric+"="+strconv.FormatFloat(tc.value, 'g', -1, 64), func(t *testing.T) {
			band, en, ko := Interpret(tc.metric, tc.value)
			assert.Equal(t, tc.want, band)
			if tc.want == "" {
				assert.Empty(t, en)
				assert.Empty(t, ko)
				return
			}
			assert.NotEmpty(t, en)
			assert.NotEmpty(t, ko)
		})
	}
}

// TestBandsSeedText: the seed's own words, letter for letter.
func TestBandsSeedText(t *testing.T) {
	_, en, ko := Interpret("score", 0.9)
	assert.Equal(t, "우수한 메타인지 — AGI 지향적", ko)
	assert.Equal(t, "excellent metacognition — AGI-oriented", en)
	_, _, ko = Interpret("MEI", 0.1)
	assert.Equal(t, "메타인지 결함 — 환각 루프 지속", ko)
	_, _, ko = Interpret("CE", 0.05)
	assert.Equal(t, "잘 보정된 자기인식", ko)
	_, _, ko = Interpret("BRS", 0.3)
	assert.Equal(t, "언어 패턴에 취약 (System 1 지배)", ko)
	_, _, ko = Interpret("TI", 0.5)
	assert.Equal(t, "높은 학습 가능성 (힌트에 빠르게 반응)", ko)
	for _, b := range bands {
		if b.Name == "between" {
			assert.False(t, b.Seed, "%s %s: the middle bands are ours", b.Metric, b.Name)
		} else {
			assert.True(t, b.Seed, "%s %s", b.Metric, b.Name)
		}
	}
}

// TestBandsPartition: every finite value of a metric falls in exactly one
// band.
func TestBandsPartition(t *testing.T) {
	for _, metric := range []string{"score", "MEI", "MEI-mark", "CE", "BRS", "TI"} {
		bs := Bands(metric)
		assert.NotEmpty(t, bs, metric)
		rapid.Check(t, func(t *rapid.T) {
			v := rapid.Float64Range(-2, 2).Draw(t, "v")
			if rapid.Bool().Draw(t, "on an edge") && len(bs) > 1 {
				v = bs[rapid.IntRange(0, len(bs)-1).Draw(t, "band")].Lo
				if math.IsInf(v, 0) || math.IsNaN(v) {
					v = 0
				}
			}
			n := 0
			for _, b := range bs {
				if b.Contains(v) {
					n++
				}
			}
			if n != 1 {
				t.Fatalf("%s = %v falls in %d bands", metric, v, n)
			}
		})
	}
}

func TestInterpretSignals(t *testing.T) {
	tests := []struct {
		name                              string
		deadEnd, backtrack, loop, strateg bool
		want                              string
		wantKO                            string
	}{
		{"nothing", false, false, false, false, "none", "환각을 인식하지 못함 (가장 심각)"},
		{"dead end only", true, false, false, false, "dead_end", "막힘은 인식했으나 루프는 미인식"},
		{"dead end and backtrack", true, true, false, false, "dead_end", "막힘은 인식했으나 루프는 미인식"},
		{"backtrack alone", false, true, false, false, "dead_end", "막힘은 인식했으나 루프는 미인식"},
		{"loop without backtrack", false, false, true, false, "dead_end", "막힘은 인식했으나 루프는 미인식"},
		{"loop and backtrack", false, true, true, false, "loop_backtracking", "루프 인식 후 적극적 수정 (양호)"},
		{"all four", true, true, true, true, "strategy_change", "전략 수준의 자기조정 (우수)"},
		{"strategy alone", false, false, false, true, "strategy_change", "전략 수준의 자기조정 (우수)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			band, en, ko := InterpretSignals(tc.deadEnd, tc.backtrack, tc.loop, tc.strateg)
			assert.Equal(t, tc.want, band)
			assert.Equal(t, tc.wantKO, ko)
			assert.NotEmpty(t, en)
		})
	}
}
