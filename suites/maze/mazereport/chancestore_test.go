package mazereport

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/mazes/walkers"
	"github.com/hallumaze/hallumaze/suites/maze/analysis"
	"github.com/hallumaze/hallumaze/suites/maze/record"
)

// TestChanceStoreRoundTrip: a baseline saved is read back by another store
// over the same folder, every number to the bit and NaN as NaN; a torn
// line is skipped; another size has its own file.
func TestChanceStoreRoundTrip(t *testing.T) {
	dir := t.TempDir()
	cache := mazes.NewBaselineCache(mazes.BaselineConfig{Walker: "agent/random", Walks: 20, Sample: walkers.RandomScores})
	m, err := mazes.Generate(5, 4, mazes.DFS)
	require.NoError(t, err)
	opt := mazes.PromptOptions{Lang: mazes.English, Confidence: true}
	key := cache.Key(m, opt)
	b := mazes.SimulateBaseline(m, opt, mazes.BaselineConfig{Walker: "agent/random", Walks: 20, Sample: walkers.RandomScores})
	b.MaxScore = math.NaN() // as for a maze whose EXIT cannot be reached

	s := newChanceStore(dir)
	s.Save(key, b)
	_, ok := s.Load(key + "x")
	assert.False(t, ok)

	files, err := filepath.Glob(filepath.Join(s.dir, "*.jsonl"))
	require.NoError(t, err)
	require.Len(t, files, 1)
	assert.Equal(t, "n5.jsonl", filepath.Base(files[0]))
	f, err := os.OpenFile(files[0], os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString(`{"key":"torn`)
	require.NoError(t, err)
	require.NoError(t, f.Close())

	got, ok := newChanceStore(dir).Load(key)
	require.True(t, ok)
	assert.True(t, math.IsNaN(got.MaxScore))
	got.MaxScore, b.MaxScore = 0, 0
	assert.Equal(t, b, got)
}

// TestChanceStoreSameAnalyses: the analyses of a report are the same with
// the store (filled by the first report, read by the second) as without.
func TestChanceStoreSameAnalyses(t *testing.T) {
	var specs []record.Spec
	for seed := range uint64(6) {
		specs = append(specs, record.Spec{Size: 5, Seed: seed + 1})
	}
	rs := playAgents(t, specs)
	boards := Boards(rs)
	cs := analysis.Digests(rs)
	want := analyze(cs, boards[0], "")
	dir := t.TempDir()
	first := analyze(cs, boards[0], dir)
	second := analyze(cs, boards[0], dir)
	assert.Equal(t, want.Chance, first.Chance)
	assert.Equal(t, want.Chance, second.Chance)
	files, err := filepath.Glob(filepath.Join(dir, "chance", "*", "n5.jsonl"))
	require.NoError(t, err)
	require.Len(t, files, 1, "one folder for the walker's fingerprint, one file for the size")
	data, err := os.ReadFile(files[0])
	require.NoError(t, err)
	assert.Equal(t, 6, countNewlines(data), "each maze's baseline simulated once, kept once")
}

func countNewlines(data []byte) int {
	n := 0
	for _, b := range data {
		if b == '\n' {
			n++
		}
	}
	return n
}
