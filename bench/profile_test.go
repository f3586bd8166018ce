package bench_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/modelname"
	"github.com/hallumaze/hallumaze/profile"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites"
	"github.com/hallumaze/hallumaze/suites/maze"
)

// personas are the cross-suite reference personas (agents.PersonaNames).
var personas = []string{"agent/knower", "agent/overconfident", "agent/timid", "agent/random"}

// TestProfile plays the cross-suite personas (and every model -models
// names) on each suite's standard set, and the maze suite's Ariadne grid
// for the uses-help dimension, and logs their metacognition profile
// cards (docs/profile.md). The personas' cards must differ in the
// direction their policies set, on every dimension a policy sets, with
// intervals that do not overlap.
func TestProfile(t *testing.T) {
	models := personas
	if *modelsFlag != "" {
		names, err := modelname.ParseList(*modelsFlag)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range names {
			models = append(models, n.String())
		}
	}
	env := bench.Env{CassetteRoot: cassetteRoot, Agents: suites.Agents(suites.All())}
	var cases []bench.Case
	for _, s := range suites.All() {
		if !playsPersonas(s) {
			continue // a suite of acting episodes (innav) has no personas
		}
		cs, err := s.Standard()
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, cs...)
	}
	ariadne, err := maze.Cases(maze.AriadneGrid())
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, c := range cases {
		seen[c.Suite+"/"+c.Name] = true
	}
	for _, c := range ariadne {
		if !seen[c.Suite+"/"+c.Name] {
			cases = append(cases, c)
		}
	}
	var rs []results.Result
	for _, name := range models {
		m, err := env.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			r := bench.Play(t.Context(), m, c)
			if r.Error != "" && m.Agent {
				t.Fatalf("%s %s: %s", name, c.Name, r.Error)
			}
			rs = append(rs, r)
		}
	}
	cards, err := profile.Build(rs, profile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	if err := profile.WriteText(&text, cards, profile.References(cards)); err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + text.String())
	byModel := map[string]profile.Card{}
	for _, c := range cards {
		byModel[c.Model] = c
	}
	for _, o := range PersonaOrder {
		better, worse := byModel["agent/"+o.better], byModel["agent/"+o.worse]
		for _, d := range profile.Defs {
			if d.Dimension != o.dimension || !d.Primary || !slices.Contains(o.suites, d.Suite) {
				continue
			}
			b, _ := better.Measure(d.ID)
			w, _ := worse.Measure(d.ID)
			if b.CI == nil || w.CI == nil {
				t.Errorf("%s: %s or %s has no interval (%s; %s)", d.ID, o.better, o.worse, b.Note, w.Note)
				continue
			}
			if !(b.CI.Lo > w.CI.Hi) {
				t.Errorf("%s: %s %.3f [%.3f, %.3f] is not above %s %.3f [%.3f, %.3f] with intervals apart",
					d.ID, o.better, *b.Value, b.CI.Lo, b.CI.Hi, o.worse, *w.Value, w.CI.Lo, w.CI.Hi)
			}
		}
	}
}

// playsPersonas reports whether a suite's agents include every persona.
func playsPersonas(s bench.Suite) bool {
	for _, p := range personas {
		if !slices.ContainsFunc(s.Agents, func(a bench.Agent) bool { return "agent/"+a.Name == p }) {
			return false
		}
	}
	return true
}

// PersonaOrder is what the personas' policies set, dimension by
// dimension: better above worse on each primary measure of the suites
// named. Where two policies are alike on a dimension (the knower and the
// timid one both abstain on every question that cannot be settled) no
// order is set. The uses-help dimension sets none: no persona is defined
// by taking help (the knower never triggers a hint; the maze agent
// follower is the reference there). On notices, the random walker is left
// out: the seed's HRR counts its random revisits as backtracks, so it
// scores 1 (docs/metrics.md).
var PersonaOrder = []struct {
	dimension, better, worse string
	suites                   []string
}{
	{profile.KnowsUnknown, "knower", "random", []string{"abstain", "worlds"}},
	{profile.KnowsUnknown, "timid", "random", []string{"abstain", "worlds"}},
	{profile.KnowsUnknown, "random", "overconfident", []string{"abstain", "worlds"}},
	{profile.Answers, "knower", "timid", []string{"abstain", "worlds"}},
	{profile.Answers, "overconfident", "timid", []string{"abstain", "worlds"}},
	{profile.Answers, "knower", "random", []string{"abstain", "worlds"}},
	{profile.Answers, "overconfident", "random", []string{"abstain", "worlds"}},
	{profile.Notices, "knower", "overconfident", []string{"maze"}},
	{profile.Notices, "timid", "overconfident", []string{"maze"}},
	{profile.Calibrated, "knower", "timid", []string{"maze"}},
	{profile.Calibrated, "timid", "overconfident", []string{"maze"}},
	{profile.Calibrated, "overconfident", "random", []string{"maze"}},
	{profile.Resists, "knower", "overconfident", []string{"maze", "worlds"}},
	{profile.Resists, "timid", "overconfident", []string{"maze", "worlds"}},
	{profile.Resists, "random", "overconfident", []string{"worlds"}},
}
