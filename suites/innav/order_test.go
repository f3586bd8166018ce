package innav

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/require"
)

// TestScoreOrderFree: the episodes in the order they happened to end (a
// concurrent run interleaves the models) give the scores of the episodes
// in case order, to the last digit, models in the same order.
func TestScoreOrderFree(t *testing.T) {
	rs := standard(t)
	want, err := Score(rs)
	require.NoError(t, err)
	for seed := range uint64(5) {
		shuffled := slices.Clone(rs)
		rand.New(rand.NewPCG(seed, 7)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		got, err := Score(shuffled)
		require.NoError(t, err)
		if diff := cmp.Diff(want, got, cmpopts.EquateNaNs()); diff != "" {
			t.Errorf("reordered results (-want +got):\n%s", diff)
		}
	}
}
