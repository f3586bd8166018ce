package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/providers"
)

// hostileText sets the window title, writes the clipboard, clears the
// screen and overwrites the line, when a terminal obeys it.
const hostileText = "\x1b]0;pwned\x07\x1b]52;c;aGVsbG8=\x07\x1b[2J\x1b[Hok\rFAKE\u009b2J"

// assertNoControls fails when out holds a control a terminal acts on.
func assertNoControls(t *testing.T, out string) {
	t.Helper()
	for _, c := range []string{"\x1b", "\x07", "\r", "\u009b"} {
		assert.NotContains(t, out, c)
	}
}

// TestTerminalEscapesShownEscaped: a provider's error text and a model
// name read from a results file reach stdout and stderr with their escape
// sequences shown escaped, never obeyed.
func TestTerminalEscapesShownEscaped(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusBadRequest)
		json.NewEncoder(w).Encode(map[string]any{"error": map[string]string{"message": "bad request " + hostileText, "type": "invalid_request_error"}})
	}))
	defer srv.Close()
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	a := runCall{env: map[string]string{providers.EnvOpenAICompatibleBaseURL: srv.URL + "/v1"}, retry: &fastRetry}.app()
	err := a.run(context.Background(), []string{"run", "--models", "openai-compatible/x", "--size", "5", "--runs", "1",
		"--output", filepath.Join(dir, "r.json")}, &out, &errOut)
	code := a.exitCode(context.Background(), err, &errOut)
	assert.Equal(t, exitCaseErrors, code, errOut.String())
	assert.Contains(t, errOut.String(), `bad request \x1b]0;pwned\x07\x1b]52;c;aGVsbG8=\x07\x1b[2J\x1b[Hok\rFAKE\u009b2J`)
	assertNoControls(t, out.String()+errOut.String())

	// A model named with escapes in a results file.
	line := strings.Replace(reportLine, `"model":"openai/gpt-4o"`, `"model":"openai/x\u001b]0;pwned\u0007"`, 1)
	code, stdout, stderr := runCLI(t, "report", writeFile(t, dir, "a.jsonl", line+"\n"))
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, `openai/x\x1b]0;pwned\x07`)
	assertNoControls(t, stdout+stderr)

	// An error naming a file whose name holds escapes.
	code, _, stderr = runCLI(t, "report", filepath.Join(dir, "no\x1b[2J.jsonl"))
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, `no\x1b[2J.jsonl`)
	assertNoControls(t, stderr)
}
