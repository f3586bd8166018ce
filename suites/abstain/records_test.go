package abstain

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	mp "github.com/hallumaze/hallumaze/abstain"
	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/results"
)

// equateReports compares reports with the NaN rates of empty groups equal.
var equateReports = cmp.Options{cmpopts.EquateNaNs(), cmpopts.EquateApprox(0, 1e-12)}

// playAbstain plays every standard item with a reference agent and returns
// the results as a results file gives them back.
func playAbstain(t *testing.T, model string, items []mp.Item) []results.Result {
	t.Helper()
	m, err := bench.Env{Agents: agentLookup}.Open(model)
	require.NoError(t, err)
	var rs []results.Result
	for _, c := range Cases(items) {
		res := bench.Play(t.Context(), m, c)
		require.Empty(t, res.Error)
		rs = append(rs, res)
	}
	b, err := json.Marshal(rs)
	require.NoError(t, err)
	var back []results.Result
	require.NoError(t, json.Unmarshal(b, &back))
	return back
}

// outputsOf maps item ids to the replies the results kept.
func outputsOf(rs []results.Result) map[string]string {
	out := map[string]string{}
	for _, r := range rs {
		if r.Error == "" {
			out[r.Tags["item"]] = lastAssistant(r)
		}
	}
	return out
}

// TestAbstainRecordsMatchScore holds the scores computed from results
// alone, and Score's, to mp.Score over the same replies.
func TestAbstainRecordsMatchScore(t *testing.T) {
	items := mp.Standard(mp.DefaultSeed)
	for _, model := range []string{"agent/checker", "agent/always-answer", "agent/always-abstain"} {
		t.Run(bench.TestName(model), func(t *testing.T) {
			rs := playAbstain(t, model, items)
			want := mp.Score(items, outputsOf(rs))
			got, skipped := Score(items, rs)
			require.Empty(t, skipped)
			if diff := cmp.Diff(want, got, equateReports); diff != "" {
				t.Errorf("Score (-Score +Score):\n%s", diff)
			}
			// From results alone: the same numbers (the order of the
			// items follows the results, which here follow the items).
			if diff := cmp.Diff(want, mp.ScoreRecords(Records(rs)), equateReports); diff != "" {
				t.Errorf("ScoreRecords(Records) (-Score +records):\n%s", diff)
			}
		})
	}
}

func TestAbstainScoreMissingAndFailed(t *testing.T) {
	items := mp.Standard(mp.DefaultSeed)
	all := playAbstain(t, "agent/checker", items)
	var rs []results.Result
	for i, r := range all {
		switch {
		case i%9 == 0: // never played
			continue
		case i%9 == 4: // failed on the provider's side
			r.Error, r.Detail, r.Metrics, r.Turns = "openai: 503", nil, nil, nil
		}
		rs = append(rs, r)
	}
	stray := all[1]
	stray.Tags = map[string]string{"item": "zz-01-intact", "pair": "zz-01", "variant": "intact"}
	rs = append(rs, stray)

	rep, skipped := Score(items, rs)
	assert.Len(t, skipped, 13, "the failed items")
	assert.Equal(t, 120-13, rep.NItems)
	assert.Len(t, rep.Missing, 14, "items without a result")
	assert.Equal(t, items[0].ID, rep.Missing[0])
	assert.Equal(t, 14, rep.ParseFailureRate.K)
	assert.Equal(t, []string{"zz-01-intact"}, rep.Unmatched)

	fromResults := mp.ScoreRecords(Records(rs))
	assert.Equal(t, 120-27+1, fromResults.NItems, "played items and the stray; nothing is known of the missing ones")
	assert.Empty(t, fromResults.Missing)
}

func TestAbstainRecords(t *testing.T) {
	items := mp.Standard(mp.DefaultSeed)
	var mod mp.Item
	for _, it := range items {
		if it.ID == "cf-02-modified" {
			mod = it
		}
	}
	rs := playAbstain(t, "agent/always-answer", []mp.Item{mod})
	require.Len(t, rs, 1)
	r := rs[0]
	recs := Records(rs)
	require.Len(t, recs, 1)
	exact := true // the reference policies keep the contract; the reply kept in the detail tells
	want := mp.Record{ID: mod.ID, PairID: "cf-02", Variant: mp.Modified, Domain: mod.Domain, Defect: mp.ContradictoryFacts,
		Outcome: mp.OutcomeWrong, Lenient: mp.OutcomeWrong, Archetypes: recs[0].Archetypes, Exact: &exact}
	require.NotEmpty(t, recs[0].Archetypes, "the detail keeps the archetypes")
	if diff := cmp.Diff(want, recs[0]); diff != "" {
		t.Errorf("Records (-want +got):\n%s", diff)
	}

	t.Run("old detail without archetypes", func(t *testing.T) {
		var d Detail
		require.NoError(t, json.Unmarshal(r.Detail, &d))
		d.Archetypes = nil
		old := r
		old.Detail, _ = json.Marshal(d)
		assert.Nil(t, Records([]results.Result{old})[0].Archetypes)
		rep, _ := Score([]mp.Item{mod}, []results.Result{old})
		assert.Equal(t, recs[0].Archetypes, rep.Items[0].Archetypes, "recovered from the item and the reply")
	})
	t.Run("no detail", func(t *testing.T) {
		for _, tc := range []struct {
			name    string
			metrics map[string]float64
			want    mp.Outcome
		}{
			{"answered", map[string]float64{"right": 0, "parse-fail": 0, "abstained": 0}, mp.OutcomeWrong},
			{"abstained", map[string]float64{"right": 1, "parse-fail": 0, "abstained": 1}, mp.OutcomeAbstained},
			{"parse failure", map[string]float64{"right": 0, "parse-fail": 1, "abstained": 0}, mp.OutcomeParseFailure},
			{"nothing known", nil, mp.OutcomeParseFailure},
		} {
			t.Run(tc.name, func(t *testing.T) {
				bare := r
				bare.Detail, bare.Metrics = nil, tc.metrics
				got := Records([]results.Result{bare})
				require.Len(t, got, 1)
				assert.Equal(t, tc.want, got[0].Outcome)
				assert.Equal(t, tc.want, got[0].Lenient)
				assert.Equal(t, mod.ID, got[0].ID, "from the tags")
			})
		}
	})
	t.Run("other suites and failures left out", func(t *testing.T) {
		failed := r
		failed.Error = "timeout"
		maze := r
		maze.Suite = "maze"
		assert.Empty(t, Records([]results.Result{failed, maze}))
	})
	t.Run("tags absent: the detail names the item", func(t *testing.T) {
		untagged := r
		untagged.Tags = nil
		got := Records([]results.Result{untagged})
		require.Len(t, got, 1)
		assert.Equal(t, mod.ID, got[0].ID)
		assert.Equal(t, "cf-02", got[0].PairID)
		assert.Equal(t, mp.Modified, got[0].Variant)
		assert.Empty(t, got[0].Defect)
	})
}

// TestAbstainComparisons: the report compares every two models with the
// exact McNemar test over the items both played, and reports contract
// adherence, computed from the replies the results keep.
func TestAbstainComparisons(t *testing.T) {
	items := mp.Standard(mp.DefaultSeed)
	var rs []results.Result
	for _, name := range []string{"agent/checker", "agent/always-answer", "agent/always-abstain"} {
		rs = append(rs, playAbstain(t, name, items)...)
	}
	models := AbstainModels(rs)
	require.Len(t, models, 3)
	cmps := Comparisons(models)
	require.Len(t, cmps, 3)
	first := cmps[0]
	assert.Equal(t, "agent/checker", first.A)
	assert.Equal(t, 120, first.NItems)
	// The checker gets every item right; the always-answer policy only
	// the intact items it answers by anchoring on the first number.
	assert.Equal(t, 120, first.ARight.K)
	assert.Equal(t, first.NItems-first.BRight.K, first.McNemar.B)
	assert.Zero(t, first.McNemar.C)
	assert.Less(t, first.McNemar.P, 1e-9)
	for _, m := range models {
		assert.Equal(t, 120, m.Report.ContractAdherence.K, "%s keeps the contract", m.Model)
	}
	var b strings.Builder
	require.NoError(t, WriteAbstainTable(&b, models))
	assert.Contains(t, b.String(), "Missing Piece: between models")
	assert.Contains(t, b.String(), "contract adherence")
}
