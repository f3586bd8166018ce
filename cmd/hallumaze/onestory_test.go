package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFilterThatDropsASuiteSaysSoOnce: a filter that leaves a suite no
// case says so once, and prints nothing for the models of that suite.
func TestFilterThatDropsASuiteSaysSoOnce(t *testing.T) {
	dir := t.TempDir()
	code, stdout, stderr := runCLI(t, "run", "--suite", "all", "--filter", "size=7", "--limit", "20", "--output", filepath.Join(dir, "r.json"))
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, 1, strings.Count(stderr, `run: --filter "size=7" matches no case of Missing Piece, HalluWorld or HalluWorld InNav, which are not played`), stderr)
	for _, agent := range []string{"agent/checker", "agent/always-abstain", "agent/credulous", "agent/always-unknown"} {
		assert.NotContains(t, stderr, "▶ "+agent, "no summary for a model with no case")
		assert.NotContains(t, stdout, agent, "no table row for a model with no case")
	}
	assert.Contains(t, stderr, "▶ agent/oracle")
}

// TestHalluWorldSaysItsTies: models whose probes do not differ from the
// first's share its rank, and the best line says so, as the maze board
// does.
func TestHalluWorldSaysItsTies(t *testing.T) {
	dir := t.TempDir()
	code, stdout, stderr := runCLI(t, "run", "--suite", "worlds", "--limit", "40", "--quiet", "--models", "agent/oracle,agent/credulous,agent/prior", "--output", filepath.Join(dir, "r.json"))
	require.Equal(t, 0, code, stderr)
	assert.Regexp(t, `│  =1\. agent/credulous `, stdout)
	assert.Regexp(t, `│  =1\. agent/oracle `, stdout)
	assert.Regexp(t, `│  3\. agent/prior `, stdout)
	assert.Contains(t, stdout, "(statistically tied for first with agent/oracle: McNemar over right p ≥ 0.05)")
}

// TestReadingsInTheRunsLanguage: an English run reads in English only,
// --bilingual in both.
func TestReadingsInTheRunsLanguage(t *testing.T) {
	dir := t.TempDir()
	code, stdout, stderr := runCLI(t, "run", "--runs", "2", "--quiet", "--output", filepath.Join(dir, "en.json"))
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "excellent metacognition")
	assert.NotContains(t, stdout, "우수한 메타인지")
	assert.Regexp(t, `MEI′ \S+ \(seed's MEI \S+\)`, stdout)
	assert.NotRegexp(t, `MEI=[0-9.]+[●◑○]`, stdout+stderr, "no band on the raw MEI")
	code, stdout, stderr = runCLI(t, "run", "--runs", "2", "--quiet", "--bilingual", "--output", filepath.Join(dir, "both.json"))
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "excellent metacognition — AGI-oriented / 우수한 메타인지 — AGI 지향적")
}
