package worlds

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/results"
	hw "github.com/hallumaze/hallumaze/worlds"
)

// TestEffortSample: the Effort experiment's sample holds effortPerCategory
// probes of each category of each world, each once, both members of paired
// probes (half of its U probes have the gold UNKNOWN), and X probes whose
// testimony contradicts the observation in every world.
func TestEffortSample(t *testing.T) {
	cases, err := spread(effortPerCategory)
	require.NoError(t, err)
	seen := map[string]bool{}
	count, unknown, conflict := map[string]int{}, map[string]int{}, map[string]int{}
	for _, c := range cases {
		assert.False(t, seen[c.Name], "%s twice", c.Name)
		seen[c.Name] = true
		w, cat := c.Tags["world"], c.Tags["category"]
		count[w+"/"+cat]++
		if cat == string(hw.Uncertainty) && c.Tags["answerable"] == "false" {
			unknown[w]++
		}
		if cat == string(hw.Conflict) && c.Tags["conflict"] == "true" {
			conflict[w]++
		}
	}
	ws, err := Worlds()
	require.NoError(t, err)
	for _, w := range ws {
		for _, cat := range hw.Categories {
			assert.Equal(t, effortPerCategory, count[w.Name()+"/"+string(cat)], "%s, category %s", w.Name(), cat)
		}
		assert.Equal(t, effortPerCategory/2, unknown[w.Name()], "%s: U probes with the gold UNKNOWN", w.Name())
		assert.Positive(t, conflict[w.Name()], "%s: X conflict probes", w.Name())
	}
}

// TestEffortSampleSeparatesTheCredulous: on the sample, the credulous
// agent (its low-effort policy) and the oracle (its high-effort one) give
// different verdicts on every X probe whose testimony contradicts the
// observation and the same on every other probe, so the effect the Effort
// experiment expects is the policies' and only theirs.
func TestEffortSampleSeparatesTheCredulous(t *testing.T) {
	cases, err := spread(effortPerCategory)
	require.NoError(t, err)
	credulous := play(t, cases, string(hw.Credulous))
	oracle := play(t, cases, string(hw.Oracle))
	require.Len(t, oracle, len(credulous))
	differ := 0
	for i, c := range credulous {
		o := oracle[i]
		require.Equal(t, c.Case, o.Case)
		if effortCategory(c) == conflictCategory {
			assert.Equal(t, 0.0, c.Metrics["right"], "%s: the credulous agent believes the testimony", c.Case)
			assert.Equal(t, 1.0, o.Metrics["right"], "%s: the oracle goes by the observation", c.Case)
			differ++
			continue
		}
		assert.Equal(t, o.Metrics["right"], c.Metrics["right"], "%s (%s): no source the credulous agent believes over the observation", c.Case, effortCategory(c))
	}
	assert.GreaterOrEqual(t, differ, 6, "enough X conflict probes for an exact McNemar test to find the effect at α = 0.05")
}

// TestEffortCategory: X is split by its conflict flag; other categories
// are named as the table names them.
func TestEffortCategory(t *testing.T) {
	for _, tc := range []struct {
		category, conflict, want string
	}{
		{"X", "true", "X conflict"},
		{"X", "false", "X compound"},
		{"X", "none", "X compound"},
		{"U", "none", "U uncertainty"},
		{"P", "none", "P perception"},
		{"Z", "none", "Z"},
	} {
		r := results.Result{Tags: map[string]string{"category": tc.category, "conflict": tc.conflict}}
		assert.Equal(t, tc.want, effortCategory(r), "%s conflict=%s", tc.category, tc.conflict)
	}
}
