package redact

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

func TestString(t *testing.T) {
	s := New("sk-test-1234567890", "short", "  ")
	assert.Equal(t, "key [REDACTED] here", s.String("key sk-test-1234567890 here"))
	assert.Equal(t, "short stays", s.String("short stays"), "a string shorter than MinLength is no secret")
	assert.Nil(t, New("short"), "no secret at all")
	var none *Secrets
	assert.Equal(t, "x", none.String("x"))
}

func TestEscapedForms(t *testing.T) {
	s := New(`k<ey"&'1234567`)
	assert.NotContains(t, s.String(`{"a":"k\u003cey\"\u0026'1234567"}`), "1234567", "JSON-escaped")
	assert.NotContains(t, s.String(`k&lt;ey&#34;&amp;&#39;1234567`), "1234567", "HTML-escaped")
}

func TestError(t *testing.T) {
	base := errors.New("HTTP 401: bad key sk-test-1234567890")
	err := New("sk-test-1234567890").Error(base)
	assert.Equal(t, "HTTP 401: bad key [REDACTED]", err.Error())
	assert.ErrorIs(t, err, base)
}

// A secret split across writes at any point is still caught.
func TestWriterSplits(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		secret := rapid.StringMatching(`[A-Za-z0-9_-]{8,40}`).Draw(t, "secret")
		before := rapid.StringMatching(`[ .:;]{0,50}`).Draw(t, "before")
		after := rapid.StringMatching(`[ .:;]{0,50}`).Draw(t, "after")
		text := before + secret + after + secret
		var out bytes.Buffer
		w := New(secret).Writer(&out)
		rest := text
		for len(rest) > 0 {
			n := rapid.IntRange(1, len(rest)).Draw(t, "chunk")
			w.Write([]byte(rest[:n]))
			rest = rest[n:]
		}
		w.Close()
		if strings.Contains(out.String(), secret) {
			t.Fatalf("secret written: %q", out.String())
		}
		if want := before + Placeholder + after + Placeholder; out.String() != want {
			t.Fatalf("got %q, want %q", out.String(), want)
		}
	})
}

// A partial echo of a key, its vendor prefix and a few characters, is
// redacted; the vendor prefix alone, or a word, is not.
func TestPartialEcho(t *testing.T) {
	key := "sk-proj-" + "AbCdEfGh1234567890xyz" // split, so that no scanner takes the test for a leak
	s := New(key)
	for _, tc := range []struct{ in, want string }{
		{"Incorrect API key provided: sk-proj-AbCd****************xyz.", "Incorrect API key provided: [REDACTED]****************xyz."},
		{"key sk-proj-Ab… is invalid", "key [REDACTED]… is invalid"},
		{"keys start with sk-proj-", "keys start with sk-proj-"},
		{"sk-proj-A is too short to tell", "sk-proj-A is too short to tell"},
		{"the whole " + key + " and " + key[:20], "the whole [REDACTED] and [REDACTED]"},
	} {
		assert.Equal(t, tc.want, s.String(tc.in), tc.in)
	}
	google := New("AIza" + "SyD1234567890abcdefghijklmnopqrstuv")
	assert.Equal(t, "key [REDACTED]...", google.String("key AIzaSyD123..."))
	assert.Equal(t, "AIzaSy is Google's prefix", google.String("AIzaSy is Google's prefix"))
}

// Whatever the text and however it is cut into writes, the writer writes
// what Bytes makes of the whole text, and no secret.
func TestWriterAsBytes(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		key := "sk-" + rapid.StringMatching(`[A-Za-z0-9]{10,30}`).Draw(t, "key")
		pieces := rapid.SliceOf(rapid.SampledFrom([]string{key, key[:rapid.IntRange(1, len(key)).Draw(t, "n")], " ", "sk-", "x", "\n"})).Draw(t, "pieces")
		text := strings.Join(pieces, "")
		s := New(key)
		var out bytes.Buffer
		w := s.Writer(&out)
		rest := text
		for len(rest) > 0 {
			n := rapid.IntRange(1, len(rest)).Draw(t, "chunk")
			w.Write([]byte(rest[:n]))
			rest = rest[n:]
		}
		w.Close()
		if want := string(s.Bytes([]byte(text))); out.String() != want {
			t.Fatalf("writer %q, Bytes %q", out.String(), want)
		}
		if strings.Contains(out.String(), key[:partialLength(key)]) {
			t.Fatalf("an echo left: %q", out.String())
		}
	})
}

// FuzzWriter: the redaction writer, given any text cut anywhere, writes
// what Bytes makes of the whole, holds no secret nor echo of one, and
// never panics.
func FuzzWriter(f *testing.F) {
	f.Add("sk-proj-AbCdEfGh1234567890", "your key sk-proj-AbCdEfGh1234567890 and sk-proj-AbCd...", 7)
	f.Add("dXNlcjpwYXNzd29yZA==", "Basic dXNlcjpwYXNzd29yZA== echoed", 3)
	f.Add("--------", "----------------", 1)
	f.Fuzz(func(t *testing.T, secret, text string, chunk int) {
		s := New(secret)
		var out bytes.Buffer
		w := s.Writer(&out)
		if chunk < 1 {
			chunk = 1
		}
		for rest := text; len(rest) > 0; {
			n := min(chunk, len(rest))
			w.Write([]byte(rest[:n]))
			rest = rest[n:]
		}
		w.Close()
		if want := string(s.Bytes([]byte(text))); out.String() != want {
			t.Fatalf("writer %q, Bytes %q", out.String(), want)
		}
		if s.Empty() {
			return
		}
		sec := strings.TrimSpace(secret)
		if strings.Contains(out.String(), sec) && !strings.Contains(Placeholder, sec) {
			t.Fatalf("secret left in %q", out.String())
		}
	})
}
