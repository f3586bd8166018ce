package abstain

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/internal/golden"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// scoreScenario is a set of items and the replies to score against them.
type scoreScenario struct {
	name  string
	items []Item
	resp  map[string]string
}

// scoreScenarios are the reference policies over the standard set, the
// checker with replies missing, and a mixture that reaches every outcome,
// both parsers' disagreements, the three archetypes and an incomplete pair.
func scoreScenarios() []scoreScenario {
	items := Standard(DefaultSeed)
	out := []scoreScenario{
		{"checker", items, respond(items, Checker)},
		{"always-answer", items, respond(items, AlwaysAnswer)},
		{"always-abstain", items, respond(items, AlwaysAbstain)},
	}
	missing := respond(items, Checker)
	for i, it := range items {
		if i%5 == 0 || it.PairID == "mr-07" {
			delete(missing, it.ID)
		}
	}
	missing["stray"] = `{"status": "ANSWER", "answer": "1"}`
	out = append(out, scoreScenario{"checker-missing", items, missing})

	var mixedItems []Item
	mixed := map[string]string{}
	for i, it := range items {
		if it.ID == "mr-05-modified" {
			continue // leaves mr-05 an incomplete pair
		}
		mixedItems = append(mixedItems, it)
		q := UserPrompt(it)
		switch i % 7 {
		case 0: // prose: the strict parser fails, the lenient one reads it
			p, _ := ParseStrict(Checker(q))
			if p.Abstained() {
				mixed[it.ID] = "I cannot tell: INSUFFICIENT information."
			} else {
				mixed[it.ID] = "The answer is " + formatFloat(p.Value) + "."
			}
		case 1:
			mixed[it.ID] = AlwaysAnswer(q)
		case 2:
			mixed[it.ID] = Checker(q)
		case 3:
			mixed[it.ID] = AlwaysAbstain(q)
		case 4:
			mixed[it.ID] = `{"status": "ANSWER", "answer": "a lot"}`
		case 5: // no reply
		case 6: // broken contract; the lenient parser reads the number
			mixed[it.ID] = `{"status": "maybe", "answer": 12}`
		}
		if (i/2)%5 == 4 { // a pair answered in prose: right only when read leniently
			if p, _ := ParseStrict(Checker(q)); p.Abstained() {
				mixed[it.ID] = "Not enough information: INSUFFICIENT."
			} else {
				mixed[it.ID] = "So the total comes to " + formatFloat(p.Value) + "."
			}
		}
		switch {
		case it.ID == "mq-09-modified":
			mixed[it.ID] = answerJSON(formatInt(it.partial[0]))
		case it.ID == "cf-02-modified":
			mixed[it.ID] = answerJSON(formatInt(it.totals[0]))
		}
	}
	return append(out, scoreScenario{"mixed", mixedItems, mixed})
}

// equateScores compares reports with NaN rates of empty groups equal and
// floats equal to the last bits (a fused multiply-add may move them).
var equateScores = cmp.Options{cmpopts.EquateNaNs(), cmpopts.EquateApprox(0, 1e-12)}

// TestScoreGolden pins Score's reports on the scenarios: every rate,
// interval, McNemar test, archetype count and item outcome. A change here
// is a change of the suite's numbers (go test ./abstain -run
// TestScoreGolden -update rewrites the file after a deliberate one).
func TestScoreGolden(t *testing.T) {
	path := filepath.Join("testdata", "score.golden.json")
	got := map[string]Report{}
	for _, sc := range scoreScenarios() {
		got[sc.name] = Score(sc.items, sc.resp)
	}
	if golden.Updating() {
		b, err := json.MarshalIndent(got, "", "  ")
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(path, append(b, '\n'), 0o644))
		return
	}
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	var want map[string]Report
	require.NoError(t, json.NewDecoder(strings.NewReader(string(raw))).Decode(&want))
	for name, rep := range got {
		t.Run(name, func(t *testing.T) {
			b, err := json.Marshal(rep)
			require.NoError(t, err)
			var back Report
			require.NoError(t, json.Unmarshal(b, &back))
			if diff := cmp.Diff(want[name], back, equateScores); diff != "" {
				t.Errorf("Score (-want +got):\n%s", diff)
			}
		})
	}
}

// recordsFor judges replies to items into records, as a harness would.
func recordsFor(items []Item, resp map[string]string) []Record {
	out := make([]Record, len(items))
	for i, it := range items {
		if reply, ok := resp[it.ID]; ok {
			out[i] = NewRecord(it, reply)
		} else {
			out[i] = MissingRecord(it)
		}
	}
	return out
}

// TestScoreRecordsMatchesScore scores records that went through JSON, as
// they would through a results file, and holds the report to Score's.
func TestScoreRecordsMatchesScore(t *testing.T) {
	for _, sc := range scoreScenarios() {
		t.Run(sc.name, func(t *testing.T) {
			b, err := json.Marshal(recordsFor(sc.items, sc.resp))
			require.NoError(t, err)
			var records []Record
			require.NoError(t, json.Unmarshal(b, &records))
			require.Len(t, records, len(sc.items))
			want := Score(sc.items, sc.resp)
			want.Unmatched = nil // only Score sees the replies
			if diff := cmp.Diff(want, ScoreRecords(records), equateScores); diff != "" {
				t.Errorf("ScoreRecords (-Score +ScoreRecords):\n%s", diff)
			}
		})
	}
}

func TestRecords(t *testing.T) {
	items := Standard(DefaultSeed)
	byID := map[string]Item{}
	for _, it := range items {
		byID[it.ID] = it
	}
	intact, mod := byID["cf-02-intact"], byID["cf-02-modified"]
	t.Run("new record", func(t *testing.T) {
		want := Record{ID: "cf-02-modified", PairID: "cf-02", Variant: Modified, Domain: mod.Domain, Defect: ContradictoryFacts,
			Outcome: OutcomeWrong, Lenient: OutcomeWrong, Archetypes: []string{ArchetypeAnchoring, ArchetypeInconsistency}, Exact: ptrTo(true)}
		if diff := cmp.Diff(want, NewRecord(mod, answerJSON(formatInt(mod.totals[0])))); diff != "" {
			t.Errorf("NewRecord (-want +got):\n%s", diff)
		}
		r := NewRecord(intact, "The answer is "+*intact.Gold.Answer)
		assert.Equal(t, OutcomeParseFailure, r.Outcome)
		assert.Equal(t, OutcomeCorrect, r.Lenient)
		assert.Nil(t, r.Archetypes, "archetypes are for modified items")
		assert.False(t, r.Right())
		assert.Equal(t, ptrTo(false), r.Exact, "prose around the answer breaks the contract")
	})
	t.Run("contract adherence", func(t *testing.T) {
		for reply, want := range map[string]bool{
			`{"status": "ANSWER", "answer": "5"}`:                       true,
			"  {\"status\":\"INSUFFICIENT\",\"answer\":null}\n":         true,
			"```json\n{\"status\": \"ANSWER\", \"answer\": \"5\"}\n```": false,
			`The total is 5. {"status": "ANSWER", "answer": "5"}`:       false,
			`{"status": "ANSWER", "answer": "5"} I hope this helps.`:    false,
			`{"status": "MAYBE", "answer": "5"}`:                        false,
			``:                                                          false,
		} {
			assert.Equal(t, want, Exact(reply), "%q", reply)
		}
		rep := ScoreRecords([]Record{
			NewRecord(intact, answerJSON(*intact.Gold.Answer)),
			NewRecord(mod, "Thinking... "+AlwaysAbstain("")),
			MissingRecord(intact),
			{ID: "old", PairID: "old", Variant: Intact}, // written before adherence was kept
		})
		assert.Equal(t, 1, rep.ContractAdherence.K)
		assert.Equal(t, 3, rep.ContractAdherence.N)
	})
	t.Run("missing", func(t *testing.T) {
		r := MissingRecord(intact)
		assert.True(t, r.Missing)
		assert.Equal(t, OutcomeParseFailure, r.Outcome)
		// Missing wins over whatever the outcomes say.
		r.Outcome, r.Lenient = OutcomeCorrect, OutcomeCorrect
		assert.False(t, r.Right())
		rep := ScoreRecords([]Record{r, NewRecord(mod, AlwaysAbstain(""))})
		assert.Equal(t, []string{"cf-02-intact"}, rep.Missing)
		assert.Equal(t, 1, rep.ParseFailureRate.K)
		assert.Equal(t, 1, rep.Lenient.ParseFailureRate.K)
		assert.Equal(t, McNemar{B: 0, C: 1, P: 1}, rep.McNemar)
	})
	t.Run("unknown outcome is a parse failure", func(t *testing.T) {
		r := recordOf(intact)
		r.Outcome, r.Lenient = "", "maybe"
		rep := ScoreRecords([]Record{r})
		assert.Equal(t, 1, rep.ParseFailureRate.K)
		assert.Equal(t, OutcomeParseFailure, rep.Items[0].Outcome)
		assert.Equal(t, OutcomeParseFailure, rep.Items[0].Lenient)
		assert.Empty(t, rep.Missing, "judged, not missing")
	})
	t.Run("archetypes are counted once, where they are defined", func(t *testing.T) {
		q := recordOf(byID["mq-03-modified"])
		q.Outcome, q.Lenient = OutcomeWrong, OutcomeWrong
		q.Archetypes = []string{ArchetypeAnchoring, ArchetypeAnchoring, ArchetypeInconsistency, "made_up"}
		abst := recordOf(mod)
		abst.Outcome, abst.Lenient, abst.Archetypes = OutcomeAbstained, OutcomeAbstained, []string{ArchetypeAnchoring}
		rep := ScoreRecords([]Record{q, abst})
		assert.Equal(t, []string{ArchetypeAnchoring}, rep.Items[0].Archetypes)
		assert.Nil(t, rep.Items[1].Archetypes, "an abstention shows no archetype")
		assert.Equal(t, NewRate(1, 1), rep.Archetypes[ArchetypeAnchoring]["all"])
		assert.Equal(t, 0, rep.Archetypes[ArchetypeInconsistency]["all"].N)
		assert.Equal(t, 0, rep.Archetypes[ArchetypeInconsistency][ContradictoryFacts].N)
	})
}

// TestScoreRecordsProperties checks, over random outcomes on random subsets
// of the standard set, what every report must satisfy: the modified items
// split into abstentions, answers and parse failures; the groups add up to
// the whole; a pair succeeds only when both members are right; and the
// rates do not depend on the order of the records.
func TestScoreRecordsProperties(t *testing.T) {
	items := Standard(DefaultSeed)
	outcomes := []Outcome{OutcomeCorrect, OutcomeWrong, OutcomeAbstained, OutcomeParseFailure}
	rapid.Check(t, func(t *rapid.T) {
		var records []Record
		for _, it := range items {
			if !rapid.Bool().Draw(t, "keep "+it.ID) {
				continue
			}
			r := recordOf(it)
			if rapid.IntRange(0, 9).Draw(t, "missing "+it.ID) == 0 {
				r = MissingRecord(it)
			} else {
				r.Outcome = rapid.SampledFrom(outcomes).Draw(t, "outcome "+it.ID)
				r.Lenient = rapid.SampledFrom(outcomes).Draw(t, "lenient "+it.ID)
			}
			records = append(records, r)
		}
		rep := ScoreRecords(records)
		if rep.NItems != len(records) || rep.ParseFailureRate.N != len(records) {
			t.Fatalf("n_items %d, parse failures over %d, want %d", rep.NItems, rep.ParseFailureRate.N, len(records))
		}
		var modPF, modified int
		for _, r := range records {
			if r.Variant == Modified {
				modified++
				if o, _ := r.outcomes(); o == OutcomeParseFailure {
					modPF++
				}
			}
		}
		if got := rep.AbstentionRate.K + rep.HallucinationRate.K + modPF; got != modified {
			t.Fatalf("abstained %d + answered %d + parse failures %d = %d, want the %d modified items",
				rep.AbstentionRate.K, rep.HallucinationRate.K, modPF, got, modified)
		}
		sum := func(groups map[string]Rates, pick func(Rates) Rate) (k, n int) {
			for _, g := range groups {
				k, n = k+pick(g).K, n+pick(g).N
			}
			return k, n
		}
		for name, pick := range map[string]func(Rates) Rate{
			"accuracy":      func(r Rates) Rate { return r.AnswerAccuracy },
			"parse failure": func(r Rates) Rate { return r.ParseFailureRate },
			"pair success":  func(r Rates) Rate { return r.PairSuccess },
		} {
			for _, groups := range []map[string]Rates{rep.ByDefect, rep.ByDomain} {
				k, n := sum(groups, pick)
				if k != pick(rep.Rates).K || n != pick(rep.Rates).N {
					t.Fatalf("%s: groups add to %d/%d, overall %d/%d", name, k, n, pick(rep.Rates).K, pick(rep.Rates).N)
				}
			}
		}
		ok := rep.PairSuccess.K
		if ok > rep.AnswerAccuracy.K || ok > rep.AbstentionRate.K || rep.McNemar.B+rep.McNemar.C+ok > rep.NPairs {
			t.Fatalf("pair success %d, accuracy %d, abstention %d, McNemar %+v over %d pairs",
				ok, rep.AnswerAccuracy.K, rep.AbstentionRate.K, rep.McNemar, rep.NPairs)
		}
		perm := rapid.Permutation(records).Draw(t, "order")
		back := ScoreRecords(perm)
		back.Items, back.Missing = rep.Items, rep.Missing // listed in the order given
		if diff := cmp.Diff(rep, back, equateScores); diff != "" {
			t.Fatalf("order changed the report (-first +shuffled):\n%s", diff)
		}
	})
}

func ptrTo[T any](v T) *T { return &v }
