package abstain

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	mp "github.com/hallumaze/hallumaze/abstain"
)

// TestAbstainModelsOrderFree: the results in the order the cases happened
// to end give the report of the results in case order.
func TestAbstainModelsOrderFree(t *testing.T) {
	rs := playAbstain(t, "agent/checker", mp.Standard(mp.DefaultSeed))
	want := AbstainModels(rs)
	shuffled := slices.Clone(rs)
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	if diff := cmp.Diff(want, AbstainModels(shuffled), cmpopts.EquateNaNs()); diff != "" {
		t.Errorf("reordered results (-want +got):\n%s", diff)
	}
}
