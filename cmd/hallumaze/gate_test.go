package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGateCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("plays the maze grid twice")
	}
	dir := t.TempDir()
	gateFile := filepath.Join(dir, "gate.json")
	require.NoError(t, os.WriteFile(gateFile, []byte(`{"metrics":[{"metric":"SR","max_drop":0.05,"alpha":0.05,"test":"mcnemar"}]}`), 0o644))
	gate := []string{"--cassettes", "../../cassettes"}
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"regression", append([]string{"gate", "--base", "agent/explorer", "--cand", "agent/lured"}, gate...), 1, "**regressed**", "significant regression"},
		{"same model", append([]string{"gate", "--base", "agent/explorer", "--cand", "agent/explorer"}, gate...), 0, "no significant regression", ""},
		{"abstain regression", append([]string{"gate", "--suite", "abstain", "--base", "agent/checker", "--cand", "agent/always-answer"}, gate...), 1, "| right |", "significant regression"},
		{"abstain same", append([]string{"gate", "--suite", "abstain", "--base", "openai/checker", "--cand", "agent/checker"}, gate...), 0, "no significant regression", ""},
		{"bad suite", []string{"gate", "--suite", "nosuch", "--base", "agent/oracle", "--cand", "agent/oracle"}, 2, "", "unknown --suite"},
		{"own gate file", append([]string{"gate", "--base", "agent/explorer", "--cand", "agent/lured", "--gate", gateFile}, gate...), 1, "| SR |", "significant regression"},
		{"gate file with an undeclared metric", []string{"gate", "--base", "agent/oracle", "--cand", "agent/oracle", "--gate", writeFile(t, dir, "g2.json", `{"metrics":[{"metric":"speed","alpha":0.05,"test":"wilcoxon"}]}`)}, 2, "", `metric "speed" is not declared`},
		{"no cassettes of the models", []string{"gate", "--base", "openai/gpt-4o", "--cand", "openai/gpt-4.1", "--cassettes", "../../cassettes"}, 2, "", "openai/gpt-4o has nothing to compare"},
		{"markdown to a folder", append([]string{"gate", "--base", "agent/explorer", "--cand", "agent/lured", "--markdown", dir}, gate...), 2, "", "is a folder"},
		{"missing cand", []string{"gate", "--base", "agent/explorer"}, 2, "", "--base and --cand are required"},
		{"bad model name", []string{"gate", "--base", "gpt4", "--cand", "agent/oracle"}, 2, "", "gate:"},
		{"bad gate file", []string{"gate", "--base", "agent/oracle", "--cand", "agent/oracle", "--gate", "nope.json"}, 2, "", "--gate: open nope.json"},
		{"bad results file", []string{"gate", "--base", "agent/oracle", "--cand", "agent/oracle", "--results", "nope.jsonl"}, 2, "", "results"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, tc.args...)
			assert.Equal(t, tc.code, code, stderr)
			assert.Contains(t, stdout, tc.stdout)
			assert.Contains(t, stderr, tc.stderr)
		})
	}
}

// TestGateTier: --tier lenient compares each rule's lenient variant.
func TestGateTier(t *testing.T) {
	code, stdout, stderr := runCLI(t, "gate", "--tier", "lenient", "--base", "agent/explorer", "--cand", "agent/lured", "--cassettes", "../../cassettes")
	assert.Equal(t, 1, code, stderr)
	assert.Contains(t, stdout, "| SR-lenient |")
	code, _, stderr = runCLI(t, "gate", "--tier", "lenient", "--suite", "abstain", "--base", "agent/checker", "--cand", "agent/checker")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "no metric of these rules has a lenient reading")
	code, _, stderr = runCLI(t, "gate", "--tier", "loose", "--base", "agent/checker", "--cand", "agent/checker")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, `--tier "loose"`)
}
