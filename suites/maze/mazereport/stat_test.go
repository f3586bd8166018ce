package mazereport

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestStatOf: the leaderboard's intervals fit their metric.
func TestStatOf(t *testing.T) {
	mazesOf := func(n, per int) []string {
		var cl []string
		for i := range n {
			for range per {
				cl = append(cl, fmt.Sprintf("size=7/seed=%d/dfs", i))
			}
		}
		return cl
	}
	t.Run("a bounded metric stays in its bounds", func(t *testing.T) {
		x := []float64{0.1, 0.9, 0.05, 1, 0.95, 0.02}
		s := statOf("BRS", x, mazesOf(6, 1), false)
		assert.True(t, s.HasCI())
		assert.GreaterOrEqual(t, s.CI.Lo, 0.0)
		assert.LessOrEqual(t, s.CI.Hi, 1.0)
		assert.True(t, s.CI.Lo <= s.Mean && s.Mean <= s.CI.Hi)
	})
	t.Run("too few mazes: n instead of an interval", func(t *testing.T) {
		s := statOf("MEI", []float64{0.3, 0.8, 0.1}, mazesOf(3, 1), false)
		assert.False(t, s.HasCI())
		assert.Equal(t, "0.400 (n=3)", statCell(s, 3))
	})
	t.Run("cases of one maze are one unit", func(t *testing.T) {
		// 12 cases but 3 mazes: no interval.
		s := statOf("MEI", []float64{0.3, 0.3, 0.3, 0.3, 0.8, 0.8, 0.8, 0.8, 0.1, 0.1, 0.1, 0.1}, mazesOf(3, 4), false)
		assert.False(t, s.HasCI())
		assert.Equal(t, 3, s.Clusters)
	})
	t.Run("SR of independent mazes: Wilson", func(t *testing.T) {
		s := statOf("SR", []float64{1, 1, 0}, mazesOf(3, 1), false)
		assert.True(t, s.Wilson)
		assert.Equal(t, "0.67 [0.21,0.94]", statCell(s, 2))
	})
	t.Run("SR of repeated runs: clustered", func(t *testing.T) {
		s := statOf("SR", []float64{1, 1, 0, 0, 1, 1}, mazesOf(3, 2), false)
		assert.False(t, s.Wilson)
		assert.False(t, s.HasCI(), "3 mazes")
	})
	t.Run("a human group's means: no interval", func(t *testing.T) {
		s := statOf("SR", []float64{0.9, 0.72}, mazesOf(2, 1), true)
		assert.Equal(t, "0.81 (n=2)", statCell(s, 2))
	})
}
