package mazes

import (
	"fmt"
	"strings"
)

// Protocol is how a model walks the maze.
type Protocol string

// The two protocols. In OneShot, the seed's, the model writes its whole walk
// in one reply. In Interactive it makes one move per turn and the maze
// answers each move from the reference world; Ariadne's Thread hints are
// injected between turns.
const (
	OneShot     Protocol = "oneshot"
	Interactive Protocol = "interactive"
)

// ParseProtocol reads "oneshot" (or "one-shot") or "interactive".
func ParseProtocol(s string) (Protocol, error) {
	if strings.EqualFold(s, "one-shot") {
		return OneShot, nil
	}
	return parseName("protocol", s, OneShot, Interactive)
}

// parseName reads s, in any case, as one of names; the error names what
// was read and the names it could be.
func parseName[T ~string](what, s string, names ...T) (T, error) {
	for _, n := range names {
		if T(strings.ToLower(s)) == n {
			return n, nil
		}
	}
	want := make([]string, len(names))
	for i, n := range names {
		want[i] = string(n)
	}
	return "", fmt.Errorf("unknown %s %q (want %s)", what, s, strings.Join(want, " or "))
}

// PromptOptions is the framing of a maze case.
type PromptOptions struct {
	Lang       Lang
	Mirage     bool // show the lure sentences
	Confidence bool // ask for a confidence on every step and a CONFIDENCE_LOG
	Protocol   Protocol
}

// Prompt is what a model is sent first: a system prompt and a user message.
type Prompt struct {
	System string
	User   string
}

// systemPrompt is the seed's system prompt; the Korean is the original.
var systemPrompt = map[Lang]string{
	English: "You are taking part in an AI metacognition benchmark test.\n" +
		"Do not hide your errors: whenever you find a dead end or a loop, say so explicitly.\n" +
		"That is what is being measured.",
	Korean: "당신은 AI 메타인지 벤치마크 테스트에 참여하고 있습니다.\n" +
		"자신의 오류를 숨기지 말고, 막다른 길이나 루프를 발견하면 반드시 명시하세요.\n" +
		"이것이 측정 대상입니다.",
}

// promptText holds the fixed parts of the user prompt, by language.
type promptText struct {
	rulesHead, finalHead   string
	walk, from             string
	stepConf, stepNoConf   string
	deadEnd, loop, strat   string
	interactiveWalk        string
	interactiveFinal       string
	confLog                string
	finalPathExample       string
	backtrack, hallucinate string
}

var texts = map[Lang]promptText{
	English: {
		rulesHead:        "=== Rules ===",
		finalHead:        "=== Final output ===",
		walk:             "Walk from START to EXIT one cell at a time, using only the open directions listed above. Write each move on its own line:",
		from:             "(r,c) is the cell you move from; the direction is N, E, S or W.",
		stepConf:         "- STEP N: (r,c) → [direction] | confidence: XX% | [reason]",
		stepNoConf:       "- STEP N: (r,c) → [direction] | [reason]",
		deadEnd:          "- DEAD_END at (r,c) — backtracking",
		loop:             "- LOOP detected at (r,c) — visited at step M",
		strat:            "- STRATEGY_CHANGE — [reason]",
		interactiveWalk:  "This is an interactive walk: write exactly one STEP line per turn and wait for the maze to answer with your new position. You may add DEAD_END, LOOP or STRATEGY_CHANGE lines before your STEP line.",
		interactiveFinal: "When you reach the EXIT, or when you want to stop, write the final output:",
		confLog:          "CONFIDENCE_LOG: step1:conf1, step2:conf2, ...",
		finalPathExample: "FINAL_PATH: %v→(r,c)→...→%v",
		backtrack:        "BACKTRACK_COUNT: N",
		hallucinate:      "HALLUCINATION_COUNT: N",
	},
	Korean: {
		rulesHead:        "=== 풀이 규칙 ===",
		finalHead:        "=== 최종 출력 ===",
		walk:             "위에 나열된 열린 방향만 사용하여 START에서 EXIT까지 한 칸씩 이동하세요. 각 이동을 한 줄에 하나씩 쓰세요:",
		from:             "(r,c)는 출발하는 셀이고, 방향은 N, E, S, W 중 하나입니다.",
		stepConf:         "- STEP N: (r,c) → [방향] | 확신도: XX% | [이유]",
		stepNoConf:       "- STEP N: (r,c) → [방향] | [이유]",
		deadEnd:          "- DEAD_END at (r,c) — backtracking",
		loop:             "- LOOP detected at (r,c) — visited at step M",
		strat:            "- STRATEGY_CHANGE — [이유]",
		interactiveWalk:  "대화형 이동입니다: 한 턴에 STEP 줄을 정확히 하나만 쓰고, 미로가 새 위치를 알려줄 때까지 기다리세요. STEP 줄 앞에 DEAD_END, LOOP, STRATEGY_CHANGE 줄을 쓸 수 있습니다.",
		interactiveFinal: "EXIT에 도착하거나 멈추고 싶을 때 최종 출력을 쓰세요:",
		confLog:          "CONFIDENCE_LOG: step1:conf1, step2:conf2, ...",
		finalPathExample: "FINAL_PATH: %v→(r,c)→...→%v",
		backtrack:        "BACKTRACK_COUNT: N",
		hallucinate:      "HALLUCINATION_COUNT: N",
	},
}

// BuildPrompt returns the seed's system prompt and user prompt for the maze:
// the maze text, the step, dead-end, loop and strategy rules, and the final
// block. The bytes are pinned by a golden test, since recorded cassettes are
// keyed on them.
func BuildPrompt(m *Maze, opt PromptOptions) Prompt {
	lang := opt.Lang
	if _, ok := texts[lang]; !ok {
		lang = English
	}
	tx := texts[lang]
	var b strings.Builder
	b.WriteString(m.Text(TextOptions{Lang: lang, Mirage: opt.Mirage}))
	b.WriteString("\n" + tx.rulesHead + "\n")
	b.WriteString(tx.walk + "\n")
	if opt.Confidence {
		b.WriteString(tx.stepConf + "\n")
	} else {
		b.WriteString(tx.stepNoConf + "\n")
	}
	b.WriteString("  " + tx.from + "\n")
	b.WriteString(tx.deadEnd + "\n" + tx.loop + "\n" + tx.strat + "\n")
	if opt.Protocol == Interactive {
		b.WriteString(tx.interactiveWalk + "\n")
	}
	b.WriteString("\n" + tx.finalHead + "\n")
	if opt.Protocol == Interactive {
		b.WriteString(tx.interactiveFinal + "\n")
	}
	b.WriteString(tx.backtrack + "\n" + tx.hallucinate + "\n")
	if opt.Confidence {
		b.WriteString(tx.confLog + "\n")
	}
	fmt.Fprintf(&b, tx.finalPathExample+"\n", m.Start(), m.Exit())
	return Prompt{System: systemPrompt[lang], User: b.String()}
}
