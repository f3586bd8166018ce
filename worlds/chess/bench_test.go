package chess

import "testing"

// BenchmarkStandard generates the standard set (chess-random seeds 1–50 in
// four views, 2,508 probes).
func BenchmarkStandard(b *testing.B) {
	w := New()
	for b.Loop() {
		probes, err := w.Standard()
		if err != nil {
			b.Fatal(err)
		}
		if len(probes) != 2508 {
			b.Fatalf("%d probes", len(probes))
		}
	}
}
