package walkers

import (
	"testing"

	"github.com/hallumaze/hallumaze/internal/cputime"
	"github.com/hallumaze/hallumaze/mazes"
)

// BenchmarkRandomScores is one draw of the chance baseline's walker on a
// 9×9 maze, by protocol; cpu-µs/draw is the process's CPU time per draw
// (the machine may be shared).
func BenchmarkRandomScores(b *testing.B) {
	m, err := mazes.Generate(9, 3, mazes.DFS)
	if err != nil {
		b.Fatal(err)
	}
	for _, p := range []mazes.Protocol{mazes.OneShot, mazes.Interactive} {
		b.Run(string(p), func(b *testing.B) {
			opt := mazes.PromptOptions{Lang: mazes.English, Confidence: true, Protocol: p}
			b.ReportAllocs()
			cpu := cputime.Now()
			for i := range b.N {
				RandomScores(m, opt, uint64(i))
			}
			b.ReportMetric(float64((cputime.Now()-cpu).Microseconds())/float64(b.N), "cpu-µs/draw")
		})
	}
}
