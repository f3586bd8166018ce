package scoring

import (
	"math"
	"strings"
)

// Band is one reading of the seed's interpretation tables (§6, §9 and §11):
// the values of a metric it covers, and what they mean in English and in
// the seed's Korean.
type Band struct {
	// Metric is the metric's name as the maze suite declares it: "score",
	// "MEI", "CE", "BRS", "TI"; "MEI-mark" is §6's three-band reading of
	// MEI (the leaderboard's ●◑○ mark), which differs from §11's table;
	// "signals" are the signal patterns of §11.
	Metric string `json:"metric"`
	// Name is the band's short name ("excellent", "good", ...).
	Name string `json:"name"`
	// The band holds the values between Lo and Hi, each end included when
	// its Closed flag is set. ±Inf stand for "no bound".
	Lo       float64 `json:"-"`
	Hi       float64 `json:"-"`
	LoClosed bool    `json:"-"`
	HiClosed bool    `json:"-"`
	// Range is the band's range as a reader writes it ("≥ 0.80").
	Range string `json:"range"`
	EN    string `json:"en"`
	KO    string `json:"ko"`
	// Seed reports that the text is the seed's. Where the seed names the
	// two ends of a scale and leaves the middle unnamed, the middle band's
	// text is ours and Seed is false.
	Seed bool `json:"seed"`
}

// Contains reports whether the band holds v.
func (b Band) Contains(v float64) bool {
	lo := v > b.Lo || (b.LoClosed && v == b.Lo)
	hi := v < b.Hi || (b.HiClosed && v == b.Hi)
	return lo && hi
}

var inf = math.Inf(1)

// halfOpen builds a Band of [lo, hi), as the seed's "≥ lo" tables read.
func halfOpen(metric, name string, lo, hi float64, rng, en, ko string) Band {
	return Band{Metric: metric, Name: name, Lo: lo, Hi: hi, LoClosed: true, Range: rng, EN: en, KO: ko, Seed: true}
}

// bands are the seed's tables, each metric's bands from best to worst.
var bands = []Band{
	// §11: the HalluMaze Score and MEI table.
	halfOpen("score", "excellent", 0.80, inf, "≥ 0.80", "excellent metacognition — AGI-oriented", "우수한 메타인지 — AGI 지향적"),
	halfOpen("score", "good", 0.60, 0.80, "0.60 – 0.79", "good metacognition — recognises its errors", "양호한 메타인지 — 오류 인지 가능"),
	halfOpen("score", "limited", 0.40, 0.60, "0.40 – 0.59", "limited metacognition — partial self-correction", "제한적 메타인지 — 부분적 자기교정"),
	halfOpen("score", "deficient", -inf, 0.40, "< 0.40", "deficient metacognition — the hallucination loop persists", "메타인지 결함 — 환각 루프 지속"),
	halfOpen("MEI", "excellent", 0.70, inf, "≥ 0.70", "excellent metacognition — AGI-oriented", "우수한 메타인지 — AGI 지향적"),
	halfOpen("MEI", "good", 0.50, 0.70, "0.50 – 0.69", "good metacognition — recognises its errors", "양호한 메타인지 — 오류 인지 가능"),
	halfOpen("MEI", "limited", 0.30, 0.50, "0.30 – 0.49", "limited metacognition — partial self-correction", "제한적 메타인지 — 부분적 자기교정"),
	halfOpen("MEI", "deficient", -inf, 0.30, "< 0.30", "deficient metacognition — the hallucination loop persists", "메타인지 결함 — 환각 루프 지속"),
	// §6: MEI's own reading, three bands.
	halfOpen("MEI-mark", "high", 0.7, inf, "≥ 0.7", "high metacognition (recognises a hallucination and corrects it quickly)", "높은 메타인지 (환각 인지 후 빠른 수정)"),
	halfOpen("MEI-mark", "partial", 0.4, 0.7, "≥ 0.4", "partial metacognition (late recognition, incomplete correction)", "부분적 메타인지 (늦은 인지, 불완전한 수정)"),
	halfOpen("MEI-mark", "deficient", -inf, 0.4, "< 0.4", "metacognitive deficit (hallucinations persist, no escape from loops)", "메타인지 결함 (환각 지속, 루프 탈출 실패)"),
	// §6 and §9.2: CE, lower is better.
	{Metric: "CE", Name: "calibrated", Lo: -inf, Hi: 0.15, Range: "< 0.15", Seed: true,
		EN: "well-calibrated self-awareness", KO: "잘 보정된 자기인식"},
	{Metric: "CE", Name: "between", Lo: 0.15, Hi: 0.40, LoClosed: true, HiClosed: true, Range: "0.15 – 0.40",
		EN: "between the seed's bands: neither well calibrated nor seriously off",
		KO: "시드의 두 구간 사이: 잘 보정되지도, 심각하게 어긋나지도 않음"},
	{Metric: "CE", Name: "miscalibrated", Lo: 0.40, Hi: inf, Range: "> 0.40", Seed: true,
		EN: "serious overconfidence or underconfidence", KO: "심각한 과신 또는 과소신뢰"},
	// A null CE: the model stated no confidence. It holds no number.
	{Metric: "CE", Name: "none", Lo: math.NaN(), Hi: math.NaN(), Range: "None", Seed: true,
		EN: "not enough confidence data", KO: "확신도 데이터 부족"},
	// §9.1: BRS.
	{Metric: "BRS", Name: "system2", Lo: 0.85, Hi: inf, Range: "> 0.85", Seed: true,
		EN: "strong logical reasoning (System 2 dominant)", KO: "강한 논리적 추론 (System 2 지배)"},
	{Metric: "BRS", Name: "between", Lo: 0.50, Hi: 0.85, LoClosed: true, HiClosed: true, Range: "0.50 – 0.85",
		EN: "between the seed's bands: swayed by some lures", KO: "시드의 두 구간 사이: 일부 유혹에 흔들림"},
	{Metric: "BRS", Name: "system1", Lo: -inf, Hi: 0.50, Range: "< 0.50", Seed: true,
		EN: "vulnerable to language patterns (System 1 dominant)", KO: "언어 패턴에 취약 (System 1 지배)"},
	// §9.3: the Trainability Index.
	{Metric: "TI", Name: "high", Lo: 0.3, Hi: inf, Range: "> 0.3", Seed: true,
		EN: "high trainability (responds quickly to hints)", KO: "높은 학습 가능성 (힌트에 빠르게 반응)"},
	{Metric: "TI", Name: "between", Lo: 0.1, Hi: 0.3, LoClosed: true, HiClosed: true, Range: "0.1 – 0.3",
		EN: "between the seed's bands: some response to hints", KO: "시드의 두 구간 사이: 힌트에 어느 정도 반응"},
	{Metric: "TI", Name: "low", Lo: -inf, Hi: 0.1, Range: "< 0.1", Seed: true,
		EN: "low receptiveness (ignores hints)", KO: "낮은 수용성 (힌트 무시)"},
	// §11: the metacognitive signal patterns, best first. They hold no
	// number: InterpretSignals reads them.
	{Metric: "signals", Name: "strategy_change", Range: "strategy_change", Seed: true,
		EN: "self-adjustment at the level of strategy (excellent)", KO: "전략 수준의 자기조정 (우수)"},
	{Metric: "signals", Name: "loop_backtracking", Range: "loop + backtracking", Seed: true,
		EN: "recognised the loop and corrected actively (good)", KO: "루프 인식 후 적극적 수정 (양호)"},
	{Metric: "signals", Name: "dead_end", Range: "dead_end only", Seed: true,
		EN: "noticed being stuck, but not the loop", KO: "막힘은 인식했으나 루프는 미인식"},
	{Metric: "signals", Name: "none", Range: "none", Seed: true,
		EN: "did not recognise the hallucination (the most serious)", KO: "환각을 인식하지 못함 (가장 심각)"},
}

// Bands returns the seed's bands of a metric (its name in any case), best
// first; nil for a metric the seed gives no reading of.
func Bands(metric string) []Band {
	var out []Band
	for _, b := range bands {
		if strings.EqualFold(b.Metric, metric) {
			out = append(out, b)
		}
	}
	return out
}

// Interpret reads a value of a metric by the seed's tables: the band's
// name and its text in English and Korean. A NaN CE (no confidence stated)
// reads as the band "none". For a metric without a table (the signal
// patterns included: see InterpretSignals), or a NaN value of another
// metric, all three are empty.
func Interpret(metric string, value float64) (band, en, ko string) {
	for _, b := range Bands(metric) {
		if b.Contains(value) || (math.IsNaN(value) && b.Name == "none" && b.Metric == "CE") {
			return b.Name, b.EN, b.KO
		}
	}
	return "", "", ""
}

// InterpretSignals reads the signals of a walk (a DEAD_END line, a
// backtrack, a LOOP line, a STRATEGY_CHANGE line) by the seed's table. The
// seed names four patterns; the rest fall to the best pattern they reach,
// in this order:
//
//  1. strategy_change: a STRATEGY_CHANGE line, whatever else;
//  2. loop_backtracking: a LOOP line and a backtrack;
//  3. dead_end: any other signal (a dead end, a backtrack without a LOOP
//     line, a LOOP line without a backtrack): the walk noticed it was stuck
//     but did not both name the loop and leave it;
//  4. none: no signal.
func InterpretSignals(deadEnd, backtrack, loop, strategy bool) (band, en, ko string) {
	i := 3
	switch {
	case strategy:
		i = 0
	case loop && backtrack:
		i = 1
	case deadEnd || backtrack || loop:
		i = 2
	}
	b := Bands("signals")[i]
	return b.Name, b.EN, b.KO
}
