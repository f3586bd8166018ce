package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites"
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
		{"no cassettes of the models", []string{"gate", "--base", "openai/gpt-4o", "--cand", "openai/gpt-4.1", "--cassettes", "../../cassettes"}, 2, "", "with OPENAI_API_KEY set, record them with: "},
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

// gateResults plays the gate set of a suite with the reference agents
// named, in-process, and writes their results as a JSONL file; copy names
// a model whose results are the first agent's, under another name.
func gateResults(t *testing.T, suite, copyAs string, agents ...string) string {
	t.Helper()
	s, ok := bench.FindSuite(suites.All(), suite)
	require.True(t, ok)
	cases, err := bench.GateSet(s)
	require.NoError(t, err)
	env := bench.Env{Agents: suites.Agents(suites.All())}
	path := filepath.Join(t.TempDir(), suite+".jsonl")
	sink, err := results.NewSink(path)
	require.NoError(t, err)
	defer sink.Close()
	for i, name := range agents {
		m, err := env.Open("agent/" + name)
		require.NoError(t, err)
		for _, c := range cases {
			r := bench.Play(t.Context(), m, c)
			require.Empty(t, r.Error)
			require.NoError(t, sink.Add(r))
			if i == 0 && copyAs != "" {
				r.Model = copyAs
				require.NoError(t, sink.Add(r))
			}
		}
	}
	return path
}

// TestGateResultsOfEverySuite: the gate decides from the suites the results
// hold. For each suite, a results file holding a regression, with no
// --suite, exits 1 with the suite's rule regressed; the same model under
// two names exits 0; --suite naming another suite compares nothing: exit 2.
func TestGateResultsOfEverySuite(t *testing.T) {
	for _, tc := range []struct {
		suite, base, cand, metric string
	}{
		{"maze", "explorer", "lured", "| SR |"},
		{"abstain", "checker", "always-answer", "| right |"},
		{"worlds", "oracle", "credulous", "| hallucinated |"},
	} {
		t.Run(tc.suite, func(t *testing.T) {
			file := gateResults(t, tc.suite, "openai-compatible/copy", tc.base, tc.cand)
			code, stdout, stderr := runCLI(t, "gate", "--results", file, "--base", "agent/"+tc.base, "--cand", "agent/"+tc.cand)
			assert.Equal(t, 1, code, stderr)
			assert.Contains(t, stdout, tc.metric)
			assert.Contains(t, stdout, "**regressed**")

			code, stdout, stderr = runCLI(t, "gate", "--results", file, "--base", "agent/"+tc.base, "--cand", "openai-compatible/copy")
			assert.Equal(t, 0, code, stderr)
			assert.Contains(t, stdout, "no significant regression")

			other := "maze"
			if tc.suite == "maze" {
				other = "abstain"
			}
			code, _, stderr = runCLI(t, "gate", "--results", file, "--suite", other, "--base", "agent/"+tc.base, "--cand", "agent/"+tc.cand)
			assert.Equal(t, 2, code)
			assert.Contains(t, stderr, "hold no case of --suite "+other)
		})
	}
}

// TestGateComparesSomething: results whose rules compare no case of both
// models (here: no case in common) exit 2, whatever pairs there are.
func TestGateComparesSomething(t *testing.T) {
	maze := gateResults(t, "maze", "", "explorer")
	abstain := gateResults(t, "abstain", "", "checker")
	code, stdout, stderr := runCLI(t, "gate", "--results", maze+","+abstain, "--base", "agent/explorer", "--cand", "agent/checker")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "nothing compared")
	assert.Contains(t, stdout, "nothing compared")
}
