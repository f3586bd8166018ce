// Package memlimit gives the Go runtime a soft memory limit that follows
// the live heap, so that a command's resident memory stays near what it
// keeps rather than near the garbage collector's twice-the-live-heap goal
// and the freed memory the runtime holds on to.
//
// The garbage collector's goal (GOGC=100) lets the heap grow to twice the
// live data before collecting, and the runtime returns freed memory to the
// system slowly: a command whose live data is 130 MB can hold 350 MB. With
// a limit, the runtime collects and returns memory to stay under it. A
// fixed limit would make the collector run without pause once the live
// data outgrew it, so the limit follows the live heap: the larger of a
// floor and one and a half times the live heap, checked a few times a
// second. A user's GOMEMLIMIT wins: then nothing is changed.
package memlimit

import (
	"math"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// Floor is the limit while the live heap is under two thirds of it. Below
// half of it the collector's own goal (twice the live heap) stays under
// it, and the limit changes nothing. At 192 MiB a report or run of
// 100,000 maze cases, whose live heap is about 100 MB, stays near 230 MB
// resident at a cost of a percent or two of CPU (BenchmarkRunScale);
// 256 MiB let it reach 270 MB.
const Floor = 192 << 20

// every is how often the live heap is read.
const every = 100 * time.Millisecond

// Follow sets the limit and keeps it following the live heap until stop
// is called, which puts back the limit there was. With GOMEMLIMIT set it
// does nothing.
func Follow() (stop func()) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	before := debug.SetMemoryLimit(Floor)
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		t := time.NewTicker(every)
		defer t.Stop()
		limit := int64(Floor)
		for {
			select {
			case <-done:
				return
			case <-t.C:
			}
			metrics.Read(sample)
			if sample[0].Value.Kind() != metrics.KindUint64 {
				continue
			}
			if want := Limit(sample[0].Value.Uint64()); want != limit {
				limit = want
				debug.SetMemoryLimit(limit)
			}
		}
	}()
	return func() {
		close(done)
		<-finished
		debug.SetMemoryLimit(before)
	}
}

// Limit is the limit for a live heap of the given size: Floor, or one and
// a half times the live heap, rounded up to 16 MiB so that it moves by
// steps.
func Limit(live uint64) int64 {
	const step = 16 << 20
	want := live + live/2
	if want > math.MaxInt64/2 {
		return math.MaxInt64
	}
	want = (want + step - 1) / step * step
	return max(Floor, int64(want))
}
