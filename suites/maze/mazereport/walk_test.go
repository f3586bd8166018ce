package mazereport

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/agents"
	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites/maze/record"
)

// agentResults are the maze agents' results on a few one-shot and
// interactive cases, lures shown.
func agentResults(t *testing.T) []results.Result {
	t.Helper()
	env := bench.Env{Agents: func(name string) (providers.Model, bool) { return agents.Lookup(name) }}
	var out []results.Result
	for _, name := range agents.Names() {
		m, err := env.Open("agent/" + name)
		require.NoError(t, err)
		for _, s := range []record.Spec{{Size: 7, Seed: 1}, {Size: 9, Seed: 2}, {Size: 5, Seed: 3, Protocol: mazes.Interactive}, {Size: 7, Seed: 2, Protocol: mazes.Interactive, Group: "C"}} {
			c, err := maze.NewCase(s)
			require.NoError(t, err)
			out = append(out, bench.Play(t.Context(), m, c))
		}
	}
	return out
}

func TestReplayedWalkMatchesScores(t *testing.T) {
	mc := mazeCache{}
	for _, r := range agentResults(t) {
		if r.Error != "" {
			continue
		}
		t.Run(r.Model+"/"+r.Case, func(t *testing.T) {
			rd, err := record.Read(r)
			require.NoError(t, err)
			w, err := replayWalk(r, rd, mc)
			require.NoError(t, err)
			c := w.counts()
			invalid := 0
			for _, s := range w.segments {
				if s.class != ClassValid && s.class != ClassLure {
					invalid++
				}
			}
			// Each invalid step draws one fault segment (a teleport that
			// also hits a wall draws two), so faults ≥ HC and the valid
			// moves and faults cover every step.
			assert.GreaterOrEqual(t, invalid, int(r.Metrics["HC"]))
			assert.Equal(t, int(r.Metrics["steps"]), c[ClassValid]+c[ClassWall]+c[ClassOffGrid])
			assert.Equal(t, len(w.conf), len(w.correct))
		})
	}
}
