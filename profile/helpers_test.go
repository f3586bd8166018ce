package profile_test

import (
	"math/rand/v2"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites"
	sa "github.com/hallumaze/hallumaze/suites/abstain"
	"github.com/hallumaze/hallumaze/suites/maze"
	sw "github.com/hallumaze/hallumaze/suites/worlds"
)

// play plays every case with every model (in-process reference agents),
// streams the results to a JSONL file as a run does, and reads the file
// back: what hallumaze profile and hallumaze report read.
func play(t testing.TB, models []string, cases []bench.Case) []results.Result {
	t.Helper()
	env := bench.Env{Agents: suites.Agents(suites.All())}
	path := filepath.Join(t.TempDir(), "r.jsonl")
	sink, err := results.NewSink(path)
	require.NoError(t, err)
	for _, name := range models {
		m, err := env.Open(name)
		require.NoError(t, err)
		for _, c := range cases {
			r := bench.Play(t.Context(), m, c)
			require.Empty(t, r.Error, "%s %s", name, c.Name)
			require.NoError(t, sink.Add(r))
		}
	}
	require.NoError(t, sink.Close())
	rs, torn, err := results.ReadFile(path)
	require.NoError(t, err)
	require.False(t, torn)
	return rs
}

// The reference agents of each suite, and the cases the tests play them
// on: the maze suite's TestMaze and Ariadne grids, the Missing Piece and
// HalluWorld standard sets.
var (
	mazeAgents    = []string{"agent/oracle", "agent/explorer", "agent/random", "agent/lured", "agent/follower"}
	abstainAgents = []string{"agent/always-answer", "agent/always-abstain", "agent/checker"}
	worldsAgents  = []string{"agent/oracle", "agent/credulous", "agent/always-unknown", "agent/guesser", "agent/prior"}
)

func mazeCases(t testing.TB) []bench.Case {
	cs, err := maze.Cases(append(maze.Grid(), maze.AriadneGrid()...))
	require.NoError(t, err)
	// The grids share the interactive group A mazes.
	seen := map[string]bool{}
	var out []bench.Case
	for _, c := range cs {
		// Under the race detector or -short, sizes 5 and 7: 6 mazes,
		// enough for the intervals.
		if slow() && c.Tags["size"] != "5" && c.Tags["size"] != "7" {
			continue
		}
		if !seen[c.Name] {
			seen[c.Name] = true
			out = append(out, c)
		}
	}
	return out
}

func abstainCases(t testing.TB) []bench.Case {
	cs, err := sa.New().Standard()
	require.NoError(t, err)
	return cs
}

// worldsCases is the HalluWorld standard set; under the race detector or
// -short, its U and X probes (the ones the profile reads beside the
// answerable ones) and every fifth of the others.
func worldsCases(t testing.TB) []bench.Case {
	cs, err := sw.New().Standard()
	require.NoError(t, err)
	if !slow() {
		return cs
	}
	var out []bench.Case
	for i, c := range cs {
		if cat := c.Tags["category"]; cat == "U" || cat == "X" && i%2 == 0 || i%5 == 0 {
			out = append(out, c)
		}
	}
	return out
}

// reference is every suite's reference agents on their sets, read back
// from a results file, in the file's order.
// Played once per test binary.
func reference(t *testing.T) []results.Result {
	t.Helper()
	refOnce.Lock()
	defer refOnce.Unlock()
	if refResults == nil {
		refResults = append(refResults, play(t, mazeAgents, mazeCases(t))...)
		refResults = append(refResults, play(t, abstainAgents, abstainCases(t))...)
		refResults = append(refResults, play(t, worldsAgents, worldsCases(t))...)
	}
	return refResults
}

var (
	refOnce    sync.Mutex
	refResults []results.Result
)

// merged is what hallumaze report makes of a results file: report.Merge,
// sorted by suite, model and case.
func merged(t *testing.T, rs []results.Result) []results.Result {
	t.Helper()
	out, err := report.Merge(rs)
	require.NoError(t, err)
	return out
}

// shards deals the results at random into n shards, each shuffled.
func shards(rs []results.Result, n int, seed uint64) [][]results.Result {
	rng := rand.New(rand.NewPCG(seed, 0))
	out := make([][]results.Result, n)
	for _, r := range rs {
		i := rng.IntN(n)
		out[i] = append(out[i], r)
	}
	for _, s := range out {
		rng.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
	}
	return out
}

// mergedOf merges shards as hallumaze report does with several files.
func mergedOf(t *testing.T, parts [][]results.Result) []results.Result {
	t.Helper()
	out, err := report.Merge(parts...)
	require.NoError(t, err)
	return out
}

// slow reports a run under the race detector or -short: the tests play
// part of the sets.
func slow() bool { return raceEnabled || testing.Short() }
