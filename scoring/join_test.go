package scoring

import (
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

func TestJudgeAll(t *testing.T) {
	items := []int{3, 1, 2}
	id := strconv.Itoa
	replies := map[string]string{"1": "one", "3": "three", "9": "stray", "0": "stray"}
	judged, unmatched := JudgeAll(items, id, replies,
		func(i int, r string) string { return id(i) + "=" + r },
		func(i int) string { return id(i) + " missing" })
	assert.Equal(t, []string{"3=three", "1=one", "2 missing"}, judged)
	assert.Equal(t, []string{"0", "9"}, unmatched)

	_, unmatched = JudgeAll(items, id, map[string]string{"2": "two"},
		func(int, string) bool { return true }, func(int) bool { return false })
	assert.Nil(t, unmatched, "no stray reply is nil, not empty")
}

// TestUnknownIDsProperty: the unknown ids are exactly the keys not known,
// sorted, each once.
func TestUnknownIDsProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		byID := rapid.MapOf(rapid.StringN(0, 3, -1), rapid.Int()).Draw(t, "byID")
		known := rapid.MapOf(rapid.StringN(0, 3, -1), rapid.Bool()).Draw(t, "known")
		got := UnknownIDs(byID, known)
		if !slices.IsSorted(got) {
			t.Fatalf("not sorted: %q", got)
		}
		want := 0
		for k := range byID {
			if !known[k] {
				want++
				if _, ok := slices.BinarySearch(got, k); !ok {
					t.Fatalf("%q missing from %q", k, got)
				}
			}
		}
		if len(got) != want {
			t.Fatalf("got %d ids, want %d", len(got), want)
		}
	})
}
