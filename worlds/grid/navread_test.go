package grid

import (
	"errors"
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

// TestNavReaderDerivesRandomWalks: for random action sequences on the
// standard levels and on procedural levels at any seed, in any view, every
// gold of both arms is what the reader of the walk's text alone derives.
func TestNavReaderDerivesRandomWalks(t *testing.T) {
	w := mustWorld(t)
	levels := w.NavLevels()
	rapid.Check(t, func(rt *rapid.T) {
		level := rapid.SampledFrom(levels).Draw(rt, "level")
		seed := uint64(0)
		if _, ok := procSize(level); ok {
			seed = rapid.Uint64Range(1, 1<<20).Draw(rt, "seed")
		}
		sp, err := w.NavSpec(level, seed, rapid.SampledFrom(viewNames).Draw(rt, "view"))
		if err != nil {
			rt.Fatalf("%v", err)
		}
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
