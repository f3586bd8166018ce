package bench_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/suites"
)

// names are the cases' names.
func names(cs []bench.Case) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Name
	}
	return out
}

// TestSets: the gate set leaves out the cases of an experiment that picks
// its own models (TestEffort), which have a set of their own: the gate set
// and the experiment's cases. A model the experiment picks among the
// recorded ones covers that set; any other covers the gate set. A suite
// without such an experiment (innav) has the gate set and all.
func TestSets(t *testing.T) {
	for _, s := range suites.All() {
		t.Run(s.Name, func(t *testing.T) {
			gate, err := bench.GateSet(s)
			require.NoError(t, err)
			var effort []bench.Case
			for _, e := range s.Experiments {
				if e.Name == "Effort" {
					effort, err = e.Cases()
					require.NoError(t, err)
				}
			}
			if effort == nil {
				assert.Equal(t, []string{bench.SetGate, bench.SetAll}, bench.Sets(s))
				_, ok, err := bench.ExperimentSet(s, "effort")
				assert.False(t, ok)
				assert.NoError(t, err)
				covered, err := bench.CoveredSet(s, "openai/y@effort=high", []string{"openai/y@effort=low", "openai/y@effort=high"})
				require.NoError(t, err)
				assert.Equal(t, names(gate), names(covered), "a model at two levels covers the gate set")
				return
			}
			assert.Equal(t, []string{bench.SetGate, "effort", bench.SetAll}, bench.Sets(s))
			require.NotEmpty(t, effort)
			set, ok, err := bench.ExperimentSet(s, "effort")
			require.NoError(t, err)
			require.True(t, ok)
			assert.Equal(t, names(gate), names(set[:len(gate)]), "the gate set first")
			assert.Subset(t, names(set), names(effort))
			assert.Len(t, set, len(gate)+len(effort)-overlap(gate, effort), "each case once")
			viaSet, err := bench.SetCases(s, "effort")
			require.NoError(t, err)
			assert.Equal(t, names(set), names(viaSet))
			_, err = bench.SetCases(s, "Nothing")
			assert.ErrorContains(t, err, `unknown set "Nothing" (want gate, effort, all)`)

			recorded := []string{"openai/x", "openai/y@effort=low", "openai/y@effort=high"}
			covered, err := bench.CoveredSet(s, "openai/x", recorded)
			require.NoError(t, err)
			assert.Equal(t, names(gate), names(covered), "a model at one level covers the gate set")
			covered, err = bench.CoveredSet(s, "openai/y@effort=high", recorded)
			require.NoError(t, err)
			assert.Equal(t, names(set), names(covered), "a model at two levels covers the effort set")
		})
	}
	worlds, _ := bench.FindSuite(suites.All(), "worlds")
	gate, err := bench.GateSet(worlds)
	require.NoError(t, err)
	assert.Len(t, gate, 75, "HalluWorld's gate set is its 75 named probes, TestEffort's sample apart")
}

func overlap(a, b []bench.Case) int {
	in := map[string]bool{}
	for _, c := range a {
		in[c.Name] = true
	}
	n := 0
	for _, c := range b {
		if in[c.Name] {
			n++
		}
	}
	return n
}
