package analysis_test

import (
	"testing"

	"github.com/hallumaze/hallumaze/suites/maze/analysis"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/internal/golden"
	"github.com/hallumaze/hallumaze/mazes"
)

func TestChanceCorrectedAgents(t *testing.T) {
	rs := agentGrid(t)
	cache := mazes.NewBaselineCache(mazes.BaselineConfig{Walks: 200, Seed: 1})
	rows := byModel(analysis.ChanceCorrected(analysis.Digests(rs), cache), func(c analysis.Chance) string { return c.Model })
	require.Len(t, rows, 4)
	oracle := rows["agent/oracle"]
	assert.Equal(t, 26, oracle.Cases)
	assert.Zero(t, oracle.Skipped)
	assert.InDelta(t, 1, oracle.MEICorrected, 1e-12, "the flawless walk corrects to 1")
	assert.Zero(t, oracle.SEMEICorrected, "and owes nothing to chance's estimate")
	// 13 mazes, each under one protocol: 10 one-shot 7×7 mazes (both
	// framings share a baseline) and 3 interactive 5×5 ones.
	assert.Equal(t, 13, cache.Len())
	for _, c := range rows {
		assert.Greater(t, c.MEIChance, 0.2, c.Model)
		assert.Less(t, c.MEIChance, 0.5, c.Model)
		t.Logf("%-15s MEI %.3f (chance %.3f) → %.3f ± %.3f; Score %.3f (chance %.3f) → %.3f ± %.3f",
			c.Model, c.MEI, c.MEIChance, c.MEICorrected, c.SEMEICorrected, c.Score, c.ScoreChance, c.ScoreCorrected, c.SEScoreCorrected)
	}
	assert.Less(t, rows["agent/lured"].MEICorrected, rows["agent/random"].MEICorrected)
	assert.Less(t, rows["agent/lured"].ScoreCorrected, rows["agent/explorer"].ScoreCorrected)
}

// TestBaselineTable pins the random baseline of docs/analyses.md: sizes
// 5, 7, 9 and 11, DFS seeds 1–3, 200 Uniform walks from seed 1, lures shown
// and confidences asked, both protocols.
func TestBaselineTable(t *testing.T) {
	rows, err := analysis.BaselineTable([]int{5, 7, 9, 11}, []uint64{1, 2, 3}, mazes.DFS,
		mazes.PromptOptions{Mirage: true, Confidence: true}, []mazes.Protocol{mazes.OneShot, mazes.Interactive},
		mazes.BaselineConfig{Walks: 200, Seed: 1})
	require.NoError(t, err)
	require.Len(t, rows, 8)
	for _, r := range rows {
		assert.InDelta(t, 0.9, r.MaxMEI, 1e-12)
		assert.InDelta(t, 0.95, r.MaxScore, 1e-12)
	}
	golden.Check(t, "baseline_table.md", []byte(analysis.BaselineMarkdown(rows)))

	var walkers []analysis.BaselineRow
	for _, w := range []mazes.Walker{mazes.LoopReporting, mazes.Open} {
		rows, err := analysis.BaselineTable([]int{5, 7, 9, 11}, []uint64{1, 2, 3}, mazes.DFS,
			mazes.PromptOptions{Mirage: true, Confidence: true}, []mazes.Protocol{mazes.OneShot},
			mazes.BaselineConfig{Walker: w, Walks: 200, Seed: 1})
		require.NoError(t, err)
		walkers = append(walkers, rows...)
	}
	golden.Check(t, "baseline_walkers.md", []byte(analysis.BaselineMarkdown(walkers)))
}
