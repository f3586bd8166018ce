package abstain

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// respond runs a policy over items, as a model would be run.
func respond(items []Item, policy func(string) string) map[string]string {
	out := make(map[string]string, len(items))
	for _, it := range items {
		out[it.ID] = policy(UserPrompt(it))
	}
	return out
}

func TestScoreReferencePolicies(t *testing.T) {
	items := Standard(DefaultSeed)
	t.Run("checker", func(t *testing.T) {
		rep := Score(items, respond(items, Checker))
		assert.Equal(t, Rate{K: 60, N: 60}.K, rep.PairSuccess.K)
		assert.Equal(t, 60, rep.PairSuccess.N)
		assert.Equal(t, 60, rep.AnswerAccuracy.K)
		assert.Equal(t, 60, rep.AbstentionRate.K)
		assert.Equal(t, 0, rep.ParseFailureRate.K)
		assert.Equal(t, McNemar{B: 0, C: 0, P: 1}, rep.McNemar)
	})
	t.Run("always answer", func(t *testing.T) {
		rep := Score(items, respond(items, AlwaysAnswer))
		assert.Equal(t, 0, rep.AbstentionRate.K)
		assert.Equal(t, 60, rep.AbstentionRate.N)
		assert.InDelta(t, 0, rep.AbstentionRate.CI95.Lo, 1e-12)
		assert.InDelta(t, 0.060172, rep.AbstentionRate.CI95.Hi, 5e-7)
		assert.Equal(t, 60, rep.HallucinationRate.K)
		assert.Equal(t, 0, rep.PairSuccess.K)
		// The baseline answers the first number of the question: anchoring
		// on every answered modified item.
		assert.Equal(t, 60, rep.Archetypes[ArchetypeAnchoring]["all"].K)
		assert.Equal(t, 60, rep.Archetypes[ArchetypeAnchoring]["all"].N)
		// The first number is a stated total in some contradiction stories.
		assert.Positive(t, rep.Archetypes[ArchetypeInconsistency][ContradictoryFacts].K)
		assert.Equal(t, 0, rep.Archetypes[ArchetypeInconsistency][MissingQuantity].N)
	})
	t.Run("always abstain", func(t *testing.T) {
		rep := Score(items, respond(items, AlwaysAbstain))
		assert.Equal(t, 0, rep.AnswerAccuracy.K)
		assert.Equal(t, 60, rep.AnswerAccuracy.N)
		assert.Equal(t, 60, rep.AbstentionRate.K)
		assert.Equal(t, 60, rep.FalseAbstentionRate.K)
		assert.Equal(t, 0, rep.PairSuccess.K)
		// Every pair: intact not correct and modified abstained.
		assert.Equal(t, 60, rep.McNemar.C)
		assert.Less(t, rep.McNemar.P, 1e-15)
	})
}

func TestCheckerUnderManySeeds(t *testing.T) {
	for _, seed := range testSeeds {
		items := Standard(seed)
		rep := Score(items, respond(items, Checker))
		require.Equal(t, 60, rep.PairSuccess.K, "seed %d", seed)
	}
	assert.JSONEq(t, `{"status": "INSUFFICIENT", "answer": null}`, Checker("What is the airspeed of a swallow?"))
}

func TestScoreArchetypes(t *testing.T) {
	items := Standard(DefaultSeed)
	byID := map[string]Item{}
	for _, it := range items {
		byID[it.ID] = it
	}
	resp := map[string]string{}
	// mq-09 is the courier: the first leg is a named partial computation.
	mod := byID["mq-09-modified"]
	require.NotEmpty(t, mod.partial)
	resp[mod.ID] = answerJSON(formatInt(mod.partial[0]))
	// A contradiction answered with its stated total.
	cf := byID["cf-02-modified"]
	require.NotEmpty(t, cf.totals)
	resp[cf.ID] = answerJSON(formatInt(cf.totals[0]))
	rep := Score(items, resp)
	res := map[string][]string{}
	for _, r := range rep.Items {
		res[r.ID] = r.Archetypes
	}
	assert.Contains(t, res[mod.ID], ArchetypePremature)
	assert.Contains(t, res[cf.ID], ArchetypeInconsistency)
	assert.Contains(t, res[cf.ID], ArchetypeAnchoring)
	assert.Equal(t, 1, rep.Archetypes[ArchetypePremature][MissingQuantity].K)
	assert.Equal(t, 1, rep.Archetypes[ArchetypePremature][MissingQuantity].N)
	assert.Equal(t, 1, rep.Archetypes[ArchetypeInconsistency]["all"].K)
	assert.Len(t, rep.Missing, 118)
	assert.Equal(t, 118, rep.ParseFailureRate.K)
}

func TestScoreJSONShape(t *testing.T) {
	items := Standard(DefaultSeed)[:4] // mq-01 and mq-02
	resp := map[string]string{
		"mq-01-intact":   `{"status":"ANSWER","answer":"` + *items[0].Gold.Answer + `"}`,
		"mq-01-modified": `{"status":"INSUFFICIENT","answer":null}`,
		"mq-02-intact":   `no json here`,
		"stray":          `{}`,
	}
	rep := Score(items, resp)
	b, err := json.Marshal(rep)
	require.NoError(t, err)
	var got map[string]any
	require.NoError(t, json.Unmarshal(b, &got))
	for _, key := range []string{"n_items", "n_pairs", "answer_accuracy", "abstention_rate", "false_abstention_rate",
		"hallucination_rate", "parse_failure_rate", "pair_success", "mcnemar", "by_defect", "by_domain", "missing",
		"lenient", "archetypes", "items"} {
		assert.Contains(t, got, key)
	}
	assert.Equal(t, []any{"mq-02-modified"}, got["missing"])
	assert.Equal(t, []string{"stray"}, rep.Unmatched)
	assert.JSONEq(t, `{"k":1,"n":2,"rate":0.5,"ci95":[0.09453120573,0.90546879427]}`, roundJSON(t, rep.PairSuccess))
	assert.JSONEq(t, `{"k":2,"n":4,"rate":0.5,"ci95":[0.15003898915,0.84996101085]}`, roundJSON(t, rep.ParseFailureRate))
	// No contradiction items: the inconsistency rate has n = 0 and nulls.
	assert.JSONEq(t, `{"k":0,"n":0,"rate":null,"ci95":null}`, roundJSON(t, rep.Archetypes[ArchetypeInconsistency]["all"]))
	// The rates read back.
	var back Rate
	require.NoError(t, json.Unmarshal([]byte(roundJSON(t, rep.PairSuccess)), &back))
	assert.Equal(t, rep.PairSuccess.K, back.K)
	assert.InDelta(t, rep.PairSuccess.Rate, back.Rate, 1e-12)
}

// roundJSON marshals v with floats rounded to 11 decimals.
func roundJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	var x any
	require.NoError(t, json.Unmarshal(b, &x))
	var round func(any) any
	round = func(x any) any {
		switch v := x.(type) {
		case float64:
			out, _ := json.Marshal(v)
			var f float64
			_ = json.Unmarshal(out, &f)
			return float64(int64(f*1e11+0.5)) / 1e11
		case []any:
			for i := range v {
				v[i] = round(v[i])
			}
		case map[string]any:
			for k := range v {
				v[k] = round(v[k])
			}
		}
		return x
	}
	out, err := json.Marshal(round(x))
	require.NoError(t, err)
	return string(out)
}

func TestScoreLenientBeside(t *testing.T) {
	items := Standard(DefaultSeed)[:2]
	resp := map[string]string{
		"mq-01-intact":   "The answer is " + *items[0].Gold.Answer + ".",
		"mq-01-modified": "Not enough information: INSUFFICIENT.",
	}
	rep := Score(items, resp)
	assert.Equal(t, 2, rep.ParseFailureRate.K, "strict fails both")
	assert.Equal(t, 0, rep.Lenient.ParseFailureRate.K)
	assert.Equal(t, 1, rep.Lenient.PairSuccess.K)
	assert.Equal(t, OutcomeParseFailure, rep.Items[0].Outcome)
	assert.Equal(t, OutcomeCorrect, rep.Items[0].Lenient)
}

func TestCompareModels(t *testing.T) {
	items := Standard(DefaultSeed)
	got := CompareModels(items, respond(items, Checker), respond(items, AlwaysAbstain))
	want := Comparison{NItems: 120, ARight: NewRate(120, 120), BRight: NewRate(60, 120), McNemar: newMcNemar(60, 0)}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("CompareModels (-want +got):\n%s", diff)
	}
	rev := CompareModels(items, respond(items, AlwaysAbstain), respond(items, Checker))
	assert.Equal(t, McNemar{B: 0, C: 60, P: got.McNemar.P}, rev.McNemar)
}

func TestReadWriteItems(t *testing.T) {
	items := Standard(DefaultSeed)
	var buf bytes.Buffer
	require.NoError(t, WriteItems(&buf, items))
	back, err := ReadItems(&buf)
	require.NoError(t, err)
	require.Len(t, back, len(items))
	for i := range items {
		assert.Equal(t, items[i].ID, back[i].ID)
		assert.Equal(t, items[i].partial, back[i].partial, "facts come back from the text of %s", items[i].ID)
		assert.Equal(t, items[i].totals, back[i].totals)
	}
}

func TestReadItemsErrors(t *testing.T) {
	good := `{"id":"a-intact","pair_id":"a","variant":"intact","domain":"d","defect":"x","question":"q?","gold":{"status":"ANSWER","answer":"3"}}`
	tests := []struct {
		name, in, want string
	}{
		{"bad json", good + "\n{oops\n", "line 2"},
		{"variant", strings.Replace(good, `"intact"`, `"broken"`, 1), `variant "broken"`},
		{"gold not number", strings.Replace(good, `"3"`, `"three"`, 1), "not a number"},
		{"gold too large", strings.Replace(good, `"3"`, `"`+strings.Repeat("9", 400)+`"`, 1), "too large a number"},
		{"insufficient with answer", strings.Replace(good, `"ANSWER"`, `"INSUFFICIENT"`, 1), "null answer"},
		{"no id", strings.Replace(good, `"id":"a-intact",`, ``, 1), "missing id"},
		{"duplicate", good + "\n\n" + good, "line 3: id \"a-intact\" already on line 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadItems(strings.NewReader(tc.in))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestPrompts(t *testing.T) {
	it := Standard(DefaultSeed)[0]
	p := UserPrompt(it)
	assert.True(t, strings.HasPrefix(p, it.Question+"\n\n"))
	assert.Contains(t, SystemPrompt, `{"status": "INSUFFICIENT", "answer": null}`)
	assert.Contains(t, SystemPrompt, `{"status": "ANSWER", "answer": "<exact numeric value>"}`)
	for _, policy := range []func(string) string{AlwaysAnswer, AlwaysAbstain, Checker} {
		_, err := ParseStrict(policy(p))
		assert.NoError(t, err, "policies keep the strict contract")
	}
}

func BenchmarkScore(b *testing.B) {
	items := Standard(DefaultSeed)
	resp := respond(items, Checker)
	b.ReportAllocs()
	for b.Loop() {
		Score(items, resp)
	}
}

// TestCheckerAt: at high effort (and with none given) the checker is
// Checker; lower efforts answer every intact item as it does and refuse
// less: medium still refuses what misses an input, low refuses nothing.
func TestCheckerAt(t *testing.T) {
	items := Standard(DefaultSeed)
	refused := map[string]map[string]int{"low": {}, "medium": {}, "high": {}}
	for _, it := range items {
		want := Checker(it.Question)
		for _, effort := range []string{"", "high"} {
			got, reasoning := CheckerAt(it.Question, effort)
			if got != want {
				t.Fatalf("%s at effort %q: %s, Checker says %s", it.ID, effort, got, want)
			}
			if reasoning == "" {
				t.Fatalf("%s at effort %q: no reasoning", it.ID, effort)
			}
		}
		for _, effort := range []string{"low", "medium", "high"} {
			got, _ := CheckerAt(it.Question, effort)
			if it.Variant == Intact && got != want {
				t.Errorf("%s (intact) at effort %s: %s, Checker says %s", it.ID, effort, got, want)
			}
			if got == AlwaysAbstain(it.Question) {
				refused[effort][it.Defect+"/"+it.Variant]++
			}
		}
	}
	for _, d := range []string{MissingQuantity, ContradictoryFacts} {
		assert.Zero(t, refused["low"][d+"/modified"], "low effort refuses no %s item", d)
	}
	assert.Positive(t, refused["medium"][MissingQuantity+"/modified"])
	assert.Less(t, refused["medium"][ContradictoryFacts+"/modified"], refused["high"][ContradictoryFacts+"/modified"]/2,
		"medium effort does not check that the facts agree: it refuses a contradiction only where a fact goes missing with it")
	assert.Positive(t, refused["high"][ContradictoryFacts+"/modified"])
	t.Logf("modified items refused by effort: %v", refused)
}
