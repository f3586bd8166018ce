package abstain

import (
	"strings"

	mp "github.com/hallumaze/hallumaze/abstain"
	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/results"
)

// effortStudy compares effort levels on the standard items, per defect and
// variant ("contradictory_facts/modified"): whether the item was right, and
// on a modified item whether the model answered a number (hallucinated),
// each with the exact McNemar test over items.
var effortStudy = bench.EffortStudy{
	Category: func(r results.Result) string { return r.Tags["defect"] + "/" + r.Tags["variant"] },
	Metrics: []bench.EffortMetric{
		{Name: "right", Better: results.Higher, Test: bench.TestMcNemar, In: intact},
		{Name: "hallucinated", Better: results.Lower, Test: bench.TestMcNemar},
	},
}

// intact keeps "right" to the intact items: on a modified one it is the
// complement of hallucinated (but for parse failures).
func intact(category string) bool { return strings.HasSuffix(category, "/"+mp.Intact) }

// effortAgents are the reference agents of the Effort experiment: the
// checker, which checks its work more at a higher effort, and
// always-abstain, whose policy no effort changes (the control).
var effortAgents = []string{
	"agent/checker@effort=low", "agent/checker@effort=medium", "agent/checker@effort=high",
	"agent/always-abstain@effort=low", "agent/always-abstain@effort=high",
}

// effortExperiment is TestEffort's Missing Piece part: the 120 standard
// items at each effort level of the reference agents and of every model
// recorded at two or more levels, and the effect of effort per defect.
func effortExperiment() bench.Experiment {
	return bench.EffortExperiment("Missing Piece, the 120 standard items", func() ([]bench.Case, error) { return standardCases() }, Check, effortStudy, effortAgents, effortExpected)
}

// effortExpected is what the reference agents must show, in-process or
// recorded: the checker at medium effort refuses what misses an input, at
// high effort also what contradicts itself, and answers every intact item
// as before; always-abstain changes nothing.
func effortExpected(agent, from, to, category, metric string) (string, bool) {
	const better, none = "better", "no significant change"
	switch agent {
	case "checker":
		if from != "low" || metric != "hallucinated" {
			return none, from == "low"
		}
		switch {
		case strings.HasPrefix(category, mp.ContradictoryFacts):
			if to == "high" {
				return better, true
			}
			return none, true
		case to == "medium" || to == "high":
			return better, true
		}
		return none, true
	case "always-abstain":
		return none, true
	}
	return "", false
}
