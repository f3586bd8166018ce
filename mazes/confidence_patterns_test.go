package mazes

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// The 4×4 DFS maze of seed 1 (docs/metrics.md's worked example):
//
//	+---+---+---+---+
//	| S   . | .   . |
//	+---+   +   +   +
//	|   | .   . | . |
//	+   +---+---+   +
//	|           | . |
//	+   +---+   +   +
//	|       |     E |
//	+---+---+---+---+
func patternMaze(t testing.TB) *Maze {
	m, err := Generate(4, 1, DFS)
	require.NoError(t, err)
	return m
}

func TestClassifyConfidence(t *testing.T) {
	tests := []struct {
		name  string
		reply string
		want  ConfidencePatterns // shares are checked apart
	}{
		{"fell at the error", `
STEP 1: (0,0) → E | confidence: 90%
STEP 2: (0,1) → E | confidence: 40%`, // (0,1) has no E
			ConfidencePatterns{Hallucinations: 1, FellAt: 1, A: 1}},
		{"held", `
STEP 1: (0,0) → E | confidence: 90%
STEP 2: (0,1) → E | confidence: 90%`,
			ConfidencePatterns{Hallucinations: 1, Held: 1, B: 1}},
		{"a jitter is no change", `
STEP 1: (0,0) → E | confidence: 97%
STEP 2: (0,1) → E | confidence: 91%`,
			ConfidencePatterns{Hallucinations: 1, Held: 1, B: 1}},
		{"rose", `
STEP 1: (0,0) → E | confidence: 80%
STEP 2: (0,1) → E | confidence: 95%`,
			ConfidencePatterns{Hallucinations: 1, Rose: 1, B: 1}},
		{"fell before and stayed down", `
STEP 1: (0,0) → E | confidence: 90%
STEP 2: (0,1) → S | confidence: 70%
STEP 3: (1,1) → S | confidence: 70%`, // (1,1) has no S
			ConfidencePatterns{Hallucinations: 1, FellBefore: 1, A: 1}},
		{"fell before, rose again at the error", `
STEP 1: (0,0) → E | confidence: 90%
STEP 2: (0,1) → S | confidence: 70%
STEP 3: (1,1) → S | confidence: 80%`,
			ConfidencePatterns{Hallucinations: 1, Rose: 1, B: 1}},
		{"a run of errors is judged against the last valid step", `
STEP 1: (0,0) → E | confidence: 90%
STEP 2: (0,1) → E | confidence: 60%
STEP 3: (0,2) → N | confidence: 60%`, // through the wall to (0,2), then off the grid
			ConfidencePatterns{Hallucinations: 2, FellAt: 2, A: 2}},
		{"no earlier valid step", `
STEP 1: (0,0) → S | confidence: 90%`,
			ConfidencePatterns{Hallucinations: 1, NoReference: 1}},
		{"no confidence on the error", `
STEP 1: (0,0) → E | confidence: 90%
STEP 2: (0,1) → E`,
			ConfidencePatterns{Hallucinations: 1, NoConfidence: 1}},
		{"confidences from the log", `
STEP 1: (0,0) → E
STEP 2: (0,1) → E
CONFIDENCE_LOG: 1:90, 2:90`,
			ConfidencePatterns{Hallucinations: 1, Held: 1, B: 1}},
		{"a teleport is an error too", `
STEP 1: (0,0) → E | confidence: 80%
STEP 2: (2,2) → W | confidence: 95%`,
			ConfidencePatterns{Hallucinations: 1, Rose: 1, B: 1}},
		{"flat loop", `
STEP 1: (0,0) → E | confidence: 90%
STEP 2: (0,1) → S | confidence: 90%
STEP 3: (1,1) → N | confidence: 80%
STEP 4: (0,1) → W | confidence: 80%`,
			ConfidencePatterns{Loops: 1, FlatLoops: 1}},
		{"varied loop", `
STEP 1: (0,0) → E | confidence: 90%
STEP 2: (0,1) → S | confidence: 90%
STEP 3: (1,1) → N | confidence: 80%
STEP 4: (0,1) → W | confidence: 60%`,
			ConfidencePatterns{Loops: 1, VariedLoops: 1}},
		{"a wobble in a loop is flat", `
STEP 1: (0,0) → E | confidence: 90%
STEP 2: (0,1) → S | confidence: 90%
STEP 3: (1,1) → N | confidence: 80%
STEP 4: (0,1) → W | confidence: 75%`,
			ConfidencePatterns{Loops: 1, FlatLoops: 1}},
		{"a loop with one confidence is not judged", `
STEP 1: (0,0) → E | confidence: 90%
STEP 2: (0,1) → S | confidence: 90%
STEP 3: (1,1) → N | confidence: 80%
STEP 4: (0,1) → W`,
			ConfidencePatterns{}},
		{"no steps", "I cannot solve this.", ConfidencePatterns{}},
	}
	m := patternMaze(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := ParseReply(strings.TrimSpace(tc.reply))
			got := ClassifyConfidence(tr, Verify(m, tr.Steps))
			shareA, shareB, flat := got.ShareA, got.ShareB, got.FlatShare
			got.ShareA, got.ShareB, got.FlatShare = nil, nil, nil
			assert.Equal(t, tc.want, got)
			if total := tc.want.A + tc.want.B; total > 0 {
				require.NotNil(t, shareA)
				assert.InDelta(t, float64(tc.want.A)/float64(total), *shareA, 1e-12)
				assert.InDelta(t, 1-*shareA, *shareB, 1e-12)
			} else {
				assert.Nil(t, shareA)
				assert.Nil(t, shareB)
			}
			if tc.want.Loops > 0 {
				require.NotNil(t, flat)
				assert.InDelta(t, float64(tc.want.FlatLoops)/float64(tc.want.Loops), *flat, 1e-12)
			} else {
				assert.Nil(t, flat)
			}
		})
	}
}

// TestClassifyConfidenceWorkedExample: docs/metrics.md's reply. Step 4
// crosses the wall at 70% after 90%: A. Steps 9-12 walk back over old
// ground at 0.9, 0.9, 0.9, 0.85: a flat loop (a change of 5 points is none).
func TestClassifyConfidenceWorkedExample(t *testing.T) {
	reply := `STEP 1: (0,0) → E | confidence: 95% | the only opening
STEP 2: (0,1) → S | confidence: 90%
STEP 3: (1,1) → E | confidence: 90%
STEP 4: (1,2) → S | confidence: 70% | down toward the exit row
STEP 5: (2,2) → W
STEP 6: (2,1) → W
STEP 7: (2,0) → S
STEP 8: (3,0) → E
DEAD_END at (3,1) — backtracking
STEP 9: (3,1) → W
STEP 10: (3,0) → N
STEP 11: (2,0) → E
STEP 12: (2,1) → E
LOOP detected at (2,2) — visited at step 4
STEP 13: (2,2) → S
STEP 14: (3,2) → E

BACKTRACK_COUNT: 1
HALLUCINATION_COUNT: 0
CONFIDENCE_LOG: 4:50, 5:0.6, 6:0.8, 7:0.8, 8:0.75, 9:0.9, 10:0.9, 11:0.9, 12:0.85, 13:0.9, 14:0.95
FINAL_PATH: (0,0)→(0,1)→(1,1)→(1,2)→(2,2)→(3,2)→(3,3)`
	m := patternMaze(t)
	tr := ParseReply(reply)
	p := ClassifyConfidence(tr, Verify(m, tr.Steps))
	assert.Equal(t, 1, p.Hallucinations)
	assert.Equal(t, 1, p.FellAt)
	assert.Equal(t, 1, p.A)
	assert.Equal(t, 1, p.Loops)
	assert.Equal(t, 1, p.FlatLoops)
}

// TestClassifyConfidenceBy: with δ = 0 every difference counts.
func TestClassifyConfidenceBy(t *testing.T) {
	m := patternMaze(t)
	for _, tc := range []struct {
		reply string
		delta float64
		want  ConfidencePatterns
	}{
		{"STEP 1: (0,0) → E | confidence: 97%\nSTEP 2: (0,1) → E | confidence: 91%", 0, ConfidencePatterns{Hallucinations: 1, FellAt: 1, A: 1}},
		{"STEP 1: (0,0) → E | confidence: 97%\nSTEP 2: (0,1) → E | confidence: 91%", 0.05, ConfidencePatterns{Hallucinations: 1, FellAt: 1, A: 1}},
		{"STEP 1: (0,0) → E | confidence: 97%\nSTEP 2: (0,1) → E | confidence: 91%", 0.1, ConfidencePatterns{Hallucinations: 1, Held: 1, B: 1}},
		{"STEP 1: (0,0) → E | confidence: 90%\nSTEP 2: (0,1) → S | confidence: 80%\nSTEP 3: (1,1) → S | confidence: 80%", 0, ConfidencePatterns{Hallucinations: 1, FellBefore: 1, A: 1}},
		{"STEP 1: (0,0) → E | confidence: 90%\nSTEP 2: (0,1) → S | confidence: 80%\nSTEP 3: (1,1) → S | confidence: 80%", 0.1, ConfidencePatterns{Hallucinations: 1, FellBefore: 1, A: 1}},
		{"STEP 1: (0,0) → E | confidence: 90%\nSTEP 2: (0,1) → S | confidence: 80%\nSTEP 3: (1,1) → S | confidence: 81%", 0, ConfidencePatterns{Hallucinations: 1, Rose: 1, B: 1}},
	} {
		tr := ParseReply(tc.reply)
		got := ClassifyConfidenceBy(tr, Verify(m, tr.Steps), tc.delta)
		got.ShareA, got.ShareB = nil, nil
		assert.Equal(t, tc.want, got, "δ=%v %q", tc.delta, tc.reply)
	}
}

// TestClassifyConfidenceEpisode: in an interactive walk the world refuses
// the wall, so the next step starts where the walk really is and is valid;
// Verify over the same steps would call it a teleport.
func TestClassifyConfidenceEpisode(t *testing.T) {
	m := patternMaze(t)
	e := NewEpisode(m, PromptOptions{Confidence: true}, 0)
	for _, reply := range []string{
		"STEP 1: (0,0) → E | confidence: 80%",
		"STEP 2: (0,1) → E | confidence: 95%", // a wall: refused
		"STEP 3: (0,1) → S | confidence: 50%",
	} {
		_, _, done := e.Turn(reply)
		require.False(t, done)
	}
	tr := e.Transcript()
	p := ClassifyConfidence(tr, e.Walk())
	assert.Equal(t, 1, p.Hallucinations)
	assert.Equal(t, 1, p.Rose)
	oneShot := ClassifyConfidence(tr, Verify(m, tr.Steps))
	assert.Equal(t, 2, oneShot.Hallucinations, "read as one-shot, step 3 is a teleport")

	w := e.Walk()
	w.Checks[0].Valid = false // a copy: the episode's walk is untouched
	assert.True(t, e.Walk().Checks[0].Valid)
}

// TestClassifyConfidenceProperties: on any walk the counts add up, and A
// and B never outnumber the hallucinations.
func TestClassifyConfidenceProperties(t *testing.T) {
	m := patternMaze(t)
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 30).Draw(t, "steps")
		var b strings.Builder
		pos := m.Start()
		for k := 1; k <= n; k++ {
			d := Dirs[rapid.IntRange(0, 3).Draw(t, "dir")]
			b.WriteString("STEP " + strconv.Itoa(k) + ": " + pos.String() + " → " + d.Letter())
			if rapid.IntRange(0, 4).Draw(t, "conf?") > 0 {
				b.WriteString(" | confidence: " + strconv.Itoa(10*rapid.IntRange(0, 10).Draw(t, "conf")) + "%")
			}
			b.WriteString("\n")
			if next := pos.Move(d); m.In(next) {
				pos = next
			}
		}
		tr := ParseReply(b.String())
		w := Verify(m, tr.Steps)
		p := ClassifyConfidence(tr, w)
		if p.Hallucinations != w.HC {
			t.Fatalf("hallucinations %d, HC %d", p.Hallucinations, w.HC)
		}
		if p.NoConfidence+p.NoReference+p.A+p.B != p.Hallucinations {
			t.Fatalf("counts do not add up: %+v", p)
		}
		if p.FlatLoops+p.VariedLoops != p.Loops || p.Loops > w.BT {
			t.Fatalf("loops %+v, BT %d", p, w.BT)
		}
	})
}
