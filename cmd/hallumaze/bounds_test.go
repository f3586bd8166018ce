package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNumbersFromFilesBounded: a price, a token count, a metric or a gate
// rule beyond what makes sense is refused, exit 2 and one line, before any
// case is played; no command prints or stores an infinite or NaN cost.
func TestNumbersFromFilesBounded(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	huge := writeFile(t, dir, "huge.json", `{"openai-compatible/x": {"input": 1.7e308, "output": 1}}`)
	maxed := writeFile(t, dir, "max.json", `{"agent/oracle": {"input": 100000, "output": 100000}}`)
	tokens := writeFile(t, dir, "tokens.jsonl", strings.Replace(reportLine, `"input_tokens":10`, `"input_tokens":9000000000000000000`, 1)+"\n")
	metric := writeFile(t, dir, "metric.jsonl", strings.Replace(reportLine, `"MEI":0.9`, `"MEI":1e300`, 1)+"\n")
	cfg := writeFile(t, dir, "cfg.json", `{"max_tokens": 1000000000}`)
	emptyGate := writeFile(t, dir, "empty-gate.json", `{"metrics":[]}`)
	trailing := writeFile(t, dir, "trailing.json", `{"metrics":[{"metric":"SR","alpha":0.05,"test":"mcnemar"}]} and more`)
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"run price", []string{"run", "--prices", huge, "--size", "5"}, "is not a finite price ≥ 0 and ≤ 100000"},
		{"estimate price", []string{"estimate", "--prices", huge}, "is not a finite price ≥ 0 and ≤ 100000"},
		{"report price", []string{"report", writeFile(t, dir, "a.jsonl", reportLine+"\n"), "--prices", huge}, "is not a finite price"},
		{"report tokens", []string{"report", tokens}, "is not a token count"},
		{"report metric", []string{"report", metric}, "metric MEI = 1e+300 is beyond"},
		{"gate tokens", []string{"gate", "--results", tokens, "--base", "openai/gpt-4o", "--cand", "openai/gpt-4o"}, "is not a token count"},
		{"config max tokens", []string{"run", "--config", cfg, "--size", "5"}, "max_tokens: 1000000000 is not in 0..1000000"},
		{"empty gate", []string{"gate", "--base", "agent/oracle", "--cand", "agent/explorer", "--gate", emptyGate}, "no rule"},
		{"gate trailing garbage", []string{"gate", "--base", "agent/oracle", "--cand", "agent/explorer", "--gate", trailing}, "data after the JSON object"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, tc.args...)
			assert.Equal(t, exitUsage, code, stderr)
			assert.Contains(t, stderr, tc.want)
			assert.Equal(t, 1, strings.Count(stderr, "\n"), "one line: %q", stderr)
			assert.Empty(t, stdout)
		})
	}

	// A run at the dearest price a table may hold stores a finite cost
	// (TestEstimate holds estimate to the same).
	out := filepath.Join(dir, "r.json")
	code, _, stderr := runCLI(t, "run", "--prices", maxed, "--models", "agent/oracle", "--size", "5", "--runs", "1", "--quiet", "--output", out, "--csv", "--html", "auto")
	require.Equal(t, 0, code, stderr)
	for _, f := range []string{"r.json", "r.csv", "r.html"} {
		data := readFileString(t, filepath.Join(dir, f))
		assert.NotContains(t, data, "Inf", f)
		assert.NotContains(t, data, "NaN", f)
	}
}

func readFileString(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(data)
}
