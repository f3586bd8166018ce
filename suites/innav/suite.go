// Package innav is the suite of HalluWorld episodes the model acts in
// (HalluWorld's InNav, extended to the terminal): a walk through a grid
// level, a task in the simulated shell. The world answers each reply; after
// the episode the questions are asked in the same conversation, their golds
// following what the model actually saw and what its own actions did. Each
// episode is also played as its static twin (HalluWorld's innav_paired):
// a scripted episode read whole, the same questions after it. The domain
// lives in worlds, worlds/grid and worlds/terminal; this package presents
// it to the harness and the reports.
package innav

import (
	"fmt"
	"sync"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/worlds/grid"
)

// Name is the suite's name.
const Name = "innav"

// New is the suite of acting episodes as the harness, the report and the
// command see it. It plays no personas: they answer one-shot questions, and
// an InNav episode is acted before it is asked.
func New() bench.Suite {
	return bench.Suite{
		Name:        Name,
		Title:       "HalluWorld InNav",
		Metrics:     metrics,
		Flags:       declareFlags,
		Standard:    standardCases,
		Agents:      referenceAgents(),
		Experiments: experiments(),
		Benchmarks:  benchmarkList(),
		Gate:        gateFile(),
		Summarize:   summarize,
		Accumulate:  accumulate,
	}
}

var (
	gridOnce sync.Once
	gridW    *grid.World
	gridErr  error
)

// gridWorld is the grid world, loaded once.
func gridWorld() (*grid.World, error) {
	gridOnce.Do(func() {
		gridW, gridErr = grid.New()
		if gridErr != nil {
			gridErr = fmt.Errorf("innav: %w", gridErr)
		}
	})
	return gridW, gridErr
}

// metrics are the per-case metrics.
var metrics = results.Metrics{
	{Name: "targets-reached", Better: results.Higher, Exact: true, Doc: "places of the walk reached / places (grid, the model's own walk)"},
	{Name: "nav-success", Better: results.Higher, Exact: true, Doc: "every place of the walk reached (grid)"},
	{Name: "task-success", Better: results.Higher, Exact: true, Doc: "the terminal task done, as the final file system shows"},
	{Name: "actions-used", Better: results.Lower, Exact: true, Doc: "actions the world played"},
	{Name: "action-compliance", Better: results.Higher, Exact: true, Doc: "replies whose action the strict form read / replies during the episode"},
	{Name: "unread-actions", Better: results.Lower, Exact: true, Doc: "replies during the episode no tier read an action from (answered with the fixed reply)"},
	{Name: "probe-accuracy", Better: results.Higher, Exact: true, Doc: "questions answered right / questions"},
	{Name: "halluc-seen", Better: results.Lower, Exact: true, Doc: "wrong concrete answers / questions the episode settled (seen facts)"},
	{Name: "halluc-unseen", Better: results.Lower, Exact: true, Doc: "concrete answers / questions the episode left UNKNOWN (never-seen facts)"},
	{Name: "own-false", Better: results.Lower, Exact: true, Doc: "false claims about the model's own past actions / questions about them"},
	{Name: "probe-accuracy-prime", Better: results.Higher, Exact: true, Doc: "(accuracy − the question-only prior's accuracy) / (1 − the prior's), over a set of episodes (BenchmarkInNav)"},
	{Name: "probe-parse-fail", Better: results.Lower, Exact: true, Doc: "answers that broke the key=value contract / questions"},
}

// gateFile compares the questions answered right and the hallucinations,
// case by case; the navigator never hallucinates.
func gateFile() bench.GateFile {
	return bench.GateFile{
		Metrics: []bench.GateMetric{
			{Metric: "probe-accuracy", Suite: Name, MaxDrop: 0.05, Alpha: 0.05, Test: "wilcoxon"},
			{Metric: "halluc-unseen", Suite: Name, MaxDrop: 0.05, Alpha: 0.05, Test: "wilcoxon"},
		},
		Floors: map[string]map[string]float64{"agent/navigator": {"halluc-seen": 0, "halluc-unseen": 0}},
	}
}
