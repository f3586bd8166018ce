package abstain

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// naiveFirstObject tries every opening brace in turn, reading on from it
// with JSON strings skipped: the definition firstObject implements faster.
func naiveFirstObject(s string) (string, bool) {
	for start := 0; start < len(s); start++ {
		if s[start] != '{' {
			continue
		}
		depth, inString, escaped := 0, false, false
		for i := start; i < len(s); i++ {
			c := s[i]
			if inString {
				switch {
				case escaped:
					escaped = false
				case c == '\\':
					escaped = true
				case c == '"':
					inString = false
				}
				continue
			}
			switch c {
			case '"':
				inString = true
			case '{':
				depth++
			case '}':
				depth--
				if depth == 0 {
					return s[start : i+1], true
				}
			}
		}
	}
	return "", false
}

func TestPropFirstObject(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		parts := rapid.SliceOfN(rapid.SampledFrom([]string{"{", "}", `"`, `\`, "a", " ", `{"k":1}`, `"{"`}), 0, 40).Draw(t, "parts")
		s := strings.Join(parts, "")
		got, ok := firstObject(s)
		want, wantOK := naiveFirstObject(s)
		if got != want || ok != wantOK {
			t.Fatalf("firstObject(%q) = %q, %v; trying every brace gives %q, %v", s, got, ok, want, wantOK)
		}
	})
}

// TestPropFirstObjectBytes draws longer replies byte by byte from the
// characters that matter, so that many reads fail in different lexical
// states before one balances (or none does).
func TestPropFirstObjectBytes(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.StringOfN(rapid.SampledFrom([]rune(`{{}}"\a`)), 0, 300, -1).Draw(t, "s")
		got, ok := firstObject(s)
		want, wantOK := naiveFirstObject(s)
		if got != want || ok != wantOK {
			t.Fatalf("firstObject(%q) = %q, %v; trying every brace gives %q, %v", s, got, ok, want, wantOK)
		}
	})
}
