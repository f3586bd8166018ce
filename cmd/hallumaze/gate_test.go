package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestGateCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("plays the maze grid twice")
	}
	gate := []string{"--gate", "../../bench/gate.json", "--cassettes", "../../cassettes"}
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
		{"bad suite", []string{"gate", "--suite", "worlds", "--base", "agent/oracle", "--cand", "agent/oracle", "--gate", "../../bench/gate.json"}, 2, "", "unknown --suite"},
		{"missing cand", []string{"gate", "--base", "agent/explorer"}, 2, "", "--base and --cand are required"},
		{"bad model name", []string{"gate", "--base", "gpt4", "--cand", "agent/oracle"}, 2, "", "gate:"},
		{"bad gate file", []string{"gate", "--base", "agent/oracle", "--cand", "agent/oracle", "--gate", "nope.json"}, 2, "", "gate file"},
		{"bad results file", []string{"gate", "--base", "agent/oracle", "--cand", "agent/oracle", "--gate", "../../bench/gate.json", "--results", "nope.jsonl"}, 2, "", "results"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, tc.args...)
			assert.Equal(t, tc.code, code, stderr)
			assert.Contains(t, stdout, tc.stdout)
			assert.Contains(t, stderr, tc.stderr)
		})
	}
}
