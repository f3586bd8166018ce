package analysis_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/scoring"
	"github.com/hallumaze/hallumaze/suites/maze/analysis"
)

func TestAblationsAgents(t *testing.T) {
	rows := analysis.Ablations(analysis.Digests(agentGrid(t)))
	require.Len(t, rows, 6)
	names := []string{analysis.AblateHRR, analysis.AblateE, analysis.AblateCE, analysis.AblateMirage, analysis.AblateMirageBRS, analysis.AblateAriadne}
	for i, a := range rows {
		assert.Equal(t, names[i], a.Name)
		require.True(t, a.OK, "%s: %s", a.Name, a.Note)
		assert.Len(t, a.Models, 4)
		assert.True(t, a.Tau >= -1 && a.Tau <= 1)
		t.Logf("%-22s τ = %+.3f (%d swaps) full %v ablated %v cases %v", a.Name, a.Tau, a.Swaps, round3(a.Full), round3(a.Ablated), a.Cases)
	}
	assert.Equal(t, []int{26, 26, 26, 26}, rows[0].Cases)
	assert.Equal(t, []int{10, 10, 10, 10}, rows[3].Cases, "ten mazes with and without lures")
	assert.Equal(t, []int{3, 3, 3, 3}, rows[5].Cases, "three mazes in groups A and B")
}

func round3(x []float64) []float64 {
	out := make([]float64, len(x))
	for i, v := range x {
		out[i] = float64(int(v*1000+0.5)) / 1000
	}
	return out
}

// scoredResult is a result whose detail holds the given scores.
func scoredResult(t *testing.T, model, seed string, s mazes.Scores) results.Result {
	t.Helper()
	raw, err := json.Marshal(map[string]any{"scores": s})
	require.NoError(t, err)
	r := fake(model, "7", seed, nil, map[string]float64{"MEI": s.MEI, "score": s.Score, "BRS": s.BRS})
	r.Detail = raw
	return r
}

// TestAblationSwap: "noticer" backtracks after every error (HRR 1) but
// errs late; "early" errs early and never turns back. MEI ranks the
// noticer first; without HRR the early error wins, so the ranking flips:
// τ = −1. Without E, the noticer keeps its lead.
func TestAblationSwap(t *testing.T) {
	mk := func(hrr, e, l float64, hc int) mazes.Scores {
		s := mazes.Scores{HRR: hrr, EarlyError: e, LoopEscape: l, HC: hc}
		s.MEI = scoring.MEI(hrr, e, l, hc)
		s.BRS = 0.5
		s.Score = scoring.HalluMazeScore(s.MEI, 0, false, s.BRS)
		return s
	}
	var rs []results.Result
	for _, seed := range []string{"1", "2", "3"} {
		rs = append(rs,
			scoredResult(t, "noticer", seed, mk(1, 0.1, 0, 2)),
			scoredResult(t, "early", seed, mk(0, 0.95, 0, 2)))
	}
	rows := analysis.Ablations(analysis.Digests(rs))
	hrr, e, ce := rows[0], rows[1], rows[2]
	require.True(t, hrr.OK)
	assert.Equal(t, []string{"early", "noticer"}, hrr.Models)
	assert.Greater(t, hrr.Full[1], hrr.Full[0], "MEI: the noticer leads")
	assert.Greater(t, hrr.Ablated[0], hrr.Ablated[1], "without HRR: the early one leads")
	assert.Equal(t, -1.0, hrr.Tau)
	assert.Equal(t, 1, hrr.Swaps)
	assert.Equal(t, 1.0, e.Tau)
	assert.Equal(t, 1.0, ce.Tau, "no model stated confidences: CE changes nothing")
	// No lured/unlured or A/B pairs: those rows say so.
	for _, a := range rows[3:] {
		assert.False(t, a.OK)
		assert.Equal(t, "needs two models with cases; has 0", a.Note)
	}
}
