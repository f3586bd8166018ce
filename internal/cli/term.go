package cli

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"unicode/utf8"
)

// Text that reaches a terminal may come from a provider (an error message,
// a reply) or from a file (a model's name in a results file). A terminal
// obeys the control characters and escape sequences in it: ESC ] 0 sets
// the window title, ESC ] 52 writes the clipboard, ESC [ 2 J clears the
// screen, a carriage return overwrites the line. [Safe] and [SafeWriter]
// show them escaped instead, as \x1b, \r, \u009b, so that what is printed
// is what was received, and the terminal does nothing.

// Safe returns s with every control character and escape sequence shown
// escaped: C0 controls but newline and tab (\x1b, \r, …), DEL, the C1
// controls (\u009b, which some terminals take as ESC [), the bidirectional
// overrides and isolates that reorder a line (\u202e), and bytes that are
// not UTF-8 (\xff). Printable text, newlines and tabs are kept as they are.
func Safe(s string) string {
	if safeAlready(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		writeRune(&b, r, size, s[i])
		i += size
	}
	return b.String()
}

// safeAlready reports whether s needs no escape: the common case of
// printable ASCII, newlines and tabs, and text with no C1 or bidi code
// point.
func safeAlready(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if needsEscape(rune(c)) {
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || needsEscape(r) {
			return false
		}
		i += size
	}
	return true
}

// needsEscape reports whether a terminal could act on r.
func needsEscape(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return false
	case r < 0x20 || r == 0x7f:
		return true
	case r >= 0x80 && r <= 0x9f: // C1 controls
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x061c, r == 0x200e, r == 0x200f:
		return true
	}
	return false
}

// writeRune writes one decoded rune, escaped when a terminal could act on
// it; b0 is its first byte, shown when it is not UTF-8.
func writeRune(b *strings.Builder, r rune, size int, b0 byte) {
	switch {
	case r == utf8.RuneError && size == 1:
		fmt.Fprintf(b, `\x%02x`, b0)
	case !needsEscape(r):
		b.WriteRune(r)
	case r == '\r':
		b.WriteString(`\r`)
	case r < 0x80:
		fmt.Fprintf(b, `\x%02x`, r)
	default:
		fmt.Fprintf(b, `\u%04x`, r)
	}
}

// SafeWriter passes what is written through [Safe] on its way to w. A
// character cut between two writes is held until the next (or [Flush]),
// so it is not mistaken for a byte that is not UTF-8. It is safe for
// concurrent use.
type SafeWriter struct {
	mu      sync.Mutex
	w       io.Writer
	pending []byte
}

// NewSafeWriter wraps w; a w that is a *SafeWriter already is returned as
// it is.
func NewSafeWriter(w io.Writer) *SafeWriter {
	if s, ok := w.(*SafeWriter); ok {
		return s
	}
	return &SafeWriter{w: w}
}

// Write writes p escaped.
func (s *SafeWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	data := p
	if len(s.pending) > 0 {
		data = append(s.pending, p...)
		s.pending = nil
	}
	// Hold back an incomplete character at the end.
	if cut := incompleteTail(data); cut > 0 {
		s.pending = append([]byte(nil), data[len(data)-cut:]...)
		data = data[:len(data)-cut]
	}
	if _, err := io.WriteString(s.w, Safe(string(data))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes what a cut character left held back, escaped.
func (s *SafeWriter) Flush() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.pending) == 0 {
		return nil
	}
	_, err := io.WriteString(s.w, Safe(string(s.pending)))
	s.pending = nil
	return err
}

// Raw is the writer under s, for the program's own control sequences (a
// progress bar redrawn in place).
func (s *SafeWriter) Raw() io.Writer { return s.w }

// Raw is the writer under w when w is a [SafeWriter], else w.
func Raw(w io.Writer) io.Writer {
	if s, ok := w.(*SafeWriter); ok {
		return s.Raw()
	}
	return w
}

// incompleteTail is the length of an unfinished UTF-8 sequence that ends
// data (0 when none): the start of a character whose remaining bytes are
// yet to come.
func incompleteTail(data []byte) int {
	for n := 1; n <= utf8.UTFMax-1 && n <= len(data); n++ {
		c := data[len(data)-n]
		if c < utf8.RuneSelf {
			return 0
		}
		if utf8.RuneStart(c) {
			if !utf8.FullRune(data[len(data)-n:]) {
				return n
			}
			return 0
		}
	}
	return 0
}
