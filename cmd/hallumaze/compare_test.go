package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/results"
)

// abstainRun plays the Missing Piece items with the models given and
// returns the results file.
func abstainRun(t *testing.T, dir, name, models string) string {
	t.Helper()
	code, _, stderr := runCLI(t, "run", "--suite", "abstain", "--models", models, "--quiet", "--output", filepath.Join(dir, name+".json"))
	require.Equal(t, 0, code, stderr)
	return filepath.Join(dir, name+".jsonl")
}

func TestReportCompare(t *testing.T) {
	dir := t.TempDir()
	base := abstainRun(t, dir, "base", "agent/checker")
	cand := abstainRun(t, dir, "cand", "agent/always-answer")
	page := filepath.Join(dir, "cmp.html")
	code, out, stderr := runReportCLI(t, "--compare", base, cand, "-o", page)
	require.Equal(t, 0, code, stderr)

	// The flips are the items the checker had right and always-answer not.
	b, _, err := results.ReadFile(base)
	require.NoError(t, err)
	c, _, err := results.ReadFile(cand)
	require.NoError(t, err)
	right := map[string]float64{}
	for _, r := range b {
		right[r.Key()] = r.Metrics["right"]
	}
	losses, gains := 0, 0
	for _, r := range c {
		switch {
		case right[r.Key()] == 1 && r.Metrics["right"] == 0:
			losses++
		case right[r.Key()] == 0 && r.Metrics["right"] == 1:
			gains++
		}
	}
	require.Positive(t, losses)
	assert.Contains(t, out, "agent/checker → agent/always-answer: 120 paired cases")
	assert.Contains(t, out, fmt.Sprintf("flipped: %d (%d pass → fail, %d fail → pass)", losses+gains, losses, gains))
	assert.Regexp(t, `right\s+higher\s+120\s+1\.0000\s+\S+\s+-\S+\s+mcnemar\s+\S+\s+regressed`, out)
	assert.Equal(t, maxFlipLines, strings.Count(out, "pass → fail  abstain/"), "the terminal lists the first flips")

	// The same paired test as the gate over the same files.
	code, gate, stderr := runCLI(t, "gate", "--base", "agent/checker", "--cand", "agent/always-answer", "--results", base+","+cand)
	require.Equal(t, 1, code, stderr)
	p := regexp.MustCompile(`\| right \| higher \| 120 \| [^|]+\| [^|]+\| [^|]+\| [^|]+\| mcnemar \(b=(\d+) c=(\d+)\) \| ([^ ]+) \|`).FindStringSubmatch(gate)
	require.NotNil(t, p, gate)
	assert.Equal(t, p[1], fmt.Sprint(losses), "the gate's b is the losses")

	html, err := os.ReadFile(page)
	require.NoError(t, err)
	assert.Contains(t, string(html), `<table class="compare-metrics">`)
	assert.Equal(t, losses+gains, strings.Count(string(html), `<td class="case-name">abstain/`), "every flip on the page")
	assert.Contains(t, string(html), `<tr class="regressed"><td>right</td>`)
}

func TestReportCompareErrors(t *testing.T) {
	dir := t.TempDir()
	two := abstainRun(t, dir, "two", "agent/checker,agent/always-abstain")
	one := abstainRun(t, dir, "one", "agent/always-answer")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"one file", []string{"--compare", two}, "--compare takes two results files"},
		{"three files", []string{"--compare", two, one, two}, "--compare takes two results files"},
		{"no shared model", []string{"--compare", two, one}, "the runs share no model (base: agent/always-abstain, agent/checker; candidate: agent/always-answer)"},
		{"csv", []string{"--compare", two, two, "--csv", filepath.Join(dir, "x.csv")}, "--compare takes two results files and -o only"},
		{"tier", []string{"--compare", two, two, "--tier", "loose"}, `--tier "loose"`},
		{"missing", []string{"--compare", two, filepath.Join(dir, "none.jsonl")}, "none.jsonl"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runReportCLI(t, tc.args...)
			assert.Equal(t, 2, code)
			assert.Contains(t, stderr, tc.want)
			assert.Equal(t, 1, strings.Count(strings.TrimSpace(stderr), "\n")+1, "one line: %s", stderr)
		})
	}
}
