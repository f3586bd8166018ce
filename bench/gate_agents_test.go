package bench_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites"
	"github.com/hallumaze/hallumaze/suites/maze"
)

// TestGateAgents holds the gate to its promise on two real agents: the
// explorer against the lured agent is a regression; a model against itself
// is not.
func TestGateAgents(t *testing.T) {
	all := suites.All()
	g := suites.Gate(all)
	require.NoError(t, g.Check(suites.Metrics(all)))
	env := bench.Env{Agents: suites.Agents(all)}
	explorer, err := env.Open("agent/explorer")
	require.NoError(t, err)
	lured, err := env.Open("agent/lured")
	require.NoError(t, err)
	cases, err := maze.New().Standard()
	require.NoError(t, err)
	play := func(m bench.Model) []results.Result {
		var out []results.Result
		for _, c := range cases {
			out = append(out, bench.Play(t.Context(), m, c))
		}
		return out
	}
	base, cand := play(explorer), play(lured)
	rep := bench.Compare(g, explorer.Name, base, lured.Name, cand)
	assert.True(t, rep.Failed(), "explorer → lured must fail the gate:\n%s", rep.Markdown())
	same := bench.Compare(g, explorer.Name, base, explorer.Name, base)
	assert.False(t, same.Failed(), "a model against itself must pass:\n%s", same.Markdown())
}
