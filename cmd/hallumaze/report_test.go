package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// reportLine is one result of a results file.
const reportLine = `{"suite":"maze","model":"openai/gpt-4o","case":"size=5/seed=1/base","tags":{"size":"5","seed":"1","algorithm":"dfs","lang":"en","mirage":"on","confidence":"on","protocol":"oneshot","group":"A"},"metrics":{"SR":1,"MEI":0.9,"BRS":1,"score":0.926,"HC":0,"BT":0,"LT":0,"CE":0.08},"usage":{"input_tokens":10,"output_tokens":5},"duration_s":1.5}`

func runReportCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := newApp().runReport(context.Background(), args, &out, &errOut)
	return exitCode(err, &errOut), out.String(), errOut.String()
}

func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	return p
}

func TestReportCommand(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "a.jsonl", reportLine+"\n")
	other := writeFile(t, dir, "b.jsonl", strings.Replace(reportLine, "openai/gpt-4o", "anthropic/claude", 1)+"\n")
	torn := writeFile(t, dir, "torn.jsonl", strings.Replace(reportLine, "openai/gpt-4o", "google/gemini", 1)+"\n"+reportLine[:40])
	conflict := writeFile(t, dir, "c.jsonl", strings.Replace(reportLine, `"MEI":0.9`, `"MEI":0.5`, 1)+"\n")
	oldVersion := writeFile(t, dir, "old.jsonl", `{"provider":"openai","model":"gpt-4o","sr":1}`+"\n")
	humans := writeFile(t, dir, "humans.json", `[{"provider":"human","model":"undergrads","maze_size":5,"sr":0.7,"mei":0.6}]`)
	badHumans := writeFile(t, dir, "bad.json", `[{"model":"x","sr":0.7,"mei":0.6,"age":20}]`)
	out := filepath.Join(dir, "out")
	require.NoError(t, os.Mkdir(out, 0o755))

	t.Run("writes every output", func(t *testing.T) {
		html, csv, js := filepath.Join(out, "r.html"), filepath.Join(out, "r.csv"), filepath.Join(out, "r.json")
		code, stdout, stderr := runReportCLI(t, good, "-o", html, other, "--csv", csv, "--json", js, "--human", humans)
		require.Equal(t, 0, code, stderr)
		assert.Contains(t, stdout, "HalluMaze comparison")
		assert.Contains(t, stdout, "▶ openai/gpt-4o")
		assert.Contains(t, stdout, "human/undergrads")
		assert.Contains(t, stdout, "✓ HTML saved: "+html)
		for _, p := range []string{html, csv, js} {
			info, err := os.Stat(p)
			require.NoError(t, err)
			assert.Positive(t, info.Size())
		}
		page, err := os.ReadFile(html)
		require.NoError(t, err)
		assert.Contains(t, string(page), "anthropic/claude")
		left, err := filepath.Glob(filepath.Join(out, ".*"))
		require.NoError(t, err)
		assert.Empty(t, left, "no temporary file left behind")
	})
	t.Run("torn last line", func(t *testing.T) {
		code, stdout, stderr := runReportCLI(t, torn)
		require.Equal(t, 0, code, stderr)
		assert.Contains(t, stderr, "torn")
		assert.Contains(t, stdout, "google/gemini")
	})
	t.Run("same file twice collapses", func(t *testing.T) {
		code, _, stderr := runReportCLI(t, good, good)
		assert.Equal(t, 0, code, stderr)
	})
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no files", []string{"-o", filepath.Join(out, "x.html")}, "no results file given"},
		{"missing file", []string{filepath.Join(dir, "nope.jsonl")}, "nope.jsonl"},
		{"another version", []string{oldVersion}, "not a hallumaze result"},
		{"conflicting shards", []string{good, conflict}, "appears twice with different metrics"},
		{"bad human file", []string{good, "--human", badHumans}, `unknown field "age"`},
		{"missing folder", []string{good, "-o", filepath.Join(dir, "no", "such", "r.html"), "--csv", filepath.Join(out, "never.csv")}, "-o"},
		{"output is a folder", []string{good, "--csv", out}, "is a folder"},
		{"output over an input", []string{good, "-o", good}, "is also an input"},
		{"two outputs one file", []string{good, "-o", filepath.Join(out, "same"), "--csv", filepath.Join(out, "same")}, "another output"},
		{"unknown flag", []string{good, "--pdf", "x"}, "flag provided but not defined"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runReportCLI(t, tc.args...)
			assert.Equal(t, exitUsage, code)
			assert.Contains(t, stderr, tc.want)
			assert.Equal(t, 1, strings.Count(strings.TrimSpace(stderr), "\n")+1, "one line: %q", stderr)
			assert.Empty(t, stdout)
			_, err := os.Stat(filepath.Join(out, "never.csv"))
			assert.True(t, os.IsNotExist(err), "nothing written before the checks pass")
		})
	}
}

// abstainLines are one Missing Piece pair of results: the intact item
// answered, the modified one refused.
const abstainLines = `{"suite":"abstain","model":"openai/gpt-4o","case":"missing_quantity/mq-01/intact","tags":{"item":"mq-01-intact","pair":"mq-01","variant":"intact","defect":"missing_quantity","domain":"basic_arithmetic"},"metrics":{"right":1,"parse-fail":0,"abstained":0,"answer-correct":1},"detail":{"id":"mq-01-intact","pair_id":"mq-01","variant":"intact","outcome":"correct","lenient_outcome":"correct","output":"{\"status\": \"ANSWER\", \"answer\": \"65\"}"},"usage":{"input_tokens":10,"output_tokens":5},"duration_s":0.5}
{"suite":"abstain","model":"openai/gpt-4o","case":"missing_quantity/mq-01/modified","tags":{"item":"mq-01-modified","pair":"mq-01","variant":"modified","defect":"missing_quantity","domain":"basic_arithmetic"},"metrics":{"right":1,"parse-fail":0,"abstained":1,"hallucinated":0},"detail":{"id":"mq-01-modified","pair_id":"mq-01","variant":"modified","outcome":"abstained","lenient_outcome":"abstained","output":"{\"status\": \"INSUFFICIENT\", \"answer\": null}"},"usage":{"input_tokens":10,"output_tokens":5},"duration_s":0.5}
`

func TestReportCommandAbstain(t *testing.T) {
	dir := t.TempDir()
	only := writeFile(t, dir, "abstain.jsonl", abstainLines)
	both := writeFile(t, dir, "both.jsonl", reportLine+"\n"+abstainLines)
	t.Run("abstain only", func(t *testing.T) {
		code, stdout, stderr := runReportCLI(t, only)
		require.Equal(t, 0, code, stderr)
		assert.NotContains(t, stdout, "HalluMaze comparison", "no empty maze table")
		assert.Contains(t, stdout, "Missing Piece: openai/gpt-4o")
		assert.Regexp(t, `pair success +1/1 +1\.000 +\[0\.207, 1\.000\]`, stdout)
		assert.Contains(t, stdout, "★ best pair success: openai/gpt-4o")
	})
	t.Run("after the maze leaderboard", func(t *testing.T) {
		code, stdout, stderr := runReportCLI(t, both)
		require.Equal(t, 0, code, stderr)
		maze, abst := strings.Index(stdout, "HalluMaze comparison"), strings.Index(stdout, "Missing Piece: openai/gpt-4o")
		require.Positive(t, maze)
		assert.Greater(t, abst, maze)
	})
}
