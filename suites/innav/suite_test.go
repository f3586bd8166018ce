package innav

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
	hw "github.com/hallumaze/hallumaze/worlds"
	"github.com/hallumaze/hallumaze/worlds/grid"
	"github.com/hallumaze/hallumaze/worlds/terminal"
)

// agentEnv opens the suite's agents in-process.
func agentEnv() bench.Env {
	byName := map[string]providers.Model{}
	for _, a := range New().Agents {
		byName[a.Name] = a.Model
	}
	return bench.Env{Agents: func(name string) (providers.Model, bool) { m, ok := byName[name]; return m, ok }}
}

// standardResults are the three agents' results on the standard set,
// played once.
var standardResults = sync.OnceValues(func() ([]results.Result, error) {
	cases, err := New().Standard()
	if err != nil {
		return nil, err
	}
	env := agentEnv()
	var out []results.Result
	for _, p := range hw.ActPolicies {
		m, err := env.Open("agent/" + string(p))
		if err != nil {
			return nil, err
		}
		for _, c := range cases {
			out = append(out, bench.Play(context.Background(), m, c))
		}
	}
	return out, nil
})

func standard(t *testing.T) []results.Result {
	t.Helper()
	rs, err := standardResults()
	require.NoError(t, err)
	for _, r := range rs {
		require.Empty(t, r.Error, "%s %s", r.Model, r.Case)
	}
	return rs
}

// interval is a measure's value and 95 % interval.
type interval struct{ v, lo, hi float64 }

func fromRate(r *hw.Rate) interval { return interval{r.Rate, r.CI95.Lo, r.CI95.Hi} }

// TestAgentsSeparate: on the standard set the three agents order as they
// are built to on every metric, with a gap beyond the 95 % intervals
// (Wilson, and for the question rates also the cluster-robust interval by
// episode) wherever they differ by construction: the navigator reaches
// more places than the walkers; the walker, answering truly from what it
// saw, answers more right and hallucinates less than the confabulator,
// which walks as it does; the confabulator's never-seen hallucination
// rate is near 1, the others' 0.
func TestAgentsSeparate(t *testing.T) {
	all := standard(t)
	for _, world := range Worlds {
		t.Run(world, func(t *testing.T) {
			var rs []results.Result
			for _, r := range all {
				if r.Tags["world"] == world {
					rs = append(rs, r)
				}
			}
			require.NotEmpty(t, rs)
			separate(t, world, rs)
		})
	}
}

// separate holds the agents' scores on one world's episodes to the order
// they are built in.
func separate(t *testing.T, world string, rs []results.Result) {
	scores, err := Score(rs)
	require.NoError(t, err)
	by := map[string]*ArmScore{}
	for _, m := range scores {
		by[strings.TrimPrefix(m.Model, "agent/")] = m.Arm(hw.ArmInNav)
	}
	nav, walk, conf := by["navigator"], by["walker"], by["confabulator"]
	require.NotNil(t, nav)
	require.NotNil(t, walk)
	require.NotNil(t, conf)
	var b strings.Builder
	WriteTables(&b, scores)
	t.Logf("\n%s", b.String())

	above := func(metric string, a, b interval, an, bn string) {
		t.Helper()
		if !(a.lo > b.hi) {
			t.Errorf("%s: %s %.3f [%.3f, %.3f] is not above %s %.3f [%.3f, %.3f]", metric, an, a.v, a.lo, a.hi, bn, b.v, b.lo, b.hi)
		}
	}
	clustered := func(s *ArmScore, name string) interval {
		m := s.Clustered[name]
		require.NotNil(t, m.CI95, name)
		return interval{m.Mean, m.CI95.Lo, m.CI95.Hi}
	}
	// Acting: the navigator above both walkers, which act alike (a tie by
	// design).
	for _, w := range []struct {
		n string
		s *ArmScore
	}{{"walker", walk}, {"confabulator", conf}} {
		if world == hw.Terminal {
			above("task success", fromRate(nav.TaskSuccess), fromRate(w.s.TaskSuccess), "navigator", w.n)
			continue
		}
		above("nav success", fromRate(nav.NavSuccess), fromRate(w.s.NavSuccess), "navigator", w.n)
		above("places reached", fromRate(nav.TargetsReached), fromRate(w.s.TargetsReached), "navigator", w.n)
		above("actions (fewer)", interval{-nav.Actions.Mean, -nav.Actions.CI95.Hi, -nav.Actions.CI95.Lo},
			interval{-w.s.Actions.Mean, -w.s.Actions.CI95.Hi, -w.s.Actions.CI95.Lo}, "navigator", w.n)
	}
	if world == hw.Terminal {
		require.Equal(t, walk.TaskSuccess.K, conf.TaskSuccess.K, "the confabulator acts as the walker does")
		require.Equal(t, walk.Actions.Mean, conf.Actions.Mean, "the confabulator acts as the walker does")
	} else {
		require.Equal(t, walk.TargetsReached.K, conf.TargetsReached.K, "the confabulator walks as the walker does")
	}
	// Answering: the truthful agents above the confabulator.
	for _, w := range []struct {
		n string
		s *ArmScore
	}{{"navigator", nav}, {"walker", walk}} {
		above("accuracy", fromRate(w.s.Report.Accuracy), fromRate(conf.Report.Accuracy), w.n, "confabulator")
		above("accuracy (clustered)", clustered(w.s, "accuracy"), clustered(conf, "accuracy"), w.n, "confabulator")
		above("accuracy′", interval{*w.s.Report.AccuracyPrime, *w.s.Report.AccuracyPrime, *w.s.Report.AccuracyPrime},
			interval{*conf.Report.AccuracyPrime, *conf.Report.AccuracyPrime, *conf.Report.AccuracyPrime}, w.n, "confabulator")
		for _, m := range []struct {
			name string
			r    func(*ArmScore) *hw.Rate
		}{{"halluc_seen", func(s *ArmScore) *hw.Rate { return s.HallucSeen }},
			{"halluc_unseen", func(s *ArmScore) *hw.Rate { return s.HallucUnseen }},
			{"own_false", func(s *ArmScore) *hw.Rate { return s.OwnFalse }}} {
			require.Zero(t, m.r(w.s).K, "%s of the %s", m.name, w.n)
			above(m.name, fromRate(m.r(conf)), fromRate(m.r(w.s)), "confabulator", w.n)
			above(m.name+" (clustered)", clustered(conf, m.name), clustered(w.s, m.name), "confabulator", w.n)
		}
		for _, c := range Categories {
			if r, ok := w.s.Report.ByCategory[string(c)]; ok {
				require.Equal(t, r.Accuracy.N, r.Accuracy.K, "the %s answers every %s question right", w.n, c)
			}
		}
	}
	require.GreaterOrEqual(t, conf.HallucUnseen.Rate, 0.95, "the confabulator answers almost every never-seen question")
	// Every answer of the confabulator about a never-seen fact is concrete.
	require.Equal(t, conf.HallucUnseen.N, conf.HallucUnseen.K)
}

// TestStandardChecks holds every result of the standard set to Check's
// replay: the trajectory and every gold follow from the actions alone.
func TestStandardChecks(t *testing.T) {
	for _, r := range standard(t) {
		t.Run(r.Model+"/"+r.Case, func(t *testing.T) { Check(t, r) })
	}
}

// TestPaired: the static arm's questions are the innav arm's, one for
// one, and each agent answers truly after the scripted walk as after its
// own but the confabulator.
func TestPaired(t *testing.T) {
	scores, err := Score(standard(t))
	require.NoError(t, err)
	for _, m := range scores {
		p := m.Paired
		require.NotNil(t, p, m.Model)
		in, st := m.Arm(hw.ArmInNav), m.Arm(hw.ArmStatic)
		require.Equal(t, in.Report.Accuracy.N, p.N, "%s: every question is paired", m.Model)
		require.Equal(t, st.Report.Accuracy.N, p.N, m.Model)
		if m.Model != "agent/confabulator" {
			require.Equal(t, p.N, p.BothRight, m.Model)
		}
	}
}

// TestSummarize lays the agents' results out in the three outputs.
func TestSummarize(t *testing.T) {
	rs := standard(t)
	sec, err := New().Summarize(rs, report.Options{})
	require.NoError(t, err)
	require.Contains(t, sec.Text, "InNav: the model acts")
	require.Contains(t, sec.Text, "agent/confabulator")
	require.Contains(t, string(sec.HTML), `<section id="innav">`)
	require.Len(t, sec.JSON, 1)
	cv := sec.Case(rs[0])
	require.Contains(t, string(cv.Figure), "<svg")
	require.NotEmpty(t, cv.Scores)
}

// TestCassettesReplayByteForByte: replaying each committed cassette of the
// gate set gives the trajectory, the golds and every reply of the agent it
// was recorded from, byte for byte: the result's detail and turns are the
// in-process agent's.
func TestCassettesReplayByteForByte(t *testing.T) {
	env := agentEnv()
	env.CassetteRoot = filepath.Join("..", "..", "cassettes")
	cases, err := gateCases()
	require.NoError(t, err)
	recorded := map[string]string{"openai/navigator": "agent/navigator", "anthropic/walker": "agent/walker", "google/confabulator": "agent/confabulator"}
	for rec, ag := range recorded {
		mr, err := env.Open(rec)
		require.NoError(t, err)
		ma, err := env.Open(ag)
		require.NoError(t, err)
		for _, c := range cases {
			t.Run(rec+"/"+c.Name, func(t *testing.T) {
				got := bench.Play(t.Context(), mr, c)
				require.Empty(t, got.Error)
				want := bench.Play(t.Context(), ma, c)
				require.Equal(t, string(want.Detail), string(got.Detail), "the detail: trajectory and golds")
				require.Equal(t, len(want.Turns), len(got.Turns))
				for i := range want.Turns {
					require.Equal(t, want.Turns[i].Content, got.Turns[i].Content, "turn %d", i)
				}
			})
		}
	}
}

// played is a result and the episode it played.
type played struct {
	spec Spec
	r    results.Result
}

// budgetResults are the agents' walks of the gate set's grid episodes with
// max_steps cut to min_steps, so that every walk ends on its budget, in
// the innav arm.
func budgetResults(t *testing.T) []played {
	t.Helper()
	env := agentEnv()
	var out []played
	for _, s := range gateSpecs {
		if s.World != hw.Grid {
			continue
		}
		sp, err := s.navSpec()
		require.NoError(t, err)
		sp.Config.Params.MaxSteps = sp.Config.Params.MinSteps
		s.Nav = &sp
		for _, p := range hw.ActPolicies {
			m, err := env.Open("agent/" + string(p))
			require.NoError(t, err)
			r := bench.Play(t.Context(), m, NewCase(s, hw.ArmInNav))
			require.Empty(t, r.Error, "%s %s", r.Model, r.Case)
			out = append(out, played{s, r})
		}
	}
	return out
}

// TestGoldsFollowTheConversation: every question is asked in the message
// its record holds, and its gold is what a reader of the conversation the
// model read derives (the walker's answer, which reads the user's messages
// and nothing else), in each arm and world, on the standard set and on
// walks that end on their budget. Such a walk shows its last observation
// in the first question's message, before the question.
func TestGoldsFollowTheConversation(t *testing.T) {
	eps := budgetResults(t)
	for _, r := range standard(t) {
		seed, err := strconv.ParseUint(r.Tags["seed"], 10, 64)
		require.NoError(t, err)
		eps = append(eps, played{Spec{World: r.Tags["world"], Level: r.Tags["level"], Seed: seed, View: r.Tags["view"]}, r})
	}
	walks := grid.NewWalkAgents()
	budget := 0
	for _, e := range eps {
		r := e.r
		d, err := decode(r.Detail)
		require.NoError(t, err)
		probes, err := replayQuestions(e.spec, d)
		require.NoError(t, err)
		var conv []string
		for _, turn := range r.Turns {
			conv = append(conv, turn.Content)
		}
		first := len(conv) - 2*len(probes)
		require.GreaterOrEqual(t, first, 0, "%s %s: the turns hold the questions", r.Model, r.Case)
		if d.Arm == hw.ArmInNav && d.Episode.End == "budget" {
			budget++
			last := fmt.Sprintf("[Observation %d — Step %d]", d.Episode.Actions+1, d.Episode.Actions)
			if d.World == hw.Terminal {
				var rec terminal.SessionRecord
				require.NoError(t, json.Unmarshal(d.Episode.Trajectory, &rec))
				last = terminal.Prompt + rec.Steps[len(rec.Steps)-1].Line
			}
			before, _, _ := strings.Cut(conv[first], "## Question\n")
			require.Contains(t, before, last, "%s %s: the last observation before the first question", r.Model, r.Case)
		}
		for i, p := range probes {
			k := first + 2*i
			require.Equal(t, p.Context, conv[k], "%s %s: question %d is sent as its record holds it", r.Model, r.Case, i)
			var rep string
			if d.World == hw.Grid {
				rep, err = walks.Reply(hw.Walker, conv[:k+1])
			} else {
				rep, err = terminal.SessionReply(hw.Walker, conv[:k+1])
			}
			require.NoError(t, err, "%s %s", r.Model, r.Case)
			require.True(t, hw.Judge(p, rep).Right, "%s %s: %q: the conversation gives %q, the gold is %s",
				r.Model, r.Case, p.Question, rep, p.Gold.Canonical())
		}
	}
	require.GreaterOrEqual(t, budget, 9, "the walks cut to their least actions end on their budget")
}
