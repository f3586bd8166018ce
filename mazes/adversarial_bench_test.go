package mazes

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/internal/hostile"
)

// BenchmarkParseAdversarial reads the hostile replies of adversarial_test.go, at 64 KiB,
// 256 KiB and 1 MiB: a parser linear in the worst case shows about the same
// MB/s at each size.
func BenchmarkParseAdversarial(b *testing.B) {
	for _, h := range hostileReplies {
		for _, size := range []int{64 << 10, 256 << 10, 1 << 20} {
			reply := h.build(size)
			b.Run(fmt.Sprintf("%s/size=%dKiB", strings.ReplaceAll(h.name, " ", "_"), size>>10), func(b *testing.B) {
				hostile.BenchBytes(b, len(reply), func() { ParseReply(reply) })
			})
		}
	}
}
