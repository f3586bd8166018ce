package abstain

import (
	"testing"

	mp "github.com/hallumaze/hallumaze/abstain"
	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/results"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// agentLookup finds the suite's agents.
func agentLookup(name string) (providers.Model, bool) {
	for _, a := range New().Agents {
		if a.Name == name {
			return a.Model, true
		}
	}
	return nil, false
}

// TestAbstainAgents holds the reference policies to what their definitions
// imply over the standard set.
func TestAbstainAgents(t *testing.T) {
	items := mp.Standard(mp.DefaultSeed)
	env := bench.Env{Agents: agentLookup}
	for _, tc := range []struct {
		model string
		check func(t *testing.T, rep mp.Report)
	}{
		{"agent/always-answer", func(t *testing.T, rep mp.Report) {
			assert.Equal(t, 0, rep.AbstentionRate.K)
			assert.Equal(t, 60, rep.AbstentionRate.N)
			assert.InDelta(t, 0.060172, rep.AbstentionRate.CI95.Hi, 1e-6)
			assert.Equal(t, 60, rep.HallucinationRate.K)
		}},
		{"agent/always-abstain", func(t *testing.T, rep mp.Report) {
			assert.Equal(t, 0, rep.AnswerAccuracy.K)
			assert.Equal(t, 60, rep.AbstentionRate.K)
			assert.Equal(t, 60, rep.FalseAbstentionRate.K)
			assert.Equal(t, 0, rep.PairSuccess.K)
		}},
		{"agent/checker", func(t *testing.T, rep mp.Report) {
			assert.Equal(t, 60, rep.PairSuccess.K)
			assert.Equal(t, 0, rep.ParseFailureRate.K)
		}},
	} {
		t.Run(bench.TestName(tc.model), func(t *testing.T) {
			m, err := env.Open(tc.model)
			require.NoError(t, err)
			var rs []results.Result
			for _, c := range Cases(items) {
				res := bench.Play(t.Context(), m, c)
				require.Empty(t, res.Error)
				rs = append(rs, res)
			}
			rep, skipped := Score(items, rs)
			require.Empty(t, skipped)
			require.Equal(t, 120, rep.NItems)
			tc.check(t, rep)
		})
	}
}
