package maze

import (
	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites/maze/analysis"
)

// effortStudy compares effort levels on the Mirage pairs (sizes 5, 7, 9,
// 11 × seeds 1–3, lures shown and hidden), with the lures as the category:
// SR with the exact McNemar test over mazes, MEI, BRS and the
// hallucination count with the paired sign-flip test over mazes (the
// leaderboard's machinery) and its cluster-bootstrap interval.
var effortStudy = bench.EffortStudy{
	Category: func(r results.Result) string { return "mirage=" + r.Tags["mirage"] },
	Metrics: []bench.EffortMetric{
		{Name: "SR", Better: results.Higher, Test: bench.TestMcNemar},
		{Name: "MEI", Better: results.Higher, Test: bench.TestSignFlip},
		{Name: "BRS", Better: results.Higher, Test: bench.TestSignFlip},
		{Name: "HC", Better: results.Lower, Test: bench.TestSignFlip},
	},
	Cluster: analysis.MazeKey,
}

// effortAgents are the maze's reference agents of the Effort experiment:
// the lured walker, which checks the walls (medium) and the lures (high)
// at a higher effort, and the explorer, whose search no effort changes
// (the control).
var effortAgents = []string{
	"agent/lured@effort=low", "agent/lured@effort=medium", "agent/lured@effort=high",
	"agent/explorer@effort=low", "agent/explorer@effort=high",
}

// effortExperiment is TestEffort's HalluMaze part: the Mirage pairs at
// each effort level of the reference agents and of every model recorded at
// two or more levels, and the effect of effort with the lures shown and
// hidden.
func effortExperiment() bench.Experiment {
	return bench.EffortExperiment("HalluMaze, the Mirage pairs (one-shot, 12 mazes with lures shown and hidden)", casesOf(mirageSpecs), Check, effortStudy, effortAgents, effortExpected)
}

// effortExpected is what the reference agents must show, in-process or
// recorded: with the lures shown, the lured walker hallucinates less and
// escapes more at a medium or high effort than at a low one (its MEI
// rises with them); with them hidden effort changes nothing; the explorer
// changes nothing anywhere.
func effortExpected(agent, from, to, category, metric string) (string, bool) {
	const better, none = "better", "no significant change"
	switch agent {
	case "lured":
		if from == "low" && to != "low" && category == "mirage=on" {
			return better, true
		}
		return none, from == "low" && category == "mirage=off"
	case "explorer":
		return none, true
	}
	return "", false
}
