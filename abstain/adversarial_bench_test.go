//go:build unix

package abstain

import (
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"
)

// BenchmarkParseAdversarial reads the hostile replies of adversarial_test.go, strict and lenient, at 64 KiB,
// 256 KiB and 1 MiB: a parser linear in the worst case shows about the same
// MB/s at each size.
func BenchmarkParseAdversarial(b *testing.B) {
	sizes := []int{64 << 10, 256 << 10, 1 << 20}
	run := func(b *testing.B, kind string, inputs []adversarial, parse func(string) (Parsed, error)) {
		for _, a := range inputs {
			for _, size := range sizes {
				s := a.build(size)
				b.Run(fmt.Sprintf("%s/%s/size=%dKiB", kind, strings.ReplaceAll(a.name, " ", "_"), size>>10), func(b *testing.B) {
					benchBytes(b, len(s), func() { _, _ = parse(s) })
				})
			}
		}
	}
	run(b, "strict", strictAdversarial, ParseStrict)
	run(b, "lenient", lenientAdversarial, ParseLenient)
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
