package maze

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/agents"
	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/mazes/walkers"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/results"
)

// TestRunsDrawDifferentWalks plays the repeated runs of one maze (--seed
// with --runs): agent/random walks a different walk on each run, the walk
// of run r is the chance baseline's draw r, run 0 sends no seed (its
// requests are those of a case that is not repeated), and the same run
// gives the same walk again.
func TestRunsDrawDifferentWalks(t *testing.T) {
	env := bench.Env{Agents: func(name string) (providers.Model, bool) { return agents.Lookup(name) }}
	m, err := env.Open("agent/random")
	require.NoError(t, err)
	for _, protocol := range []mazes.Protocol{mazes.OneShot, mazes.Interactive} {
		replies := map[string]int{}
		for run := range 4 {
			spec := Spec{Size: 7, Seed: 3, Run: run, Protocol: protocol}
			c, err := NewCase(spec)
			require.NoError(t, err)
			r := bench.Play(t.Context(), m, c)
			require.Empty(t, r.Error)
			again := bench.Play(t.Context(), m, c)
			require.Equal(t, r.Turns, again.Turns, "run %d is reproducible", run)
			replies[transcriptOf(r.Turns)] = run
			maze, err := mazes.Generate(7, 3, mazes.DFS)
			require.NoError(t, err)
			opt := mazes.PromptOptions{Lang: mazes.English, Mirage: true, Confidence: true, Protocol: protocol}
			want := walkers.RandomScores(maze, opt, uint64(run))
			assert.Equal(t, want.MEI, r.Metrics["MEI"], "%s run %d is the baseline's draw %d", protocol, run, run)
			assert.Equal(t, float64(want.HC), r.Metrics["HC"], "%s run %d", protocol, run)
		}
		assert.Len(t, replies, 4, "%s: four runs, four different walks", protocol)
	}
}

func transcriptOf(turns []results.Turn) string {
	var s string
	for _, t := range turns {
		s += string(t.Role) + ": " + t.Content + "\n"
	}
	return s
}
