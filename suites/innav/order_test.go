package innav

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/require"
)

// TestScoreOrderFree: each model's episodes in the order they happened to
// end give the scores of the episodes in case order, to the last digit.
// (Models keep the order of their first result, as a run plays them.)
func TestScoreOrderFree(t *testing.T) {
	rs := standard(t)
	want, err := Score(rs)
	require.NoError(t, err)
	for seed := range uint64(5) {
		shuffled := slices.Clone(rs)
		rng := rand.New(rand.NewPCG(seed, 7))
		for start := 0; start < len(shuffled); {
			end := start
			for end < len(shuffled) && shuffled[end].Model == shuffled[start].Model {
				end++
			}
			part := shuffled[start:end]
			rng.Shuffle(len(part), func(i, j int) { part[i], part[j] = part[j], part[i] })
			start = end
		}
		got, err := Score(shuffled)
		require.NoError(t, err)
		if diff := cmp.Diff(want, got, cmpopts.EquateNaNs()); diff != "" {
			t.Errorf("reordered results (-want +got):\n%s", diff)
		}
	}
}
