// Package textfmt holds the small text helpers the reports share: how
// wide a string stands in a terminal, a word in the singular or the
// plural by a count, and a string cut to a byte budget.
package textfmt

import (
	"strconv"
	"unicode"
	"unicode/utf8"
)

// Width approximates the columns a terminal gives s: two for emoji and
// East Asian wide characters (Hangul among them), none for combining
// marks, one otherwise.
func Width(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Mn, r), r == 0xFE0F, r == 0x200D:
		case r >= 0x1F300 && r <= 0x1FAFF,
			r >= 0x1100 && r <= 0x115F,
			r >= 0x2E80 && r <= 0xA4CF,
			r >= 0xAC00 && r <= 0xD7A3,
			r >= 0xF900 && r <= 0xFAFF,
			r >= 0xFF00 && r <= 0xFF60,
			r >= 0xFFE0 && r <= 0xFFE6:
			n += 2
		default:
			n++
		}
	}
	return n
}

// Plural is one or many by n.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Count is n followed by one or many: "1 maze", "3 mazes".
func Count(n int, one, many string) string {
	return strconv.Itoa(n) + " " + Plural(n, one, many)
}

// Cut is the longest prefix of s of at most n bytes that does not end
// inside a UTF-8 character: s cut to a byte budget without splitting a
// rune.
func Cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
