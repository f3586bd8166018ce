package agents

import (
	"testing"

	"github.com/hallumaze/hallumaze/mazes"
)

// BenchmarkRandomScores is one draw of the chance baseline's walker on a
// 9×9 maze, by protocol.
func BenchmarkRandomScores(b *testing.B) {
	m, err := mazes.Generate(9, 3, mazes.DFS)
	if err != nil {
		b.Fatal(err)
	}
	for _, p := range []mazes.Protocol{mazes.OneShot, mazes.Interactive} {
		b.Run(string(p), func(b *testing.B) {
			opt := mazes.PromptOptions{Lang: mazes.English, Confidence: true, Protocol: p}
			for i := range b.N {
				RandomScores(m, opt, uint64(i))
			}
		})
	}
}
