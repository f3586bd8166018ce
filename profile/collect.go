package profile

import (
	"bytes"
	"cmp"
	"encoding/json"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/results"
)

// Collector keeps, of results read one at a time, only what the cards read:
// the result's names, the tags and metrics the sources use and the few
// fields of its detail they decode, in a compact record: repeated strings
// stored once and named by number, the case name and the slim detail in a
// shared arena. A run or report over any number of results so holds about
// two hundred bytes per case for the profile, not the transcripts.
// [Collector.Build] gives the cards [Build] gives over the full results.
type Collector struct {
	recs    [][]record // blocks of recordBlock records, never copied as they grow
	arena   arena
	strs    []string // the shared strings; 0 is ""
	strIdx  map[string]uint32
	records int
}

const recordBlock = 4096

// record is what the profile reads of one result.
type record struct {
	suite, model      uint32
	name, detail, err span
	tags              [len(readTags)]uint32
	hasTag            uint16
	hasMetric         uint16
	metrics           [len(readMetrics)]float64
}

// span is a piece of the arena.
type span struct{ block, at, n uint32 }

// arena holds bytes in blocks of arenaBlock (a longer piece in a block of
// its own), so that keeping more never copies what is kept.
type arena struct{ blocks [][]byte }

const arenaBlock = 1 << 20

func (a *arena) add(b []byte) span {
	if len(b) == 0 {
		return span{}
	}
	last := len(a.blocks) - 1
	if last < 0 || len(a.blocks[last])+len(b) > cap(a.blocks[last]) {
		a.blocks = append(a.blocks, make([]byte, 0, max(arenaBlock, len(b))))
		last++
	}
	at := len(a.blocks[last])
	a.blocks[last] = append(a.blocks[last], b...)
	return span{block: uint32(last), at: uint32(at), n: uint32(len(b))}
}

func (a *arena) get(s span) []byte {
	if s.n == 0 {
		return nil
	}
	return a.blocks[s.block][s.at : s.at+s.n : s.at+s.n]
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
	rec := record{
		suite: c.shared(r.Suite), model: c.shared(r.Model),
		name: c.arena.add([]byte(r.Case)), err: c.arena.add([]byte(r.Error)), detail: c.arena.add(slimDetail(r)),
	}
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
	if len(c.recs) == 0 || len(c.recs[len(c.recs)-1]) == recordBlock {
		c.recs = append(c.recs, make([]record, 0, recordBlock))
	}
	last := len(c.recs) - 1
	c.recs[last] = append(c.recs[last], rec)
	c.records++
}

// shared is the number of s among the shared strings.
func (c *Collector) shared(s string) uint32 {
	if c.strIdx == nil {
		c.strs, c.strIdx = []string{""}, map[string]uint32{"": 0}
	}
	if i, ok := c.strIdx[s]; ok {
		return i
	}
	s = strings.Clone(s)
	i := uint32(len(c.strs))
	c.strs = append(c.strs, s)
	c.strIdx[s] = i
	return i
}

// Len is the number of results kept.
func (c *Collector) Len() int { return c.records }

// Build makes the cards of the kept results, as [Build] makes them of the
// full results: one model's results are made again at a time.
func (c *Collector) Build(opts Options) ([]Card, error) {
	byModel := map[uint32][]*record{}
	for b := range c.recs {
		for i := range c.recs[b] {
			r := &c.recs[b][i]
			byModel[r.model] = append(byModel[r.model], r)
		}
	}
	models := make([]uint32, 0, len(byModel))
	for m := range byModel {
		models = append(models, m)
	}
	slices.SortFunc(models, func(a, b uint32) int { return strings.Compare(c.strs[a], c.strs[b]) })
	cards := make([]Card, 0, len(models))
	for _, m := range models {
		rs := make([]results.Result, len(byModel[m]))
		for j, r := range byModel[m] {
			rs[j] = c.result(r)
		}
		slices.SortStableFunc(rs, func(a, b results.Result) int {
			return cmp.Or(strings.Compare(a.Suite, b.Suite), strings.Compare(a.Case, b.Case))
		})
		card, err := build(c.strs[m], rs, opts)
		if err != nil {
			return nil, err
		}
		cards = append(cards, card)
	}
	return cards, nil
}

// result is the record as the sources read a result.
func (c *Collector) result(r *record) results.Result {
	out := results.Result{
		Suite: c.strs[r.suite], Model: c.strs[r.model], Case: string(c.arena.get(r.name)),
		Error: string(c.arena.get(r.err)), Detail: c.arena.get(r.detail),
	}
	if r.hasTag != 0 {
		out.Tags = make(map[string]string, 6)
		for i, k := range readTags {
			if r.hasTag&(1<<i) != 0 {
				out.Tags[k] = c.strs[r.tags[i]]
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
