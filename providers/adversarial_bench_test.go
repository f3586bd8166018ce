//go:build unix

package providers

import (
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"
)

// BenchmarkParseAdversarial reads the hostile bodies of adversarial_test.go, for each decoder, at 64 KiB,
// 256 KiB and 1 MiB: a parser linear in the worst case shows about the same
// MB/s at each size.
func BenchmarkParseAdversarial(b *testing.B) {
	for _, d := range decoders {
		for _, h := range d.bodies {
			for _, size := range []int{64 << 10, 256 << 10, 1 << 20} {
				body := h.build(size)
				b.Run(fmt.Sprintf("%s/%s/size=%dKiB", strings.ReplaceAll(d.name, " ", "_"), strings.ReplaceAll(h.name, " ", "_"), size>>10), func(b *testing.B) {
					benchBytes(b, len(body), func() { _, _ = d.decode(body) })
				})
			}
		}
	}
}

// cpuTime returns the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchBytes runs the loop of a benchmark that reads n bytes an iteration
// and reports, beside the wall-clock MB/s, cpu-MB/s: the bytes read per
// second of CPU the process used (the collector's included). On a machine
// shared with other work the wall clock also counts the time spent waiting
// for a core; the CPU time does not, so cpu-MB/s is the figure that stays
// put under load.
func benchBytes(b *testing.B, n int, fn func()) {
	b.ReportAllocs()
	b.SetBytes(int64(n))
	start := cpuTime()
	for b.Loop() {
		fn()
	}
	if cpu := cpuTime() - start; cpu > 0 {
		b.ReportMetric(float64(n)*float64(b.N)/cpu.Seconds()/1e6, "cpu-MB/s")
	}
}
