package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/hallumaze/hallumaze/results"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// slowArgs run the explorer agent over the OpenAI wire protocol, twelve
// mazes, two at a time.
func slowArgs(out string, extra ...string) []string {
	return append([]string{"--models", "openai-compatible/explorer", "--size", "5", "--runs", "12", "--concurrency", "2", "--output", out}, extra...)
}

// TestRunInterruptResume: Ctrl-C stops a run with exit 130 and every
// finished case kept, whole, in the JSONL; --resume finishes it, and the
// result is the uninterrupted run's, each case once.
func TestRunInterruptResume(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()

	fast := newAgentServer(t, 0)
	code, _, stderr, _ := runCall{env: fast.env()}.run(t, t.Context(), slowArgs(filepath.Join(dir, "full.json"))...)
	require.Equal(t, 0, code, stderr)
	want := readJSONL(t, filepath.Join(dir, "full.jsonl"))
	require.Len(t, want, 12)

	slow := newAgentServer(t, 20*time.Millisecond)
	jsonl := filepath.Join(dir, "r.jsonl")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	const k = 3
	var seen atomic.Int32
	var linesAtK atomic.Int32
	call := runCall{env: slow.env(), stderr: func(line string) {
		if !strings.HasPrefix(line, "[") {
			return
		}
		if seen.Add(1) == k {
			// Each case's line is in the file before its progress line.
			data, _ := os.ReadFile(jsonl)
			linesAtK.Store(int32(bytes.Count(data, []byte("\n"))))
			cancel()
		}
	}}
	code, _, stderr, _ = call.run(t, ctx, slowArgs(filepath.Join(dir, "r.json"))...)
	require.Equal(t, 130, code, stderr)
	assert.EqualValues(t, k, linesAtK.Load(), "results are streamed as each case ends")
	lastLine := stderr[strings.LastIndex(strings.TrimSuffix(stderr, "\n"), "\n")+1:]
	assert.Equal(t, "hallumaze: interrupted: the finished cases are kept in "+jsonl+"; continue with --resume "+jsonl+" (or see them with hallumaze report "+jsonl+")\n", lastLine)
	data, err := os.ReadFile(jsonl)
	require.NoError(t, err)
	assert.True(t, bytes.HasSuffix(data, []byte("\n")), "no partial line")
	partial := readJSONL(t, jsonl)
	assert.GreaterOrEqual(t, len(partial), k)
	assert.Less(t, len(partial), 12, "the run was cut short")
	_, err = os.Stat(filepath.Join(dir, "r.json"))
	assert.ErrorIs(t, err, os.ErrNotExist, "an interrupted run writes only its JSONL")

	code, _, stderr, _ = runCall{env: fast.env()}.run(t, t.Context(), slowArgs(filepath.Join(dir, "r.json"), "--resume", jsonl)...)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "resume: "+itoa(len(partial))+" finished case(s) kept from "+jsonl)
	assert.Equal(t, 12-len(partial), countLines(stderr, "["), "only the cases left are played")
	got := readJSONL(t, jsonl)
	assert.Equal(t, keys(want), keys(got), "each case exactly once")
	if diff := cmp.Diff(comparable(want), comparable(got)); diff != "" {
		t.Errorf("interrupted and resumed run differs from the uninterrupted one (-want +got):\n%s", diff)
	}
	_, err = os.Stat(filepath.Join(dir, "r.json"))
	assert.NoError(t, err, "the finished run writes its JSON")
}

// TestRunResumeTornLine: a line cut off by a kill is dropped and its case
// played again.
func TestRunResumeTornLine(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	args := []string{"--models", "agent/oracle", "--size", "5", "--runs", "4", "--output", filepath.Join(dir, "r.json")}
	code, _, stderr, _ := runCall{}.run(t, t.Context(), args...)
	require.Equal(t, 0, code, stderr)
	jsonl := filepath.Join(dir, "r.jsonl")
	full := readJSONL(t, jsonl)
	data, err := os.ReadFile(jsonl)
	require.NoError(t, err)
	lines := bytes.SplitAfter(data, []byte("\n"))
	torn := append(bytes.Join(lines[:2], nil), lines[2][:len(lines[2])/2]...)
	require.NoError(t, os.WriteFile(jsonl, torn, 0o644))

	code, _, stderr, _ = runCall{}.run(t, t.Context(), append(args, "--resume", jsonl)...)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "the last line was cut off by the interruption and is dropped")
	assert.Contains(t, stderr, "resume: 2 finished case(s) kept")
	got := readJSONL(t, jsonl)
	assert.Equal(t, keys(full), keys(got))
	if diff := cmp.Diff(comparable(full), comparable(got)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestRunKill9: a run killed outright loses at most its cases in flight;
// the file holds whole lines (but for a torn last one) and --resume
// finishes the run with each case once.
func TestRunKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	t.Parallel()
	dir := t.TempDir()
	bin := buildCommand(t)

	srv := newAgentServer(t, 30*time.Millisecond)
	jsonl := filepath.Join(dir, "r.jsonl")
	args := []string{"run", "--models", "openai-compatible/explorer", "--size", "5", "--runs", "30", "--concurrency", "3",
		"--output", filepath.Join(dir, "r.json"), "--cassettes", filepath.Join(dir, "cassettes")}
	cmd := exec.Command(bin, args...)
	cmd.Env = []string{"OPENAI_COMPATIBLE_BASE_URL=" + srv.URL + "/v1", "HOME=" + dir}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	require.Eventually(t, func() bool {
		data, _ := os.ReadFile(jsonl)
		return bytes.Count(data, []byte("\n")) >= 4
	}, 2*time.Minute, 5*time.Millisecond, "results appear while the run goes on")
	require.NoError(t, cmd.Process.Kill()) // SIGKILL: no chance to clean up
	_ = cmd.Wait()

	data, err := os.ReadFile(jsonl)
	require.NoError(t, err)
	results, _, err := results.Read(bytes.NewReader(data))
	require.NoError(t, err, "only the last line may be torn")
	assert.GreaterOrEqual(t, len(results), 4)
	assert.Less(t, len(results), 30, "killed before the end: %s", stderr.String())

	code, _, errOut, _ := runCall{env: srv.env()}.run(t, t.Context(), append(args[1:], "--resume", jsonl)...)
	require.Equal(t, 0, code, errOut)
	got := readJSONL(t, jsonl)
	assert.Len(t, got, 30)
	seen := map[string]bool{}
	for _, r := range got {
		assert.False(t, seen[r.Key()], "%s twice", r.Key())
		seen[r.Key()] = true
		assert.Empty(t, r.Error)
	}
}
