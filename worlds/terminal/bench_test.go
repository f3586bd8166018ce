package terminal

import "testing"

// BenchmarkEpisodes generates 500 episodes (5,500 or 6,000 probe records,
// contexts and meta included) of each level per op.
func BenchmarkEpisodes(b *testing.B) {
	w := New()
	for _, level := range w.Levels() {
		b.Run("level="+level, func(b *testing.B) {
			for b.Loop() {
				n := 0
				for seed := uint64(1); seed <= 500; seed++ {
					ps, err := w.Probes(level, View, seed)
					if err != nil {
						b.Fatal(err)
					}
					n += len(ps)
				}
				if want := map[string]int{LevelShell: 5500, LevelFiles: 6000}[level]; n != want {
					b.Fatalf("%d probes", n)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/500-episodes")
		})
	}
}

// BenchmarkReply is the oracle answering one probe (parse the message,
// replay the transcript, answer).
func BenchmarkReply(b *testing.B) {
	w := New()
	ps, err := w.Probes(LevelFiles, View, 1)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		for _, p := range ps {
			w.Reply("oracle", p.Context)
		}
	}
}
