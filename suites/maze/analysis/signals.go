package analysis

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/mazes/lenient"
	"github.com/hallumaze/hallumaze/results"
)

// SignalCounts counts the seed's four metacognitive signals in a text.
type SignalCounts struct {
	DeadEnd   int `json:"dead_end"`
	Backtrack int `json:"backtrack"`
	Loop      int `json:"loop"`
	Strategy  int `json:"strategy_change"`
}

// Any reports whether any signal was counted.
func (c SignalCounts) Any() bool {
	return c.DeadEnd+c.Backtrack+c.Loop+c.Strategy > 0
}

// Signals are the signals of one text, read two ways. Contract counts
// what the output contract says, as the scores do: DEAD_END, LOOP and
// STRATEGY_CHANGE lines, and backtracks (BT) of the STEP lines' walk,
// verified against the maze. Prose counts the same signals stated in
// words ("that's a dead end", "let me go back", "I'm going in circles",
// "let me try a different approach"; English and Korean), on the lines
// that are not contract lines, so that nothing is counted twice.
type Signals struct {
	Contract SignalCounts `json:"contract"`
	Prose    SignalCounts `json:"prose"`
}

// CountSignals counts the signals of a text on a maze (nil: no backtrack
// is counted, since a walk needs its maze). The STEP lines of the whole
// text are verified as one walk from START.
func CountSignals(m *mazes.Maze, text string) Signals {
	var s Signals
	tr := mazes.ParseReply(text)
	s.Contract = SignalCounts{DeadEnd: tr.DeadEnds, Loop: tr.Loops, Strategy: tr.StrategyChanges}
	if m != nil {
		s.Contract.Backtrack = mazes.Verify(m, tr.Steps).BT
	}
	s.Prose = proseSignals(text)
	return s
}

// ResultSignals counts the signals of a result's visible replies and,
// apart, of the reasoning its provider returned beside them
// (results.Turn.Reasoning, every assistant turn joined). The replies'
// contract counts are those of the walk as it was scored (for an
// interactive case, the replayed episode's); the reasoning's STEP lines,
// if any, are verified as one walk. Reasoning written inside the reply
// (a <think> block) belongs to the reply.
func ResultSignals(r results.Result) (reply, reasoning Signals, err error) {
	m, tr, w, err := Walk(r)
	if err != nil {
		return Signals{}, Signals{}, err
	}
	content, thought, _ := assistantText(r)
	reply.Contract = SignalCounts{DeadEnd: tr.DeadEnds, Backtrack: w.BT, Loop: tr.Loops, Strategy: tr.StrategyChanges}
	reply.Prose = proseSignals(content)
	reasoning = CountSignals(m, thought)
	return reply, reasoning, nil
}

// assistantText joins what the model wrote over a result's assistant turns,
// a newline between turns: its replies, and its reasoning where a turn kept
// any; reasoned is false when none did.
func assistantText(r results.Result) (reply, reasoning string, reasoned bool) {
	var content, thought []string
	for _, t := range r.Turns {
		if t.Role != results.Assistant {
			continue
		}
		content = append(content, t.Content)
		if t.Reasoning != "" {
			thought = append(thought, t.Reasoning)
		}
	}
	return strings.Join(content, "\n"), strings.Join(thought, "\n"), len(thought) > 0
}

// The phrases of each signal, lower case. An English phrase must begin
// where a word begins and end where a word ends, except that a phrase
// ending in "*" is a stem ("backtrack*" is also "backtracking"). Korean
// phrases match anywhere: Korean attaches its endings to the word.
var (
	deadEndPhrases = []string{"dead end", "dead-end", "dead_end", "deadend", "dead ends", "dead-ends",
		"막다른", "막힌 길", "막혔"}
	backtrackPhrases = []string{"backtrack*", "back-track*", "go back", "going back", "went back", "goes back",
		"turn back", "turning back", "retrace*", "walk back", "head back", "heading back",
		"되돌아", "돌아가", "백트래킹", "뒤로 가"}
	loopPhrases = []string{"loop", "loops", "looping", "looped", "in circles", "in a circle",
		"already visited", "visited before", "been here before", "revisit*",
		"루프", "제자리", "이미 방문", "순환"}
	strategyPhrases = []string{"strategy change", "change strategy", "change my strategy", "change of strategy",
		"switch strategy", "switch strategies", "new strategy", "different strategy", "another strategy",
		"different approach", "another approach", "new approach", "change approach", "change my approach",
		"rethink", "start over", "starting over",
		"전략 변경", "전략을 바꾸", "전략을 변경", "다른 전략", "다른 방법", "접근 방식을 바꾸", "처음부터 다시"}
)

// proseOf is proseSignals(content), known to be nothing without reading
// the text again when content is the reply tr was read from (parsed) and
// every line of it read as the contract's (tr.Unparsed is 0 and nothing
// was cut): proseSignals counts only the lines that are not contract
// lines, and the lines a transcript reads that are not (a FINAL_PATH's
// continuation, markdown decoration alone) hold no word.
func proseOf(content string, tr mazes.Transcript, parsed string) SignalCounts {
	if parsed != "" && content == parsed && tr.Unparsed == 0 && !tr.Truncated {
		return SignalCounts{}
	}
	return proseSignals(content)
}

// proseSignals counts the phrases of each signal on the lines of text that
// are not contract lines. Each occurrence counts; a negation ("not a dead
// end") counts too: this is a count of mentions, not of meaning.
func proseSignals(text string) SignalCounts {
	var c SignalCounts
	for line := range strings.Lines(text) {
		if isContractLine(line) {
			continue
		}
		low := lenient.LowerASCII(line)
		c.DeadEnd += countPhrases(low, deadEndIndex)
		c.Backtrack += countPhrases(low, backtrackIndex)
		c.Loop += countPhrases(low, loopIndex)
		c.Strategy += countPhrases(low, strategyIndex)
	}
	return c
}

// phraseIndex holds a signal's phrases by their first byte, the only
// phrases that can match where a text has that byte.
type phraseIndex [256][]string

func indexPhrases(phrases []string) *phraseIndex {
	var idx phraseIndex
	for _, p := range phrases {
		idx[p[0]] = append(idx[p[0]], p)
	}
	return &idx
}

var (
	deadEndIndex   = indexPhrases(deadEndPhrases)
	backtrackIndex = indexPhrases(backtrackPhrases)
	loopIndex      = indexPhrases(loopPhrases)
	strategyIndex  = indexPhrases(strategyPhrases)
)

// isContractLine reports whether the strict parser reads the line as one
// of the contract's lines.
func isContractLine(line string) bool { return mazes.IsContractLine(line) }

// countPhrases counts the non-overlapping occurrences of the phrases in
// s, longest phrase first at each position.
func countPhrases(s string, phrases *phraseIndex) int {
	n := 0
	for i := 0; i < len(s); {
		best := 0
		for _, p := range phrases[s[i]] {
			if l := matchAt(s, i, p); l > best {
				best = l
			}
		}
		if best > 0 {
			n++
			i += best
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return n
}

// matchAt returns the length of p's match at s[i:], or 0.
func matchAt(s string, i int, p string) int {
	stem := strings.HasSuffix(p, "*")
	p = strings.TrimSuffix(p, "*")
	if !strings.HasPrefix(s[i:], p) {
		return 0
	}
	if r, _ := utf8.DecodeRuneInString(p); r >= 0xAC00 && r <= 0xD7A3 {
		return len(p) // Hangul: anywhere
	}
	if i > 0 {
		prev, _ := utf8.DecodeLastRuneInString(s[:i])
		if isWordRune(prev) {
			return 0
		}
	}
	end := i + len(p)
	if stem {
		for end < len(s) {
			r, size := utf8.DecodeRuneInString(s[end:])
			if !isWordRune(r) {
				break
			}
			end += size
		}
		return end - i
	}
	if end < len(s) {
		next, _ := utf8.DecodeRuneInString(s[end:])
		if isWordRune(next) {
			return 0
		}
	}
	return len(p)
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' }
