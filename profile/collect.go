package profile

import (
	"cmp"
	"encoding/binary"
	"encoding/json"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/internal/jsonnum"
	"github.com/hallumaze/hallumaze/internal/jsonscan"
	"github.com/hallumaze/hallumaze/results"
)

// Collector keeps, of results read one at a time, only what the cards read:
// the result's names, the tags and metrics the sources use and the few
// fields of its detail they decode, in a compact record written one after
// another into a shared arena: repeated strings stored once and named by
// number (a varint), a metric of 0 or 1 in a byte, the case name and the
// slim detail as they are. A run or report over any number of results so
// holds about a hundred and fifty bytes per case for the profile, not the
// transcripts. [Collector.Build] gives the cards [Build] gives over the
// full results.
type Collector struct {
	arena   arena    // the records, one after another
	strs    []string // the shared strings; 0 is ""
	strIdx  map[string]uint32
	records int
	buf     []byte
}

// arena holds bytes in blocks of arenaBlock (a longer piece in a block of
// its own), so that keeping more never copies what is kept; a piece never
// spans two blocks.
type arena struct{ blocks [][]byte }

const arenaBlock = 1 << 20

func (a *arena) add(b []byte) {
	if len(b) == 0 {
		return
	}
	last := len(a.blocks) - 1
	if last < 0 || len(a.blocks[last])+len(b) > cap(a.blocks[last]) {
		a.blocks = append(a.blocks, make([]byte, 0, max(arenaBlock, len(b))))
		last++
	}
	a.blocks[last] = append(a.blocks[last], b...)
}

// readTags and readMetrics are the tags and metrics a source reads.
var (
	readTags    = [...]string{"algorithm", "size", "seed", "group", "protocol", "mirage", "variant", "human"}
	readMetrics = [...]string{"right", "parse-fail", "abstained", "MEI", "hints", "NRS", "HRR", "CE", "brier", "lure-rate", "BRS"}
)

// How a record holds a metric: a byte saying which, then the float64's
// bits (little-endian) for any other value than +0 and 1.
const (
	metricZero byte = iota
	metricOne
	metricBits
)

// Add keeps what the profile reads of r; a human group's result, or one of
// a suite the profile does not read, is left out as Build leaves it out.
// A record is: the suite's and the model's numbers, the bits of the tags
// it has and their values' numbers, the bits of the metrics it has and
// their values, then the case name, the error and the slim detail, each
// its length and its bytes.
func (c *Collector) Add(r results.Result) {
	if results.IsHuman(r) || !knownSuite(r.Suite) {
		return
	}
	b := binary.AppendUvarint(c.buf[:0], uint64(c.shared(r.Suite)))
	b = binary.AppendUvarint(b, uint64(c.shared(r.Model)))
	var hasTag, hasMetric uint64
	for i, k := range readTags {
		if _, ok := r.Tags[k]; ok {
			hasTag |= 1 << i
		}
	}
	b = binary.AppendUvarint(b, hasTag)
	for i, k := range readTags {
		if hasTag&(1<<i) != 0 {
			b = binary.AppendUvarint(b, uint64(c.shared(r.Tags[k])))
		}
	}
	for i, k := range readMetrics {
		if _, ok := r.Metrics[k]; ok {
			hasMetric |= 1 << i
		}
	}
	b = binary.AppendUvarint(b, hasMetric)
	for i, k := range readMetrics {
		if hasMetric&(1<<i) == 0 {
			continue
		}
		switch bits := math.Float64bits(r.Metrics[k]); bits {
		case 0:
			b = append(b, metricZero)
		case math.Float64bits(1):
			b = append(b, metricOne)
		default:
			b = binary.LittleEndian.AppendUint64(append(b, metricBits), bits)
		}
	}
	b = appendPiece(b, r.Case)
	b = appendPiece(b, r.Error)
	b = appendPiece(b, string(slimDetail(r)))
	c.arena.add(b)
	c.buf = b
	c.records++
}

func appendPiece(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
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
	var models []uint32
	c.each(func(rec recordReader) {
		rec.uvarint()
		if m := uint32(rec.uvarint()); !slices.Contains(models, m) {
			models = append(models, m)
		}
	})
	slices.SortFunc(models, func(a, b uint32) int { return strings.Compare(c.strs[a], c.strs[b]) })
	cards := make([]Card, 0, len(models))
	for _, m := range models {
		var rs []results.Result
		c.each(func(rec recordReader) {
			if r, ok := c.result(rec, m); ok {
				rs = append(rs, r)
			}
		})
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

// each calls f with each record, in the order they were added.
func (c *Collector) each(f func(recordReader)) {
	for _, block := range c.arena.blocks {
		for rest := block; len(rest) > 0; {
			n := recordLen(rest)
			f(recordReader{b: rest[:n:n]})
			rest = rest[n:]
		}
	}
}

// recordLen is the length of the record that b starts with.
func recordLen(b []byte) int {
	r := recordReader{b: b}
	r.uvarint()
	r.uvarint()
	for t := r.uvarint(); t != 0; t &= t - 1 {
		r.uvarint()
	}
	for m := r.uvarint(); m != 0; m &= m - 1 {
		r.metric()
	}
	r.piece()
	r.piece()
	r.piece()
	return len(b) - len(r.b)
}

// recordReader reads a record's fields in order.
type recordReader struct{ b []byte }

func (r *recordReader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	r.b = r.b[n:]
	return v
}

func (r *recordReader) metric() float64 {
	kind := r.b[0]
	r.b = r.b[1:]
	switch kind {
	case metricZero:
		return 0
	case metricOne:
		return 1
	}
	v := math.Float64frombits(binary.LittleEndian.Uint64(r.b))
	r.b = r.b[8:]
	return v
}

func (r *recordReader) piece() []byte {
	n := r.uvarint()
	p := r.b[:n:n]
	r.b = r.b[n:]
	return p
}

// result is the record as the sources read a result, when it is of the
// model numbered m.
func (c *Collector) result(rec recordReader, m uint32) (results.Result, bool) {
	suite := rec.uvarint()
	if uint32(rec.uvarint()) != m {
		return results.Result{}, false
	}
	out := results.Result{Suite: c.strs[suite], Model: c.strs[m]}
	if has := rec.uvarint(); has != 0 {
		out.Tags = make(map[string]string, 6)
		for ; has != 0; has &= has - 1 {
			out.Tags[readTags[bits.TrailingZeros64(has)]] = c.strs[rec.uvarint()]
		}
	}
	if has := rec.uvarint(); has != 0 {
		out.Metrics = make(map[string]float64, 6)
		for ; has != 0; has &= has - 1 {
			out.Metrics[readMetrics[bits.TrailingZeros64(has)]] = rec.metric()
		}
	}
	out.Case, out.Error = string(rec.piece()), string(rec.piece())
	if d := rec.piece(); len(d) > 0 {
		out.Detail = d
	}
	return out, true
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
// is "scores", or "spec" then "scores", as the maze suite writes it,
// without scanning the walk and the confidence log after it: only the
// scores' bytes are decoded. ok is false for any other detail, which
// slimDetail then decodes whole.
func leadingScores(detail json.RawMessage) ([]byte, bool) {
	i := skipSpace(detail, 0)
	if i >= len(detail) || detail[i] != '{' {
		return nil, false
	}
	key, i := leadingKey(detail, i+1)
	if key == "spec" {
		end := valueEnd(detail, i)
		if end < 0 {
			return nil, false
		}
		if i = skipSpace(detail, end); i >= len(detail) || detail[i] != ',' {
			return nil, false
		}
		key, i = leadingKey(detail, i+1)
	}
	if key != "scores" {
		return nil, false
	}
	end := valueEnd(detail, i)
	if end < 0 {
		return nil, false
	}
	var d mazeScores
	if !json.Valid(detail[i:end]) {
		return nil, false
	}
	if !readScores(detail[i:end], &d) {
		d = mazeScores{}
		if err := json.Unmarshal(detail[i:end], &d.Scores); err != nil {
			return nil, false
		}
	}
	return appendMazeScores(nil, d)
}

// appendMazeScores appends json.Marshal's bytes of d; ok is false for an
// ECE JSON cannot hold.
func appendMazeScores(b []byte, d mazeScores) ([]byte, bool) {
	ok := true
	b = append(b, `{"scores":{"ece":`...)
	if d.Scores.ECE == nil {
		b = append(b, "null"...)
	} else {
		b, ok = jsonnum.AppendFloat(b, *d.Scores.ECE)
	}
	for _, g := range []struct {
		key string
		v   *int
	}{{`,"backtrack_gap":`, d.Scores.BacktrackGap}, {`,"hallucination_gap":`, d.Scores.HallucinationGap}} {
		b = append(b, g.key...)
		if g.v == nil {
			b = append(b, "null"...)
		} else {
			b = strconv.AppendInt(b, int64(*g.v), 10)
		}
	}
	return append(b, "}}"...), ok
}

// decodeMazeScores is json.Unmarshal of a slim maze detail into d, by
// readScores when it is the object of the scores alone that leadingScores
// writes.
func decodeMazeScores(detail []byte, d *mazeScores) error {
	const open = `{"scores":`
	if n := len(detail); n > len(open) && string(detail[:len(open)]) == open && detail[n-1] == '}' {
		inner := detail[len(open) : n-1]
		if len(inner) > 0 && inner[0] == '{' && valueEnd(inner, 0) == len(inner) && json.Valid(inner) && readScores(inner, d) {
			return nil
		}
		*d = mazeScores{}
	}
	return json.Unmarshal(detail, d)
}

// readScores reads the three scores the profile keeps from a valid JSON
// object of scalars, as json.Unmarshal would (the last of a repeated key;
// null leaves a score unset). It reports false, for json.Unmarshal to
// read it, for any other shape: a value that is an object or an array, a
// key with an escape or in another case than the field's, a score that is
// not a number of its kind.
func readScores(obj []byte, d *mazeScores) bool {
	i := skipSpace(obj, 1)
	for i < len(obj) && obj[i] != '}' {
		if obj[i] != '"' {
			return false
		}
		j := i + 1
		for j < len(obj) && obj[j] != '"' && obj[j] != '\\' {
			j++
		}
		if j >= len(obj) || obj[j] != '"' {
			return false
		}
		key := obj[i+1 : j]
		v := skipSpace(obj, skipSpace(obj, j+1)+1) // past the colon
		end := v
		switch {
		case v >= len(obj):
			return false
		case obj[v] == '"':
			if end = jsonscan.StringEnd(obj, v); end < 0 {
				return false
			}
		case obj[v] == '{' || obj[v] == '[':
			return false
		default:
			for end < len(obj) && obj[end] != ',' && obj[end] != '}' && obj[end] != ' ' && obj[end] != '\n' && obj[end] != '\t' && obj[end] != '\r' {
				end++
			}
		}
		if !scoreValue(d, key, obj[v:end]) {
			return false
		}
		i = skipSpace(obj, end)
		if i < len(obj) && obj[i] == ',' {
			i = skipSpace(obj, i+1)
		}
	}
	return true
}

// scoreValue sets the score named key, if it is one the profile keeps.
func scoreValue(d *mazeScores, key, value []byte) bool {
	name := string(key)
	var target any
	switch name {
	case "ece":
		target = &d.Scores.ECE
	case "backtrack_gap":
		target = &d.Scores.BacktrackGap
	case "hallucination_gap":
		target = &d.Scores.HallucinationGap
	default:
		// json.Unmarshal matches a key in any case: leave a near miss to it
		return !strings.EqualFold(name, "ece") && !strings.EqualFold(name, "backtrack_gap") && !strings.EqualFold(name, "hallucination_gap")
	}
	lit := string(value)
	switch p := target.(type) {
	case **float64:
		if lit == "null" {
			*p = nil
			return true
		}
		f, err := strconv.ParseFloat(lit, 64)
		if err != nil || lit[0] == '"' {
			return false
		}
		*p = &f
	case **int:
		if lit == "null" {
			*p = nil
			return true
		}
		n, err := strconv.ParseInt(lit, 10, 0)
		if err != nil {
			return false
		}
		v := int(n)
		*p = &v
	}
	return true
}

// leadingKey reads a member's key and its colon from b[i:] and returns the
// key (empty when there is none, or it has escapes) and where its value
// begins.
func leadingKey(b []byte, i int) (string, int) {
	i = skipSpace(b, i)
	if i >= len(b) || b[i] != '"' {
		return "", i
	}
	j := i + 1
	for j < len(b) && b[j] != '"' && b[j] != '\\' {
		j++
	}
	if j >= len(b) || b[j] != '"' {
		return "", i
	}
	key := string(b[i+1 : j])
	k := skipSpace(b, j+1)
	if k >= len(b) || b[k] != ':' {
		return "", i
	}
	return key, skipSpace(b, k+1)
}

// valueEnd is where the object or array at b[i:] ends, found by its
// brackets and strings alone (json.Unmarshal checks the value itself), or
// -1 when b[i:] is another value or does not end.
func valueEnd(b []byte, i int) int {
	if i >= len(b) || (b[i] != '{' && b[i] != '[') {
		return -1
	}
	return jsonscan.End(b, i)
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}
