package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAbstainCommands(t *testing.T) {
	code, items, stderr := runCLI(t, "abstain", "items")
	require.Equal(t, 0, code, stderr)
	lines := strings.Split(strings.TrimSpace(items), "\n")
	require.Len(t, lines, 120, "the standard set")
	var first struct {
		ID, Variant, Defect string
		Gold                struct{ Status string } `json:"gold"`
	}
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &first))
	assert.Equal(t, "intact", first.Variant)

	code, other, _ := runCLI(t, "abstain", "items", "--seed", "7")
	require.Equal(t, 0, code)
	assert.NotEqual(t, items, other, "another seed gives fresh variants")

	dir := t.TempDir()
	itemsPath := filepath.Join(dir, "items.jsonl")
	require.NoError(t, os.WriteFile(itemsPath, []byte(items), 0o644))
	respPath := filepath.Join(dir, "responses.jsonl")
	require.NoError(t, os.WriteFile(respPath, []byte(`{"id":"`+first.ID+`","output":"{\"status\":\"INSUFFICIENT\",\"answer\":null}"}`+"\n"), 0o644))
	code, stdout, stderr := runCLI(t, "abstain", "score", "--items", itemsPath, "--responses", respPath)
	require.Equal(t, 0, code, stderr)
	var rep map[string]any
	require.NoError(t, json.Unmarshal([]byte(stdout), &rep))
	for _, key := range []string{"n_items", "n_pairs", "answer_accuracy", "abstention_rate", "false_abstention_rate", "hallucination_rate", "parse_failure_rate", "pair_success", "mcnemar", "by_defect", "by_domain", "missing"} {
		assert.Contains(t, rep, key)
	}
	assert.Len(t, rep["missing"], 119, "items without a response are listed as missing")

	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no subcommand", []string{"abstain"}, "want a subcommand"},
		{"unknown subcommand", []string{"abstain", "grade"}, `unknown subcommand "grade"`},
		{"bad seed", []string{"abstain", "items", "--seed", "x"}, "not a number"},
		{"missing flags", []string{"abstain", "score"}, "--items and --responses are required"},
		{"bad items", []string{"abstain", "score", "--items", respPath, "--responses", respPath}, respPath},
		{"missing responses", []string{"abstain", "score", "--items", itemsPath, "--responses", filepath.Join(dir, "nope")}, "no such file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLI(t, tc.args...)
			assert.Equal(t, exitUsage, code)
			assert.Contains(t, stderr, tc.want)
		})
	}
}
