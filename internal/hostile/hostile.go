// Package hostile is what the parsers' linearity tests share: hostile
// inputs grown to a size from a head, a repeated unit and a tail; the bytes
// a call allocates, which no load on the machine changes; and benchmarks
// that report bytes per second of CPU beside the wall clock's.
package hostile

import (
	"runtime"
	"strings"
	"testing"
)

// Build returns head, unit repeated, and tail, in about size bytes (never
// more): a parser linear in the worst case costs about the same per byte at
// every size.
func Build(head, unit, tail string, size int) string {
	n := (size - len(head) - len(tail)) / len(unit)
	return head + strings.Repeat(unit, max(n, 0)) + tail
}

// Allocated returns the bytes fn allocates.
func Allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// BenchBytes runs the loop of a benchmark that reads n bytes an iteration
// and reports, beside the wall-clock MB/s, cpu-MB/s: the bytes read per
// second of CPU the process used (the collector's included). On a machine
// shared with other work the wall clock also counts the time spent waiting
// for a core; the CPU time does not, so cpu-MB/s is the figure that stays
// put under load. Where the CPU time cannot be read, only MB/s is given.
func BenchBytes(b *testing.B, n int, fn func()) {
	b.ReportAllocs()
	b.SetBytes(int64(n))
	start, ok := CPUTime()
	for b.Loop() {
		fn()
	}
	if end, ok2 := CPUTime(); ok && ok2 && end > start {
		b.ReportMetric(float64(n)*float64(b.N)/(end-start).Seconds()/1e6, "cpu-MB/s")
	}
}
