package main

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/cassettes"
	"github.com/hallumaze/hallumaze/providers"
)

// echoServer answers OpenAI chat completions with a reply that repeats the
// request's Authorization header and a partial echo of it, and, every
// other call, an error that does the same.
func echoServer(t *testing.T, partial func(auth string) string) *httptest.Server {
	t.Helper()
	calls := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls++
		auth := r.Header.Get("Authorization")
		echo := "you sent " + auth + " (" + partial(auth) + "…)"
		if calls%2 == 0 {
			w.WriteHeader(http.StatusBadRequest)
			json.NewEncoder(w).Encode(map[string]any{"error": map[string]string{"message": "bad credentials: " + echo, "type": "invalid_request_error"}})
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"model": "x", "choices": []map[string]any{{"message": map[string]string{"role": "assistant", "content": echo + "\nFINAL_PATH: (0,0)"}, "finish_reason": "stop"}}})
	}))
	t.Cleanup(srv.Close)
	return srv
}

// assertNoneHolds fails when a file of dir, or out, holds any of secrets.
func assertNoneHolds(t *testing.T, dir, out string, secrets ...string) {
	t.Helper()
	n := 0
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		n++
		data, err := os.ReadFile(p)
		require.NoError(t, err)
		for _, s := range secrets {
			assert.NotContains(t, string(data), s, p)
		}
		return nil
	})
	require.Positive(t, n)
	for _, s := range secrets {
		assert.NotContains(t, out, s)
	}
}

// TestRunRedactsURLCredentials: the password of a base URL
// (http://user:pw@host/v1), sent as basic credentials and echoed back in
// their base64 form and in the URL's, reaches no file and no message.
func TestRunRedactsURLCredentials(t *testing.T) {
	t.Parallel()
	srv := echoServer(t, func(auth string) string { return "http://user:pw@host" })
	base := strings.Replace(srv.URL, "http://", "http://user:pw@", 1) + "/v1"
	b64 := base64.StdEncoding.EncodeToString([]byte("user:pw"))
	dir := t.TempDir()
	noRetry := fastRetry
	noRetry.MaxAttempts = 1
	code, stdout, stderr, _ := runCall{retry: &noRetry}.run(t, t.Context(), "--models", "openai-compatible/x", "--base-url", base,
		"--size", "5", "--runs", "4", "--concurrency", "1", "--output", filepath.Join(dir, "r.json"), "--csv", "--html", "auto", "--max-errors", "50%")
	require.Equal(t, 0, code, stderr)
	assertNoneHolds(t, dir, stdout+stderr, b64, "//user:pw@")
	jsonl := readFileString(t, filepath.Join(dir, "r.jsonl"))
	assert.Contains(t, jsonl, "you sent Basic [REDACTED]", "the echo was there, and redacted")

	// Recording against it saves no cassette that holds the credentials:
	// the scan finds them, and the case fails instead.
	cas := filepath.Join(dir, "cassettes")
	code, stdout, stderr, _ = runCall{retry: &noRetry}.run(t, t.Context(), "--models", "openai-compatible/x", "--base-url", base, "--record", "--cassettes", cas,
		"--size", "5", "--runs", "1", "--output", filepath.Join(dir, "rec.json"))
	assert.Equal(t, exitCaseErrors, code, stderr)
	assert.Contains(t, stderr, "possible secret in cassette")
	assertNoneHolds(t, dir, stdout+stderr, b64, "//user:pw@")
	require.NoError(t, os.MkdirAll(cas, 0o755))
	found, err := cassettes.ScanTree(cas)
	require.NoError(t, err)
	assert.Empty(t, found)

	// A cassette that holds them (written by another tool) is found by
	// the scan of committed cassettes.
	writeFile(t, cas, "leak.yaml", "response:\n  body: '{\"content\":\"you sent Basic "+b64+"\"}'\n  url: http://user:pw@host/v1\n")
	found, err = cassettes.ScanTree(cas)
	require.NoError(t, err)
	require.Len(t, found, 2)
	assert.Equal(t, "basic-auth", found[0].Rule)
	assert.Equal(t, "url-userinfo", found[1].Rule)
}

// TestRunRedactsPartialKeyEchoes: a server that shows a key's vendor prefix
// and a few more characters ("sk-test-echo-123…") leaves none of it in the
// JSONL, the HTML or a message.
func TestRunRedactsPartialKeyEchoes(t *testing.T) {
	t.Parallel()
	const key = "sk-test-echo-1234567890abcdef"
	srv := echoServer(t, func(auth string) string {
		return strings.TrimPrefix(auth, "Bearer ")[:len("sk-test-echo-123")]
	})
	dir := t.TempDir()
	noRetry := fastRetry
	noRetry.MaxAttempts = 1
	env := map[string]string{providers.EnvOpenAICompatibleBaseURL: srv.URL + "/v1", providers.EnvOpenAICompatibleKey: key}
	code, stdout, stderr, _ := runCall{env: env, retry: &noRetry}.run(t, t.Context(), "--models", "openai-compatible/x", "--size", "5", "--runs", "4",
		"--concurrency", "1", "--output", filepath.Join(dir, "r.json"), "--csv", "--html", "auto", "--max-errors", "50%")
	require.Equal(t, 0, code, stderr)
	assertNoneHolds(t, dir, stdout+stderr, "sk-test-echo-1", "1234567890abcdef")
	assert.Contains(t, readFileString(t, filepath.Join(dir, "r.jsonl")), "([REDACTED]…)")
}
