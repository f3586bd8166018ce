package profile

import (
	"encoding/json"

	"github.com/hallumaze/hallumaze/results"
)

// Collector keeps, of results read one at a time, only what the cards read:
// the result's names, the tags and metrics the sources use and the few
// fields of its detail they decode. A run or report over any number of
// results so holds a few hundred bytes per case for the profile, not the
// transcripts. Build over [Collector.Results] gives the cards Build over
// the full results gives.
type Collector struct{ rs []results.Result }

// Add keeps what the profile reads of r; a human group's result, or one of
// a suite the profile does not read, is left out as Build leaves it out.
func (c *Collector) Add(r results.Result) {
	if isHuman(r) || !knownSuite(r.Suite) {
		return
	}
	c.rs = append(c.rs, slim(r))
}

// Results are the kept results, in the order they were added.
func (c *Collector) Results() []results.Result { return c.rs }

// readTags and readMetrics are the tags and metrics a source reads.
var (
	readTags    = []string{"algorithm", "size", "seed", "group", "protocol", "mirage", "variant", "human"}
	readMetrics = []string{"right", "parse-fail", "abstained", "MEI", "hints", "NRS", "HRR", "CE", "brier", "lure-rate", "BRS"}
)

// slim is r with only what the sources read. A detail that does not decode
// is kept whole, so that Build reports it as it would have.
func slim(r results.Result) results.Result {
	out := results.Result{Suite: r.Suite, Model: r.Model, Case: r.Case, Error: r.Error}
	for _, k := range readTags {
		if v, ok := r.Tags[k]; ok {
			if out.Tags == nil {
				out.Tags = make(map[string]string, 4)
			}
			out.Tags[k] = v
		}
	}
	for _, k := range readMetrics {
		if v, ok := r.Metrics[k]; ok {
			if out.Metrics == nil {
				out.Metrics = make(map[string]float64, 4)
			}
			out.Metrics[k] = v
		}
	}
	out.Detail = slimDetail(r)
	return out
}

// slimDetail is the part of r's detail its suite's source decodes,
// encoded again; the detail itself where it is empty or does not decode.
func slimDetail(r results.Result) json.RawMessage {
	if len(r.Detail) == 0 {
		return nil
	}
	var v any
	switch r.Suite {
	case SuiteMaze:
		v = new(mazeScores)
	case SuiteAbstain:
		v = new(abstainDetail)
	case SuiteWorlds:
		v = new(worldsVerdict)
	default:
		return r.Detail
	}
	if json.Unmarshal(r.Detail, v) != nil {
		return r.Detail
	}
	b, err := json.Marshal(v)
	if err != nil {
		return r.Detail
	}
	return b
}
