package mazereport

import (
	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/suites/maze/analysis"
)

// words is the language of the terminal text: English, or Korean when the
// results were played in Korean (--lang ko), as the seed's example prints
// it (§3: the box, "▶ 실행 중", the summary lines, "HalluMaze 종합 비교",
// "★ 최고 점수").
type words bool

// koreanText is the Korean of each English string of the terminal text:
// titles, column heads, notes, and the format strings of lines. A string
// not listed stays English.
var koreanText = map[string]string{
	// the seed's own (§3)
	" HalluMaze comparison ":   " HalluMaze 종합 비교 ",
	" HalluMaze comparison — ": " HalluMaze 종합 비교 — ",
	"rank":                     "순위",
	"model":                    "모델",
	"Hall":                     "환각",
	"cases":                    "사례",
	"errors":                   "오류",
	"human":                    "인간",
	"\n  ★ best: %s — Score %.3f | MEI %.3f%s\n": "\n  ★ 최고 점수: %s — HalluScore %.3f | MEI %.3f%s\n",
	" (statistically tied for first)":            " (통계적으로 공동 1위)",
	"\n↳ metacognitive signals: ":                "\n↳ 메타인지 신호: ",
	"none":                                       "없음",
	"✗ no results":                               "✗ 결과 없음",
	"✗ no scored case (%d %s)":                   "✗ 채점된 사례 없음 (오류 %d%s)",
	" | %d %s not scored":                        " | 오류 %d%s 채점 안 됨",
	"  ⚠ %d %s could not be played and %s not scored: %s\n":                                          "  ⚠ %d%s 실행하지 못해 채점하지 않음%s: %s\n",
	"  = statistically tied (paired test over shared mazes, p ≥ %.2f, or fewer than %d mazes): %s\n": "  = 통계적 동률 (공통 미로에 대한 대응 검정, p ≥ %.2f, 또는 미로 %d개 미만): %s\n",
	"  Rows cover different maze sizes: %s.\n":                                                       "  행마다 미로 크기가 다릅니다: %s.\n",
	// the readings
	" HalluMaze: strict and lenient readings ": " HalluMaze: 엄격·관대 판독 ",
	"format compliance":                        "형식 준수율",
	"SR strict | lenient":                      "SR 엄격 | 관대",
	"MEI strict | lenient":                     "MEI 엄격 | 관대",
	"Score strict | lenient":                   "Score 엄격 | 관대",
	"The headline is the strict reading, the seed's contract; the lenient one also reads moves and paths in prose.": "대표 점수는 시드의 출력 형식을 따르는 엄격 판독이며, 관대 판독은 산문으로 쓴 이동과 경로도 읽습니다.",
	// chance
	" HalluMaze beyond chance — ": " HalluMaze 우연 대비 — ",
	"chance":                      "우연",
	"chance: agent/random on the same mazes and protocol (%d draws each);":                            "우연: 같은 미로와 프로토콜의 agent/random (미로마다 %d회 추출);",
	"x′ = (x − chance)/(flawless − chance): 0 is chance, 1 a flawless walk (± the baseline's error).": "x′ = (x − 우연)/(완벽 − 우연): 0은 우연, 1은 완벽한 이동 (± 기준선의 오차).",
	" (seed's %s %s)": " (시드의 %s %s)",
	"\n  Readings by the seed's tables (Score and MEI bands on the chance-corrected values):\n": "\n  시드의 해석표에 따른 판정 (우연 보정 값에 대한 Score와 MEI 구간):\n",
	"\n  Ariadne's Thread (interactive, groups A/B/C):\n":                                       "\n  아리아드네의 실 (대화형, 그룹 A/B/C):\n",
	// confidence patterns
	" Confidence at hallucinations (seed §9.2) ": " 환각 시점의 확신도 (시드 §9.2) ",
	"hallucinations":  "환각",
	"A: fell":         "A: 하락",
	"B: held or rose": "B: 유지·상승",
	"share A":         "A 비율",
	"loops":           "루프",
	"flat":            "평탄",
	"A: the stated confidence fell before or at the wrong step (healthy); B: it held or rose (overconfident).":     "A: 잘못된 스텝 직전이나 그때 확신도가 떨어짐 (건강); B: 유지되거나 오름 (과신).",
	"loops: runs of revisits; flat: the share whose confidence did not change (a change under 10 points is none).": "루프: 연속된 재방문; 평탄: 확신도가 변하지 않은 비율 (10포인트 미만의 변화는 변화 없음).",
	// signals
	" Metacognitive signals: replies and reasoning traces ": " 메타인지 신호: 응답과 추론 과정 ",
	"cases with reasoning":                   "추론이 있는 사례",
	"reply: dead end/back/loop/strategy":     "응답: 막다른 길/되돌아감/루프/전략",
	"reasoning: dead end/back/loop/strategy": "추론: 막다른 길/되돌아감/루프/전략",
	"each count: contract lines (and verified backtracks) + the same signal said in prose.": "각 수: 형식에 맞는 줄 (과 검증된 되돌아감) + 산문으로 말한 같은 신호.",
	// H3
	"\n  H3 as the seed tests it, humans and models err alike? (exploratory; Spearman ρ of HC across sizes, permutation p):\n":                                                        "\n  시드 방식의 H3, 인간과 모델의 오류가 닮았는가? (탐색적; 크기별 HC의 스피어만 ρ, 순열 p):\n",
	"\n  H3 per decision point (error rates of the human walks and the model at each decision point of the mazes both walked; Spearman ρ, permutation p; power to detect ρ = 0.3):\n": "\n  결정 지점별 H3 (양쪽이 걸은 미로의 각 결정 지점에서 인간과 모델의 오류율; 스피어만 ρ, 순열 p; ρ = 0.3 검출력):\n",
	// ablations
	" Ablation study (seed §14) ": " 절제 연구 (시드 §14) ",
	"ablation":                    "절제",
	"ranked by":                   "순위 기준",
	"models":                      "모델 수",
	"swaps":                       "뒤바뀜",
	"note":                        "비고",
	"τ compares the models' ranking with the full metric and without the component: 1 the same, −1 reversed.": "τ는 전체 지표와 구성 요소를 뺀 지표의 모델 순위를 비교합니다: 1은 같음, −1은 뒤집힘.",
	"The no-Mirage and Ariadne contrasts need runs with --no-mirage and with --group B beside the base run.":  "Mirage 없음과 아리아드네 대비는 기본 실행 옆에 --no-mirage와 --group B 실행이 필요합니다.",
	// Mirage
	"\n  Linguistic Mirage (Δ = no lures − lures; > 0: the lures lowered the score):\n": "\n  언어적 신기루 (Δ = 유혹 없음 − 유혹; > 0: 유혹이 점수를 낮춤):\n",
}

// t is s in the text's language.
func (k words) t(s string) string {
	if k {
		if v, ok := koreanText[s]; ok {
			return v
		}
	}
	return s
}

// row is a row of column heads in the text's language.
func (k words) row(heads []string) []string {
	out := make([]string, len(heads))
	for i, h := range heads {
		out[i] = k.t(h)
	}
	return out
}

// plural is report.Plural in English; Korean counts need no plural: "건".
func (k words) plural(n int, one, many string) string {
	if k {
		return "건"
	}
	if n == 1 {
		return one
	}
	return many
}

// wordsOf is the language of the results: Korean when every maze result
// that was played with a language was played in Korean.
func wordsOf(rs []*analysis.Case) words {
	seen := false
	for _, r := range rs {
		if !r.HasTag("lang") {
			continue
		}
		lang := r.Tag("lang")
		if lang != string(mazes.Korean) {
			return false
		}
		seen = true
	}
	return words(seen)
}
