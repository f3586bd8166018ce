package cli

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

func TestSafe(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain text, ✓ 한국어\tand\nlines", "plain text, ✓ 한국어\tand\nlines"},
		{"\x1b]0;pwned\x07title", `\x1b]0;pwned\x07title`},   // OSC: the window title
		{"\x1b]52;c;aGVsbG8=\x07", `\x1b]52;c;aGVsbG8=\x07`}, // OSC 52: the clipboard
		{"\x1b[2J\x1b[H", `\x1b[2J\x1b[H`},                   // CSI: clear the screen
		{"ok\rFAKE", `ok\rFAKE`},                             // overwrite the line
		{"\u009b2J", `\u009b2J`},                             // C1 CSI
		{"bad \xff\xfe byte", `bad \xff\xfe byte`},           // not UTF-8
		{"abc\u202Efdp.exe", `abc\u202efdp.exe`},             // right-to-left override
		{"nul\x00del\x7f", `nul\x00del\x7f`},
	} {
		assert.Equal(t, tc.want, Safe(tc.in), "%q", tc.in)
	}
}

// Whatever the input, the output holds no control a terminal acts on, is
// UTF-8, and is the input itself when the input held none.
func TestSafeProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		in := string(rapid.SliceOf(rapid.Byte()).Draw(t, "in"))
		out := Safe(in)
		if !utf8.ValidString(out) {
			t.Fatalf("not UTF-8: %q", out)
		}
		for _, r := range out {
			if needsEscape(r) {
				t.Fatalf("%q left in %q", r, out)
			}
		}
		if safeAlready(in) && out != in {
			t.Fatalf("changed safe text %q to %q", in, out)
		}
	})
}

// A writer escapes as Safe does however the text is cut into writes, a
// character cut between two writes included.
func TestSafeWriterSplits(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		text := rapid.SampledFrom([]string{"한국어 ✓ \x1b[2J ok", "\u009b\u202e", "a\xffb", "plain"}).Draw(t, "text")
		var out bytes.Buffer
		w := NewSafeWriter(&out)
		rest := text
		for len(rest) > 0 {
			n := rapid.IntRange(1, len(rest)).Draw(t, "chunk")
			w.Write([]byte(rest[:n]))
			rest = rest[n:]
		}
		w.Flush()
		if out.String() != Safe(text) {
			t.Fatalf("got %q, want %q", out.String(), Safe(text))
		}
	})
	var out bytes.Buffer
	w := NewSafeWriter(&out)
	w.Write([]byte("\xe2\x9c")) // ✓ cut, and never finished
	w.Flush()
	assert.Equal(t, `\xe2\x9c`, out.String())
	assert.Same(t, w, NewSafeWriter(w))
	assert.Equal(t, &out, Raw(w))
	assert.True(t, strings.HasPrefix(Safe("\x1b"), `\`))
}
