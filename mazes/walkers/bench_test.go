package walkers

import (
	"testing"

	"github.com/hallumaze/hallumaze/mazes"
)

// benchOneShot measures one cold one-shot reply on an 11×11 maze: a fresh
// agent each time, so the maze is read from the prompt as a first request
// would read it.
func benchOneShot(b *testing.B, name string) {
	m, err := mazes.Generate(11, 42, mazes.DFS)
	if err != nil {
		b.Fatal(err)
	}
	req := oneShotRequest(name, m, mazes.PromptOptions{Lang: mazes.English, Mirage: true, Confidence: true})
	b.ReportAllocs()
	var out int
	for b.Loop() {
		a, _ := Lookup(name)
		rep, err := ask(a, req)
		if err != nil {
			b.Fatal(err)
		}
		out = len(rep.Text)
	}
	b.ReportMetric(float64(out), "reply-bytes")
}

func BenchmarkOracle(b *testing.B)   { benchOneShot(b, "oracle") }
func BenchmarkExplorer(b *testing.B) { benchOneShot(b, "explorer") }
func BenchmarkLured(b *testing.B)    { benchOneShot(b, "lured") }
