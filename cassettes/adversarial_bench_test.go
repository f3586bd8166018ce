package cassettes

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/internal/hostile"
)

// BenchmarkParseAdversarial reads the hostile cassette files of adversarial_test.go, opened for replay, at 64 KiB,
// 256 KiB and 1 MiB: a parser linear in the worst case shows about the same
// MB/s at each size.
func BenchmarkParseAdversarial(b *testing.B) {
	for _, h := range hostileCassettes {
		for _, size := range []int{64 << 10, 256 << 10, 1 << 20} {
			data := h.build(size)
			path := writeCassette(b, data)
			b.Run(fmt.Sprintf("%s/size=%dKiB", strings.ReplaceAll(h.name, " ", "_"), size>>10), func(b *testing.B) {
				hostile.BenchBytes(b, len(data), func() {
					if r, err := Open(path, Options{}); err == nil {
						r.Close()
					}
				})
			})
		}
	}
}
