package worlds

import (
	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/results"
	hw "github.com/hallumaze/hallumaze/worlds"
)

// categoryNames are the probe categories as the Effort table names them.
// X is compound; its conflict probes (an observation and a testimony that
// contradicts it, flagged conflict: true) are a row of their own, named by
// conflictCategory.
var categoryNames = map[string]string{
	string(hw.Perception): "perception", string(hw.Memory): "memory", string(hw.Causal): "causal",
	string(hw.Uncertainty): "uncertainty", string(hw.Conflict): "compound",
}

// conflictCategory is the Effort table's row of the X probes whose
// testimony contradicts the observation.
const conflictCategory = string(hw.Conflict) + " conflict"

// effortCategory is the row a result is reported under: its category, and
// for an X probe whether its testimony contradicts the observation.
func effortCategory(r results.Result) string {
	c := r.Tags["category"]
	if c == string(hw.Conflict) && r.Tags["conflict"] == "true" {
		return conflictCategory
	}
	if n, ok := categoryNames[c]; ok {
		return c + " " + n
	}
	return c
}

// effortPerCategory is how many probes of each category of each world's
// standard set the Effort experiment plays: 30 of each category over the
// three worlds, so that a change in a third of them is significant.
const effortPerCategory = 10

// effortStudy compares effort levels on a sample of each world's standard
// set (effortPerCategory probes of each category of each world), per
// category over the three worlds (X split by [effortCategory]):
// whether the reply was right, and whether it was a concrete answer that
// is not the gold (hallucinated), each with the exact McNemar test over
// probes.
var effortStudy = bench.EffortStudy{
	Category: effortCategory,
	Metrics: []bench.EffortMetric{
		{Name: "right", Better: results.Higher, Test: bench.TestMcNemar},
		{Name: "hallucinated", Better: results.Lower, Test: bench.TestMcNemar},
	},
}

// effortAgents are HalluWorld's reference agents of the Effort experiment:
// the credulous agent, which checks testimony against observation at a
// high effort, and the guesser, whose policy no effort changes (the
// control).
var effortAgents = []string{
	"agent/credulous@effort=low", "agent/credulous@effort=high",
	"agent/guesser@effort=low", "agent/guesser@effort=high",
}

// effortExperiment is TestEffort's HalluWorld part: the sample at
// each effort level of the reference agents and of every model recorded at
// two or more levels, and the effect of effort per probe category.
func effortExperiment() bench.Experiment {
	return bench.EffortExperiment("HalluWorld, 10 probes of each category of each world's standard set", func() ([]bench.Case, error) { return spread(effortPerCategory) }, Check, effortStudy, effortAgents, effortExpected)
}

// effortExpected is what the reference agents must show, in-process or
// recorded: the credulous agent raised to a high effort hallucinates less
// (and is right more) on the X probes whose testimony contradicts the
// observation, and changes nowhere else (neither on the other X probes nor
// in P, M, C and U, where the sample holds no source it would believe over
// what it sees); the guesser changes nothing.
func effortExpected(agent, from, to, category, metric string) (string, bool) {
	const better, none = "better", "no significant change"
	switch agent {
	case string(hw.Credulous):
		if to == "high" && from != "high" && category == conflictCategory {
			return better, true
		}
		return none, true
	case string(hw.Guesser):
		return none, true
	}
	return "", false
}

// spread takes n probes of each category of each world's standard set,
// spread evenly over the set's probes of that category, every other pick
// one further on: probes that come in pairs (a yes and its no, a U twin
// and its UNKNOWN) give both, so the sample's golds are as balanced as the
// set's. (The gate set was chosen so, with n = 5, and is kept by name.)
func spread(n int) ([]bench.Case, error) {
	ws, err := Worlds()
	if err != nil {
		return nil, err
	}
	var out []bench.Case
	for _, w := range ws {
		std, err := standard(w)
		if err != nil {
			return nil, err
		}
		for _, c := range hw.Categories {
			var of []hw.Probe
			for _, p := range std {
				if p.Category == c {
					of = append(of, p)
				}
			}
			last := -1
			for i := range n {
				j := min(i*len(of)/n+i%2, len(of)-1)
				if j <= last {
					continue // fewer than 2n probes: no probe twice
				}
				out = append(out, NewCase(w, of[j]))
				last = j
			}
		}
	}
	return out, nil
}
