package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestScoreCommand(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
		return p
	}
	code, mazeJSON, _ := runCLI(t, "maze", "--size", "3", "--seed", "1", "--format", "json")
	require.Equal(t, 0, code)
	maze := write("maze.json", mazeJSON)
	reply := write("reply.txt", "STEP 1: (0,0) → E | confidence: 90%\nSTEP 2: (0,1) → S\nFINAL_PATH: (0,0)→(0,1)\n")

	code, stdout, stderr := runCLI(t, "score", "--maze", maze, "--response", reply)
	require.Equal(t, 0, code, stderr)
	var got map[string]any
	require.NoError(t, json.Unmarshal([]byte(stdout), &got))
	for _, key := range []string{"sr", "path_valid", "steps", "hc", "fhr", "bt", "lt", "hrr", "mei", "ce", "brs", "score", "reported_backtracks", "reported_hallucinations"} {
		assert.Contains(t, got, key)
	}
	assert.Equal(t, 2.0, got["steps"])
	assert.Nil(t, got["reported_backtracks"], "no BACKTRACK_COUNT given: null")

	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no flags", []string{"score"}, "--maze and --response are required"},
		{"missing maze", []string{"score", "--maze", filepath.Join(dir, "nope.json"), "--response", reply}, "no such file"},
		{"bad maze", []string{"score", "--maze", write("bad.json", `{"size": 3, "open": []}`), "--response", reply}, "open has 0 rows"},
		{"not json", []string{"score", "--maze", reply, "--response", reply}, "maze json"},
		{"missing reply", []string{"score", "--maze", maze, "--response", filepath.Join(dir, "nope.txt")}, "no such file"},
		{"protocol", []string{"score", "--maze", maze, "--response", reply, "--protocol", "interactive"}, "only oneshot"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, tc.args...)
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, stdout)
			assert.Contains(t, stderr, tc.want)
		})
	}
}
