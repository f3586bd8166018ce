package main

import (
	"context"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// heapAtLastCase runs cases agent cases and returns the live heap, after a
// collection, when the last case's progress line is printed: the end of
// the streaming phase, before the results are read back for the outputs.
func heapAtLastCase(t *testing.T, runs int) uint64 {
	t.Helper()
	var heap uint64
	last := "[" + itoa(4*runs) + "/" + itoa(4*runs) + "]"
	call := runCall{forget: true, stderr: func(line string) {
		if strings.HasPrefix(line, last) {
			runtime.GC()
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			heap = ms.HeapAlloc
		}
	}}
	out := filepath.Join(t.TempDir(), "r.json")
	code, _, stderr, _ := call.run(t, context.Background(), "--size", "5", "--runs", itoa(runs), "--concurrency", "1", "--output", out)
	require.Equal(t, 0, code, stderr)
	require.NotZero(t, heap, "the last case was seen")
	return heap
}

// TestRunMemoryFlat: while cases stream, the run holds no result, only the
// summary the outputs are made of (each case's compact record and its
// entry of the seed file, which moves to a temporary file beyond a few
// megabytes): the heap grows by under 3 KiB a case from 200 cases to
// 1,000. (Each result is about 5 KB of JSON, and decoded several times
// that; BenchmarkRunScale measures the whole process at 100,000 cases.)
// The test is not parallel, so that no other test shares the heap it
// measures.
func TestRunMemoryFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 1,200 cases")
	}
	heapAtLastCase(t, 10) // warm up: code paths, pools
	small := heapAtLastCase(t, 50)
	large := heapAtLastCase(t, 250)
	t.Logf("live heap at the last case: %d KiB after 200 cases, %d KiB after 1,000", small>>10, large>>10)
	growth := int64(large) - int64(small)
	assert.Less(t, growth, int64(800*3<<10), "heap grew by %d KiB from 200 to 1,000 cases", growth>>10)
}

// BenchmarkRun1000 runs 1,000 agent cases (4 agents × 250 mazes of size 5)
// one at a time (--concurrency 1), and reports the share of wall time
// spent outside the cases: overhead-% over the whole command (with the
// outputs), sweep-overhead-% over the sweep alone (streaming each case to
// the JSONL file, progress), and the milliseconds of each phase. With one
// case in flight, the time inside the cases is the sum of their durations.
// The "json" variant writes the default outputs (JSONL and seed JSON);
// "all" adds the CSV and the HTML report.
func BenchmarkRun1000(b *testing.B) {
	for _, v := range []struct {
		name  string
		extra []string
	}{{"json", nil}, {"all", []string{"--csv", "--html", "auto"}}} {
		b.Run(v.name, func(b *testing.B) {
			var wall, sweep, outputs, inCases time.Duration
			for b.Loop() {
				out := filepath.Join(b.TempDir(), "r.json")
				args := append([]string{"--size", "5", "--runs", "250", "--concurrency", "1", "--quiet", "--output", out}, v.extra...)
				start := time.Now()
				code, _, stderr, stats := runCall{}.run(b, context.Background(), args...)
				wall += time.Since(start)
				if code != 0 {
					b.Fatal(stderr)
				}
				b.StopTimer()
				for _, r := range readJSONL(b, strings.TrimSuffix(out, ".json")+".jsonl") {
					inCases += time.Duration(r.Duration * float64(time.Second))
				}
				b.StartTimer()
				sweep += stats.Sweep
				outputs += stats.Outputs
			}
			n := float64(b.N)
			b.ReportMetric(100*float64(wall-inCases)/float64(wall), "overhead-%")
			b.ReportMetric(100*float64(sweep-inCases)/float64(sweep), "sweep-overhead-%")
			b.ReportMetric(float64(sweep.Milliseconds())/n, "sweep-ms")
			b.ReportMetric(float64(outputs.Milliseconds())/n, "outputs-ms")
			b.ReportMetric(float64(inCases.Milliseconds())/n, "cases-ms")
		})
	}
}
