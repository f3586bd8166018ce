package grid

import (
	"testing"

	"github.com/hallumaze/hallumaze/worlds"
)

// BenchmarkStandard generates the whole standard grid set; it reports the
// time per probe too.
func BenchmarkStandard(b *testing.B) {
	w := newWorld(b)
	n := 0
	for b.Loop() {
		ps, err := w.Standard()
		if err != nil {
			b.Fatal(err)
		}
		n = len(ps)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/probe")
	b.ReportMetric(float64(n), "probes")
}

// BenchmarkUnit generates the probes of one unit (the densest level).
func BenchmarkUnit(b *testing.B) {
	w := newWorld(b)
	n := 0
	for b.Loop() {
		ps, err := w.Probes("P1_dense_array", Symbolic, 0)
		if err != nil {
			b.Fatal(err)
		}
		n = len(ps)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/probe")
}

// BenchmarkNew loads the 84 embedded level files.
func BenchmarkNew(b *testing.B) {
	for b.Loop() {
		if _, err := New(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReply is the oracle reading and answering one probe.
func BenchmarkReply(b *testing.B) {
	w := newWorld(b)
	ps, err := w.Probes("X2_facility_tour", ASCII, 0)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		for _, p := range ps {
			w.Reply(worlds.Oracle, p.Context)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/reply")
}
