package worlds

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/internal/hostile"
)

// fill repeats unit to exactly n bytes.
func fill(unit string, n int) string {
	s := strings.Repeat(unit, n/len(unit)+1)
	return s[:n]
}

// adversarial are the worst replies we know for the parser, each built to
// n bytes, with the probe it is parsed against.
func adversarial(n int) []struct {
	name  string
	probe Probe
	reply string
} {
	keyProbe := intProbe
	keyProbe.Key = "key"
	set := setProbe
	set.Key = "key"
	var items strings.Builder
	for i := 0; items.Len() < n-4; i++ {
		items.WriteString("a" + strconv.Itoa(i) + ",")
	}
	half := strings.Repeat("```\n", n/16)
	return []struct {
		name  string
		probe Probe
		reply string
	}{
		{"key=", keyProbe, fill("key=", n)},                            // found at once, empty value
		{"xkey=", keyProbe, fill("xkey=", n)},                          // every = a near miss
		{"k", keyProbe, fill("k", n)},                                  // no = at all
		{"=", keyProbe, fill("=", n)},                                  // every byte an =
		{"key-spaces=", keyProbe, fill("xkey      =", n)},              // spaces before each =
		{"nested-fences", keyProbe, half + "key=3\n" + half},           // fences inside fences
		{"fenced", keyProbe, "```\n" + fill("x", n-14) + "\nkey=3```"}, // one fence, long inside
		{"value-decoration", keyProbe, "key=" + fill("*.", n-4)},       // the strip loop's worst
		{"value-spaces", set, "key=" + fill(" , ", n-5) + "a"},         // a space by every comma
		{"set-items", set, "key=" + items.String()[:n-4]},              // many distinct items to sort
		{"set-plurals", set, "key=" + fill("red keys,", n-4)},          // many equal items
		{"unicode", set, "key=" + fill("ǅ\u00a0ß", n-4)},               // case and spaces beyond ASCII
	}
}

// BenchmarkParseAdversarial parses the worst replies at 64 KiB, 256 KiB and
// 1 MiB. Linear time shows as the same MB/s at every size. Beside MB/s
// (wall clock) it reports cpu-MB/s, the bytes parsed per second of the
// process's CPU time (garbage collection included), which a busy machine
// does not distort.
func BenchmarkParseAdversarial(b *testing.B) {
	for _, size := range []int{64 << 10, 256 << 10, 1 << 20} {
		for _, tc := range adversarial(size) {
			b.Run(fmt.Sprintf("%s/%dKiB", tc.name, size>>10), func(b *testing.B) {
				b.SetBytes(int64(len(tc.reply)))
				start, ok := hostile.CPUTime()
				n := 0
				for b.Loop() {
					Parse(tc.probe, tc.reply)
					n++
				}
				if end, ok2 := hostile.CPUTime(); ok && ok2 && end > start {
					b.ReportMetric(float64(n)*float64(len(tc.reply))/1e6/(end-start).Seconds(), "cpu-MB/s")
				}
			})
		}
	}
}

// The adversarial replies parse, and the ones with a contract line read it.
func TestParseAdversarial(t *testing.T) {
	for _, tc := range adversarial(1 << 20) {
		if len(tc.reply) > MaxReplyBytes {
			t.Fatalf("%s: %d bytes", tc.name, len(tc.reply))
		}
		got := Parse(tc.probe, tc.reply)
		checkParsed(t, tc.probe, tc.reply[:min(len(tc.reply), 64)], got)
		if tc.name == "nested-fences" && got.Value != "3" {
			t.Errorf("nested fences: %+v", got)
		}
	}
}

func BenchmarkParse(b *testing.B) {
	reply := "<think>\nThe agent faces north; the red key is behind the wall.\n</think>\n\nI can see one key.\n\n**count=1**"
	b.SetBytes(int64(len(reply)))
	for b.Loop() {
		Parse(intProbe, reply)
	}
}
