package cassettes

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/internal/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRedaction(t *testing.T) {
	tests := []struct {
		name   string
		secret string
		call   func(base string) call
	}{
		{"authorization bearer", fakeOpenAIKey, func(base string) call {
			return call{url: base + "/v1/chat/completions", body: chatBody, header: map[string]string{"Authorization": "Bearer " + fakeOpenAIKey}}
		}},
		{"x-api-key", fakeAnthropicKey, func(base string) call {
			return call{url: base + "/v1/messages", body: chatBody, header: map[string]string{"X-Api-Key": fakeAnthropicKey, "Anthropic-Version": "2023-06-01"}}
		}},
		{"x-goog-api-key", fakeGoogleKey, func(base string) call {
			return call{url: base + "/v1beta/models/gemini-2.5-pro:generateContent", body: chatBody, header: map[string]string{"X-Goog-Api-Key": fakeGoogleKey}}
		}},
		{"api-key", fakeOpenAIKey, func(base string) call {
			return call{url: base + "/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21", body: chatBody, header: map[string]string{"Api-Key": fakeOpenAIKey}}
		}},
		{"key query parameter", fakeGoogleKey, func(base string) call {
			return call{url: base + "/v1beta/models/gemini-2.5-pro:generateContent?alt=json&key=" + fakeGoogleKey, body: chatBody}
		}},
		{"api_key query parameter", fakeLiteralKey, func(base string) call {
			return call{method: http.MethodGet, url: base + "/v1/models?api_key=" + fakeLiteralKey}
		}},
		{"cookie", fakeLiteralKey, func(base string) call {
			return call{url: base + "/v1/chat/completions", body: chatBody, header: map[string]string{"Cookie": "session=" + fakeLiteralKey}}
		}},
		{"password in url", fakeLiteralKey, func(base string) call {
			return call{url: strings.Replace(base, "http://", "http://user:"+fakeLiteralKey+"@", 1) + "/v1/chat/completions", body: chatBody}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			api := newFakeAPI(t, reply{code: 200, body: `{"answer":"LEFT"}`})
			path := cassettePath(t)
			c := tt.call(api.srv.URL)
			live := record(t, path, Options{Secrets: []string{tt.secret}}, c)

			data, err := os.ReadFile(path)
			require.NoError(t, err)
			text := string(data)
			assert.NotContains(t, text, tt.secret)
			assert.Empty(t, ScanForSecrets(data))
			for _, noisy := range []string{"X-Request-Id", "Set-Cookie", "Date:", "session="} {
				assert.NotContains(t, text, noisy)
			}
			assert.Contains(t, text, "Content-Type")

			rec, err := Open(path, Options{})
			require.NoError(t, err)
			defer rec.Close()
			got, err := do(rec.Client(), c)
			require.NoError(t, err, "the same request, key included, replays")
			assert.Equal(t, live[0], got)
		})
	}
}

func TestRefuseToSaveSecrets(t *testing.T) {
	const token = "Zx8Qw3Rt5Yu7Io9Pa1Sd2Fg4"
	tests := []struct {
		name    string
		reply   string
		call    call
		secrets []string
		secret  string
	}{
		{name: "sk key in request body", reply: `{}`, secret: fakeOpenAIKey,
			call: call{url: "/v1/chat/completions", body: `{"messages":[{"role":"user","content":"my key is ` + fakeOpenAIKey + `"}]}`}},
		{name: "google key in response body", reply: `{"echo":"` + fakeGoogleKey + `"}`, secret: fakeGoogleKey,
			call: call{url: "/v1/chat/completions", body: chatBody}},
		{name: "known secret in response body", reply: `{"echo":"` + fakeLiteralKey + `"}`, secret: fakeLiteralKey,
			secrets: []string{fakeLiteralKey}, call: call{url: "/v1/chat/completions", body: chatBody}},
		{name: "bearer token in an unknown header", reply: `{}`, secret: token,
			call: call{url: "/v1/chat/completions", body: chatBody, header: map[string]string{"X-Forwarded-Creds": "Bearer " + token}}},
		{name: "api_key in a form body", reply: `{}`, secret: token,
			call: call{url: "/v1/complete", body: "prompt=hi&api_key=" + token, header: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}}},
	}
	for _, tt := range tests {
		for _, existing := range []bool{false, true} {
			name := tt.name
			if existing {
				name += " over existing cassette"
			}
			t.Run(name, func(t *testing.T) {
				api := newFakeAPI(t, reply{code: 200, body: tt.reply})
				path := cassettePath(t)
				const before = "---\nversion: 2\ninteractions: []\n"
				if existing {
					require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
					require.NoError(t, os.WriteFile(path, []byte(before), 0o644))
				}
				rec, err := Open(path, Options{Record: true, Secrets: tt.secrets})
				require.NoError(t, err)
				c := tt.call
				c.url = api.srv.URL + c.url
				_, err = do(rec.Client(), c)
				require.NoError(t, err)
				err = rec.Close()
				require.Error(t, err)
				assert.ErrorIs(t, err, ErrSecret)
				assert.Contains(t, err.Error(), path)
				assert.NotContains(t, err.Error(), tt.secret, "the error must not repeat the secret")
				if existing {
					data, err := os.ReadFile(path)
					require.NoError(t, err)
					assert.Equal(t, before, string(data), "the old cassette is kept")
				} else {
					assert.NoFileExists(t, path)
				}
				entries, err := os.ReadDir(filepath.Dir(path))
				if err == nil {
					for _, e := range entries {
						assert.False(t, strings.HasSuffix(e.Name(), ".tmp"), "temporary file left: %s", e.Name())
					}
				}
			})
		}
	}
}

// TestSavedCassetteGolden pins the saved form of a recorded interaction:
// what is removed, what is kept, and the YAML layout. Run with -update to
// rewrite testdata/redacted.golden.yaml.
func TestSavedCassetteGolden(t *testing.T) {
	api := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Type", "application/json")
		h.Set("Date", "Mon, 02 Jan 2006 15:04:05 GMT")
		h.Set("Request-Id", "req_011CTESTONLY")
		h.Set("Anthropic-Ratelimit-Requests-Remaining", "49")
		h.Set("Cf-Ray", "8f0c0c0c0c0c0c0c-AMS")
		h.Set("Set-Cookie", "__cf_bm=abc; path=/")
		io := `{"id":"msg_01","type":"message","role":"assistant","content":[{"type":"text","text":"PATH: R R D D L"}],"stop_reason":"end_turn","usage":{"input_tokens":812,"output_tokens":9}}`
		w.Write([]byte(io))
	})
	path := Path(t.TempDir(), "maze", "anthropic", "claude-sonnet-4-20250514", "size=7-seed=1")
	record(t, path, Options{Transport: handlerTransport{api}, Secrets: []string{fakeAnthropicKey}}, call{
		url:  "https://api.anthropic.com/v1/messages?beta=true&key=" + fakeGoogleKey,
		body: `{"model":"claude-sonnet-4-20250514","max_tokens":2500,"messages":[{"role":"user","content":"Find the exit."}]}`,
		header: map[string]string{
			"X-Api-Key":         fakeAnthropicKey,
			"Anthropic-Version": "2023-06-01",
			"Content-Type":      "application/json",
		},
	})
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	golden.Check(t, "redacted.golden.yaml", got)
}
