package analysis_test

import (
	"testing"

	"github.com/hallumaze/hallumaze/suites/maze/analysis"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestModelPatterns: over the agents' walks, the lured agent, always sure,
// is overconfident at its errors (pattern B); the oracle and the explorer
// make none; the random agent's confidences wander, so it shows both.
func TestModelPatterns(t *testing.T) {
	rows := byModel(analysis.ModelPatterns(analysis.Digests(agentGrid(t))), func(p analysis.PatternRow) string { return p.Model })
	require.Len(t, rows, 4)
	for _, r := range rows {
		assert.Equal(t, 26, r.Cases, r.Model)
		assert.Zero(t, r.Skipped, r.Model)
		assert.Equal(t, r.Hallucinations, r.NoConfidence+r.NoReference+r.A+r.B, r.Model)
		t.Logf("%-15s HC %3d  A %3d (fell at %d, before %d)  B %3d (held %d, rose %d)  loops %d flat %d",
			r.Model, r.Hallucinations, r.A, r.FellAt, r.FellBefore, r.B, r.Held, r.Rose, r.Loops, r.FlatLoops)
	}
	assert.Zero(t, rows["agent/oracle"].Hallucinations)
	assert.Zero(t, rows["agent/explorer"].Hallucinations)
	lured := rows["agent/lured"]
	require.NotNil(t, lured.ShareB)
	assert.Equal(t, 1.0, *lured.ShareB, "a 90–99% jitter is no drop")
	random := rows["agent/random"]
	assert.Positive(t, random.A)
	assert.Positive(t, random.B)
}

// TestConfidencePatternsResult: one scripted one-shot reply, read back
// from its result.
func TestConfidencePatternsResult(t *testing.T) {
	rs := playModel(t, reply("STEP 1: (0,0) → E | confidence: 80%\nSTEP 2: (0,1) → E | confidence: 95%\n"), spec4)
	p, err := analysis.ConfidencePatterns(rs[0])
	require.NoError(t, err)
	assert.Equal(t, 1, p.Rose, "%+v", p)
}
