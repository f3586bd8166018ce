package worldstest

import (
	"testing"

	"github.com/hallumaze/hallumaze/worlds"
)

// A Reader answers a probe from its user message alone, as a careful
// model would: the canonical answer, "unknown" where the message does
// not settle it, or an error where it cannot read the message.
type Reader func(worlds.Probe) (string, error)

// maxReported is how many disagreements of one set are reported one by
// one; the rest are counted.
const maxReported = 40

// Disagreements reads every probe of a set with read and returns how many
// it does not settle to the gold (a member gold accepts any of its
// members), reporting the first ones as errors, and logs the count.
func Disagreements(t testing.TB, set string, probes []worlds.Probe, read Reader) int {
	t.Helper()
	n := 0
	for _, p := range probes {
		n += Disagrees(t, set, p, read, n)
	}
	t.Logf("%s: %d probes, %d disagreements", set, len(probes), n)
	return n
}

// Disagrees reads one probe and returns 1 if the reader does not settle
// it to its gold, else 0; before is the set's count so far, and only the
// first disagreements of a set are reported one by one.
func Disagrees(t testing.TB, set string, p worlds.Probe, read Reader, before int) int {
	t.Helper()
	got, err := read(p)
	switch {
	case err != nil:
		if before < maxReported {
			t.Errorf("%s: the reader cannot settle %s (%s): %v", set, p.ID, p.Question, err)
		}
		return 1
	case got != p.Gold.Canonical() && !(p.Answerable() && p.Gold.Accepts(got)):
		if before < maxReported {
			t.Errorf("%s: %s (%s): the reader says %q, the gold is %q", set, p.ID, p.Question, got, p.Gold.Canonical())
		}
		return 1
	}
	return 0
}

// CheckBalance holds every set's golds to the balance limits
// (worlds.Balance) and logs each group.
func CheckBalance(t testing.TB, sets map[string][]worlds.Probe) {
	t.Helper()
	for name, probes := range sets {
		for _, g := range worlds.Balance(probes) {
			if !g.OK() {
				t.Errorf("%s: %s", name, g)
			}
			t.Logf("%s: %s", name, g)
		}
	}
}
