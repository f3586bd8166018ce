package cassettes

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
)

// maxElement bounds one escaped path element. Longer elements are cut and
// suffixed with a hash of the whole element (see [Path]).
const (
	maxElement = 120
	keepPrefix = 100
)

// Path returns the cassette file of one case:
//
//	root/<suite>/<provider>/<model>/<case>.yaml
//
// Each of suite, provider, model and caseName becomes exactly one path
// element, escaped by this rule:
//
//   - ASCII letters, digits and the bytes - _ . = , + @ are kept as they are,
//     so "gpt-4o", "claude-sonnet-4-20250514" and "size=7-seed=1" read as
//     themselves;
//   - every other byte, including '/', ':', ' ', '%', '~' and each byte of a
//     non-ASCII rune, becomes '%' and two upper-case hex digits:
//     "meta-llama/Llama-3.1-8B" → "meta-llama%2FLlama-3.1-8B",
//     "qwen2.5:7b" → "qwen2.5%3A7b";
//   - a leading or trailing '.' becomes "%2E", so no element is ".", "..", a
//     hidden file, or a name that Windows would trim;
//   - the empty string becomes "%", which no other input produces;
//   - an escaped element longer than 120 bytes keeps its first 100 bytes
//     (never cutting a %XX triple) and gains '~' and the first 16 hex digits
//     of the SHA-256 of the unescaped element.
//
// Up to the last rule the escaping is reversible, so distinct inputs give
// distinct paths; '~' appears only in cut elements, so a cut element never
// equals an uncut one. Letter case is kept: on a case-insensitive file
// system "GPT-4o" and "gpt-4o" share a file.
func Path(root, suite, provider, model, caseName string) string {
	return filepath.Join(root,
		escapeElement(suite),
		escapeElement(provider),
		escapeElement(model),
		escapeElement(caseName)+".yaml")
}

// keepByte reports whether b stands for itself in an escaped element.
func keepByte(b byte) bool {
	switch {
	case 'a' <= b && b <= 'z', 'A' <= b && b <= 'Z', '0' <= b && b <= '9':
		return true
	}
	return strings.IndexByte("-_.=,+@", b) >= 0
}

// escapeElement applies the rule documented on [Path] to one element.
func escapeElement(s string) string {
	if s == "" {
		return "%"
	}
	const hexDigits = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); i++ {
		c := s[i]
		edgeDot := c == '.' && (i == 0 || i == len(s)-1)
		if keepByte(c) && !edgeDot {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hexDigits[c>>4])
		b.WriteByte(hexDigits[c&0x0F])
	}
	out := b.String()
	if len(out) <= maxElement {
		return out
	}
	cut := keepPrefix
	// Do not split a %XX triple: step back to its '%'.
	for j := cut - 1; j >= cut-2 && j >= 0; j-- {
		if out[j] == '%' {
			cut = j
			break
		}
	}
	sum := sha256.Sum256([]byte(s))
	return out[:cut] + "~" + hex.EncodeToString(sum[:8])
}

// unescapeElement reverses escapeElement for elements that were not cut. It
// reports false for text that escapeElement cannot have produced.
func unescapeElement(s string) (string, bool) {
	if s == "%" {
		return "", true
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '%' {
			if !keepByte(c) {
				return "", false
			}
			b.WriteByte(c)
			continue
		}
		if i+2 >= len(s) {
			return "", false
		}
		hi, ok1 := unhex(s[i+1])
		lo, ok2 := unhex(s[i+2])
		if !ok1 || !ok2 {
			return "", false
		}
		b.WriteByte(hi<<4 | lo)
		i += 2
	}
	return b.String(), true
}

func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// displayPath is path with forward slashes and every element unescaped
// where it can be, so that a pattern may name a model as it is spelled
// ("meta-llama/Llama-3.1-8B") rather than as it is stored.
func displayPath(path string) string {
	parts := strings.Split(filepath.ToSlash(path), "/")
	for i, p := range parts {
		if u, ok := unescapeElement(p); ok {
			parts[i] = u
		}
	}
	return strings.Join(parts, "/")
}

// MatchRecord reports whether the cassette at path should be recorded under
// the -record pattern: a regular expression matched (unanchored) against the
// path with forward slashes, and against the same path with its elements
// unescaped, so both "openai/gpt-4o/.*Mirage" and
// "meta-llama/Llama-3.1-8B" select what they say. An empty pattern records
// nothing. A pattern that does not compile is an error.
func MatchRecord(pattern, path string) (bool, error) {
	if pattern == "" {
		return false, nil
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		return false, fmt.Errorf("cassettes: parse record pattern %q: %w", pattern, err)
	}
	slashed := filepath.ToSlash(path)
	return re.MatchString(slashed) || re.MatchString(displayPath(slashed)), nil
}
