package agents

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hallumaze/hallumaze/mazes"
)

// TestRandomScoresIsTheAgent: draw 0 of RandomScores scores exactly what
// agent/random's reply, or its episode played turn by turn through the
// conversation, scores; other draws are other walks.
func TestRandomScoresIsTheAgent(t *testing.T) {
	model := agent(t, "random")
	for _, c := range grid([]int{5, 7}, []uint64{1, 2}) {
		if c.mirage || c.lang != mazes.English {
			continue
		}
		t.Run(c.String(), func(t *testing.T) {
			m := c.maze(t)
			want := play(t, model, c, 0).scores
			assert.Equal(t, want, RandomScores(m, c.options(), 0))
		})
	}
	m, err := mazes.Generate(9, 3, mazes.DFS)
	assert.NoError(t, err)
	opt := mazes.PromptOptions{Lang: mazes.English, Confidence: true}
	distinct := map[float64]bool{}
	for k := range uint64(20) {
		distinct[RandomScores(m, opt, k).MEI] = true
	}
	assert.Greater(t, len(distinct), 5, "draws are different walks")
}
