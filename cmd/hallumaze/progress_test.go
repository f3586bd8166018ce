package main

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites"
)

// TestTallyOnlyErrors: a model whose every case failed says so.
func TestTallyOnlyErrors(t *testing.T) {
	tally := modelTally{bySuite: map[string]bench.Tally{}}
	ss := suites.All()
	for range 2 {
		tally.add(results.Result{Suite: "maze", Model: "openai/x", Error: "boom"}, ss)
	}
	assert.Equal(t, "  ▶ openai/x\n  ✗ no scored case (2 errors)", tally.summary("openai/x", ss))
}

// TestTallyUnknownSuite: results of a suite with no tally of its own are
// summarised by the mean of each metric.
func TestTallyUnknownSuite(t *testing.T) {
	tally := modelTally{bySuite: map[string]bench.Tally{}}
	ss := suites.All()
	tally.add(results.Result{Suite: "toy", Model: "m/x", Metrics: map[string]float64{"acc": 1}}, ss)
	tally.add(results.Result{Suite: "toy", Model: "m/x", Metrics: map[string]float64{"acc": 0}}, ss)
	tally.add(results.Result{Suite: "toy", Model: "m/x", Error: "boom"}, ss)
	assert.Equal(t, "  ▶ m/x\n  toy: 2 cases | acc=0.500 | 1 errors not scored", tally.summary("m/x", ss))
}

// TestProgressBar: on a terminal the bar is redrawn in place with cases,
// errors, tokens, elapsed time and ETA, and summaries print above it.
func TestProgressBar(t *testing.T) {
	var out bytes.Buffer
	p := newProgress(&out, suites.All(), false, true)
	p.total = 2
	p.expect("agent/oracle", 2)
	p.add(results.Result{Suite: "maze", Model: "agent/oracle", Case: "a", Metrics: map[string]float64{"SR": 1}, Usage: results.Usage{InputTokens: 10, OutputTokens: 5}})
	p.add(results.Result{Suite: "maze", Model: "agent/oracle", Case: "b", Error: "boom"})
	p.finish()
	s := out.String()
	assert.Contains(t, s, "\r\033[K[")
	assert.Contains(t, s, "2/2 cases, 1 errors, 15 tokens, ")
	assert.Contains(t, s, "elapsed, ETA ")
	assert.Contains(t, s, "  ▶ agent/oracle\n")
	assert.NotContains(t, s, "[1/2]", "no plain lines on a terminal")
	assert.True(t, strings.HasSuffix(s, "\n"))
}

// TestAskSettings: --interactive asks each missing key, then the size and
// the runs, takes the defaults on an empty answer and asks again after a
// bad one.
func TestAskSettings(t *testing.T) {
	for _, tc := range []struct {
		name      string
		cfg       providers.Config
		input     string
		wantSize  int
		wantRuns  int
		wantKey   string
		wantErr   string
		wantAsked []string
	}{
		{name: "defaults", input: "\n\n\n\n\n\n", wantSize: 7, wantRuns: 1,
			wantAsked: []string{"Anthropic API key (ANTHROPIC_API_KEY; empty to skip): ", "Maze size (5, 7, 9, 11) [7]: ", "Runs per model [1]: "}},
		{name: "values", input: "sk-ant-test\n\n\n\n9\n3\n", wantSize: 9, wantRuns: 3, wantKey: "sk-ant-test"},
		{name: "key already set", cfg: providers.Config{AnthropicAPIKey: "set"}, input: "\n\n\n5\n2\n", wantSize: 5, wantRuns: 2, wantKey: "set"},
		{name: "asked again", input: "\n\n\n\n1\nseven\n11\n\n", wantSize: 11, wantRuns: 1, wantAsked: []string{"--size 1 out of range", `--size "seven" is not a number`}},
		{name: "three bad answers", input: "\n\n\n\n1\n1\n1\n", wantErr: "--size 1 out of range"},
		{name: "end of input", input: "\n\n", wantErr: "no answer to"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			a := newApp()
			o, err := a.parseRun(nil, io.Discard)
			require.NoError(t, err)
			cfg, err := a.askSettings(o, tc.cfg, strings.NewReader(tc.input), &out)
			if tc.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, strconv.Itoa(tc.wantSize), o.fs.Lookup("size").Value.String())
			assert.Equal(t, strconv.Itoa(tc.wantRuns), o.fs.Lookup("runs").Value.String())
			assert.Equal(t, tc.wantKey, cfg.AnthropicAPIKey)
			for _, s := range tc.wantAsked {
				assert.Contains(t, out.String(), s)
			}
		})
	}
}
