package analysis

import (
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/mazes/lenient"
	"pgregory.net/rapid"
)

// proseSignalsPlain is proseSignals as first written: every line parsed,
// every phrase tried at every position.
func proseSignalsPlain(text string) SignalCounts {
	count := func(s string, phrases []string) int {
		n := 0
		for i := 0; i < len(s); {
			best := 0
			for _, p := range phrases {
				if l := matchAt(s, i, p); l > best {
					best = l
				}
			}
			if best > 0 {
				n++
				i += best
				continue
			}
			i++
			for i < len(s) && s[i]&0xC0 == 0x80 {
				i++
			}
		}
		return n
	}
	var c SignalCounts
	for line := range strings.Lines(text) {
		if isContractLine(line) {
			continue
		}
		low := lenient.LowerASCII(line)
		c.DeadEnd += count(low, deadEndPhrases)
		c.Backtrack += count(low, backtrackPhrases)
		c.Loop += count(low, loopPhrases)
		c.Strategy += count(low, strategyPhrases)
	}
	return c
}

// TestProseSignalsAsPlain: the indexed count gives what trying every
// phrase on every line gives, over lines of the contract, prose with the
// phrases, Korean, and what sits between.
func TestProseSignalsAsPlain(t *testing.T) {
	pieces := append(append(append(append([]string{"STEP 1: (0,0) → E | confidence: 90% | a dead end", "LOOP detected at (1,1) — I went back",
		"DEAD_END at (2,2)", "FINAL_PATH: (0,0)→(0,1)", "(0,1)→(1,1)", "BACKTRACK_COUNT: 2", "**STEP 2**: (0,1) → S", "- let me go back",
		"\n", " ", ".", "x", "deadend", "Backtracking!", "in circles", "다른 전략으로", "막다른 길", "revisited", "looped"},
		deadEndPhrases...), backtrackPhrases...), loopPhrases...), strategyPhrases...)
	rapid.Check(t, func(t *rapid.T) {
		var b strings.Builder
		for _, p := range rapid.SliceOfN(rapid.SampledFrom(pieces), 0, 30).Draw(t, "pieces") {
			b.WriteString(strings.ToUpper(p[:1]) + p[1:])
			b.WriteString(rapid.SampledFrom([]string{" ", "\n", "", ", "}).Draw(t, "sep"))
		}
		text := b.String()
		if got, want := proseSignals(text), proseSignalsPlain(text); got != want {
			t.Fatalf("%q: indexed %+v, plain %+v", text, got, want)
		}
	})
}

// TestProseOfTranscript: reading the prose as nothing when every line of
// the reply parsed gives what counting it gives, over replies of contract
// lines (with signal phrases in their notes), a FINAL_PATH's continuation,
// markdown decoration, blank lines and prose; the reply given as another
// text is always counted.
func TestProseOfTranscript(t *testing.T) {
	lines := []string{
		"STEP 1: (0,0) → E | confidence: 90% | a dead end, going back",
		"step 2: (0,1) → S | confidence: 80% | loop? I went back",
		"**STEP 3**: (1,1) → E", "1. STEP 4: (1,2) → N | confidence: 70%",
		"DEAD_END at (2,2): backtracking", "LOOP detected — in circles", "STRATEGY_CHANGE: change strategy, go back",
		"BACKTRACK_COUNT: 2", "HALLUCINATION_COUNT: 0", "CONFIDENCE_LOG: [1:90, 2:80]",
		"FINAL_PATH: (0,0) → (0,1)", "(1,1) → (2,1)", "(2,2)",
		"", " ", "**", "---", "> ", "* ", "`",
		"Let me go back: a dead end.", "막다른 길이다", "STEP x: nowhere", "BACKTRACK_COUNT: many",
	}
	rapid.Check(t, func(t *rapid.T) {
		picked := rapid.SliceOfN(rapid.SampledFrom(lines), 0, 25).Draw(t, "lines")
		text := strings.Join(picked, rapid.SampledFrom([]string{"\n", "\r\n"}).Draw(t, "eol"))
		tr := mazes.ParseReply(text)
		want := proseSignals(text)
		if got := proseOf(text, tr, text); got != want {
			t.Fatalf("%q (unparsed %d): from the transcript %+v, counted %+v", text, tr.Unparsed, got, want)
		}
		if got := proseOf(text, tr, text+"x"); got != want {
			t.Fatalf("%q read from another text: %+v, counted %+v", text, got, want)
		}
	})
	// The case the shortcut is for: phrases in the notes of contract
	// lines, every line parsed.
	text := strings.Join(lines[:13], "\n")
	if tr := mazes.ParseReply(text); tr.Unparsed != 0 || proseSignals(text) != (SignalCounts{}) {
		t.Fatalf("unparsed %d, prose %+v: want a reply read whole with no prose", tr.Unparsed, proseSignals(text))
	}
}
