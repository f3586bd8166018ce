package mazereport_test

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/agents"
	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites/maze"
	"github.com/hallumaze/hallumaze/suites/maze/record"
)

// TestOrderFree: the same results in the orders a concurrent run may
// write them (the order the cases ended) give the same tables and the same
// results JSON, to the last digit: intervals, chance-corrected figures,
// ablations, maze boxes.
func TestOrderFree(t *testing.T) {
	// The reference agents on eight mazes, lures shown and not: enough
	// mazes for the resampled intervals, which need five.
	env := bench.Env{Agents: func(name string) (providers.Model, bool) { return agents.Lookup(name) }}
	var rs []results.Result
	for _, name := range []string{"agent/explorer", "agent/random", "agent/lured"} {
		m, err := env.Open(name)
		require.NoError(t, err)
		for seed := range uint64(8) {
			for _, s := range []record.Spec{{Size: 7, Seed: seed + 1}, {Size: 7, Seed: seed + 1, NoMirage: true}} {
				c, err := maze.NewCase(s)
				require.NoError(t, err)
				rs = append(rs, bench.Play(t.Context(), m, c))
			}
		}
	}
	opts := report.Options{Timestamp: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), CacheDir: t.TempDir()}
	outputs := func(rs []results.Result) (string, string) {
		var tables, seed bytes.Buffer
		require.NoError(t, writeTables(&tables, rs))
		require.NoError(t, writeSeedJSON(&seed, rs, opts))
		return tables.String(), seed.String()
	}
	wantTables, wantSeed := outputs(rs)
	for seed := range uint64(3) {
		shuffled := slices.Clone(rs)
		rand.New(rand.NewPCG(seed, 11)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		tables, seedJSON := outputs(shuffled)
		require.Equal(t, wantTables, tables, "tables, order %d", seed)
		require.Equal(t, wantSeed, seedJSON, "results JSON, order %d", seed)
	}
}
