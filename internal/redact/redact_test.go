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
