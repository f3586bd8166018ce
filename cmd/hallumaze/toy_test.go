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
// estimate.
type toySuite struct{}

func (toySuite) Name() string  { return "toy" }
func (toySuite) Title() string { return "Toy" }
func (toySuite) Metrics() results.Metrics {
	return results.Metrics{{Name: "echo", Better: results.Higher, Exact: true, Doc: "the reply repeats the word"}}
}

func (s toySuite) Flags(fs *flag.FlagSet) func() (iter.Seq[bench.Case], error) {
	word := fs.String("toy-word", "hello", "the word the toy cases ask for")
	return func() (iter.Seq[bench.Case], error) {
		if *word == "" {
			return nil, fmt.Errorf("--toy-word is empty")
		}
		return func(yield func(bench.Case) bool) {
			for _, c := range toyCases(*word) {
				if !yield(c) {
					return
				}
			}
		}, nil
	}
}

func toyCases(word string) []bench.Case {
	var out []bench.Case
	for i := 1; i <= 2; i++ {
		out = append(out, bench.Case{Suite: "toy", Name: fmt.Sprintf("echo/%d", i), Tags: map[string]string{"word": word},
			Play: func(ctx context.Context, chat *bench.Chat) (bench.Outcome, error) {
				rep, err := chat.Say(ctx, "Say "+word)
				if err != nil {
					return bench.Outcome{}, err
				}
				return bench.Outcome{Metrics: map[string]float64{"echo": b2f(strings.Contains(rep.Text, word))}}, nil
			}})
	}
	return out
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func (toySuite) Standard() ([]bench.Case, error) { return toyCases("hello"), nil }

func (toySuite) Agents() []bench.Agent {
	parrot := providers.ModelFunc(func(_ context.Context, req providers.Request) (providers.Reply, error) {
		text := strings.TrimPrefix(req.Messages[len(req.Messages)-1].Content, "Say ")
		return providers.Reply{Text: text, StopReason: "end", Usage: providers.Usage{InputTokens: 3, OutputTokens: 1}}, nil
	})
	return []bench.Agent{{Name: "parrot", Model: parrot, Estimate: true}}
}

func (s toySuite) Experiments() []bench.Experiment {
	return []bench.Experiment{{Name: "Toy", Cases: s.Standard}}
}

func (toySuite) Benchmarks() []bench.Benchmark { return nil }

func (toySuite) Gate() bench.GateFile {
	return bench.GateFile{Metrics: []bench.GateMetric{{Metric: "echo", Suite: "toy", MaxDrop: 0, Alpha: 0.05, Test: "mcnemar"}}}
}

func (toySuite) Summarize(rs []results.Result, _ report.Options) (report.Section, error) {
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
	list := append(suites.All(), toySuite{})
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
	code, _, stderr, _ = call.run(t, t.Context(), "--suite", "toy", "--toy-word", "maze", "--resume", jsonl)
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
