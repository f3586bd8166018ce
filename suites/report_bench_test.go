package suites

import (
	"fmt"
	"io"
	"runtime"
	"testing"

	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/suites/maze/mazetest"

	"github.com/hallumaze/hallumaze/results"
)

// thousand makes 1,000 results from the fixtures by renaming their cases.
func thousand(b *testing.B) []results.Result {
	base := mazetest.Results(b)
	out := make([]results.Result, 0, 1000)
	for i := 0; len(out) < 1000; i++ {
		r := base[i%len(base)]
		r.Case = fmt.Sprintf("%s/run=%d", r.Case, i/len(base))
		out = append(out, r)
	}
	return out
}

type countWriter struct{ n int64 }

func (c *countWriter) Write(p []byte) (int, error) { c.n += int64(len(p)); return len(p), nil }

// BenchmarkHTML writes the page of 1,000 results; bytes/s is the page's
// size over the time, and peak-heap-MB the heap in use after a write.
func BenchmarkHTML(b *testing.B) {
	rs := thousand(b)
	var cw countWriter
	if err := writeHTML(&cw, rs, report.Options{}); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(cw.n)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if err := writeHTML(io.Discard, rs, report.Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(cw.n)/1e6, "page-MB")
	b.ReportMetric(float64(ms.HeapInuse)/1e6, "heap-inuse-MB")
}

func BenchmarkSeedJSON(b *testing.B) {
	rs := thousand(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := writeSeedJSON(io.Discard, rs, report.Options{Timestamp: mazetest.Timestamp}); err != nil {
			b.Fatal(err)
		}
	}
}
