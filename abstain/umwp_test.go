package abstain

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// umwpPath is UMWP's data file beside the repository (../shared/external/umwp
// from the module root). It is not part of the module: the data is CC BY-SA
// 4.0 and stays where it was put.
func umwpPath(t *testing.T) string {
	t.Helper()
	p := filepath.Join("..", "..", "shared", "external", "umwp", "StandardDataset.jsonl")
	if _, err := os.Stat(p); err != nil {
		t.Skipf("UMWP data not found at %s (it lives outside the module; see docs/abstain.md): %v", p, err)
	}
	return p
}

func TestLoadUMWP(t *testing.T) {
	items, err := LoadUMWP(umwpPath(t))
	require.NoError(t, err)
	// 2,600 pairs less the 5 whose two texts are identical.
	require.Len(t, items, 2*2595)
	assert.Len(t, pairs(items), 2595)

	first := items[0]
	assert.Equal(t, "umwp-1", first.ID)
	assert.Equal(t, "umwp_svamp", first.Domain)
	require.NotNil(t, first.Gold.Answer)
	assert.Equal(t, "460", *first.Gold.Answer)
	second := items[1]
	assert.Equal(t, "umwp-2501", second.ID)
	assert.Equal(t, first.PairID, second.PairID)
	assert.Equal(t, Modified, second.Variant)
	assert.Equal(t, UMWPUnrelatedObject, second.Defect)

	defects := map[string]int{}
	for _, it := range items {
		require.NoError(t, it.validate(), it.ID)
		if it.Variant == Modified {
			defects[it.Defect]++
		}
	}
	total := 0
	for _, n := range defects {
		total += n
	}
	assert.Equal(t, 2595, total)
	// Category 1 has 840 pairs upstream; the five dropped pairs may touch it.
	assert.InDelta(t, 840, defects[MissingQuantity], 5)
	assert.InDelta(t, 275, defects[ContradictoryFacts], 5)
	for _, id := range []string{"umwp-2713", "umwp-2930", "umwp-2973", "umwp-3357", "umwp-4240"} {
		for _, it := range items {
			assert.NotEqual(t, id, it.ID, "label-noise pair kept")
		}
	}
}

func TestLoadUMWPScores(t *testing.T) {
	items, err := LoadUMWP(umwpPath(t))
	require.NoError(t, err)
	rep := Score(items[:200], respond(items[:200], AlwaysAbstain))
	assert.Equal(t, 100, rep.AbstentionRate.K)
	assert.Equal(t, 0, rep.AnswerAccuracy.K)
}

func TestLoadUMWPErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(body), 0o600))
		return p
	}
	tests := []struct{ name, body, want string }{
		{"bad json", "{oops\n", "line 1"},
		{"unpaired link", `{"id": 9, "question": "q", "answer": null, "answerable": false, "category": 1, "relevant_ids": [1], "source": "SVAMP"}`, "not an answerable record"},
		{"bad answer", `{"id": 1, "question": "q", "answer": "x", "answerable": true, "category": null, "relevant_ids": null, "source": "SVAMP"}`, "answer is not a list"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := LoadUMWP(write(tc.name, tc.body))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	_, err := LoadUMWP(filepath.Join(dir, "absent.jsonl"))
	assert.Error(t, err)
}
