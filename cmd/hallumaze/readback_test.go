package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
)

// readBack runs what reads a run's results file back: the run resumed
// (nothing left to play, the outputs written again), the report and the
// gate; each must exit 0.
func readBack(t *testing.T, call runCall, jsonl, model string, runArgs ...string) {
	t.Helper()
	code, _, stderr, _ := call.run(t, t.Context(), append(runArgs, "--resume", jsonl, "--quiet")...)
	require.Equal(t, 0, code, "run --resume: %s", stderr)
	assert.Contains(t, stderr, "finished case(s) kept")
	code, _, stderr = runCLI(t, "report", jsonl, "-o", strings.TrimSuffix(jsonl, ".jsonl")+".report.html")
	require.Equal(t, 0, code, "report: %s", stderr)
	code, _, stderr = runCLI(t, "gate", "--results", jsonl, "--base", model, "--cand", model)
	require.Equal(t, 0, code, "gate: %s", stderr)
}

// longestLine is the length of the longest line of a file.
func longestLine(t *testing.T, path string) int {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	longest, n := 0, 0
	for {
		b, err := r.ReadByte()
		if err != nil {
			break
		}
		if b == '\n' {
			longest, n = max(longest, n), 0
			continue
		}
		n++
	}
	return max(longest, n)
}

// TestRunReadsBackALongReply: a reply of 30 MB of "<" (six bytes each in
// JSON) is kept cut with its true length, and the run's file reads back in
// the run, --resume, report and gate.
func TestRunReadsBackALongReply(t *testing.T) {
	if raceEnabled {
		t.Skip("minutes under the race detector (the report reads the whole kept reply); make test runs it without (make large)")
	}
	t.Parallel()
	const n = 30_000_000
	body := `{"model":"x","choices":[{"message":{"role":"assistant","content":"` + strings.Repeat("<", n) + `"},"finish_reason":"stop"}],"usage":{"prompt_tokens":10,"completion_tokens":7500000}}`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, body)
	}))
	defer srv.Close()
	dir := t.TempDir()
	call := runCall{env: map[string]string{providers.EnvOpenAICompatibleBaseURL: srv.URL + "/v1"}, retry: &fastRetry}
	args := []string{"--models", "openai-compatible/x", "--size", "5", "--runs", "1"}
	jsonl := filepath.Join(dir, "r.jsonl")
	code, _, stderr, _ := call.run(t, t.Context(), append(args, "--output", filepath.Join(dir, "r.json"), "--csv", "--html", "auto", "--quiet")...)
	require.Equal(t, 0, code, stderr)
	assert.LessOrEqual(t, longestLine(t, jsonl), results.MaxLine)
	rs, torn, err := results.ReadFile(jsonl)
	require.NoError(t, err)
	require.False(t, torn)
	require.Len(t, rs, 1)
	reply := rs[0].Turns[len(rs[0].Turns)-1]
	assert.True(t, reply.Truncated)
	assert.Equal(t, n, reply.ContentBytes)
	assert.Equal(t, strings.Repeat("<", results.MaxText), reply.Content)
	html, err := os.ReadFile(filepath.Join(dir, "r.html"))
	require.NoError(t, err)
	aside, err := report.ReadCaseFiles(filepath.Join(dir, "r.html"))
	require.NoError(t, err)
	for _, body := range aside { // a case larger than the page's budget is beside it
		html = append(html, body...)
	}
	assert.Contains(t, string(html), fmt.Sprintf("cut: the first %d of %d bytes kept", results.MaxText, n))
	readBack(t, call, jsonl, "openai-compatible/x", args...)
}

// TestLargestMazeReadsBack: the reference agents on the largest maze (N =
// 1001), whose random walker writes a reply of 180 MB, leave a results
// file that the run, --resume, the report and the gate read back. It is
// too heavy for the race detector (minutes, gigabytes): make test runs it
// in a step of its own, without.
func TestLargestMazeReadsBack(t *testing.T) {
	if raceEnabled {
		t.Skip("too heavy under the race detector; make test runs it without (make large)")
	}
	if testing.Short() {
		t.Skip("plays the largest maze")
	}
	dir := t.TempDir()
	jsonl := filepath.Join(dir, "r.jsonl")
	args := []string{"--models", "agent/random", "--size", "1001", "--limit", "1"}
	code, _, stderr, _ := runCall{}.run(t, t.Context(), append(args, "--output", filepath.Join(dir, "r.json"), "--quiet")...)
	require.Equal(t, 0, code, stderr)
	assert.LessOrEqual(t, longestLine(t, jsonl), results.MaxLine)
	rs, _, err := results.ReadFile(jsonl)
	require.NoError(t, err)
	require.Len(t, rs, 1)
	var cut int
	for _, tr := range rs[0].Turns {
		if tr.Truncated {
			cut++
			assert.Greater(t, tr.ContentBytes, len(tr.Content))
		}
	}
	assert.Equal(t, 2, cut, "the prompt (the maze) and the reply are both longer than a results line keeps")
	var js map[string]any
	data, err := os.ReadFile(filepath.Join(dir, "r.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &js))
	readBack(t, runCall{}, jsonl, "agent/random", args...)
}
