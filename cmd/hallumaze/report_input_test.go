package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReportReadsTheResultsJSON: hallumaze report reads the results JSON a
// run writes as well as its JSONL: the JSONL beside it when there (the
// full record), else the JSON's maze cases; the leaderboard is the same.
func TestReportReadsTheResultsJSON(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "run.json")
	code, _, stderr, _ := runCall{}.run(t, t.Context(), "--suite", "maze", "--size", "5", "--runs", "3", "--quiet", "--output", out)
	require.Equal(t, 0, code, stderr)
	board := func(s string) string {
		i := strings.Index(s, "HalluMaze comparison")
		require.GreaterOrEqual(t, i, 0, s)
		return s[i : i+strings.Index(s[i:], "└")]
	}
	code, fromJSONL, stderr := runCLI(t, "report", filepath.Join(dir, "run.jsonl"))
	require.Equal(t, 0, code, stderr)

	code, stdout, stderr := runCLI(t, "report", out)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "reading its cases from "+filepath.Join(dir, "run.jsonl"))
	assert.Equal(t, fromJSONL, stdout)

	alone := filepath.Join(t.TempDir(), "copy.json")
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(alone, data, 0o644))
	code, stdout, stderr = runCLI(t, "report", alone, "--json", filepath.Join(t.TempDir(), "again.json"))
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "read from the results JSON")
	assert.Equal(t, board(fromJSONL), board(stdout))
}
