package worlds

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

// The test values of the spec's bounded draw.
func TestStreamSpecValues(t *testing.T) {
	s := NewStream(1, StreamTerminal)
	var got []int
	for range 12 {
		got = append(got, s.Intn(2))
	}
	assert.Equal(t, []int{1, 1, 0, 1, 1, 1, 0, 0, 0, 0, 0, 1}, got)
	s = NewStream(1, StreamTerminal)
	got = got[:0]
	for range 12 {
		got = append(got, s.Intn(6))
	}
	assert.Equal(t, []int{3, 5, 2, 3, 4, 3, 0, 1, 2, 2, 1, 4}, got)
}

func TestIntnInRange(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		seed := rapid.Uint64().Draw(t, "seed")
		n := rapid.IntRange(1, 1<<32).Draw(t, "n")
		s := NewStream(seed, StreamGridProbes)
		for range 20 {
			if v := s.Intn(n); v < 0 || v >= n {
				t.Fatalf("Intn(%d) = %d", n, v)
			}
		}
	})
}

func TestTakeRemovesInOrder(t *testing.T) {
	s := NewStream(7, StreamGridLevels)
	xs := []string{"a", "b", "c", "d"}
	seen := map[string]bool{}
	for len(xs) > 0 {
		before := len(xs)
		x := Take(s, &xs)
		assert.False(t, seen[x])
		seen[x] = true
		assert.Len(t, xs, before-1)
	}
	assert.Len(t, seen, 4)
}
