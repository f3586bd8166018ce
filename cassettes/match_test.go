package cassettes

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestMatcher records one request and replays variants of it: those that
// mean the same thing get the recorded answer, the others an error.
func TestMatcher(t *testing.T) {
	const recorded = `{"model":"claude-sonnet-4","max_tokens":2500,"temperature":0,"messages":[{"role":"user","content":"Find the exit."}]}`
	base := call{
		url:  "/v1/messages?beta=true&alt=json",
		body: recorded,
		header: map[string]string{
			"Anthropic-Version": "2023-06-01",
			"Content-Type":      "application/json",
			"User-Agent":        "hallumaze/1.0",
		},
	}
	with := func(f func(c *call)) call {
		c := base
		c.header = map[string]string{}
		for k, v := range base.header {
			c.header[k] = v
		}
		f(&c)
		return c
	}
	tests := []struct {
		name  string
		call  call
		match bool
	}{
		{"identical", base, true},
		{"keys reordered and spaced", with(func(c *call) {
			c.body = "{\n  \"messages\": [ {\"content\": \"Find the exit.\", \"role\": \"user\"} ],\n  \"temperature\": 0.0, \"max_tokens\": 2500, \"model\": \"claude-sonnet-4\"\n}\n"
		}), true},
		{"query reordered", with(func(c *call) { c.url = "/v1/messages?alt=json&beta=true" }), true},
		{"key parameter added", with(func(c *call) { c.url += "&key=" + fakeGoogleKey }), true},
		{"other user agent and auth", with(func(c *call) {
			c.header["User-Agent"] = "curl/8"
			c.header["X-Api-Key"] = fakeAnthropicKey
		}), true},
		{"different value", with(func(c *call) { c.body = strings.Replace(recorded, `"temperature":0`, `"temperature":1`, 1) }), false},
		{"different message", with(func(c *call) { c.body = strings.Replace(recorded, "exit.", "exit!", 1) }), false},
		{"message order swapped", with(func(c *call) {
			c.body = `{"model":"claude-sonnet-4","max_tokens":2500,"temperature":0,"messages":[{"role":"user","content":"Find the exit."},{"role":"user","content":"x"}]}`
		}), false},
		{"different path", with(func(c *call) { c.url = "/v1/complete?beta=true&alt=json" }), false},
		{"different query value", with(func(c *call) { c.url = "/v1/messages?beta=false&alt=json" }), false},
		{"different method", with(func(c *call) { c.method = http.MethodPut }), false},
		{"different anthropic-version", with(func(c *call) { c.header["Anthropic-Version"] = "2024-01-01" }), false},
		{"no anthropic-version", with(func(c *call) { delete(c.header, "Anthropic-Version") }), false},
	}
	api := newFakeAPI(t, reply{code: 200, body: `{"content":[{"type":"text","text":"DOWN"}]}`})
	path := cassettePath(t)
	c := base
	c.url = api.srv.URL + c.url
	record(t, path, Options{}, c)

	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := Open(path, Options{})
			require.NoError(t, err)
			defer rec.Close()
			c := tt.call
			c.url = api.srv.URL + c.url
			res, err := do(rec.Client(), c)
			if tt.match {
				require.NoError(t, err)
				assert.Equal(t, `{"content":[{"type":"text","text":"DOWN"}]}`, res.body)
			} else {
				assert.ErrorIs(t, err, ErrNoInteraction)
			}
		})
	}
}

func TestNonJSONBodiesCompareByteForByte(t *testing.T) {
	tests := []struct {
		name string
		a, b string
		same bool
	}{
		{"equal text", "ping", "ping", true},
		{"trailing space", "ping", "ping ", false},
		{"broken json", `{"a":1`, `{"a": 1`, false},
		{"json vs text", `{"a":1}`, `{"a":1}x`, false},
		{"empty and whitespace-only", "", "  ", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.same, canonicalBody([]byte(tt.a)) == canonicalBody([]byte(tt.b)))
		})
	}
}

func TestNormalizeURL(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"https://API.example.com/v1/x?b=2&a=1", "/v1/x?a=1&b=2"},
		{"https://api.example.com/v1/x?key=k&api_key=k&api-key=k&KEY=k", "/v1/x"},
		{"https://user:pw@api.example.com/v1/x#frag", "/v1/x"},
		{"https://api.example.com/v1/models/gemini:generateContent?alt=sse", "/v1/models/gemini:generateContent?alt=sse"},
		// scheme, host and port never decide a match; the path does
		{"http://127.0.0.1:8080/v1/x", "/v1/x"},
		{"HTTP://gpu-box:8000/v1/x", "/v1/x"},
		{"https://gateway.example/openai/v1/x", "/openai/v1/x"},
		{"/v1/x", "/v1/x"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			u, err := url.Parse(tt.in)
			require.NoError(t, err)
			assert.Equal(t, tt.want, normalizeURL(u))
			assert.Equal(t, tt.want, normalizeRawURL(tt.in))
		})
	}
}

// TestCanonicalBodyIgnoresKeyOrder: any JSON object written with its keys
// in any order and any spacing has one canonical form.
func TestCanonicalBodyIgnoresKeyOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		obj := rapid.MapOf(rapid.StringMatching(`[a-z_]{1,8}`), rapid.OneOf(
			rapid.Map(rapid.Int(), func(i int) any { return i }),
			rapid.Map(rapid.String(), func(s string) any { return s }),
			rapid.Map(rapid.Bool(), func(b bool) any { return b }),
		)).Draw(t, "obj")
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		perm := rapid.Permutation(keys).Draw(t, "order")
		var b strings.Builder
		b.WriteString("{ ")
		for i, k := range perm {
			if i > 0 {
				b.WriteString(" ,\n")
			}
			kb, _ := json.Marshal(k)
			vb, _ := json.Marshal(obj[k])
			fmt.Fprintf(&b, "%s :\t%s", kb, vb)
		}
		b.WriteString(" }")
		want, _ := json.Marshal(obj)
		if got, w := canonicalBody([]byte(b.String())), canonicalBody(want); got != w {
			t.Fatalf("canonical forms differ:\n%s\n%s", got, w)
		}
	})
}
