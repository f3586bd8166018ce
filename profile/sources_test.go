package profile_test

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/hallumaze/hallumaze/suites/maze/mazereport"
	"github.com/hallumaze/hallumaze/suites/maze/record"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/profile"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/scoring"
	sa "github.com/hallumaze/hallumaze/suites/abstain"
	"github.com/hallumaze/hallumaze/suites/maze/analysis"
	sw "github.com/hallumaze/hallumaze/suites/worlds"
)

// cards builds the profile of results, failing the test on an error.
func cards(t *testing.T, rs []results.Result) map[string]profile.Card {
	t.Helper()
	cs, err := profile.Build(rs, profile.Options{})
	require.NoError(t, err)
	out := map[string]profile.Card{}
	for _, c := range cs {
		out[c.Model] = c
	}
	return out
}

func measure(t *testing.T, c profile.Card, id string) profile.Measure {
	t.Helper()
	m, ok := c.Measure(id)
	require.True(t, ok, "%s has no measure %s", c.Model, id)
	return m
}

// sameRate holds a rate measure to the suite's rate, to the last digit:
// k, n, the rate and its interval, flipped where the measure flips.
func sameRate(t *testing.T, m profile.Measure, r scoring.Rate, what string) {
	t.Helper()
	require.Equal(t, r.K, m.K, what)
	require.Equal(t, r.N, m.N, what)
	if r.N == 0 {
		assert.Nil(t, m.Value, what)
		return
	}
	require.NotNil(t, m.Raw, what)
	assert.Equal(t, r.Rate, *m.Raw, what)
	lo, hi, v := r.CI95.Lo, r.CI95.Hi, r.Rate
	if m.Flip {
		lo, hi, v = 1-r.CI95.Hi, 1-r.CI95.Lo, 1-r.Rate
	}
	assert.Equal(t, v, *m.Value, what)
	assert.Equal(t, scoring.Interval{Lo: lo, Hi: hi}, *m.CI, what)
}

// TestMissingPieceSource: knows-unknown and answers equal the Missing
// Piece suite's abstention and false abstention rates of the same results
// file (suites/abstain AbstainModels, what hallumaze report shows).
func TestMissingPieceSource(t *testing.T) {
	rs := merged(t, reference(t))
	got := cards(t, rs)
	ms := sa.AbstainModels(rs)
	require.Len(t, ms, len(abstainAgents))
	for _, m := range ms {
		c := got[m.Model]
		sameRate(t, measure(t, c, "abstain/abstention_rate"), m.Report.AbstentionRate, m.Model+" abstention")
		sameRate(t, measure(t, c, "abstain/false_abstention_rate"), m.Report.FalseAbstentionRate, m.Model+" false abstention")
	}
	// The chance of knowing: abstaining as often on intact items.
	k := measure(t, got["agent/always-abstain"], "abstain/abstention_rate")
	require.NotNil(t, k.Corrected)
	assert.Equal(t, 0.0, *k.Corrected, "always-abstain discriminates nothing")
	k = measure(t, got["agent/checker"], "abstain/abstention_rate")
	assert.Equal(t, 1.0, *k.Corrected, "the checker abstains on every defective item and no intact one")
}

// TestHalluWorldSource: abstention recall, over-abstention and testimony
// following equal the HalluWorld suite's rates (suites/worlds Score).
func TestHalluWorldSource(t *testing.T) {
	rs := merged(t, reference(t))
	got := cards(t, rs)
	scores := sw.Score(rs)
	require.Len(t, scores, len(worldsAgents))
	for _, s := range scores {
		c := got[s.Model]
		rate := func(r *scoring.Rate) scoring.Rate {
			if r == nil {
				return scoring.NewRate(0, 0)
			}
			return *r
		}
		sameRate(t, measure(t, c, "worlds/abstention_recall"), rate(s.Report.AbstentionRecall), s.Model+" recall")
		sameRate(t, measure(t, c, "worlds/over_abstention"), rate(s.Report.OverAbstention), s.Model+" over-abstention")
		sameRate(t, measure(t, c, "worlds/testimony_following"), rate(s.Report.TestimonyFollowing), s.Model+" testimony")
	}
	tf := measure(t, got["agent/credulous"], "worlds/testimony_following")
	assert.Less(t, *tf.Value, 0.1, "the credulous agent follows the testimony")
}

// only keeps the maze results whose tags match.
func only(rs []results.Result, keep func(map[string]string) bool) []results.Result {
	var out []results.Result
	for _, r := range rs {
		if r.Suite == "maze" && keep(r.Tags) {
			out = append(out, r)
		}
	}
	return out
}

func groupA(t map[string]string) bool { return t["group"] == "" || t["group"] == "A" }

// sameMean holds a maze mean to the suite's (mean, interval, n), flipped
// where the measure flips.
func sameMean(t *testing.T, m profile.Measure, mean float64, ci scoring.Interval, hasCI bool, n int, what string) {
	t.Helper()
	require.Equal(t, n, m.N, what)
	require.NotNil(t, m.Raw, what)
	assert.Equal(t, mean, *m.Raw, what)
	if !hasCI {
		assert.Nil(t, m.CI, what)
		return
	}
	require.NotNil(t, m.CI, what)
	want := ci
	if m.Flip {
		want = scoring.Interval{Lo: 1 - ci.Hi, Hi: 1 - ci.Lo}
		assert.Equal(t, 1-mean, *m.Value, what)
	}
	assert.Equal(t, want, *m.CI, what)
}

// TestHalluMazeSource: each maze measure equals what the maze suite
// reports of the same results: CE (and BRS with lures shown) as the
// leaderboard's row, HRR, Brier and the lure rate as the suite's
// estimates (suites/maze/analysis Estimates, the leaderboard's bootstrap),
// the per-case ECE and self-report gaps as the means of the score JSON's
// keys, NRS and TI as the Ariadne summary.
func TestHalluMazeSource(t *testing.T) {
	rs := merged(t, reference(t))
	got := cards(t, rs)
	plain := only(rs, groupA)
	lures := only(plain, func(t map[string]string) bool { return t["mirage"] != "off" })
	for _, row := range mazereport.Leaderboard(plain) {
		sameMean(t, measure(t, got[row.Model], "maze/CE"), row.CE.Mean, row.CE.CI, row.CE.HasCI(), row.CE.N, row.Model+" CE")
	}
	for _, row := range mazereport.Leaderboard(lures) {
		sameMean(t, measure(t, got[row.Model], "maze/BRS"), row.BRS.Mean, row.BRS.CI, row.BRS.HasCI(), row.BRS.N, row.Model+" BRS")
	}
	for _, c := range []struct {
		metric, id string
		rs         []results.Result
	}{{"HRR", "maze/HRR", plain}, {"brier", "maze/brier", plain}, {"lure-rate", "maze/lure-rate", lures}} {
		es := analysis.Estimates(analysis.Digests(c.rs), c.metric, 2000, 1)
		require.NotEmpty(t, es, c.metric)
		for _, e := range es {
			sameMean(t, measure(t, got[e.Model], c.id), e.Mean, e.CI, e.OK, e.N, e.Model+" "+c.metric)
		}
	}
	// The score JSON's per-case keys: ece and the two gaps.
	for _, key := range []string{"ece", "hallucination_gap", "backtrack_gap"} {
		for _, model := range mazeAgents {
			var x []float64
			var cl []string
			for _, r := range plain {
				if r.Model != model {
					continue
				}
				var d record.Detail
				require.NoError(t, json.Unmarshal(r.Detail, &d))
				var v *float64
				switch key {
				case "ece":
					v = d.Scores.ECE
				case "hallucination_gap":
					v = intPtr(d.Scores.HallucinationGap)
				case "backtrack_gap":
					v = intPtr(d.Scores.BacktrackGap)
				}
				if v != nil {
					x, cl = append(x, *v), append(cl, analysis.MazeKey(r))
				}
			}
			m := measure(t, got[model], "maze/"+key)
			if len(x) == 0 {
				assert.Nil(t, m.Value, model+" "+key)
				continue
			}
			lo, hi := math.Inf(-1), math.Inf(1)
			if key == "ece" {
				lo, hi = 0, 1
			}
			mean, ci, ok := scoring.BoundedMeanCI(x, cl, lo, hi, 2000, 1)
			sameMean(t, m, mean, ci, ok, len(x), model+" "+key)
		}
	}
	// Ariadne: NRS of group B and TI.
	effects := mazereport.AriadneSummary(rs)
	require.NotEmpty(t, effects)
	for _, e := range effects {
		nrs, ti := measure(t, got[e.Model], "maze/NRS"), measure(t, got[e.Model], "maze/TI")
		if e.NRSB == nil {
			assert.Nil(t, nrs.Value, e.Model)
		} else {
			require.NotNil(t, nrs.Value, e.Model)
			assert.Equal(t, *e.NRSB, *nrs.Value, e.Model+" NRS")
			assert.Equal(t, e.HintsB, nrs.N, e.Model+" hints")
		}
		if e.TI == nil {
			assert.Nil(t, ti.Value, e.Model)
			assert.Equal(t, e.TINote, ti.Note, e.Model)
		} else {
			require.NotNil(t, ti.Value, e.Model)
			assert.Equal(t, *e.TI, *ti.Value, e.Model+" TI")
		}
	}
	follower := measure(t, got["agent/follower"], "maze/TI")
	require.NotNil(t, follower.Value)
	assert.Greater(t, *follower.Value, 0.3, "the follower gains from the thread")
}

func intPtr(v *int) *float64 {
	if v == nil {
		return nil
	}
	f := float64(*v)
	return &f
}

// TestShardsMerged: the profile of a results file equals the profile of
// its shards merged as hallumaze report merges them, and does not depend
// on the order of the file.
func TestShardsMerged(t *testing.T) {
	rs := reference(t)
	whole, err := profile.Build(rs, profile.Options{})
	require.NoError(t, err)
	want, err := json.Marshal(whole)
	require.NoError(t, err)
	seeds := uint64(3)
	if slow() {
		seeds = 1
	}
	for seed := uint64(1); seed <= seeds; seed++ {
		parts := shards(rs, int(seed)+1, seed)
		m := merged(t, flatten(parts))
		for _, set := range [][]results.Result{m, mergedOf(t, parts)} {
			cs, err := profile.Build(set, profile.Options{})
			require.NoError(t, err)
			b, err := json.Marshal(cs)
			require.NoError(t, err)
			require.JSONEq(t, string(want), string(b), "shards of seed %d", seed)
			require.Equal(t, string(want), string(b))
		}
	}
}

func flatten(parts [][]results.Result) []results.Result {
	var out []results.Result
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}
