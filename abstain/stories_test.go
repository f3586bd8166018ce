package abstain

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/internal/golden"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testSeeds are the seeds the structural proofs run under.
var testSeeds = []uint64{DefaultSeed, 0, 1, 2, 3, 42, 1234, 99999, 0xdeadbeef}

func TestStandardShape(t *testing.T) {
	items := Standard(DefaultSeed)
	require.Len(t, items, 120)
	defects, domains := map[string]int{}, map[string]int{}
	ids := map[string]bool{}
	for _, it := range items {
		require.False(t, ids[it.ID], "duplicate id %s", it.ID)
		ids[it.ID] = true
		require.NoError(t, it.validate())
		if it.Variant == Intact {
			defects[it.Defect]++
			domains[it.Domain]++
		}
	}
	assert.Equal(t, map[string]int{MissingQuantity: 20, MissingRelationship: 20, ContradictoryFacts: 20}, defects)
	assert.Equal(t, map[string]int{
		DomainBasicArithmetic: 10, DomainInventoryTracking: 10, DomainRateAndTime: 10,
		DomainResourceAllocation: 10, DomainSequentialSteps: 10, DomainRelationalReasoning: 10,
	}, domains)
	assert.Len(t, pairs(items), 60)
}

func TestStoriesAreDistinct(t *testing.T) {
	perCombo := map[string]int{}
	seen := map[string]bool{}
	for i, s := range stories() {
		edited := 0
		for _, l := range s.lines {
			if l.edited() {
				edited++
			}
		}
		assert.Equal(t, 1, edited, "story %d must have exactly one edited line", i)
		key := strings.Join(func() []string { t, _ := s.sentences(false); return t }(), " ")
		assert.False(t, seen[key], "story %d repeats another story's text", i)
		seen[key] = true
		perCombo[s.domain+"/"+s.defect]++
	}
	assert.Len(t, perCombo, 18, "every domain meets every defect")
	for combo, n := range perCombo {
		assert.GreaterOrEqual(t, n, 3, "%s has %d stories", combo, n)
	}
}

// TestStandardProofs holds, under many seeds, that every intact item's facts
// solve to its gold, that every modified item's facts lack exactly what the
// defect says or contradict each other, that the text carries exactly the
// facts' numbers, and that the two members differ in one sentence.
func TestStandardProofs(t *testing.T) {
	for _, seed := range testSeeds {
		items := Standard(seed)
		for _, pr := range pairs(items) {
			in, mod := items[pr[0]], items[pr[1]]
			t.Run(in.PairID, func(t *testing.T) {
				sol := in.prob.solve()
				require.True(t, sol.solved, "seed %d: intact %q does not solve: %+v", seed, in.Question, sol)
				require.Equal(t, *in.Gold.Answer, formatInt(sol.value), "seed %d: %s", seed, in.Question)

				msol := mod.prob.solve()
				switch in.Defect {
				case ContradictoryFacts:
					require.NotEmpty(t, msol.conflict, "seed %d: %q is consistent", seed, mod.Question)
				case MissingQuantity, MissingRelationship:
					require.Empty(t, msol.conflict, "seed %d: %q", seed, mod.Question)
					require.False(t, msol.solved, "seed %d: %q solves to %d", seed, mod.Question, msol.value)
					require.NotEmpty(t, msol.missing, "seed %d: no missing name for %q", seed, mod.Question)
					for _, name := range msol.missing {
						kind, ok := definingKind(in.prob, name)
						require.True(t, ok, "missing %s is not in the intact facts", name)
						if in.Defect == MissingQuantity {
							assert.Equal(t, factGiven, kind, "missing quantity %s should be a stated number", name)
						} else {
							assert.GreaterOrEqual(t, kind, factLinear, "missing relationship %s should be a relation", name)
						}
					}
				}
				for _, it := range []Item{in, mod} {
					assert.Equal(t, sortedInts(it.prob.givens()), sortedTextNumbers(t, it.Question), "numbers of %q", it.Question)
				}
				assert.Equal(t, 1, sentenceDiff(in.Question, mod.Question), "%q vs %q", in.Question, mod.Question)
			})
		}
	}
}

// definingKind is how the intact facts introduce name: given, or by which
// relation.
func definingKind(p problem, name string) (factKind, bool) {
	for _, f := range p.facts {
		if f.name == name {
			return f.kind, true
		}
	}
	return 0, false
}

func sortedInts(vs []int64) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = formatInt(v)
	}
	slices.Sort(out)
	return out
}

func sortedTextNumbers(t *testing.T, q string) []string {
	t.Helper()
	out := numbersIn(q)
	for _, n := range out {
		require.NotContains(t, n, ".", "decimal in %q", q)
	}
	slices.Sort(out)
	if out == nil {
		out = []string{}
	}
	return out
}

// sentenceDiff counts the positions at which the sentences of a and b differ
// (sentences end at ". " or "? ").
func sentenceDiff(a, b string) int {
	split := func(s string) []string {
		s = strings.NewReplacer(". ", ".\n", "? ", "?\n").Replace(s)
		return strings.Split(s, "\n")
	}
	sa, sb := split(a), split(b)
	if len(sa) != len(sb) {
		return -1
	}
	n := 0
	for i := range sa {
		if sa[i] != sb[i] {
			n++
		}
	}
	return n
}

func TestStandardAnswerMatchesSeparateComputation(t *testing.T) {
	// The gold comes from each story's own answer function; the facts were
	// solved separately in TestStandardProofs. Here: golds are whole and
	// not negative, and the seed changes the numbers.
	a, b := Standard(1), Standard(2)
	differ := 0
	for i := range a {
		if a[i].Question != b[i].Question {
			differ++
		}
		if a[i].Gold.Answer != nil {
			assert.NotContains(t, *a[i].Gold.Answer, "-", a[i].ID)
		}
	}
	assert.Greater(t, differ, 100, "seeds should change most questions")
}

func TestStandardGolden(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, WriteItems(&buf, Standard(DefaultSeed)))
	path := filepath.Join("testdata", "standard.golden.jsonl")
	if golden.Updating() {
		require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./abstain -run TestStandardGolden -update")
	if diff := cmp.Diff(string(want), buf.String()); diff != "" {
		t.Errorf("standard set changed (-want +got):\n%s", diff)
	}
	var again bytes.Buffer
	require.NoError(t, WriteItems(&again, Standard(DefaultSeed)))
	assert.Equal(t, buf.Bytes(), again.Bytes(), "same seed, same bytes")
}

func TestRecogniseReadsBackEveryItem(t *testing.T) {
	for _, seed := range testSeeds[:3] {
		for _, it := range Standard(seed) {
			p, ok := recognise(it.Question)
			require.True(t, ok, "cannot read %q", it.Question)
			assert.Equal(t, it.prob.solve(), p.solve(), it.ID)
		}
	}
	_, ok := recognise("A farmer has 3 cows. How many legs?")
	assert.False(t, ok)
}
