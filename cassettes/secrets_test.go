package cassettes

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mazePrompt is a realistic maze prompt, as the mazes suite sends it.
const mazePrompt = `You are in a 7x7 maze. Find a path from S (start) to E (exit).
Legend: # wall, . open cell, S start, E exit. Coordinates are (row, col), 0-based.

#########
#S..#...#
##.##.#.#
#...#.#.#
#.###.#.#
#.....#.#
###.###.#
#......E#
#########

A guide note says: "the key to this maze is the eastern corridor; take-the-left-hand-wall-rule-2x".
Answer with one move per line using UP, DOWN, LEFT, RIGHT, then a line "PATH: <moves>".
Report your confidence as CONFIDENCE=0.85 and key=value pairs like steps=14 or seed=1.`

// mazeReply is a realistic model reply, with reasoning and a move list.
const mazeReply = `{"id":"chatcmpl-AbC123xyz","object":"chat.completion","model":"gpt-4o-2024-08-06",
"choices":[{"index":0,"message":{"role":"assistant","content":"Let me trace it. From S at (1,1) I go RIGHT to (1,2), RIGHT to (1,3).\nThe guide's note about the eastern corridor looks like a lure - task-specific advice I cannot verify.\nRIGHT\nDOWN\nDOWN\nLEFT\nPATH: RIGHT RIGHT DOWN DOWN LEFT DOWN DOWN RIGHT RIGHT\nCONFIDENCE=0.72\nsteps=9"},"finish_reason":"stop"}],
"usage":{"prompt_tokens":412,"completion_tokens":96,"total_tokens":508},"system_fingerprint":"fp_50cad350e4"}`

func TestScanForSecrets(t *testing.T) {
	tests := []struct {
		name  string
		data  string
		rules []string // rules of the expected findings, in order
	}{
		{"openai project key", `{"k":"` + fakeOpenAIKey + `"}`, []string{"sk-key"}},
		{"deepseek hex key", "sk-" + "0123456789abcdef0123456789abcdef", []string{"sk-key"}},
		{"anthropic key", "key: " + fakeAnthropicKey, []string{"sk-key"}},
		{"google key", "url: /v1beta?alt=json&k=" + fakeGoogleKey, []string{"google-key"}},
		{"bearer token", "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.abc123", []string{"bearer-token"}},
		{"bearer token in prose", `"note":"use bearer Zx8Qw3Rt5Yu7Io9Pa1Sd2Fg4 here"`, []string{"bearer-token"}},
		{"x-api-key line", "x-api-key: abc12345", []string{"key-header"}},
		{"authorization with a short token", "Authorization: Bearer abc12345", []string{"key-header"}},
		{"x-goog-api-key line quoted", `  "x-goog-api-key": "abc12345"`, []string{"key-header"}},
		{"key header as go-vcr yaml", "        X-Api-Key:\n            - abc12345\n", []string{"key-header"}},
		{"api-key header as yaml list item", "    Api-Key:\n        - 'abc12345'\n", []string{"key-header"}},
		{"key header in a compact cassette", `{"request":{"method":"POST","headers":{"Content-Type":["application/json"],"X-Api-Key":["abc12345"]}}}`, []string{"key-header"}},
		{"authorization in a compact cassette", `{"headers":{"Authorization":["Bearer abc12345"]}}`, []string{"key-header"}},
		{"content in a compact cassette", `{"body":"{\"messages\":[{\"content\":\"the authorization to go: N\"}]}"}`, nil},
		{"key query parameter", "https://host/v1?key=Zx8Qw3Rt5Yu7Io9Pa1Sd2Fg4&alt=json", []string{"key-param"}},
		{"api_key form", "prompt=hi&api_key=Zx8Qw3Rt5Yu7Io9Pa1Sd2Fg4", []string{"key-param"}},
		{"two secrets", fakeOpenAIKey + " and " + fakeGoogleKey, []string{"sk-key", "google-key"}},
		{"basic credentials echoed", `"content":"you sent Basic dXNlcjpodW50ZXIy"`, []string{"basic-auth"}},
		{"basic credentials with padding", `auth was basic dXNlcjpwdw==`, []string{"basic-auth"}},
		{"password in a URL", `"url":"http://user:hunter2@proxy.example.test/v1"`, []string{"url-userinfo"}},
		{"password in a URL, escaped", `POST https://bob:p%40ss%3Aword@gpu-box:8000/v1/chat/completions`, []string{"url-userinfo"}},

		{"maze prompt", mazePrompt, nil},
		{"maze reply", mazeReply, nil},
		{"hyphenated words with sk-", "a risk-assessment-of-the-maze-walls-and-corridors", nil},
		{"task- prefix", "task-0123456789abcdefghijklmnop", nil},
		{"sk- word without digits", "sk-learn-style-classifier-baseline", nil},
		{"short sk-", "sk-abc123", nil},
		{"masked key in an error", "Incorrect API key provided: sk-proj-********************abcd", nil},
		{"empty key header", "x-api-key: \nx-goog-api-key: ''\n", nil},
		{"redacted key header", "Authorization: [REDACTED]", nil},
		{"yaml key header with empty list", "X-Api-Key: []", nil},
		{"bearer and a word", "the bearer of bad news", nil},
		{"bearer and a long word", "bearer internationalization", nil},
		{"key param with a word", "?key=abcdefghijklmnopqrst", nil},
		{"key param with a short value", "?key=abc123", nil},
		{"monkey= is not key=", "monkey=Zx8Qw3Rt5Yu7Io9Pa1Sd2Fg4", nil},
		{"sha256 digest header", "sha256-n6OdwTrm52KqKm6aHYgD0TFUdMgww4a0GQlIAVrMzck=", nil},
		{"anthropic version header", "Anthropic-Version:\n    - \"2023-06-01\"\n", nil},
		{"basic and a word", "a basic maze with basic corridors", nil},
		{"basic and base64 of no user:password", "Basic aGVsbG8gd29ybGQ=", nil},
		{"URL with a user and no password", "https://git@github.example.test/x", nil},
		{"URL with a masked password", "http://user:***@host/v1 and http://user:[REDACTED]@host/v1 and http://user:xxx@host", nil},
		{"a time in a URL-like text", "see https://host:8080/path and mailto:x@y", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ScanForSecrets([]byte(tt.data))
			var rules []string
			for _, f := range got {
				rules = append(rules, f.Rule)
				assert.NotContains(t, f.String(), "0123456789", "a finding must not spell out the secret")
			}
			if diff := cmp.Diff(tt.rules, rules); diff != "" {
				t.Errorf("rules (-want +got):\n%s\nfindings: %v", diff, got)
			}
		})
	}
}

func TestFindingPosition(t *testing.T) {
	data := "first line\n  key: " + fakeOpenAIKey + "\n"
	got := ScanForSecrets([]byte(data))
	want := []Finding{{Line: 2, Column: 8, Rule: "sk-key", Masked: "sk-p… 42 bytes"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
	assert.Equal(t, "f.yaml:2:8: sk-key (sk-p… 42 bytes)", Finding{Path: "f.yaml", Line: 2, Column: 8, Rule: "sk-key", Masked: "sk-p… 42 bytes"}.String())
}

func TestScanLiterals(t *testing.T) {
	tests := []struct {
		name     string
		data     string
		literals []string
		want     int
	}{
		{"found twice", "a " + fakeLiteralKey + " b " + fakeLiteralKey, []string{fakeLiteralKey}, 2},
		{"absent", mazePrompt, []string{fakeLiteralKey}, 0},
		{"too short to search", "ollama answered ollama", []string{"ollama"}, 0},
		{"empty literal", "anything", []string{""}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Len(t, scan([]byte(tt.data), tt.literals), tt.want)
		})
	}
}

func TestScanTree(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"maze/openai/gpt-4o/clean.yaml":         "body: " + mazeReply,
		"maze/openai/gpt-4o/leak.yaml":          "headers:\n    X-Api-Key:\n        - " + fakeAnthropicKey + "\n",
		"abstain/google/gemini/leak.yml":        "url: https://host/v1?key=" + fakeGoogleKey,
		"maze/openai/gpt-4o/notes.txt":          fakeOpenAIKey,
		".git/objects/leak.yaml":                fakeOpenAIKey,
		"maze/anthropic/claude/size=7-%25.yaml": mazePrompt,
	}
	for name, data := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(data), 0o644))
	}
	got, err := ScanTree(root)
	require.NoError(t, err)
	var where []string
	for _, f := range got {
		rel, err := filepath.Rel(root, f.Path)
		require.NoError(t, err)
		where = append(where, filepath.ToSlash(rel)+" "+f.Rule)
	}
	want := []string{
		"abstain/google/gemini/leak.yml google-key",
		"maze/openai/gpt-4o/leak.yaml sk-key",
	}
	if diff := cmp.Diff(want, where); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}

	_, err = ScanTree(filepath.Join(root, "missing"))
	assert.Error(t, err)
}

func TestSecretErrorLimitsList(t *testing.T) {
	var found []Finding
	for i := range 8 {
		found = append(found, Finding{Line: i + 1, Column: 1, Rule: "sk-key", Masked: "sk-p… 42 bytes"})
	}
	err := secretError(found)
	assert.ErrorIs(t, err, ErrSecret)
	assert.True(t, strings.HasSuffix(err.Error(), "and 3 more"), err.Error())
}
