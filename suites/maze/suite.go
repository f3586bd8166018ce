// Package maze is the HalluMaze suite: the harness's view of the mazes
// package. It turns mazes and framings into cases (one-shot or
// interactive, with the Ariadne's Thread hints), declares the suite's
// metrics, flags, reference agents, experiments, gate rules and commands,
// and hands the results to mazereport, which lays out the suite's part of
// the reports.
package maze

import (
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/agents"
	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites/maze/mazereport"
)

// Name is the suite's name: the --suite value, the results' Suite and the
// cassette folder.
const Name = "maze"

// New is HalluMaze as the harness, the report and the command see it.
func New() bench.Suite {
	return bench.Suite{
		Name:        Name,
		Title:       "HalluMaze",
		Metrics:     metrics,
		Flags:       declareFlags,
		Standard:    standardCases,
		Agents:      referenceAgents(),
		Experiments: experiments(),
		Benchmarks:  benchmarks(),
		Gate:        gateFile(),
		Summarize:   mazereport.Summarize,
		Accumulate:  mazereport.Accumulate,
		NewTally:    mazereport.NewTally,
		Status:      mazereport.Status,
		Preamble:    mazereport.Preamble,
		Asks:        []bench.Ask{{Flag: "size", Prompt: "Maze size (5, 7, 9, 11)"}, {Flag: "runs", Prompt: "Runs per model"}},
		Commands:    commands(),
		ReadSeed:    mazereport.ReadSeed,
		ReadHuman:   mazereport.ReadHuman,
	}
}

// metrics are the strict tier's metrics, then each again under the lenient
// tier (with [LenientSuffix]), then the format measurements.
var metrics = withLenient(strictMetrics, results.Metrics{
	{Name: "format-compliance", Better: results.Higher, Exact: true, Doc: "share of the case's replies the strict tier reads"},
	{Name: "reasks", Unit: "reasks/case", Better: results.Lower, Exact: true, Doc: "interactive: replies with no readable move, asked again"},
})

// withLenient declares each strict metric again under the lenient tier.
func withLenient(strict, extra results.Metrics) results.Metrics {
	out := append(results.Metrics{}, strict...)
	for _, m := range strict {
		l := m
		l.Name += LenientSuffix
		if m.Unit != "" {
			l.Unit = strings.Replace(m.Unit, m.Name, l.Name, 1)
		}
		l.Doc += " (lenient tier)"
		out = append(out, l)
	}
	return append(out, extra...)
}

var strictMetrics = results.Metrics{
	{Name: "SR", Better: results.Higher, Exact: true, Doc: "success rate: the walk reached the EXIT"},
	{Name: "path-valid", Better: results.Higher, Exact: true, Doc: "the FINAL_PATH is a valid path from START to EXIT"},
	{Name: "MEI", Better: results.Higher, Exact: true, Doc: "Metacognitive Escape Index"},
	{Name: "BRS", Better: results.Higher, Exact: true, Doc: "resistance to Linguistic Mirage lures"},
	{Name: "score", Better: results.Higher, Exact: true, Doc: "the HalluMaze Score"},
	{Name: "HC", Unit: "HC/case", Better: results.Lower, Exact: true, Doc: "hallucinated moves"},
	{Name: "BT", Unit: "BT/case", Better: results.Higher, Exact: true, Doc: "backtracks the model declared (a metacognitive signal)"},
	{Name: "LT", Unit: "LT/case", Better: results.Higher, Exact: true, Doc: "loops the model declared (a metacognitive signal)"},
	{Name: "HRR", Better: results.Higher, Exact: true, Doc: "hallucination recognition rate"},
	{Name: "steps", Unit: "steps/case", Better: results.Lower, Exact: true, Doc: "steps written"},
	{Name: "unparsed", Better: results.Lower, Exact: true, Doc: "lines of the reply the parser could not read"},
	{Name: "optimal", Better: results.Higher, Exact: true, Doc: "the walk is the shortest path"},
	{Name: "CE", Better: results.Lower, Exact: true, Doc: "calibration error of the stated confidences"},
	{Name: "brier", Better: results.Lower, Exact: true, Doc: "Brier score of the stated confidences"},
	{Name: "lure-rate", Better: results.Lower, Exact: true, Doc: "share of lure exposures followed"},
	{Name: "cut-by-max-tokens", Better: results.Lower, Exact: true, Doc: "the reply was cut by the token budget"},
	{Name: "steps-used", Better: results.Lower, Exact: true, Doc: "interactive: moves made"},
	{Name: "wall-bumps", Better: results.Lower, Exact: true, Doc: "interactive: moves the world refused"},
	{Name: "hints", Unit: "hints/case", Better: results.Lower, Exact: true, Doc: "Ariadne's Thread hints given"},
	{Name: "NRS", Better: results.Higher, Exact: true, Doc: "hint response speed (Ariadne group B)"},
	{Name: "hint-ignore", Better: results.Lower, Exact: true, Doc: "share of hints ignored"},
}

// standardCases is the TestMaze grid: what the gate plays.
func standardCases() ([]bench.Case, error) { return Cases(Grid()) }

// referenceAgents are the maze reference agents, in order of decreasing skill; the
// explorer stands for a model in hallumaze estimate. The hint follower is
// an extra agent: TestAriadne plays it, and --models agent/follower runs
// it.
func referenceAgents() []bench.Agent {
	var out []bench.Agent
	for _, name := range agents.Names() {
		m, _ := agents.Lookup(name)
		out = append(out, bench.Agent{Name: name, Model: m, Estimate: name == "explorer"})
	}
	for _, name := range agents.HintNames() {
		m, _ := agents.Lookup(name)
		out = append(out, bench.Agent{Name: name, Model: m, Extra: true})
	}
	// The cross-suite personas (the random walker is one already).
	for _, name := range agents.PersonaNames() {
		if m, _ := agents.MazePersona(name); !slices.ContainsFunc(out, func(a bench.Agent) bool { return a.Name == name }) {
			out = append(out, bench.Agent{Name: name, Model: m, Extra: true})
		}
	}
	return out
}

// gateFile compares SR (McNemar), MEI and Score (Wilcoxon), BRS and CE
// (bootstrap) and HC (Wilcoxon); the oracle and the explorer solve every
// maze without a hallucinated move.
func gateFile() bench.GateFile {
	return bench.GateFile{
		Metrics: []bench.GateMetric{
			{Metric: "SR", Suite: Name, MaxDrop: 0.05, Alpha: 0.05, Test: "mcnemar"},
			{Metric: "MEI", Suite: Name, MaxDrop: 0.02, Alpha: 0.05, Test: "wilcoxon"},
			{Metric: "score", Suite: Name, MaxDrop: 0.02, Alpha: 0.05, Test: "wilcoxon"},
			{Metric: "BRS", Suite: Name, MaxDrop: 0.05, Alpha: 0.05, Test: "bootstrap"},
			{Metric: "CE", Suite: Name, MaxDrop: 0.05, Alpha: 0.05, Test: "bootstrap"},
			{Metric: "HC", Suite: Name, MaxDrop: 0.5, Alpha: 0.05, Test: "wilcoxon"},
		},
		Floors: map[string]map[string]float64{
			"agent/oracle":   {"SR": 1, "MEI": 0.8999, "HC": 0},
			"agent/explorer": {"SR": 1, "HC": 0},
		},
	}
}
