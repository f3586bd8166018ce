package providers

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/internal/hostile"
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
					hostile.BenchBytes(b, len(body), func() { _, _ = d.decode(body) })
				})
			}
		}
	}
}
