package worlds

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hallumaze/hallumaze/internal/golden"
	"github.com/hallumaze/hallumaze/scoring"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// exampleResponses are replies to [exampleProbes]: right, wrong, abstained,
// broken, one probe without a reply and one reply to no probe.
func exampleResponses() map[string]string {
	return map[string]string{
		"grid/example/s0/symbolic/q00":         "I can see it.\nvisible=yes",
		"grid/example/s0/symbolic/q01":         "**count=2**",
		"grid/example/s0/symbolic/q02":         "offset=(2, -1)",
		"grid/example/s0/symbolic/q03":         "object=unknown",
		"grid/example/s0/symbolic/q04":         "object=unknown",
		"grid/example/s0/symbolic/q05":         "The sign says so.\nstate=open",
		"grid/example/s0/symbolic/q06":         "state=open",
		"grid/example/s0/symbolic/q07":         "objects=yellow key, yellow door",
		"grid/example/s0/symbolic/q08":         "count=2",
		"grid/example/s0/memory/q09":           "Count = 2.",
		"chess/chess-example/s0/fen-off/q00":   "```\ncan_capture=yes\n```",
		"chess/chess-example/s0/fen-off/q01":   "Five pieces.",
		"chess/chess-example/s0/fen-off/q02":   "move=e1g1",
		"chess/chess-example/s0/fen-truth/q03": "square=black queen",
		"chess/chess-example/s0/fen-off/q04":   "square=undetermined",
		"terminal/terminal/s0/transcript/q00":  "exists=yes",
		"terminal/terminal/s0/transcript/q04":  "The answer is 3.",
		"terminal/terminal/s0/transcript/q06":  "STATUS = 1",
		"terminal/terminal/s0/transcript/q07":  "status=0",
		"terminal/terminal/s0/transcript/q08":  "port=9090",
		"terminal/terminal/s0/transcript/q09":  "port=8080",
		"terminal/terminal/s1/transcript/q08":  "port=8080",
		"terminal/terminal/s9/transcript/q00":  "exists=no",
	}
}

func TestScoreGolden(t *testing.T) {
	rep := Score(exampleProbes(), exampleResponses())
	got, err := json.MarshalIndent(rep, "", "  ")
	require.NoError(t, err)
	golden.Check(t, "score.golden.json", append(got, '\n'))
}

// The example set's rates, counted by hand from the replies above.
func TestScoreCounts(t *testing.T) {
	rep := Score(exampleProbes(), exampleResponses())
	kn := func(r *Rate) [2]int {
		if r == nil {
			return [2]int{-1, -1}
		}
		return [2]int{r.K, r.N}
	}
	assert.Equal(t, 23, rep.NProbes)
	// Right: q00 q02 q03 q06 q07 q09(memory) can_capture e1g1 fen-truth
	// fen-off-abstain exists q07(status 0) port9090 reported agreeing-port = 15.
	assert.Equal(t, [2]int{15, 23}, kn(rep.Accuracy))
	// Hallucinated: count=2 (q01), state=open (q05), count=2 (q08), STATUS = 1.
	assert.Equal(t, [2]int{4, 23}, kn(rep.HallucinationRate))
	// Parse failures: "Five pieces.", "The answer is 3.", and q10 has no reply.
	assert.Equal(t, [2]int{3, 23}, kn(rep.ParseFailureRate))
	assert.Equal(t, []string{"grid/example/s0/symbolic/q10"}, rep.Missing)
	assert.Equal(t, []string{"terminal/terminal/s9/transcript/q00"}, rep.Unmatched)
	// UNKNOWN golds: q03, q08, fen-off d8, secret grep; abstained on q03 and d8.
	assert.Equal(t, [2]int{2, 4}, kn(rep.AbstentionRecall))
	// Abstentions: q03, q04 (answerable), d8.
	assert.Equal(t, [2]int{2, 3}, kn(rep.AbstentionPrecision))
	assert.Equal(t, [2]int{1, 19}, kn(rep.OverAbstention))
	// Answerable U twins: q04, q09, fen-truth d8, grep twin; q04 abstained.
	assert.Equal(t, [2]int{1, 4}, kn(rep.OverAbstentionU))
	// X with conflict true: the door claim (followed) and port (not).
	assert.Equal(t, [2]int{1, 2}, kn(rep.TestimonyFollowing))
	assert.Equal(t, [2]int{23 - 3 - 15, 23 - 3}, kn(rep.HalluWorldRate))

	assert.Equal(t, [2]int{1, 2}, kn(rep.ByConflict[ConflictTrue].TestimonyFollowing))
	assert.Equal(t, 1, rep.ByConflict[ConflictFalse].NProbes)
	assert.Nil(t, rep.ByConflict[ConflictFalse].TestimonyFollowing, "counted on conflicts only")
	// Grid and terminal reported speech, and san_legal_move.
	assert.Equal(t, 3, rep.ByConflict[ConflictNone].NProbes)
	assert.Equal(t, 7, rep.ByWorld[Terminal].NProbes)
	assert.Equal(t, [2]int{1, 3}, kn(rep.ByWorldCategory["grid/P"].HallucinationRate))
	assert.Nil(t, rep.ByCategory["P"].AbstentionRecall, "no UNKNOWN gold among P probes")
	assert.Nil(t, rep.ByCategory["P"].OverAbstentionU)
	assert.Nil(t, rep.ByWorld[Chess].TestimonyFollowing)
}

// The Wilson test values of the spec, through the report.
func TestScoreWilsonSpecValues(t *testing.T) {
	var probes []Probe
	resp := map[string]string{}
	for i := range 60 {
		p := boolProbe
		p.ID = fmt.Sprintf("grid/w/s0/v/q%02d", i)
		probes = append(probes, p)
		resp[p.ID] = map[bool]string{true: "visible=yes", false: "visible=no"}[i%2 == 0]
	}
	rep := Score(probes, resp)
	near := func(want [2]float64, got scoring.Interval) {
		t.Helper()
		assert.InDelta(t, want[0], got.Lo, 5e-7)
		assert.InDelta(t, want[1], got.Hi, 5e-7)
	}
	near([2]float64{0.377350, 0.622650}, rep.Accuracy.CI95)
	near([2]float64{0.377350, 0.622650}, rep.HallucinationRate.CI95)
	near([2]float64{0, 0.060172}, rep.ParseFailureRate.CI95)
	near([2]float64{0.377350, 0.622650}, rep.HalluWorldRate.CI95)
	assert.Nil(t, rep.AbstentionRecall)
	assert.Nil(t, rep.AbstentionPrecision)
}

func TestScoreNulls(t *testing.T) {
	probes := []Probe{intProbe}
	rep := Score(probes, map[string]string{intProbe.ID: "three"})
	assert.Nil(t, rep.HalluWorldRate, "every probe failed to parse")
	b, err := json.Marshal(rep.Rates)
	require.NoError(t, err)
	for _, key := range []string{"abstention_recall", "abstention_precision", "over_abstention_u", "testimony_following", "halluworld_rate"} {
		assert.Contains(t, string(b), `"`+key+`":null`)
	}
	empty := Score(nil, nil)
	assert.Equal(t, 0, empty.NProbes)
	assert.Nil(t, empty.Accuracy)
	assert.Equal(t, []string{}, empty.Missing)
}

// Verdicts kept in a results file score as the replies did.
func TestScoreVerdictsRoundTrip(t *testing.T) {
	rep := Score(exampleProbes(), exampleResponses())
	var buf bytes.Buffer
	for _, v := range rep.Verdicts {
		b, err := json.Marshal(v)
		require.NoError(t, err)
		buf.Write(append(b, '\n'))
	}
	var back []Verdict
	for line := range strings.SplitSeq(strings.TrimSpace(buf.String()), "\n") {
		var v Verdict
		require.NoError(t, json.Unmarshal([]byte(line), &v))
		back = append(back, v)
	}
	again := ScoreVerdicts(back)
	rep.Unmatched = nil
	if diff := cmp.Diff(rep, again); diff != "" {
		t.Errorf("re-scored report (-want +got):\n%s", diff)
	}
}

// A verdict from a file that contradicts itself is counted by its outcome:
// right only on an answer or on an abstention from an UNKNOWN gold.
func TestScoreVerdictsDerive(t *testing.T) {
	yes := true
	vs := []Verdict{
		{ID: "a", Outcome: "bogus", Right: true, Answerable: true},
		{ID: "b", Outcome: OutcomeParseFailure, Right: true, Hallucinated: true},
		{ID: "c", Outcome: OutcomeAnswer, Right: true, Hallucinated: true, Answerable: true, Missing: true},
		{ID: "d", Outcome: OutcomeAbstain, Right: false, Answerable: false},
		{ID: "e", Outcome: OutcomeAbstain, Right: true, Answerable: true, Category: Conflict, Conflict: &yes, TestimonyFollowing: &yes},
		{ID: "f", Outcome: OutcomeAnswer, Right: false, Answerable: true, Category: Conflict, Conflict: &yes, TestimonyFollowing: &yes},
	}
	rep := ScoreVerdicts(vs)
	assert.Equal(t, 3, rep.ParseFailureRate.K)
	assert.Equal(t, 1, rep.Accuracy.K, "only d")
	assert.Equal(t, 1, rep.HallucinationRate.K, "only f")
	assert.Equal(t, 1, rep.OverAbstention.K, "e")
	assert.Equal(t, [2]int{1, 2}, [2]int{rep.TestimonyFollowing.K, rep.TestimonyFollowing.N})
	assert.Equal(t, []string{"c"}, rep.Missing)
}

func TestHeadline(t *testing.T) {
	rep := Score(exampleProbes(), exampleResponses())
	rows := rep.Headline()
	var keys []string
	for _, r := range rows {
		keys = append(keys, r.World+"/"+string(r.Category))
		assert.Equal(t, *rep.ByWorldCategory[r.World+"/"+string(r.Category)].Accuracy, r.Accuracy)
	}
	assert.Equal(t, []string{"grid/P", "grid/M", "grid/C", "grid/U", "grid/X",
		"chess/P", "chess/C", "chess/U", "chess/X", "terminal/P", "terminal/C", "terminal/U", "terminal/X"}, keys)
	var buf bytes.Buffer
	require.NoError(t, WriteHeadline(&buf, rows))
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	assert.Equal(t, "world     cat  k  n  accuracy  95% CI          prior  accuracy′", lines[0])
	assert.Equal(t, "grid      P    2  3  0.667     [0.208, 0.939]  0.333  0.500", lines[1])
	assert.Len(t, lines, 14)

	// A report read back from its JSON gives the same rows.
	b, err := json.Marshal(rep)
	require.NoError(t, err)
	var back Report
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, rows, back.Headline())
}

func TestCompareModels(t *testing.T) {
	probes := exampleProbes()
	a := exampleResponses()
	b := map[string]string{}
	for _, p := range probes {
		b[p.ID] = p.Key + "=" + p.Gold.Canonical() // right everywhere but member golds
	}
	cmpAB := CompareModels(probes, a, b)
	assert.Equal(t, 23, cmpAB.NProbes)
	assert.Equal(t, 15, cmpAB.ARight.K)
	assert.Equal(t, 22, cmpAB.BRight.K, "the member gold's list is not one move")
	// A right and B not: move=e1g1. B right and A not: the other 7 of A's misses.
	assert.Equal(t, McNemar{B: 1, C: 8, P: scoring.McNemarExact(1, 8)}, cmpAB.McNemar)
	assert.InDelta(t, 0.0390625, cmpAB.McNemar.P, 1e-12)
	gridU := cmpAB.ByWorldCategory["grid/U"]
	assert.Equal(t, [3]int{4, 2, 4}, [3]int{gridU.NProbes, gridU.ARight.K, gridU.BRight.K})

	// Verdict lists need not hold the same probes.
	va := Score(probes[:5], a).Verdicts
	vb := Score(probes[2:], b).Verdicts
	c := CompareVerdicts(va, vb)
	assert.Equal(t, 3, c.NProbes)
	assert.Equal(t, []string{probes[0].ID, probes[1].ID}, c.OnlyA)
	assert.Len(t, c.OnlyB, len(probes)-5)
	same := CompareVerdicts(va, va)
	assert.Equal(t, McNemar{P: 1}, same.McNemar)
	assert.False(t, math.IsNaN(same.ARight.Rate))
}
