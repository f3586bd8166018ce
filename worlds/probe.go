package worlds

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
)

// Category is a probe's kind of demand, fixed by the template that made it.
type Category string

// The five categories.
const (
	Perception  Category = "P" // a value shown in the current observation
	Memory      Category = "M" // a value shown earlier and not now, or before a change
	Causal      Category = "C" // the stated rules applied to observed state
	Uncertainty Category = "U" // whether the evidence determines the answer (paired)
	Conflict    Category = "X" // two sources on the same fact, and reported speech
)

// Categories lists the categories in their canonical order.
var Categories = []Category{Perception, Memory, Causal, Uncertainty, Conflict}

// Valid reports whether c is one of the five categories.
func (c Category) Valid() bool { return slices.Contains(Categories, c) }

// The world names of a record.
const (
	Grid     = "grid"
	Chess    = "chess"
	Terminal = "terminal"
)

// Probe is one question about one world in one view, with its gold: one
// line of a probe file. Its JSON keys come in the order of the fields.
type Probe struct {
	// ID is <world>/<level>/s<seed>/<view>/q<NN>, NN in generation order.
	ID    string
	World string
	// Level is a HalluWorld level key, proc-<size>, chess-random,
	// chess-builtin or terminal.
	Level string
	Seed  uint64
	View  string
	// Category, ProbeType and Template (<cat>.<type>) name what made it.
	Category  Category
	ProbeType string
	Template  string
	Question  string
	// AnswerType, Key and Schema are the answer contract: the reply ends
	// with Key=value, value as Schema says.
	AnswerType AnswerType
	Key        string
	Schema     string
	// Options are an enum's values, sorted, without unknown; nil otherwise.
	Options []string
	Gold    Gold
	// Conflict is set on X fact probes: whether the testimony contradicts
	// the truth. Testimony is the canonical value it asserts.
	Conflict  *bool
	Testimony *string
	// Context is the whole user message, so a record plays alone.
	Context string
	// Source is "generated" for every probe of this package.
	Source string
	// Meta is the world's own data about the probe (a FEN, the initial
	// files), a JSON object.
	Meta json.RawMessage
}

// Answerable reports whether the gold is determined.
func (p Probe) Answerable() bool { return p.Gold.Answerable() }

// record is a Probe's JSON form, keys in the spec's order.
type record struct {
	ID         string          `json:"id"`
	World      string          `json:"world"`
	Level      string          `json:"level"`
	Seed       uint64          `json:"seed"`
	View       string          `json:"view"`
	Category   Category        `json:"category"`
	ProbeType  string          `json:"probe_type"`
	Template   string          `json:"template"`
	Question   string          `json:"question"`
	AnswerType AnswerType      `json:"answer_type"`
	Key        string          `json:"key"`
	Schema     string          `json:"schema"`
	Options    []string        `json:"options"`
	Gold       json.RawMessage `json:"gold"`
	Answerable bool            `json:"answerable"`
	Conflict   *bool           `json:"conflict"`
	Testimony  *string         `json:"testimony"`
	Context    string          `json:"context"`
	Source     string          `json:"source"`
	Meta       json.RawMessage `json:"meta"`
}

// MarshalJSON writes the record with the spec's keys in order.
func (p Probe) MarshalJSON() ([]byte, error) {
	gold, err := p.Gold.marshal(p.AnswerType)
	if err != nil {
		return nil, fmt.Errorf("worlds: probe %s: %w", p.ID, err)
	}
	meta := p.Meta
	if len(meta) == 0 {
		meta = json.RawMessage("{}")
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	err = enc.Encode(record{
		ID: p.ID, World: p.World, Level: p.Level, Seed: p.Seed, View: p.View,
		Category: p.Category, ProbeType: p.ProbeType, Template: p.Template,
		Question: p.Question, AnswerType: p.AnswerType, Key: p.Key, Schema: p.Schema,
		Options: p.Options, Gold: gold, Answerable: p.Answerable(),
		Conflict: p.Conflict, Testimony: p.Testimony, Context: p.Context,
		Source: p.Source, Meta: meta,
	})
	if err != nil {
		return nil, fmt.Errorf("worlds: probe %s: %w", p.ID, err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// UnmarshalJSON reads a record and checks that it is one: known answer type
// and category, a gold of the answer type, answerable agreeing with the
// gold, the key and schema set.
func (p *Probe) UnmarshalJSON(data []byte) error {
	var r record
	if err := json.Unmarshal(data, &r); err != nil {
		return fmt.Errorf("worlds: probe record: %w", err)
	}
	name := r.ID
	if name == "" {
		return fmt.Errorf("worlds: probe record: no id")
	}
	if !r.AnswerType.Valid() {
		return fmt.Errorf("worlds: probe %s: unknown answer_type %q", name, r.AnswerType)
	}
	if !r.Category.Valid() {
		return fmt.Errorf("worlds: probe %s: unknown category %q", name, r.Category)
	}
	if r.Key == "" || r.Schema == "" {
		return fmt.Errorf("worlds: probe %s: key and schema are required", name)
	}
	if len(r.Gold) == 0 {
		return fmt.Errorf("worlds: probe %s: no gold", name)
	}
	gold, err := unmarshalGold(r.Gold, r.AnswerType)
	if err != nil {
		return fmt.Errorf("worlds: probe %s: %w", name, err)
	}
	if gold.Answerable() != r.Answerable {
		return fmt.Errorf("worlds: probe %s: answerable is %v but the gold is %s", name, r.Answerable, r.Gold)
	}
	if r.AnswerType == Enum && !gold.Unknown && !slices.Contains(r.Options, gold.Value) {
		return fmt.Errorf("worlds: probe %s: gold %q is not among the options", name, gold.Value)
	}
	*p = Probe{
		ID: r.ID, World: r.World, Level: r.Level, Seed: r.Seed, View: r.View,
		Category: r.Category, ProbeType: r.ProbeType, Template: r.Template,
		Question: r.Question, AnswerType: r.AnswerType, Key: r.Key, Schema: r.Schema,
		Options: r.Options, Gold: gold, Conflict: r.Conflict, Testimony: r.Testimony,
		Context: r.Context, Source: r.Source, Meta: r.Meta,
	}
	return nil
}

// ProbeID is <world>/<level>/s<seed>/<view>/q<NN>.
func ProbeID(world, level string, seed uint64, view string, n int) string {
	return fmt.Sprintf("%s/%s/s%d/%s/q%02d", world, level, seed, view, n)
}

// WriteProbes writes probes as JSONL, one record a line.
func WriteProbes(w io.Writer, probes []Probe) error {
	bw := bufio.NewWriter(w)
	for _, p := range probes {
		line, err := p.MarshalJSON()
		if err != nil {
			return err
		}
		bw.Write(line)
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// MaxRecordBytes bounds one line of a probe file.
const MaxRecordBytes = 16 << 20

// ReadProbes reads a JSONL probe file. A line that is not a record is an
// error naming the line; ids must be unique.
func ReadProbes(r io.Reader) ([]Probe, error) {
	var out []Probe
	seen := map[string]bool{}
	err := eachRecord(r, func(text []byte) error {
		var p Probe
		if err := json.Unmarshal(text, &p); err != nil {
			return err
		}
		if seen[p.ID] {
			return fmt.Errorf("probe %s appears twice", p.ID)
		}
		seen[p.ID] = true
		out = append(out, p)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no probe records")
	}
	return out, nil
}

// eachRecord calls record with each non-blank line of a JSONL stream,
// trimmed, in order. An error of record's, or a line longer than
// MaxRecordBytes, ends the reading with an error naming the line.
func eachRecord(r io.Reader, record func(text []byte) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), MaxRecordBytes)
	line := 0
	for sc.Scan() {
		line++
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		if err := record(text); err != nil {
			return fmt.Errorf("line %d: %w", line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("line %d: %w", line+1, err)
	}
	return nil
}
