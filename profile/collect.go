package profile

import (
	"bytes"
	"cmp"
	"encoding/json"
	"maps"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/results"
)

// Collector keeps, of results read one at a time, only what the cards read:
// the result's names, the tags and metrics the sources use and the few
// fields of its detail they decode, in a compact record with its repeated
// strings shared. A run or report over any number of results so holds a
// few hundred bytes per case for the profile, not the transcripts.
// [Collector.Build] gives the cards [Build] gives over the full results.
type Collector struct {
	recs   []record
	intern map[string]string
}

// record is what the profile reads of one result.
type record struct {
	suite, model, name, err string
	tags                    [len(readTags)]string
	hasTag                  uint16
	metrics                 [len(readMetrics)]float64
	hasMetric               uint16
	detail                  []byte
}

// readTags and readMetrics are the tags and metrics a source reads.
var (
	readTags    = [...]string{"algorithm", "size", "seed", "group", "protocol", "mirage", "variant", "human"}
	readMetrics = [...]string{"right", "parse-fail", "abstained", "MEI", "hints", "NRS", "HRR", "CE", "brier", "lure-rate", "BRS"}
)

// Add keeps what the profile reads of r; a human group's result, or one of
// a suite the profile does not read, is left out as Build leaves it out.
func (c *Collector) Add(r results.Result) {
	if results.IsHuman(r) || !knownSuite(r.Suite) {
		return
	}
	rec := record{suite: c.shared(r.Suite), model: c.shared(r.Model), name: r.Case, err: r.Error, detail: slimDetail(r)}
	for i, k := range readTags {
		if v, ok := r.Tags[k]; ok {
			rec.tags[i], rec.hasTag = c.shared(v), rec.hasTag|1<<i
		}
	}
	for i, k := range readMetrics {
		if v, ok := r.Metrics[k]; ok {
			rec.metrics[i], rec.hasMetric = v, rec.hasMetric|1<<i
		}
	}
	c.recs = append(c.recs, rec)
}

// shared is s, the same string every time it is met.
func (c *Collector) shared(s string) string {
	if c.intern == nil {
		c.intern = map[string]string{}
	}
	if v, ok := c.intern[s]; ok {
		return v
	}
	s = strings.Clone(s)
	c.intern[s] = s
	return s
}

// Len is the number of results kept.
func (c *Collector) Len() int { return len(c.recs) }

// Build makes the cards of the kept results, as [Build] makes them of the
// full results: one model's results are made again at a time.
func (c *Collector) Build(opts Options) ([]Card, error) {
	byModel := map[string][]int{}
	for i, r := range c.recs {
		byModel[r.model] = append(byModel[r.model], i)
	}
	models := slices.Sorted(maps.Keys(byModel))
	cards := make([]Card, 0, len(models))
	for _, m := range models {
		rs := make([]results.Result, len(byModel[m]))
		for j, i := range byModel[m] {
			rs[j] = c.recs[i].result()
		}
		slices.SortStableFunc(rs, func(a, b results.Result) int {
			return cmp.Or(strings.Compare(a.Suite, b.Suite), strings.Compare(a.Case, b.Case))
		})
		card, err := build(m, rs, opts)
		if err != nil {
			return nil, err
		}
		cards = append(cards, card)
	}
	return cards, nil
}

// result is the record as the sources read a result.
func (r record) result() results.Result {
	out := results.Result{Suite: r.suite, Model: r.model, Case: r.name, Error: r.err, Detail: r.detail}
	if r.hasTag != 0 {
		out.Tags = make(map[string]string, 6)
		for i, k := range readTags {
			if r.hasTag&(1<<i) != 0 {
				out.Tags[k] = r.tags[i]
			}
		}
	}
	if r.hasMetric != 0 {
		out.Metrics = make(map[string]float64, 6)
		for i, k := range readMetrics {
			if r.hasMetric&(1<<i) != 0 {
				out.Metrics[k] = r.metrics[i]
			}
		}
	}
	return out
}

// slimDetail is the part of r's detail its suite's source decodes,
// encoded again; the detail itself where it is empty or does not decode,
// so that Build reports it as it would have.
func slimDetail(r results.Result) []byte {
	if len(r.Detail) == 0 {
		return nil
	}
	var v any
	switch r.Suite {
	case SuiteMaze:
		if b, ok := leadingScores(r.Detail); ok {
			return b
		}
		v = new(mazeScores)
	case SuiteAbstain:
		v = new(abstainDetail)
	case SuiteWorlds:
		v = new(worldsVerdict)
	default:
		return slices.Clone(r.Detail)
	}
	if json.Unmarshal(r.Detail, v) != nil {
		return slices.Clone(r.Detail)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return slices.Clone(r.Detail)
	}
	return b
}

// leadingScores is the slim maze detail read from a detail whose first key
// is "scores", as the maze suite writes it, without scanning the walk and
// the confidence log after it. ok is false for any other detail, which
// slimDetail then decodes whole.
func leadingScores(detail json.RawMessage) ([]byte, bool) {
	dec := json.NewDecoder(bytes.NewReader(detail))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, false
	}
	if t, err := dec.Token(); err != nil || t != "scores" {
		return nil, false
	}
	var d mazeScores
	if err := dec.Decode(&d.Scores); err != nil {
		return nil, false
	}
	b, err := json.Marshal(d)
	return b, err == nil
}
