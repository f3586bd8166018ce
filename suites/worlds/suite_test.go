package worlds

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/agents"
	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
	hw "github.com/hallumaze/hallumaze/worlds"
)

// play plays cases with the reference agents in-process.
func play(t *testing.T, cases []bench.Case, agents ...string) []results.Result {
	t.Helper()
	lookup := func(name string) (providers.Model, bool) {
		for _, a := range New().Agents {
			if a.Name == name {
				return a.Model, true
			}
		}
		return nil, false
	}
	env := bench.Env{Agents: lookup}
	var out []results.Result
	for _, name := range agents {
		m, err := env.Open("agent/" + name)
		require.NoError(t, err)
		for _, c := range cases {
			r := bench.Play(context.Background(), m, c)
			require.Empty(t, r.Error)
			out = append(out, r)
		}
	}
	return out
}

func sample(t *testing.T) []bench.Case {
	t.Helper()
	cs, err := gateCases()
	require.NoError(t, err)
	return cs
}

// TestAgentsOnTheSample: every agent's reply is read by the contract, the
// results hold what Check demands, and the agents differ as they should:
// the oracle never hallucinates, always-unknown is right exactly on the
// UNKNOWN golds, the guesser never abstains.
func TestAgentsOnTheSample(t *testing.T) {
	rs := play(t, sample(t), "oracle", "credulous", "always-unknown", "guesser", "prior")
	for _, r := range rs {
		t.Run(r.Model+"/"+r.Case, func(t *testing.T) { Check(t, r) })
	}
	byModel := map[string]hw.Report{}
	for _, m := range Score(rs) {
		byModel[m.Model] = m.Report
		assert.Zero(t, m.Report.ParseFailureRate.K, "%s: every reply follows the contract", m.Model)
	}
	assert.Zero(t, byModel["agent/oracle"].HallucinationRate.K)
	unknown := byModel["agent/always-unknown"]
	assert.Equal(t, unknown.AbstentionRecall.N, unknown.Accuracy.K, "right exactly on the UNKNOWN golds")
	assert.Zero(t, byModel["agent/guesser"].AbstentionRecall.K)
	assert.Greater(t, byModel["agent/credulous"].TestimonyFollowing.Rate, byModel["agent/oracle"].TestimonyFollowing.Rate)
}

// TestAgentOfAnotherSuite: a prompt of no world is refused in a way that
// lets another suite's agent of the same name answer it.
func TestAgentOfAnotherSuite(t *testing.T) {
	a := agents.Model(string(hw.Oracle), policy(hw.Oracle))
	_, err := a.Chat(context.Background(), providers.Request{System: "You are in a maze.", Messages: []providers.Message{{Role: providers.User, Content: "MAZE 5×5"}}})
	assert.True(t, errors.Is(err, providers.ErrUnreadablePrompt), "%v", err)
}

func TestFlags(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want func(t *testing.T, cases []bench.Case)
		err  string
	}{
		{"one world, view and category", []string{"--world", "chess", "--view", "fen-truth", "--category", "u"}, func(t *testing.T, cases []bench.Case) {
			require.NotEmpty(t, cases)
			for _, c := range cases {
				assert.Equal(t, "chess", c.Tags["world"])
				assert.Equal(t, "fen-truth", c.Tags["view"])
				assert.Equal(t, "U", c.Tags["category"])
			}
		}, ""},
		{"a level at two seeds", []string{"--level", "proc-8", "--world-seed", "7,8", "--view", "ascii"}, func(t *testing.T, cases []bench.Case) {
			require.NotEmpty(t, cases)
			seeds := map[string]bool{}
			for _, c := range cases {
				assert.Equal(t, "proc-8", c.Tags["level"])
				seeds[c.Tags["seed"]] = true
			}
			assert.Equal(t, map[string]bool{"7": true, "8": true}, seeds)
		}, ""},
		{"unknown world", []string{"--world", "moon"}, nil, `unknown world "moon"`},
		{"unknown level", []string{"--level", "Z9"}, nil, `--level "Z9" is no level`},
		{"unknown view", []string{"--view", "xray"}, nil, `--view "xray"`},
		{"unknown category", []string{"--category", "Q"}, nil, `--category "Q"`},
		{"seed without level", []string{"--world-seed", "3"}, nil, "--world-seed needs --level"},
		{"nothing selected", []string{"--world", "chess", "--view", "fen-truth", "--category", "M"}, nil, "holds no probe"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs := flag.NewFlagSet("run", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			plan := New().Flags(fs)
			require.NoError(t, fs.Parse(tc.args))
			seq, err := plan()
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				return
			}
			require.NoError(t, err)
			tc.want(t, bench.Collect(seq))
		})
	}
}

// TestSummarize: the section's tables, JSON and page, and a chess probe's
// view with its board.
func TestSummarize(t *testing.T) {
	cases := sample(t)
	w, err := world(hw.Chess)
	require.NoError(t, err)
	std, err := standard(w)
	require.NoError(t, err)
	for _, p := range std {
		if p.View == "fen-transposed" {
			cases = append(cases, NewCase(w, p))
			break
		}
	}
	rs := play(t, cases, "oracle", "guesser")
	rs = append(rs, results.Result{Suite: Name, Model: "agent/guesser", Case: "grid/x/s0/symbolic/q00", Error: "boom"})
	sec, err := New().Summarize(rs, report.Options{})
	require.NoError(t, err)
	assert.Equal(t, []string{"agent/oracle", "agent/guesser"}, sec.Models)
	assert.Contains(t, sec.Text, " HalluWorld: agent/oracle ")
	assert.Contains(t, sec.Text, "vs agent/oracle (McNemar over right")
	assert.Contains(t, sec.Text, "1 case could not be played")
	assert.Contains(t, sec.Text, "★ best HalluWorld skill: agent/oracle")
	assert.Contains(t, sec.Text, " HalluWorld leaderboard ")
	assert.Contains(t, sec.Text, " HalluWorld by view ")
	assert.Contains(t, sec.Text, "chess fen-transposed")
	require.Len(t, sec.JSON, 1)
	data, err := json.Marshal(sec.JSON[0].Value)
	require.NoError(t, err)
	var obj map[string]map[string]any
	require.NoError(t, json.Unmarshal(data, &obj))
	assert.Contains(t, obj["agent/oracle"], "by_world_category")
	assert.NotContains(t, obj["agent/oracle"], "verdicts", "the JSONL keeps the verdicts")
	assert.Contains(t, obj["agent/guesser"], "versus_best")
	assert.Equal(t, 1.0, obj["agent/guesser"]["errors"])
	html := string(sec.HTML)
	assert.Contains(t, html, `<section id="worlds">`)
	assert.Contains(t, html, `table class="worlds-heat"`)
	assert.Contains(t, html, `table class="worlds-heat worlds-views"`)
	assert.Contains(t, html, "<th>fen-transposed</th>")
	var chessCase results.Result
	for _, r := range rs {
		if r.Tags["world"] == "chess" && r.Tags["view"] == "fen-transposed" && r.Error == "" {
			chessCase = r
			break
		}
	}
	require.NotEmpty(t, chessCase.Case)
	cv := sec.Case(chessCase)
	assert.Contains(t, string(cv.Figure), "<svg")
	assert.Contains(t, []string{"pass", "fail"}, cv.Verdict)

	bad := []results.Result{{Suite: Name, Model: "m/x", Case: "c", Detail: json.RawMessage(`{"outcome":`)}}
	_, err = New().Summarize(bad, report.Options{})
	assert.ErrorContains(t, err, "c of m/x: read the verdict")
}

// TestStandardCases: one case per standard probe, named by its id, its
// user message the probe's context, whatever world.
func TestStandardCases(t *testing.T) {
	cases, err := New().Standard()
	require.NoError(t, err)
	ws, err := Worlds()
	require.NoError(t, err)
	n := 0
	for _, w := range ws {
		ps, err := w.Standard()
		require.NoError(t, err)
		n += len(ps)
	}
	require.Len(t, cases, n)
	seen := map[string]bool{}
	for _, c := range cases {
		assert.False(t, seen[c.Name], "%s twice", c.Name)
		seen[c.Name] = true
		assert.True(t, strings.HasPrefix(c.Name, c.Tags["world"]+"/"+c.Tags["level"]+"/s"), c.Name)
	}
}

// TestGateSet: every probe the gate set names is in a standard set, once,
// and each world has five of each category.
func TestGateSet(t *testing.T) {
	cases, err := gateCases()
	require.NoError(t, err)
	require.Len(t, cases, len(gateSet))
	seen := map[string]bool{}
	count := map[string]int{}
	for _, c := range cases {
		assert.False(t, seen[c.Name], "%s twice", c.Name)
		seen[c.Name] = true
		count[c.Tags["world"]+"/"+c.Tags["category"]]++
	}
	ws, err := Worlds()
	require.NoError(t, err)
	for _, w := range ws {
		for _, cat := range hw.Categories {
			assert.Equal(t, 5, count[w.Name()+"/"+string(cat)], "%s, category %s", w.Name(), cat)
		}
	}
	gs, err := bench.GateSet(New())
	require.NoError(t, err)
	assert.Len(t, gs, len(gateSet), "the gate set is TestWorldsReplay's cases")
}
