package abstain

import (
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/internal/hostile"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// The parsers of model output must cost time linear in the reply whatever
// the reply holds. The inputs below are the worst found for them: braces
// and quotes that open reads and strings without end, numbers and near
// misses of the abstention word without end. The test holds the parsers to
// a count of work and of bytes allocated, which no load on the machine
// changes; BenchmarkParseAdversarial shows the speed (MB/s about flat from
// 64 KiB to 1 MiB).

// adversarial is one hostile reply shape: a unit repeated to the size
// asked, between an optional head and tail.
type adversarial struct {
	name       string
	head, unit string
	tail       string
}

// build returns the reply of about size bytes.
func (a adversarial) build(size int) string { return hostile.Build(a.head, a.unit, a.tail, size) }

// strictAdversarial are the hostile replies for ParseStrict. Each opening
// brace starts a read; braces inside strings start reads in another
// lexical state; quotes and backslashes switch between them.
var strictAdversarial = []adversarial{
	{name: "open braces", unit: "{"},
	{name: "brace quote", unit: `{"`},
	{name: "quote brace", unit: `"{`},
	{name: "brace quote backslash", unit: `{"\`},
	{name: "brace in string", unit: `{"{`},
	{name: "closed inner objects", unit: `{"a":{}`},
	{name: "stray brace then strings", head: "{", unit: `"{}" `},
	{name: "long answer", head: `{"status": "ANSWER", "answer": "`, unit: "1,234", tail: `"}`},
	{name: "long status", head: `{"status": "`, unit: "ANSWER", tail: `", "answer": 1}`},
	{name: "escapes in answer", head: `{"status": "ANSWER", "answer": "`, unit: `\u00e9\"`, tail: `"}`},
}

// lenientAdversarial are the hostile replies for ParseLenient: near misses
// of INSUFFICIENT (the word joined to letters) and numbers without end.
var lenientAdversarial = []adversarial{
	{name: "insufficient joined", unit: "insufficientx "},
	{name: "insufficient prefix", unit: "insufficien"},
	{name: "comma numbers", unit: "1,"},
	{name: "one long number", unit: "9"},
	{name: "decimals", unit: "1.1"},
	{name: "numbers joined to words", unit: "x1"},
	{name: "upper case", unit: "INSUFFICIENTLY "},
}

// TestParsersLinear holds the parsers to linear work on the hostile
// replies: the object search reads each byte once (at most 2·n steps,
// merges included), and neither parser allocates more than a small
// multiple of the reply (32·n). A rescan from each brace fails both bounds by
// orders of magnitude (64 KiB of {" once cost 500 MB of allocation, 1 MiB
// 10 GB).
func TestParsersLinear(t *testing.T) {
	for _, a := range strictAdversarial {
		t.Run("strict/"+a.name, func(t *testing.T) {
			for _, size := range []int{64 << 10, 256 << 10} {
				s := a.build(size)
				_, _, work := scanObjects(s)
				assert.LessOrEqual(t, work, 2*len(s), "steps of the object search on %d bytes", len(s))
				bytes := hostile.Allocated(func() { _, _ = ParseStrict(s) })
				// A stack of 4-byte entries, one per brace, grown by append
				// (1.25× a step for large slices) allocates about 20·n.
				assert.LessOrEqual(t, bytes, uint64(32*len(s)+64<<10), "bytes allocated on %d bytes", len(s))
			}
		})
	}
	for _, a := range lenientAdversarial {
		t.Run("lenient/"+a.name, func(t *testing.T) {
			s := a.build(256 << 10)
			bytes := hostile.Allocated(func() { _, _ = ParseLenient(s) })
			assert.LessOrEqual(t, bytes, uint64(8*len(s)+64<<10), "bytes allocated on %d bytes", len(s))
		})
	}
}

// TestPropObjectSearchLinear checks the work bound on replies drawn from
// the characters that matter to the search.
func TestPropObjectSearchLinear(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.StringOfN(rapid.SampledFrom([]rune(`{}"\ a`)), 0, 400, -1).Draw(t, "s")
		if _, _, work := scanObjects(s); work > 2*len(s) {
			t.Fatalf("scanObjects(%q) took %d steps for %d bytes", s, work, len(s))
		}
	})
}

// TestObjectSearchDeepStrings is where a bounded number of rescans (1,024)
// gave up too early: each read from a brace ends inside a string that the
// read from the next brace sees outside, so 1,500 reads fail before the
// last {} balances.
func TestObjectSearchDeepStrings(t *testing.T) {
	for _, s := range []string{
		strings.Repeat(`{\"`, 1500) + `{}`,
		strings.Repeat(`{"`, 5000) + `{}`,
		strings.Repeat(`"{`, 3000) + `}`,
	} {
		got, ok := firstObject(s)
		want, wantOK := naiveFirstObject(s)
		require.Equal(t, wantOK, ok, "found an object in %.20q…", s)
		require.Equal(t, want, got, "object in %.20q…", s)
	}
}
