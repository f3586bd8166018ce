package analysis_test

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hallumaze/hallumaze/suites/maze"

	"github.com/hallumaze/hallumaze/suites/maze/analysis"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/providers"
)

var spec4 = maze.Spec{Size: 4, Seed: 1}

// reply is a model that answers every request with text.
func reply(text string) providers.Model {
	return providers.ModelFunc(func(context.Context, providers.Request) (providers.Reply, error) {
		return providers.Reply{Text: text}, nil
	})
}

func TestProseSignals(t *testing.T) {
	tests := []struct {
		name string
		text string
		want analysis.SignalCounts
	}{
		{"nothing", "I will go east, then south.", analysis.SignalCounts{}},
		{"dead end in prose", "Hmm, (3,1) is a dead end. Another dead-end at (0,3).", analysis.SignalCounts{DeadEnd: 2}},
		{"backtracking forms", "I backtracked twice; let me go back and retrace my steps.", analysis.SignalCounts{Backtrack: 3}},
		{"loop words", "I'm going in circles: a loop. Loops again; this cell was already visited.", analysis.SignalCounts{Loop: 4}},
		{"not inside other words", "The deadendness of goback and loophole and Backtracker", analysis.SignalCounts{Backtrack: 1}},
		{"strategy", "Let me try a different approach. New strategy: wall-follow. Start over.", analysis.SignalCounts{Strategy: 3}},
		{"Korean", "막다른 길입니다. 되돌아가겠습니다. 루프에 빠졌어요. 다른 전략을 써 봅시다.", analysis.SignalCounts{DeadEnd: 1, Backtrack: 1, Loop: 1, Strategy: 1}},
		{"negations count as mentions", "This is not a dead end.", analysis.SignalCounts{DeadEnd: 1}},
		{"contract lines are not prose", "DEAD_END at (3,1) — backtracking\nLOOP detected at (2,2) — going in circles\nSTRATEGY_CHANGE — a new approach", analysis.SignalCounts{}},
		{"a mention beside a STEP is prose", "Going back now.\nSTEP 3: (1,1) → N | confidence: 60% | go back", analysis.SignalCounts{Backtrack: 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, analysis.ProseSignals(tc.text))
		})
	}
}

func TestCountSignals(t *testing.T) {
	m, err := mazes.Generate(4, 1, mazes.DFS)
	require.NoError(t, err)
	text := `Let me think. From (0,0) east, then south.
STEP 1: (0,0) → E
STEP 2: (0,1) → W
STEP 3: (0,0) → E
DEAD_END at (0,0) — backtracking
Hmm, that was a dead end, I went back.
LOOP detected at (0,1)
STRATEGY_CHANGE — follow the right wall`
	s := analysis.CountSignals(m, text)
	assert.Equal(t, analysis.SignalCounts{DeadEnd: 1, Backtrack: 1, Loop: 1, Strategy: 1}, s.Contract)
	assert.Equal(t, analysis.SignalCounts{DeadEnd: 1, Backtrack: 1}, s.Prose)
	assert.Zero(t, analysis.CountSignals(nil, text).Contract.Backtrack, "no maze, no walk")
}

// TestResultSignals: a model whose reasoning (returned apart, as a
// provider's thinking blocks are) notices the dead end and the loop that
// its visible reply never mentions.
func TestResultSignals(t *testing.T) {
	model := providers.ModelFunc(func(context.Context, providers.Request) (providers.Reply, error) {
		return providers.Reply{
			Reasoning: "East first. (0,1) → E is a wall... wait, that's a dead end, I must go back. Am I going in circles?",
			Text:      "STEP 1: (0,0) → E | confidence: 90%\nSTEP 2: (0,1) → S | confidence: 90%\nFINAL_PATH: (0,0)→(0,1)→(1,1)",
		}, nil
	})
	rs := playModel(t, model, spec4)
	require.NotEmpty(t, rs[0].Turns)
	reply, reasoning, err := analysis.ResultSignals(rs[0])
	require.NoError(t, err)
	assert.False(t, reply.Contract.Any())
	assert.False(t, reply.Prose.Any())
	assert.Equal(t, analysis.SignalCounts{DeadEnd: 1, Backtrack: 1, Loop: 1}, reasoning.Prose)
	assert.False(t, reasoning.Contract.Any())
}

func TestResultSignalsAgents(t *testing.T) {
	for _, r := range agentGrid(t) {
		reply, _, err := analysis.ResultSignals(r)
		require.NoError(t, err, r.Case)
		scores, err := analysis.DetailScores(r)
		require.NoError(t, err)
		assert.Equal(t, scores.BT, reply.Contract.Backtrack, "%s %s: BT of the replayed walk", r.Model, r.Case)
		assert.Equal(t, scores.LT, reply.Contract.Loop, "%s %s", r.Model, r.Case)
		assert.Equal(t, scores.DeadEndLines, reply.Contract.DeadEnd, "%s %s", r.Model, r.Case)
	}
}

func FuzzCountSignals(f *testing.F) {
	for _, s := range []string{"", "dead end", "막다른 길", "STEP 1: (0,0) → E\nLOOP", "backtrack backtrack", "\xff\xfe loop", strings.Repeat("go back ", 100)} {
		f.Add(s)
	}
	m, err := mazes.Generate(4, 1, mazes.DFS)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s := analysis.CountSignals(m, text)
		for _, c := range []analysis.SignalCounts{s.Contract, s.Prose} {
			if c.DeadEnd < 0 || c.Backtrack < 0 || c.Loop < 0 || c.Strategy < 0 {
				t.Fatalf("negative count %+v", c)
			}
		}
		// A prose mention takes at least two bytes.
		if n := s.Prose.DeadEnd + s.Prose.Backtrack + s.Prose.Loop + s.Prose.Strategy; n > len(text)/2+1 {
			t.Fatalf("%d mentions in %d bytes", n, len(text))
		}
		if utf8.ValidString(text) {
			upper := analysis.CountSignals(m, strings.ToUpper(text))
			if upper.Contract != s.Contract && !strings.ContainsAny(text, "ıſK") {
				t.Logf("case changes contract counts: %+v vs %+v", s.Contract, upper.Contract)
			}
		}
	})
}
