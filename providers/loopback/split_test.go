package loopback

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

func TestSplit(t *testing.T) {
	tests := []struct {
		name, text string
		n          int
		want       []string
	}{
		{"empty", "", 4, nil},
		{"one rune", "E", 4, []string{"E"}},
		{"fewer runes than pieces", "ab", 4, []string{"a", "b"}},
		{"even", "abcdefgh", 4, []string{"ab", "cd", "ef", "gh"}},
		{"uneven", "abcdefghij", 4, []string{"abc", "def", "ghi", "j"}},
		{"multi-byte", "미로미로", 2, []string{"미로", "미로"}},
		{"cut moved to a rune start", "a미b", 2, []string{"a미", "b"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, split(tt.text, tt.n))
		})
	}
}

// TestSplitProperties: the pieces put back together are the text, there
// are at most n of them, none is empty, and a valid UTF-8 text is cut only
// between runes.
func TestSplitProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		bytes := rapid.Custom(func(t *rapid.T) string { return string(rapid.SliceOf(rapid.Byte()).Draw(t, "bytes")) })
		text := rapid.OneOf(rapid.String(), bytes).Draw(t, "text")
		n := rapid.IntRange(1, 8).Draw(t, "n")
		pieces := split(text, n)
		if got := strings.Join(pieces, ""); got != text {
			t.Fatalf("joined pieces %q != %q", got, text)
		}
		if len(pieces) > n {
			t.Fatalf("%d pieces, want at most %d", len(pieces), n)
		}
		for _, p := range pieces {
			if p == "" {
				t.Fatalf("an empty piece in %q", pieces)
			}
			if utf8.ValidString(text) && !utf8.ValidString(p) {
				t.Fatalf("piece %q of valid text %q is cut inside a rune", p, text)
			}
		}
	})
}
