package chess

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/internal/golden"
	"github.com/hallumaze/hallumaze/worlds"
)

// judge scores a reply the simple way the reference agents allow: the last
// line is key=value; "unknown" abstains.
func judge(t testing.TB, p worlds.Probe, reply string) (right, abstained bool) {
	lines := strings.Split(strings.TrimSpace(reply), "\n")
	key, value, ok := strings.Cut(lines[len(lines)-1], "=")
	require.True(t, ok, "%s: reply %q has no key=value line", p.ID, reply)
	require.Equal(t, p.Key, key, p.ID)
	if value == worlds.Unknown {
		return !p.Answerable(), true
	}
	return p.Gold.Accepts(value), false
}

// TestOracleIsRightOnBuiltins: the oracle, reading only the prompt, is
// right on every chess-builtin probe of seeds 1–10 in every view,
// abstaining exactly on the UNKNOWN golds (TestAgentsByView holds the same
// over the standard set).
func TestOracleIsRightOnBuiltins(t *testing.T) {
	w := New()
	for seed := uint64(1); seed <= 10; seed++ {
		probes, err := w.Probes(LevelBuiltin, "", seed)
		require.NoError(t, err)
		for _, p := range probes {
			oracleRight(t, p, w.Reply(worlds.Oracle, p.Context))
		}
	}
}

// oracleRight fails the test unless the oracle's reply is right and
// abstains exactly on an UNKNOWN gold.
func oracleRight(t *testing.T, p worlds.Probe, reply string) {
	t.Helper()
	right, abstained := judge(t, p, reply)
	if !right || abstained == p.Answerable() {
		t.Errorf("%s (%s): gold %s, oracle replied %q", p.ID, p.Question, p.Gold.Canonical(), reply)
	}
}

// TestAgentsByView tabulates each agent's accuracy per view over the
// standard set (a golden file), holds the oracle right on every probe, and
// holds the conflict effect: the
// credulous agent, which follows the FEN line, loses accuracy where the FEN
// line lies.
func TestAgentsByView(t *testing.T) {
	w := New()
	probes := standardSet(t)
	type cell struct{ right, n int }
	acc := map[worlds.Policy]map[string]*cell{}
	// fen counts the probes the annotation does not speak to, where the
	// FEN line is the one testimony.
	fen := map[worlds.Policy]map[string]*cell{}
	for _, pol := range worlds.Policies {
		acc[pol] = map[string]*cell{}
		fen[pol] = map[string]*cell{}
		for _, v := range views {
			acc[pol][v] = &cell{}
			fen[pol][v] = &cell{}
		}
		for _, p := range probes {
			reply := w.Reply(pol, p.Context)
			if pol == worlds.Oracle {
				oracleRight(t, p, reply)
			}
			right, abstained := judge(t, p, reply)
			c := acc[pol][p.View]
			c.n++
			if right {
				c.right++
			}
			if p.ProbeType != TypeClaim {
				f := fen[pol][p.View]
				f.n++
				if right {
					f.right++
				}
			}
			if pol == worlds.Guesser {
				assert.False(t, abstained, "the guesser abstained on %s", p.ID)
			}
		}
	}
	rate := func(pol worlds.Policy, v string) float64 {
		c := acc[pol][v]
		return float64(c.right) / float64(c.n)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%-15s", "agent")
	for _, v := range views {
		fmt.Fprintf(&sb, " %16s", v)
	}
	sb.WriteString("\n")
	for _, pol := range worlds.Policies {
		fmt.Fprintf(&sb, "%-15s", pol)
		for _, v := range views {
			c := acc[pol][v]
			fmt.Fprintf(&sb, " %6d/%3d %.3f", c.right, c.n, rate(pol, v))
		}
		sb.WriteString("\n")
	}
	t.Log("\n" + sb.String())
	golden.Check(t, "agents_by_view.golden", []byte(sb.String()))

	for _, v := range views {
		assert.Equal(t, 1.0, rate(worlds.Oracle, v), "oracle in %s", v)
	}
	fenRate := func(pol worlds.Policy, v string) float64 {
		c := fen[pol][v]
		return float64(c.right) / float64(c.n)
	}
	assert.Equal(t, 1.0, fenRate(worlds.Credulous, ViewOff), "without a FEN line credulous reads the board")
	assert.Less(t, fenRate(worlds.Credulous, ViewTransposed), fenRate(worlds.Credulous, ViewOff))
	assert.Less(t, fenRate(worlds.Credulous, ViewFlipTurn), fenRate(worlds.Credulous, ViewOff))
	assert.Equal(t, 1.0, fenRate(worlds.Credulous, ViewTruth), "a true FEN line misleads nobody")
	for _, v := range views {
		assert.Less(t, rate(worlds.Credulous, v), 1.0, "credulous follows false annotations in %s", v)
	}
}

// TestReplyTable: single messages, each agent's value.
func TestReplyTable(t *testing.T) {
	p := examplePosition(t)
	w := New()
	ctx := func(sp spec, view string) string {
		c, _, _ := p.render(sp, view)
		return c
	}
	// In fen-transposed c4 and g4 are swapped: the FEN puts a black
	// bishop on c4, the white one on g4.
	capG4 := p.canCaptureSpec(sq("g4"))
	defC4 := p.defendedSpec(sq("c4"))
	hidden := p.hiddenSpec(sq("d8"))
	tests := []struct {
		name   string
		policy worlds.Policy
		user   string
		want   string
	}{
		{"oracle reads the board", worlds.Oracle, ctx(capG4, ViewTransposed), "can_capture=no"},
		{"credulous reads the transposed FEN", worlds.Credulous, ctx(capG4, ViewTransposed), "can_capture=no"},
		{"credulous: not white's move per the flipped FEN", worlds.Credulous, ctx(p.canCaptureSpec(sq("e5")), ViewFlipTurn), "can_capture=no"},
		{"oracle: white's move per the board", worlds.Oracle, ctx(p.canCaptureSpec(sq("e5")), ViewFlipTurn), "can_capture=yes"},
		{"oracle: c4 undefended", worlds.Oracle, ctx(defC4, ViewTransposed), "defended=no"},
		{"credulous: the FEN's c4", worlds.Credulous, ctx(defC4, ViewTransposed), "defended=no"},
		{"oracle abstains on the hidden d8 without FEN", worlds.Oracle, ctx(hidden, ViewOff), "square=unknown"},
		{"oracle takes an agreeing FEN for d8", worlds.Oracle, ctx(hidden, ViewTruth), "square=black queen"},
		{"oracle ignores a flipped FEN for d8", worlds.Oracle, ctx(hidden, ViewFlipTurn), "square=unknown"},
		{"credulous takes the flipped FEN for d8", worlds.Credulous, ctx(hidden, ViewFlipTurn), "square=black queen"},
		{"guesser guesses d8", worlds.Guesser, ctx(hidden, ViewOff), "square=empty"},
		{"always-unknown", worlds.AlwaysUnknown, ctx(capG4, ViewOff), "can_capture=unknown"},
		{"not a message", worlds.Oracle, "hello", "answer=unknown"},
		{"a board question without a board", worlds.Oracle, worlds.UserMessage(noBoard, "What is on e4?", hidden.schema), "square=unknown"},
		{"unknown agent", worlds.Policy("sage"), ctx(capG4, ViewOff), "can_capture=unknown"},
		{"an unknown question", worlds.Oracle, worlds.UserMessage(scene{sq: p.node.sq, turn: p.node.turn()}.text(), "Who is winning?", "winner=<white|black|unknown>"), "winner=unknown"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reply := w.Reply(tt.policy, tt.user)
			lines := strings.Split(reply, "\n")
			assert.Equal(t, tt.want, lines[len(lines)-1], reply)
		})
	}
}

// FuzzReadObservation: the board reader never panics, and what it reads,
// written again as a view, reads back the same.
func FuzzReadObservation(f *testing.F) {
	p, err := New().Probes(LevelRandom, "", 3)
	require.NoError(f, err)
	for _, pr := range p {
		msg, err := worlds.ParseMessage(pr.Context)
		require.NoError(f, err)
		f.Add(msg.Observation)
	}
	f.Add("Board ('.' means empty):\n8 ? ? ? ? ? ? ? ?\n")
	f.Add(noBoard)
	f.Fuzz(func(t *testing.T, obs string) {
		s, err := readObservation(obs)
		if err != nil || s.boardless {
			return
		}
		sc := scene{sq: s.sq, turn: s.turn, fen: s.fen}
		for i := range s.masked {
			if s.masked[i] {
				sc.masked = append(sc.masked, parseSquare(string(rune('a'+i%8))+string(rune('1'+i/8))))
			}
		}
		text := sc.text()
		if s.annotation != "" {
			text += "\n\n[Annotation]: \"" + s.annotation + "\""
		}
		back, err := readObservation(text)
		if err != nil {
			t.Fatalf("a view of what was read does not read: %v\n%s", err, sc.text())
		}
		if back != s {
			t.Fatalf("read %+v, then %+v", s, back)
		}
	})
}

// FuzzReply: no agent panics on any user message, and every reply ends
// with one key=value line.
func FuzzReply(f *testing.F) {
	p, err := New().Probes(LevelRandom, "", 4)
	require.NoError(f, err)
	for _, pr := range p {
		f.Add(pr.Context)
	}
	f.Add("## Current observation\nBoard ('.' means empty):\n\n## Question\nWhat is on e4?\n\nAnswer schema: square=<empty|unknown>")
	w := New()
	f.Fuzz(func(t *testing.T, user string) {
		for _, pol := range worlds.Policies {
			reply := w.Reply(pol, user)
			lines := strings.Split(reply, "\n")
			if !strings.Contains(lines[len(lines)-1], "=") {
				t.Fatalf("%s replied %q", pol, reply)
			}
		}
	})
}
