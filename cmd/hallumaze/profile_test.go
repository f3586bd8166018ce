package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestProfileCommand: hallumaze profile reads results files and prints a
// card per model; a suite the results lack is a gap naming the run that
// fills it, and that run, pasted, plays the suite and fills the gap;
// --json is the same cards for a program.
func TestProfileCommand(t *testing.T) {
	t.Chdir(t.TempDir())
	abst := gateResults(t, "abstain", "", "knower", "overconfident", "checker")
	code, stdout, stderr := runCLI(t, "profile", abst)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "agent/knower — metacognition profile (abstain)")
	assert.Contains(t, stdout, "agent/knower vs agent/overconfident: profile differs: knows-unknown: agent/knower better")
	assert.Contains(t, stdout, "too few models")
	assert.Contains(t, stdout, "✗ no worlds results (knows-unknown, answers, resists): agent/checker plays no worlds case: no run fills the gap")
	// The worlds gap of the checker, pasted: <hallumaze> run … --output FILE
	// (how hallumaze was invoked: here, outside a checkout, go run of the
	// module's command).
	fill := regexp.MustCompile(`(?m)✗ no worlds results \([^)]*\): \S.* (run --suite worlds --models agent/knower [^\n]*)\n\s+then add (\S+)`).FindStringSubmatch(stdout)
	require.NotNil(t, fill, stdout)
	args := strings.Fields(fill[1])
	args = append(args, "--world", "grid", "--category", "U") // a smaller part of the same suite, for the test's time
	code, _, stderr = runCLI(t, args...)
	require.Equal(t, 0, code, stderr)
	require.FileExists(t, fill[2])
	code, stdout, stderr = runCLI(t, "profile", "--json", abst, fill[2])
	require.Equal(t, 0, code, stderr)
	var doc struct {
		Cards []struct {
			Model    string   `json:"model"`
			Suites   []string `json:"suites"`
			Measures []struct {
				ID    string   `json:"id"`
				Value *float64 `json:"value"`
			} `json:"measures"`
			Gaps []struct{ Suite string } `json:"gaps"`
		} `json:"cards"`
		Comparisons []json.RawMessage `json:"comparisons"`
		Agreements  []json.RawMessage `json:"agreements"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &doc))
	require.Len(t, doc.Cards, 3)
	knower := doc.Cards[1]
	assert.Equal(t, "agent/knower", knower.Model)
	assert.Equal(t, []string{"abstain", "worlds"}, knower.Suites)
	for _, m := range knower.Measures {
		if m.ID == "worlds/abstention_recall" {
			require.NotNil(t, m.Value)
			assert.Equal(t, 1.0, *m.Value, "the knower says unknown on every UNKNOWN gold")
		}
	}
	assert.Len(t, doc.Comparisons, 3)
	assert.Len(t, doc.Agreements, 3)
}

// TestProfileCommandErrors: bad input exits 2 with one line.
func TestProfileCommandErrors(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.jsonl")
	require.NoError(t, os.WriteFile(empty, nil, 0o644))
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no file", []string{"profile"}, "no results file given"},
		{"missing file", []string{"profile", filepath.Join(dir, "nope.jsonl")}, "nope.jsonl"},
		{"empty", []string{"profile", empty}, "hold no result"},
		{"unknown model", []string{"profile", "--models", "openai/gpt-4o", gateResults(t, "abstain", "", "checker")}, "no result of openai/gpt-4o"},
		{"bad dimension", []string{"gate", "--base", "agent/checker", "--cand", "agent/always-answer", "--dimensions", "wisdom"}, `no dimension "wisdom"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLI(t, tc.args...)
			assert.Equal(t, exitUsage, code)
			assert.Contains(t, stderr, tc.want)
			assert.Equal(t, 1, strings.Count(strings.TrimSpace(stderr), "\n")+1, stderr)
		})
	}
}

// TestGateDimensions: --dimensions holds the candidate to the baseline on
// profile dimensions: always-answer regresses on knows-unknown against the
// checker (exit 1), not on answers-when-it-can (exit 0).
func TestGateDimensions(t *testing.T) {
	file := gateResults(t, "abstain", "", "checker", "always-answer")
	code, stdout, stderr := runCLI(t, "gate", "--results", file, "--base", "agent/checker", "--cand", "agent/always-answer", "--dimensions", "knows-unknown", "--gate", writeFile(t, t.TempDir(), "g.json", `{"metrics":[{"metric":"parse-fail","suite":"abstain","max_drop":1,"alpha":0.05,"test":"mcnemar"}]}`))
	assert.Equal(t, 1, code, stderr)
	assert.Contains(t, stdout, "| knows-unknown | abstain/abstention_rate |")
	assert.Contains(t, stdout, "❌ regression")
	code, stdout, stderr = runCLI(t, "gate", "--results", file, "--base", "agent/checker", "--cand", "agent/always-answer", "--dimensions", "answers", "--gate", writeFile(t, t.TempDir(), "g.json", `{"metrics":[{"metric":"parse-fail","suite":"abstain","max_drop":1,"alpha":0.05,"test":"mcnemar"}]}`))
	assert.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "| answers | abstain/false_abstention_rate |")
	code, _, stderr = runCLI(t, "gate", "--results", file, "--base", "agent/checker", "--cand", "agent/always-answer", "--dimensions", "notices")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "no measure of them has a case both")
}
