package abstain

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/internal/hostile"
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
					hostile.BenchBytes(b, len(s), func() { _, _ = parse(s) })
				})
			}
		}
	}
	run(b, "strict", strictAdversarial, ParseStrict)
	run(b, "lenient", lenientAdversarial, ParseLenient)
}
