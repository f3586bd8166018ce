package walkers

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/mazes"
)

// TestRandomScoresStopsAtWhatIsRead: the chance baseline's walk stops
// writing once its reply is longer than the parser reads, and scores as the
// whole reply does.
func TestRandomScoresStopsAtWhatIsRead(t *testing.T) {
	m, err := mazes.Generate(91, 3, mazes.DFS)
	require.NoError(t, err)
	opt := mazes.PromptOptions{Lang: mazes.English, Confidence: true}
	for draw := range uint64(2) {
		seed := mix(mazeSeed("random", m), draw+1)
		a := &Walker{name: "random", kind: randomKind}
		p := prompt{maze: m, lang: opt.Lang, confidence: opt.Confidence}
		whole := a.oneShotSeeded(p, seed, 0)
		require.Greater(t, len(whole), mazes.MaxReply, "the walk must be longer than the parser reads")
		cut := a.oneShotSeeded(p, seed, mazes.MaxReply)
		assert.Less(t, len(cut), len(whole))
		assert.Equal(t, whole[:len(cut)], cut, "a prefix of the whole reply")
		assert.Equal(t, mazes.Score(m, mazes.ParseReply(whole)), RandomScores(m, opt, draw+1))
	}
}
