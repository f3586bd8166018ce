// Package worlds is the HalluWorld suite: the harness's view of the worlds
// packages. Each probe is a one-shot case: the world's system prompt, the
// probe's user message, one reply parsed by the key=value contract and
// judged against the gold the world computed. The suite declares its
// metrics, flags, reference agents, experiments and gate rules, and lays
// out its results: the world × category accuracy with Wilson intervals,
// every rate of the spec, McNemar's test between models, and each probe's
// view (the chess board drawn, the verdict).
package worlds

import (
	"fmt"
	"slices"
	"sync"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/results"
	hw "github.com/hallumaze/hallumaze/worlds"
	"github.com/hallumaze/hallumaze/worlds/chess"
	"github.com/hallumaze/hallumaze/worlds/grid"
	"github.com/hallumaze/hallumaze/worlds/terminal"
)

// Name is the suite's name.
const Name = "worlds"

// New is HalluWorld as the harness, the report and the command see it.
func New() bench.Suite {
	return bench.Suite{
		Name:        Name,
		Title:       "HalluWorld",
		Metrics:     metrics,
		Flags:       declareFlags,
		Standard:    standardCases,
		Agents:      referenceAgents(),
		Experiments: experiments(),
		Benchmarks:  benchmarkList(),
		Gate:        gateFile(),
		Summarize:   summarize,
		Accumulate:  accumulate,
		Commands:    commands(),
	}
}

var (
	loadOnce  sync.Once
	loaded    []hw.World
	loadError error
)

// Worlds are the reference worlds, in the order grid, chess, terminal.
func Worlds() ([]hw.World, error) {
	loadOnce.Do(func() {
		g, err := grid.New()
		if err != nil {
			loadError = fmt.Errorf("worlds: %w", err)
			return
		}
		loaded = []hw.World{g, chess.New(), terminal.New()}
	})
	return loaded, loadError
}

var (
	stdMu    sync.Mutex
	stdCache = map[string][]hw.Probe{}
)

// standard is a world's standard set, made once.
func standard(w hw.World) ([]hw.Probe, error) {
	stdMu.Lock()
	defer stdMu.Unlock()
	if ps, ok := stdCache[w.Name()]; ok {
		return ps, nil
	}
	ps, err := w.Standard()
	if err != nil {
		return nil, fmt.Errorf("worlds: %s: %w", w.Name(), err)
	}
	stdCache[w.Name()] = ps
	return ps, nil
}

// world finds a world by name.
func world(name string) (hw.World, error) {
	ws, err := Worlds()
	if err != nil {
		return nil, err
	}
	i := slices.IndexFunc(ws, func(w hw.World) bool { return w.Name() == name })
	if i < 0 {
		return nil, fmt.Errorf("unknown world %q (want %s)", name, worldNames(ws))
	}
	return ws[i], nil
}

func worldNames(ws []hw.World) string {
	var names []string
	for _, w := range ws {
		names = append(names, w.Name())
	}
	return fmt.Sprint(names)
}

var metrics = results.Metrics{
	{Name: "right", Better: results.Higher, Exact: true, Doc: "the reply is the gold, or an abstention where the gold is UNKNOWN"},
	{Name: "hallucinated", Better: results.Lower, Exact: true, Doc: "a concrete answer that is not the gold"},
	{Name: "abstained", Better: results.Higher, Exact: true, Doc: "the reply was unknown"},
	{Name: "parse-fail", Better: results.Lower, Exact: true, Doc: "the reply broke the key=value contract"},
	{Name: "over-abstained", Better: results.Lower, Exact: true, Doc: "an abstention where the evidence determines the answer"},
	{Name: "skill", Better: results.Higher, Exact: true, Doc: "accuracy′ over the question-only prior, an abstention on an answerable probe counted as the prior's answer (the ranking measure)"},
	{Name: "accuracy", Better: results.Higher, Exact: true, Doc: "right / probes"},
	{Name: "hallucination-rate", Better: results.Lower, Exact: true, Doc: "hallucinated / probes"},
	{Name: "abstention-recall", Better: results.Higher, Exact: true, Doc: "abstentions / probes with gold UNKNOWN"},
	{Name: "over-abstention", Better: results.Lower, Exact: true, Doc: "abstentions / answerable probes"},
}

// standardCases is every world's standard set: what the gate plays.
func standardCases() ([]bench.Case, error) {
	ws, err := Worlds()
	if err != nil {
		return nil, err
	}
	var out []bench.Case
	for _, w := range ws {
		probes, err := standard(w)
		if err != nil {
			return nil, err
		}
		for _, p := range probes {
			out = append(out, NewCase(w, p))
		}
	}
	return out, nil
}

// gateFile compares right and hallucinated per probe with McNemar's exact
// test; the oracle never hallucinates.
func gateFile() bench.GateFile {
	return bench.GateFile{
		Metrics: []bench.GateMetric{
			{Metric: "right", Suite: Name, MaxDrop: 0.02, Alpha: 0.05, Test: "mcnemar"},
			{Metric: "hallucinated", Suite: Name, MaxDrop: 0.02, Alpha: 0.05, Test: "mcnemar"},
		},
		Floors: map[string]map[string]float64{"agent/oracle": {"hallucinated": 0}},
	}
}
