package profile

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestOutcomesPairAsMaps: the compact outcomes pair two models' cases as
// maps by case name did: over the names both have, in their order, the
// last value given for a name, and a's cluster of it.
func TestOutcomesPairAsMaps(t *testing.T) {
	names := []string{"", "a", "b", "size=7/seed=1", "size=7/seed=10", "size=7/seed=2", "é", "z"}
	gen := func(t *rapid.T, label string) ([]outcome, *caseTable, map[string]obs) {
		tab := newCaseTable()
		m := map[string]obs{}
		var list []outcome
		for range rapid.IntRange(0, 30).Draw(t, label+"-n") {
			name := rapid.SampledFrom(names).Draw(t, label+"-name")
			cl := rapid.SampledFrom(names).Draw(t, label+"-cluster")
			v := rapid.Float64Range(-1, 1).Draw(t, label+"-v")
			list = append(list, tab.ref(name, cl, v))
			m[name] = obs{v: v, cluster: cl}
		}
		return list, tab, m
	}
	rapid.Check(t, func(t *rapid.T) {
		la, ta, ma := gen(t, "a")
		lb, tb, mb := gen(t, "b")
		diff, cl := shared(ta.outcomes(la), tb.outcomes(lb))

		var keys []string
		for k := range ma {
			if _, ok := mb[k]; ok {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		var wantDiff []float64
		var wantCl []string
		for _, k := range keys {
			wantDiff, wantCl = append(wantDiff, ma[k].v-mb[k].v), append(wantCl, ma[k].cluster)
		}
		require.Equal(t, wantDiff, diff)
		require.Equal(t, wantCl, cl)
		d2, c2 := shared(outcomesOf(ma), outcomesOf(mb))
		require.Equal(t, wantDiff, d2)
		require.Equal(t, wantCl, c2)
	})
}
