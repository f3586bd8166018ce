// Package pricing says what language-model tokens cost: a price table in US
// dollars per million tokens, keyed by "provider/model", and the cost of a
// count of tokens at a model's price.
//
// The table built into the program ([Default], the file prices.json beside
// this one) holds the list prices of the common models of OpenAI,
// Anthropic, Google (Gemini) and DeepSeek, each with the date it was taken
// from the provider's price list ("as_of") and that list named in words
// ("source"). List prices change: a table of one's own overrides or adds
// entries ([Table.With]), read from a file in the same format ([Parse]):
//
//	{
//	  "openai/gpt-4o": {"input": 2.5, "output": 10, "cached_input": 1.25,
//	                    "as_of": "2025-10-01", "source": "OpenAI API list price"},
//	  "anthropic/claude-sonnet-4-5": {"input": 3, "output": 15, "cached_input": 0.3,
//	                    "cache_write": 3.75},
//	  "ollama/llama3.1": {"input": 0, "output": 0}
//	}
//
// input and output are required; reasoning (reasoning or thinking tokens
// billed apart from the answer; absent: billed as output, as the four
// providers do), cached_input (input read from the provider's prompt
// cache; absent: billed as input) and cache_write (input written to the
// prompt cache, which Anthropic bills above the input price; absent:
// billed as input) are optional, as are as_of (YYYY-MM-DD) and source.
// Unknown fields, malformed keys and prices that are negative or above
// [MaxPrice] are errors naming the entry.
//
// A model that is not in the table has no price: its cost is unknown, never
// zero. Lookup is by the exact name, then by the name without the model's
// settings; the table lists the aliases it knows (claude-sonnet-4 beside
// claude-sonnet-4-20250514).
package pricing

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/hallumaze/hallumaze/modelname"
)

// Price is what a model's tokens cost, in US dollars per million tokens,
// with where the figures come from.
type Price struct {
	Input  float64 `json:"input"`
	Output float64 `json:"output"`
	// Reasoning is the price of reasoning or thinking tokens counted apart
	// from the output; nil means they are billed as output.
	Reasoning *float64 `json:"reasoning,omitempty"`
	// CachedInput is the price of input tokens read from the provider's
	// prompt cache; nil means they are billed as input.
	CachedInput *float64 `json:"cached_input,omitempty"`
	// CacheWrite is the price of input tokens written to the provider's
	// prompt cache; nil means they are billed as input.
	CacheWrite *float64 `json:"cache_write,omitempty"`
	// AsOf is the date the price was read from its source (YYYY-MM-DD);
	// "" when the table does not say.
	AsOf string `json:"as_of,omitempty"`
	// Source names where the price comes from, in words.
	Source string `json:"source,omitempty"`
}

// Tokens counts the tokens of one or more calls by how they are billed.
type Tokens struct {
	// Input counts prompt tokens neither read from nor written to a cache.
	Input int
	// CachedInput counts prompt tokens read from the provider's cache.
	CachedInput int
	// CacheWrite counts prompt tokens written to the provider's cache.
	CacheWrite int
	// Output counts the reply's tokens, reasoning included unless it is
	// counted in Reasoning.
	Output int
	// Reasoning counts reasoning or thinking tokens counted apart from
	// Output.
	Reasoning int
}

// MaxPrice is the dearest price a table may hold, in US dollars per
// million tokens: a hundred thousand, over a hundred times the dearest list
// price there has been. With it, and counts of tokens that cannot overflow
// ([Tokens.Add] saturates), a cost is always a finite number.
const MaxPrice = 100_000

// Add sums two counts; a sum past the largest int stays there.
func (t Tokens) Add(u Tokens) Tokens {
	return Tokens{Input: addSat(t.Input, u.Input), CachedInput: addSat(t.CachedInput, u.CachedInput), CacheWrite: addSat(t.CacheWrite, u.CacheWrite),
		Output: addSat(t.Output, u.Output), Reasoning: addSat(t.Reasoning, u.Reasoning)}
}

// AllInput counts the prompt tokens, cached or not.
func (t Tokens) AllInput() int { return t.Input + t.CachedInput + t.CacheWrite }

// Uncached is t as it would be billed without a prompt cache: every prompt
// token as input.
func (t Tokens) Uncached() Tokens {
	return Tokens{Input: t.AllInput(), Output: t.Output, Reasoning: t.Reasoning}
}

// CacheMinTokens is the shortest prompt the providers keep in their prompt
// caches: 1,024 tokens (more for some models).
const CacheMinTokens = 1024

// Conversation counts the input of a conversation's calls, inputs[i]
// being the prompt tokens of call i, each prompt starting with the whole
// of the one before, as a provider that caches prompts bills it: from the
// second call on, the previous call's prompt is read from the cache once
// it comes to CacheMinTokens. With writes (a provider that bills cache
// writes, and caches only what the request marks: Anthropic), every prompt
// of CacheMinTokens or more is written to the cache past what was read.
// Output is not counted.
func Conversation(inputs []int, writes bool) Tokens {
	var t Tokens
	prev := 0
	for _, in := range inputs {
		read := 0
		if prev >= CacheMinTokens && prev <= in {
			read = prev
		}
		write := 0
		if writes && in >= CacheMinTokens {
			write = in - read
		}
		t.Input += in - read - write
		t.CachedInput += read
		t.CacheWrite += write
		prev = in
	}
	return t
}

// addSat adds two counts ≥ 0, saturating at the largest int.
func addSat(a, b int) int {
	if b > 0 && a > math.MaxInt-b {
		return math.MaxInt
	}
	return a + b
}

// Cost is what t costs at p, in US dollars: a finite number for any counts
// when the prices are within [0, MaxPrice] (as [Table.Validate] holds them).
func (p Price) Cost(t Tokens) float64 {
	reasoning, cached, write := p.Output, p.Input, p.Input
	if p.Reasoning != nil {
		reasoning = *p.Reasoning
	}
	if p.CachedInput != nil {
		cached = *p.CachedInput
	}
	if p.CacheWrite != nil {
		write = *p.CacheWrite
	}
	return (float64(t.Input)*p.Input + float64(t.CachedInput)*cached + float64(t.CacheWrite)*write +
		float64(t.Output)*p.Output + float64(t.Reasoning)*reasoning) / 1e6
}

// Table is a price table: prices by "provider/model".
type Table map[string]Price

//go:embed prices.json
var builtIn []byte

// defaultTable parses the built-in table once; a build whose prices.json
// does not parse fails its tests (TestDefault).
var defaultTable = sync.OnceValues(func() (Table, error) { return Parse(builtIn, "pricing/prices.json") })

// Default is the price table built into the program: list prices, each
// with its date and source. The caller owns the copy it gets.
func Default() Table {
	t, err := defaultTable()
	if err != nil {
		panic(err) // a defect of the build, held off by the package's tests
	}
	return maps.Clone(t)
}

// Lookup finds a model's price by its exact name, else by the name
// without its settings: "openai/o4-mini@effort=high" costs what
// "openai/o4-mini" costs (the settings change how many tokens a model
// writes, not what each costs).
func (t Table) Lookup(model string) (Price, bool) {
	if p, ok := t[model]; ok {
		return p, true
	}
	p, ok := t[modelname.BaseOf(model)]
	return p, ok
}

// Names lists the table's models in order.
func (t Table) Names() []string { return slices.Sorted(maps.Keys(t)) }

// With returns a new table: t's entries, replaced or joined by over's.
// Neither table changes.
func (t Table) With(over Table) Table {
	out := make(Table, len(t)+len(over))
	maps.Copy(out, t)
	maps.Copy(out, over)
	return out
}

// WithSource returns a copy of t whose entries without a source name src
// (nil for nil).
func (t Table) WithSource(src string) Table {
	if t == nil {
		return nil
	}
	out := make(Table, len(t))
	for k, p := range t {
		if p.Source == "" {
			p.Source = src
		}
		out[k] = p
	}
	return out
}

// Validate checks every entry, in the order of the names: a key that is a
// model name without settings ([modelname.Parse]: a known provider, a
// slash, the model id), prices in [0, MaxPrice], as_of a date.
func (t Table) Validate() error {
	for _, name := range t.Names() {
		if err := checkEntry(name, t[name]); err != nil {
			return err
		}
	}
	return nil
}

func checkEntry(name string, p Price) error {
	n, err := modelname.Parse(name)
	if err != nil {
		return fmt.Errorf("price %q: the key is not provider/model: %w", name, err)
	}
	if n.Base() != name {
		return fmt.Errorf("price %q: the key has settings (price %s: one price serves every setting of a model)", name, n.Base())
	}
	prices := []struct {
		field string
		v     *float64
	}{{"input", &p.Input}, {"output", &p.Output}, {"reasoning", p.Reasoning}, {"cached_input", p.CachedInput}, {"cache_write", p.CacheWrite}}
	for _, f := range prices {
		if f.v == nil {
			continue
		}
		if !(*f.v >= 0 && *f.v <= MaxPrice) {
			return fmt.Errorf("price %q: %s: %v is not a finite price ≥ 0 and ≤ %d (dollars per million tokens)", name, f.field, *f.v, MaxPrice)
		}
	}
	if p.AsOf != "" {
		if _, err := time.Parse(time.DateOnly, p.AsOf); err != nil {
			return fmt.Errorf("price %q: as_of: %q is not a date such as 2025-10-01", name, p.AsOf)
		}
	}
	return nil
}

// entry is a table entry as written, so that a missing price is told from
// a price of zero.
type entry struct {
	Input       *float64 `json:"input"`
	Output      *float64 `json:"output"`
	Reasoning   *float64 `json:"reasoning"`
	CachedInput *float64 `json:"cached_input"`
	CacheWrite  *float64 `json:"cache_write"`
	AsOf        string   `json:"as_of"`
	Source      string   `json:"source"`
}

// UnmarshalJSON reads a table strictly, however it is embedded (a file of
// its own, the "prices" of a config file): an object of entries, each with
// input and output, no unknown field, every entry valid ([Table.Validate]).
// An error names the entry.
func (t *Table) UnmarshalJSON(data []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return fmt.Errorf("prices: want an object of \"provider/model\": {\"input\": …, \"output\": …}: %w", err)
	}
	out := make(Table, len(raw))
	for _, name := range slices.Sorted(maps.Keys(raw)) {
		dec := json.NewDecoder(bytes.NewReader(raw[name]))
		dec.DisallowUnknownFields()
		var e entry
		if err := dec.Decode(&e); err != nil {
			return fmt.Errorf("price %q: %w", name, err)
		}
		if e.Input == nil || e.Output == nil {
			return fmt.Errorf("price %q: want both an input and an output price", name)
		}
		p := Price{Input: *e.Input, Output: *e.Output, Reasoning: e.Reasoning, CachedInput: e.CachedInput, CacheWrite: e.CacheWrite, AsOf: e.AsOf, Source: e.Source}
		if err := checkEntry(name, p); err != nil {
			return err
		}
		out[name] = p
	}
	*t = out
	return nil
}

// MaxFileBytes bounds a price file.
const MaxFileBytes = 1 << 20

// Parse reads a price table in the file format above; from names the file
// in errors and stands as the source of the entries that name none.
func Parse(data []byte, from string) (Table, error) {
	if t := bytes.TrimSpace(data); len(t) == 0 || t[0] != '{' {
		return nil, fmt.Errorf("prices %s: want a JSON object ({\"provider/model\": {\"input\": …, \"output\": …}})", from)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var t Table
	if err := dec.Decode(&t); err != nil {
		return nil, fmt.Errorf("prices %s: %w", from, err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("prices %s: data after the JSON object", from)
	}
	return t.WithSource(from), nil
}
