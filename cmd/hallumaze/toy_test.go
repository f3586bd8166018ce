package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"html/template"
	"io"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites"
)

// toySuite is a benchmark family made inside this test: two cases that ask
// the model to repeat a word, one metric, one agent that parrots. Adding it
// to the suite list is all it takes to see it in run, report, gate and
// estimate. docs/architecture.md shows this code as its worked example
// (TestArchitectureExample keeps the two alike).
func toySuite() bench.Suite {
	return bench.Suite{
		Name:  "toy", // --suite toy, results' suite, cassettes/toy/
		Title: "Toy",
		Metrics: results.Metrics{
			{Name: "echo", Better: results.Higher, Exact: true, Doc: "the reply repeats the word"},
		},
		Flags:    toyFlags,
		Standard: func() ([]bench.Case, error) { return toyCases("hello"), nil },
		Agents:   []bench.Agent{{Name: "parrot", Model: parrot, Estimate: true}},
		Experiments: []bench.Experiment{
			{Name: "Toy", Cases: func() ([]bench.Case, error) { return toyCases("hello"), nil }},
		},
		Gate: bench.GateFile{Metrics: []bench.GateMetric{
			{Metric: "echo", Suite: "toy", MaxDrop: 0, Alpha: 0.05, Test: "mcnemar"},
		}},
		Summarize: toySummary,
	}
}

// toyFlags declares --toy-word (--word when no other suite of the run
// declares one).
func toyFlags(fs *flag.FlagSet) func() (iter.Seq[bench.Case], error) {
	word := fs.String("toy-word", "hello", "the word the toy cases ask for")
	return func() (iter.Seq[bench.Case], error) {
		if *word == "" {
			return nil, fmt.Errorf("--toy-word is empty")
		}
		return slices.Values(toyCases(*word)), nil
	}
}

// toyCases are two cases that ask for word.
func toyCases(word string) []bench.Case {
	var out []bench.Case
	for i := 1; i <= 2; i++ {
		out = append(out, bench.Case{Suite: "toy", Name: fmt.Sprintf("echo/%d", i), Tags: map[string]string{"word": word},
			Play: func(ctx context.Context, chat *bench.Chat) (bench.Outcome, error) {
				rep, err := chat.Say(ctx, "Say "+word)
				if err != nil {
					return bench.Outcome{}, err // a provider error: the case is not scored
				}
				echo := 0.0
				if strings.Contains(rep.Text, word) {
					echo = 1
				}
				return bench.Outcome{Metrics: map[string]float64{"echo": echo}}, nil
			}})
	}
	return out
}

// parrot is the toy suite's reference agent: it says the word asked for.
var parrot = providers.ModelFunc(func(_ context.Context, req providers.Request) (providers.Reply, error) {
	text := strings.TrimPrefix(req.Messages[len(req.Messages)-1].Content, "Say ")
	return providers.Reply{Text: text, StopReason: "end", Usage: providers.Usage{InputTokens: 3, OutputTokens: 1}}, nil
})

// toySummary is the toy suite's section of the report.
func toySummary(rs []results.Result, _ report.Options) (report.Section, error) {
	sec := report.Section{Title: "Toy"}
	sec.JSON = []report.Member{{Key: "toy", Value: map[string]int{"results": len(rs)}}}
	if len(rs) == 0 {
		return sec, nil
	}
	sec.Models = []string{rs[0].Model}
	sec.Text = fmt.Sprintf("Toy: %d results\n", len(rs))
	sec.HTML = template.HTML(`<section id="toy"><h2>Toy</h2></section>`)
	sec.Nav = []report.Link{{ID: "toy", Text: "Toy"}}
	return sec, nil
}

// TestToySuite is the definition of a plug-in suite: a suite made here,
// added to the list, plays, streams and resumes in run, shows in the
// report's three outputs, is compared by the gate and priced by estimate,
// with no other file knowing of it.
func TestToySuite(t *testing.T) {
	list := append(suites.All(), toySuite())
	call := runCall{suites: list}
	dir := t.TempDir()
	out := filepath.Join(dir, "toy.json")
	jsonl := filepath.Join(dir, "toy.jsonl")

	code, stdout, stderr, _ := call.run(t, t.Context(), "--suite", "toy", "--toy-word", "maze", "--output", out, "--html", "auto", "--csv")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "[2/2] agent/parrot toy/echo/")
	assert.Contains(t, stderr, "Toy: 2 cases | echo=1.000")
	assert.Contains(t, stdout, "Toy: 2 results")
	rs := readJSONL(t, jsonl)
	require.Len(t, rs, 2)
	assert.Equal(t, "maze", rs[0].Tags["word"])
	var js map[string]any
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &js))
	assert.Equal(t, map[string]any{"results": 2.0}, js["toy"])
	page, err := os.ReadFile(filepath.Join(dir, "toy.html"))
	require.NoError(t, err)
	assert.Contains(t, string(page), `<section id="toy">`)
	assert.Contains(t, string(page), `data-case="toy/echo/1"`)

	// Resume: the second case is lost, and played again alone.
	lines := strings.SplitAfter(string(mustRead(t, jsonl)), "\n")
	require.NoError(t, os.WriteFile(jsonl, []byte(lines[0]), 0o644))
	// The flag's bare spelling: no other suite of the run declares --word.
	code, _, stderr, _ = call.run(t, t.Context(), "--suite", "toy", "--word", "maze", "--resume", jsonl)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "resume: 1 finished case(s) kept")
	assert.Contains(t, stderr, "[1/1] agent/parrot toy/")
	assert.Len(t, readJSONL(t, jsonl), 2)

	// The report, the gate and estimate know it through the list.
	a := call.app()
	var rep, gate, est bytes.Buffer
	require.NoError(t, a.runReport(t.Context(), []string{jsonl, "-o", filepath.Join(dir, "r.html"), "--json", filepath.Join(dir, "r.json")}, &rep, io.Discard))
	assert.Contains(t, rep.String(), "Toy: 2 results")
	require.NoError(t, a.runGate(t.Context(), []string{"--suite", "toy", "--base", "agent/parrot", "--cand", "agent/parrot"}, &gate, io.Discard))
	assert.Contains(t, gate.String(), "| echo | higher | 2 |")
	require.NoError(t, a.runEstimate(t.Context(), nil, &est, io.Discard))
	assert.Regexp(t, `(?m)^toy\s+2\s+2\s+6\s+0\s+6`, est.String())
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return data
}

// toyClash is the toy suite with a flag or a metric that another suite of
// the list declares too.
func toyClash(flagName string, metric *results.Metric) bench.Suite {
	s := toySuite()
	if flagName != "" {
		s.Flags = func(fs *flag.FlagSet) func() (iter.Seq[bench.Case], error) {
			fs.String(flagName, "", "a flag another suite declares")
			return toyFlags(fs)
		}
	}
	if metric != nil {
		s.Metrics = append(s.Metrics, *metric)
	}
	return s
}

// TestToySuiteClash: a suite whose flag or metric clashes with another
// suite's stops every command as it starts, with exit 2 and one line that
// names both suites, instead of a panic of the flag package or a metric
// gated the other suite's way.
func TestToySuiteClash(t *testing.T) {
	lowerRight := results.Metric{Name: "right", Better: results.Lower, Exact: true, Doc: "the coin came up as called"}
	for _, tc := range []struct {
		name  string
		suite bench.Suite
		want  string
	}{
		{"flag", toyClash("size", nil), "hallumaze: suite list: suites maze and toy both declare --size\n"},
		{"prefixed flag", toyClash("worlds-level", nil), "hallumaze: suite list: suites worlds and toy both declare --worlds-level\n"},
		{"metric", toyClash("", &lowerRight), `hallumaze: suite list: suites abstain and toy declare metric "right" apart: better already set to "higher", not "lower"` + "\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := runCall{suites: append(suites.All(), tc.suite)}.app()
			for _, args := range [][]string{{"run", "--help"}, {"run", "--suite", "all"}, {"report", "--help"}} {
				var stdout, stderr bytes.Buffer
				code := a.exitCode(t.Context(), a.run(t.Context(), args, &stdout, &stderr), &stderr)
				assert.Equal(t, exitUsage, code, args)
				assert.Equal(t, tc.want, stderr.String(), args)
				assert.Empty(t, stdout.String(), args)
			}
		})
	}
	// A metric the toy suite declares as the others do is no clash.
	right := results.Metric{Name: "right", Better: results.Higher, Exact: true, Doc: "the coin came up as called"}
	a := runCall{suites: append(suites.All(), toyClash("", &right))}.app()
	require.NoError(t, a.checkSuites())
}

// TestArchitectureExample: the Go blocks of docs/architecture.md's worked
// example are this file's toy suite, line for line, so the recipe the
// docs give is the one TestToySuite shows to work.
func TestArchitectureExample(t *testing.T) {
	doc := string(mustRead(t, filepath.Join("..", "..", "docs", "architecture.md")))
	_, example, ok := strings.Cut(doc, "## Adding a suite: a worked example")
	require.True(t, ok, "docs/architecture.md has no worked example")
	src := string(mustRead(t, "toy_test.go"))
	blocks := 0
	for _, part := range strings.Split(example, "```go\n")[1:] {
		block, _, ok := strings.Cut(part, "```")
		require.True(t, ok, "an unclosed code block")
		var lines []string
		for _, line := range strings.Split(strings.TrimRight(block, " \n"), "\n") {
			lines = append(lines, strings.TrimPrefix(line, "   "))
		}
		code := strings.Join(lines, "\n")
		assert.Contains(t, src, code, "a code block of the worked example is not in toy_test.go")
		blocks++
	}
	assert.GreaterOrEqual(t, blocks, 3)
	// Step 3's one line is the only edit outside the suite's packages.
	assert.Contains(t, example, "add `toy.New()` to `suites.All()`")
}
