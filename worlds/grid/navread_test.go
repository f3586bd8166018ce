package grid

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/hallumaze/hallumaze/worlds"
	"github.com/hallumaze/hallumaze/worlds/grid/internal/read"
)

// innavText is the interactive episode's walk as the model read it: the
// opening, then each turn's text, then the closing line.
func innavText(n *Nav) string {
	return n.Opening() + strings.TrimPrefix(n.History(), n.block(0))
}

// checkDerived holds every gold of the walk's questions, in both arms, to
// what the walk reader derives from the text of the arm alone.
func checkDerived(t interface {
	Helper()
	Fatalf(string, ...any)
}, n *Nav) int {
	t.Helper()
	checked := 0
	for _, arm := range []string{worlds.ArmInNav, worlds.ArmStatic} {
		probes, err := n.Questions(arm)
		if err != nil {
			t.Fatalf("%s: %v", n.spec.Name, err)
		}
		text := innavText(n)
		if arm == worlds.ArmStatic {
			text = probes[0].Context
		}
		w, err := read.ParseWalk(text)
		if err != nil {
			t.Fatalf("%s %s: read the walk: %v", n.spec.Name, arm, err)
		}
		for _, p := range probes {
			got, err := w.Answer(p.Question)
			var unsettled interface{ Error() string }
			if err != nil && !errors.As(err, &unsettled) {
				t.Fatalf("%s: %v", p.ID, err)
			}
			if err != nil {
				got = worlds.Unknown
			}
			want := p.Gold.Canonical()
			if p.Gold.Unknown {
				want = worlds.Unknown
			}
			if got != want {
				t.Fatalf("%s %q: the reader derives %q, the gold is %q (%s)", p.ID, p.Question, got, want, p.Template)
			}
			checked++
		}
	}
	return checked
}

func TestNavReaderDerivesScriptedGolds(t *testing.T) {
	w := mustWorld(t)
	specs, err := w.NavStandard()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, sp := range specs {
		for _, view := range viewNames {
			sp.View = view
			walk, err := ScriptedWalk(sp)
			if err != nil {
				t.Fatal(err)
			}
			n += checkDerived(t, walk)
		}
	}
	t.Logf("%d golds of %d scripted walks in 3 views derived from the text", n, len(specs))
}

// drawSpec draws a walk's set-up: a standard level, or a procedural one
// at any seed, in any view.
func drawSpec(rt *rapid.T, w *World) NavSpec {
	level := rapid.SampledFrom(w.NavLevels()).Draw(rt, "level")
	seed := uint64(0)
	if _, ok := procSize(level); ok {
		seed = rapid.Uint64Range(1, 1<<20).Draw(rt, "seed")
	}
	sp, err := w.NavSpec(level, seed, rapid.SampledFrom(viewNames).Draw(rt, "view"))
	if err != nil {
		rt.Fatalf("%v", err)
	}
	return sp
}

// TestNavReaderDerivesRandomWalks: for random action sequences on the
// standard levels and on procedural levels at any seed, in any view, every
// gold of both arms is what the reader of the walk's text alone derives.
func TestNavReaderDerivesRandomWalks(t *testing.T) {
	w := mustWorld(t)
	rapid.Check(t, func(rt *rapid.T) {
		sp := drawSpec(rt, w)
		n, err := NewNav(sp)
		if err != nil {
			rt.Fatalf("%v", err)
		}
		actions := rapid.SliceOfN(rapid.SampledFrom([]Action{TurnLeft, TurnRight, Forward, Forward}), 0, sp.Config.Params.MaxSteps).Draw(rt, "actions")
		for _, a := range actions {
			n.Act(a)
		}
		n.Finish()
		checkDerived(rt, n)
	})
}

func mustWorld(t testing.TB) *World {
	t.Helper()
	w, err := New()
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// converse plays a walk of sp through Turn as a harness does: the
// opening, then each reply and the world's answer, until the walk ends.
// The message that ends the walk is not sent on its own: the first
// question's message opens with it. It returns the walk, the conversation
// so far and that message.
func converse(sp NavSpec, reply func(turns []string) (string, error)) (*Nav, []string, string, error) {
	n, err := NewNav(sp)
	if err != nil {
		return nil, nil, "", err
	}
	turns := []string{n.Opening()}
	for range n.MaxReplies() {
		rep, err := reply(turns)
		if err != nil {
			return nil, nil, "", fmt.Errorf("%s: %w", sp.Name, err)
		}
		text, done := n.Turn(rep)
		turns = append(turns, rep)
		if done {
			return n, turns, text, nil
		}
		turns = append(turns, text)
	}
	return nil, nil, "", fmt.Errorf("%s: the walk did not end within %d replies", sp.Name, n.MaxReplies())
}

// askAll asks the interactive arm's questions after the conversation of
// a walk that ended with the message end, each sent as its record's
// context (the first after end), and judges each answer.
func askAll(t interface {
	Helper()
	Fatalf(string, ...any)
}, n *Nav, turns []string, end string, answer func(turns []string) (string, error)) []worlds.Verdict {
	t.Helper()
	probes, err := n.Questions(worlds.ArmInNav)
	if err != nil {
		t.Fatalf("%v", err)
	}
	var out []worlds.Verdict
	for i, p := range probes {
		msg := worlds.QuestionMessage(p.Question, p.Schema)
		if i == 0 {
			msg = end + "\n\n" + msg
		}
		if msg != p.Context {
			t.Fatalf("%s: the message sent is not the record's context", p.ID)
		}
		turns = append(turns, msg)
		rep, err := answer(turns)
		if err != nil {
			t.Fatalf("%s: %v", p.ID, err)
		}
		turns = append(turns, rep)
		out = append(out, worlds.Judge(p, rep))
	}
	return out
}

// checkConversation holds the interactive arm's questions to the
// conversation: each is sent as its record's context, and its gold is what
// the walker, reading the user's messages alone, answers.
func checkConversation(t interface {
	Helper()
	Fatalf(string, ...any)
}, n *Nav, turns []string, end string) {
	t.Helper()
	agents := NewWalkAgents()
	for _, v := range askAll(t, n, turns, end, func(turns []string) (string, error) { return agents.Reply(worlds.Walker, turns) }) {
		if !v.Right {
			t.Fatalf("%s: the conversation gives %q, the gold is %s (the walk ended %s)", v.ID, v.Value, v.Gold, n.End())
		}
	}
}

// TestBudgetEndShowsLastObservation: a walk that ends on its budget sends
// the last action's observation with the closing line, before the first
// question, and the golds count what it shows.
func TestBudgetEndShowsLastObservation(t *testing.T) {
	w := mustWorld(t)
	for _, view := range viewNames {
		sp, err := w.NavSpec("proc-8", 4, view)
		if err != nil {
			t.Fatal(err)
		}
		sp.Config.Params.MaxSteps = 6
		k := 0
		n, turns, end, err := converse(sp, func([]string) (string, error) {
			k++
			return []string{"action=forward", "action=left"}[(k-1)%2], nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if n.End() != NavBudget {
			t.Fatalf("%s: the walk ended %s", view, n.End())
		}
		want := "[Observation 7 — Step 6]:"
		if !strings.HasPrefix(end, "[You turned left]\n\n"+want) || !strings.HasSuffix(end, "\n\n[You have taken all 6 actions; the walk is over.]") {
			t.Fatalf("%s: the walk ends with %q", view, end)
		}
		if strings.Contains(strings.Join(turns, "\n"), want) {
			t.Fatalf("%s: the last observation was sent before the walk ended", view)
		}
		checkConversation(t, n, turns, end)
	}
}

// TestNavConversationDerivesGolds: for random replies (the contract's
// strict and lenient forms, unreadable ones, done), on the standard levels
// and procedural ones at any seed, in any view, the walk ending however it
// ends, every gold of the interactive arm is what a reader of the
// conversation the model read derives.
func TestNavConversationDerivesGolds(t *testing.T) {
	w := mustWorld(t)
	rapid.Check(t, func(rt *rapid.T) {
		sp := drawSpec(rt, w)
		// A short budget makes walks that end on it common.
		if rapid.Bool().Draw(rt, "short") {
			sp.Config.Params.MaxSteps = rapid.IntRange(1, 12).Draw(rt, "max_steps")
			sp.Config.Params.MinSteps = min(sp.Config.Params.MinSteps, sp.Config.Params.MaxSteps)
		}
		replies := []string{"action=left", "action=right", "action=forward", "action=forward", "I turn left.",
			"Move forward.", "Hmm.", "action=done"}
		n, turns, end, err := converse(sp, func([]string) (string, error) {
			return rapid.SampledFrom(replies).Draw(rt, "reply"), nil
		})
		if err != nil {
			rt.Fatalf("%v", err)
		}
		checkConversation(rt, n, turns, end)
	})
}
