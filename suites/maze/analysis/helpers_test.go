package analysis_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/hallumaze/hallumaze/suites/maze"

	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/agents"
	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/results"
)

// The reference agents' results on a small grid, played once per test
// binary: ten 7×7 mazes one-shot with and without lures, and three 5×5
// mazes interactive in groups A and B.
var (
	gridOnce    sync.Once
	gridResults []results.Result
	gridErr     error
)

func agentGrid(t *testing.T) []results.Result {
	t.Helper()
	gridOnce.Do(func() {
		var specs []maze.Spec
		for seed := uint64(1); seed <= 10; seed++ {
			specs = append(specs, maze.Spec{Size: 7, Seed: seed}, maze.Spec{Size: 7, Seed: seed, NoMirage: true})
		}
		for seed := uint64(1); seed <= 3; seed++ {
			for _, g := range []string{"A", "B"} {
				specs = append(specs, maze.Spec{Size: 5, Seed: seed, Protocol: mazes.Interactive, Group: g})
			}
		}
		gridResults, gridErr = play(context.Background(), agents.Names(), specs)
	})
	require.NoError(t, gridErr)
	return gridResults
}

// play plays every agent on every spec.
func play(ctx context.Context, names []string, specs []maze.Spec) ([]results.Result, error) {
	env := bench.Env{Agents: func(name string) (providers.Model, bool) { return agents.Lookup(name) }}
	var out []results.Result
	for _, name := range names {
		m, err := env.Open("agent/" + name)
		if err != nil {
			return nil, err
		}
		for _, s := range specs {
			c, err := maze.NewCase(s)
			if err != nil {
				return nil, err
			}
			out = append(out, bench.Play(ctx, m, c))
		}
	}
	return out, nil
}

// playModel plays a scripted model on specs.
func playModel(t *testing.T, model providers.Model, specs ...maze.Spec) []results.Result {
	t.Helper()
	env := bench.Env{Agents: func(string) (providers.Model, bool) { return model, true }}
	m, err := env.Open("agent/scripted")
	require.NoError(t, err)
	var out []results.Result
	for _, s := range specs {
		c, err := maze.NewCase(s)
		require.NoError(t, err)
		r := bench.Play(t.Context(), m, c)
		require.Empty(t, r.Error)
		out = append(out, r)
	}
	return out
}

// fake is a hand-built maze result with metrics only.
func fake(model, size, seed string, tags map[string]string, metrics map[string]float64) results.Result {
	t := map[string]string{"size": size, "seed": seed, "algorithm": "dfs", "lang": "en", "confidence": "on",
		"mirage": "on", "protocol": "oneshot", "group": "A", "run": "0"}
	for k, v := range tags {
		t[k] = v
	}
	var parts []string
	for _, k := range []string{"size", "seed", "mirage", "protocol", "group", "run"} {
		parts = append(parts, k+"="+t[k])
	}
	return results.Result{Suite: "maze", Model: model, Case: strings.Join(parts, "/"), Tags: t, Metrics: metrics}
}

func byModel[T any](rows []T, model func(T) string) map[string]T {
	out := map[string]T{}
	for _, r := range rows {
		out[model(r)] = r
	}
	return out
}
