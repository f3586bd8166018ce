package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReportIndex: hallumaze report --index lists the runs hallumaze run
// wrote in a folder, linked to their reports, with each suite's headline
// metric; a file that is not results is listed as unreadable and does not
// fail the command.
func TestReportIndex(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"run", "--quiet", "--size", "5", "--output", filepath.Join(dir, "hallumaze_results_20260301_090000.json"), "--html", "auto"},
		{"run", "--quiet", "--suite", "abstain", "--output", filepath.Join(dir, "abstain.json")},
	} {
		code, _, stderr := runCLI(t, args...)
		require.Equal(t, 0, code, stderr)
	}
	writeFile(t, dir, "notes.jsonl", `{"note":"not a run"}`+"\n")

	code, stdout, stderr := runCLI(t, "report", "--index", dir)
	require.Equal(t, 0, code, stderr)
	index := filepath.Join(dir, "index.html")
	assert.Contains(t, stdout, "index of 3 runs saved: "+index)
	assert.Contains(t, stderr, "notes.jsonl: listed as unreadable: results line 1: not a hallumaze result")
	page, err := os.ReadFile(index)
	require.NoError(t, err)
	for _, want := range []string{
		`<a href="hallumaze_results_20260301_090000.jsonl">`,
		`<a href="hallumaze_results_20260301_090000.html">html</a>`,
		`<a href="abstain.jsonl">`,
		`2026-03-01 09:00:00`,
		`<b>maze</b> SR↑`,
		`<b>abstain</b> right↑`,
		`agent/oracle`,
		`unreadable: results line 1`,
	} {
		assert.Contains(t, string(page), want)
	}

	t.Run("elsewhere", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "runs.html")
		code, _, stderr := runCLI(t, "report", "--index", dir, "-o", out, "--title", "Our runs")
		require.Equal(t, 0, code, stderr)
		page, err := os.ReadFile(out)
		require.NoError(t, err)
		rel, err := filepath.Rel(filepath.Dir(out), dir)
		require.NoError(t, err)
		assert.Contains(t, string(page), `<a href="`+filepath.ToSlash(rel)+`/abstain.jsonl">`)
		assert.Contains(t, string(page), `<title>Our runs</title>`)
	})
	t.Run("usage errors", func(t *testing.T) {
		for _, args := range [][]string{
			{"report", "--index", dir, filepath.Join(dir, "abstain.jsonl")},
			{"report", "--index", dir, "--csv", filepath.Join(dir, "x.csv")},
			{"report", "--index", filepath.Join(dir, "abstain.jsonl")},
			{"report", "--index", filepath.Join(dir, "nope")},
			{"report", "--index", dir, "-o", filepath.Join(dir, "no", "index.html")},
		} {
			code, _, stderr := runCLI(t, args...)
			assert.Equal(t, exitUsage, code, "%v: %s", args, stderr)
			assert.Contains(t, stderr, "report:", "%v", args)
		}
	})
}
