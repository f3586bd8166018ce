package pricing

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func ptr(v float64) *float64 { return &v }

// The built-in table parses, and every entry says when and where its price
// was read: a list price without a date is no price to report.
func TestDefault(t *testing.T) {
	tab := Default()
	require.NoError(t, tab.Validate())
	for _, name := range tab.Names() {
		p := tab[name]
		assert.NotEmpty(t, p.AsOf, "%s has no as_of", name)
		assert.NotEmpty(t, p.Source, "%s has no source", name)
		assert.NotContains(t, p.Source, "://", "%s: the source is named in words", name)
		assert.NotContains(t, p.Source, "prices.json", "%s: the built-in source is the provider's list", name)
		assert.Positive(t, p.Output, "%s: a listed model's output is not free", name)
	}
	// The models the harness runs by default, and the seed's, have prices.
	for _, name := range []string{
		"anthropic/claude-sonnet-4-20250514", "anthropic/claude-sonnet-4", "openai/gpt-4o",
		"google/gemini-2.5-flash", "deepseek/deepseek-reasoner",
	} {
		_, ok := tab.Lookup(name)
		assert.True(t, ok, "%s has no price", name)
	}
	for _, provider := range []string{"openai", "anthropic", "google", "deepseek"} {
		n := 0
		for _, name := range tab.Names() {
			if strings.HasPrefix(name, provider+"/") {
				n++
			}
		}
		assert.GreaterOrEqual(t, n, 2, "models of %s", provider)
	}
	tab["openai/gpt-4o"] = Price{Input: 99, Output: 99}
	assert.InDelta(t, 2.5, Default()["openai/gpt-4o"].Input, 0, "Default gives a copy")
}

// An alias costs what the dated model it names costs.
func TestDefaultAliases(t *testing.T) {
	tab := Default()
	pairs := [][2]string{
		{"anthropic/claude-sonnet-4", "anthropic/claude-sonnet-4-20250514"},
		{"anthropic/claude-sonnet-4-0", "anthropic/claude-sonnet-4-20250514"},
		{"anthropic/claude-opus-4-1", "anthropic/claude-opus-4-1-20250805"},
		{"anthropic/claude-haiku-4-5", "anthropic/claude-haiku-4-5-20251001"},
		{"openai/gpt-4o-2024-08-06", "openai/gpt-4o"},
	}
	for _, p := range pairs {
		a, b := tab[p[0]], tab[p[1]]
		assert.Equal(t, [2]float64{b.Input, b.Output}, [2]float64{a.Input, a.Output}, "%s and %s", p[0], p[1])
	}
}

func TestLookup(t *testing.T) {
	tab := Table{"openai/gpt-4o": {Input: 2.5, Output: 10}}
	tests := []struct {
		name, model string
		ok          bool
	}{
		{"exact", "openai/gpt-4o", true},
		{"another snapshot is another model", "openai/gpt-4o-2024-05-13", false},
		{"no prefix matching", "openai/gpt-4", false},
		{"case matters", "OpenAI/gpt-4o", false},
		{"agent", "agent/oracle", false},
		{"a replayed agent under a provider's name", "openai/explorer", false},
		{"empty", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, ok := tab.Lookup(tt.model)
			assert.Equal(t, tt.ok, ok)
			if !ok {
				assert.Equal(t, Price{}, p)
			}
		})
	}
}

func TestCost(t *testing.T) {
	tests := []struct {
		name   string
		price  Price
		tokens Tokens
		want   float64
	}{
		{"input and output", Price{Input: 3, Output: 15}, Tokens{Input: 1_000_000, Output: 1_000_000}, 18},
		{"a small case", Price{Input: 3, Output: 15}, Tokens{Input: 348, Output: 166}, (348*3 + 166*15) / 1e6},
		{"reasoning billed as output by default", Price{Input: 1, Output: 4}, Tokens{Reasoning: 500_000}, 2},
		{"reasoning at its own price", Price{Input: 1, Output: 4, Reasoning: ptr(2)}, Tokens{Reasoning: 500_000}, 1},
		{"cached input billed as input by default", Price{Input: 1, Output: 4}, Tokens{CachedInput: 2_000_000}, 2},
		{"cached input at its own price", Price{Input: 1, Output: 4, CachedInput: ptr(0.1)}, Tokens{Input: 1_000_000, CachedInput: 2_000_000}, 1.2},
		{"cache writes billed as input by default", Price{Input: 1, Output: 4}, Tokens{CacheWrite: 2_000_000}, 2},
		{"cache writes at their own price", Price{Input: 1, Output: 4, CachedInput: ptr(0.1), CacheWrite: ptr(1.25)}, Tokens{Input: 1_000_000, CachedInput: 2_000_000, CacheWrite: 2_000_000}, 3.7},
		{"free", Price{}, Tokens{Input: 10, Output: 10}, 0},
		{"no tokens", Price{Input: 3, Output: 15}, Tokens{}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.InDelta(t, tt.want, tt.price.Cost(tt.tokens), 1e-12)
		})
	}
}

func TestTokensAdd(t *testing.T) {
	assert.Equal(t, Tokens{Input: 4, CachedInput: 6, CacheWrite: 3, Output: 8, Reasoning: 10},
		Tokens{Input: 1, CachedInput: 2, CacheWrite: 1, Output: 3, Reasoning: 4}.Add(Tokens{Input: 3, CachedInput: 4, CacheWrite: 2, Output: 5, Reasoning: 6}))
	assert.Equal(t, Tokens{Input: 7, Output: 3, Reasoning: 4}, Tokens{Input: 1, CachedInput: 2, CacheWrite: 4, Output: 3, Reasoning: 4}.Uncached())
}

func TestWith(t *testing.T) {
	base := Table{"openai/gpt-4o": {Input: 2.5, Output: 10, AsOf: "2025-10-01"}, "google/gemini-2.5-flash": {Input: 0.3, Output: 2.5}}
	over := Table{"openai/gpt-4o": {Input: 1, Output: 2, Source: "contract"}, "ollama/llama3.1": {Input: 0, Output: 0}}
	tests := []struct {
		name, model string
		want        Price
	}{
		{"an override replaces the whole entry", "openai/gpt-4o", Price{Input: 1, Output: 2, Source: "contract"}},
		{"an entry the override leaves stays", "google/gemini-2.5-flash", Price{Input: 0.3, Output: 2.5}},
		{"an override adds a model", "ollama/llama3.1", Price{}},
	}
	got := base.With(over)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, ok := got.Lookup(tt.model)
			require.True(t, ok)
			assert.Equal(t, tt.want, p)
		})
	}
	assert.Len(t, got, 3)
	assert.InDelta(t, 2.5, base["openai/gpt-4o"].Input, 0, "With leaves its receiver")
	assert.Len(t, over, 2, "With leaves its argument")
	assert.Equal(t, base, base.With(nil))
}

func TestWithSource(t *testing.T) {
	tab := Table{"a/x": {Input: 1, Output: 1}, "a/y": {Input: 1, Output: 1, Source: "own"}}
	got := tab.WithSource("prices.json")
	assert.Equal(t, "prices.json", got["a/x"].Source)
	assert.Equal(t, "own", got["a/y"].Source)
	assert.Empty(t, tab["a/x"].Source, "the receiver is left as it was")
}

func TestParse(t *testing.T) {
	tests := []struct {
		name, in string
		want     Table
		err      string
	}{
		{
			name: "the estimate's format",
			in:   `{"openai/gpt-x": {"input": 1, "output": 4}}`,
			want: Table{"openai/gpt-x": {Input: 1, Output: 4, Source: "p.json"}},
		},
		{
			name: "every field",
			in:   `{"openai/o3": {"input": 2, "output": 8, "reasoning": 8, "cached_input": 0.5, "as_of": "2025-10-01", "source": "OpenAI"}}`,
			want: Table{"openai/o3": {Input: 2, Output: 8, Reasoning: ptr(8), CachedInput: ptr(0.5), AsOf: "2025-10-01", Source: "OpenAI"}},
		},
		{
			name: "cache write",
			in:   `{"anthropic/c": {"input": 3, "output": 15, "cached_input": 0.3, "cache_write": 3.75}}`,
			want: Table{"anthropic/c": {Input: 3, Output: 15, CachedInput: ptr(0.3), CacheWrite: ptr(3.75), Source: "p.json"}},
		},
		{name: "zero is a price", in: `{"ollama/llama3.1": {"input": 0, "output": 0}}`, want: Table{"ollama/llama3.1": {Source: "p.json"}}},
		{name: "empty table", in: `{}`, want: Table{}},
		{name: "unknown field", in: `{"openai/gpt-x": {"in": 1, "output": 4}}`, err: `prices p.json: price "openai/gpt-x": json: unknown field "in"`},
		{name: "no output", in: `{"openai/gpt-x": {"input": 1}}`, err: `price "openai/gpt-x": want both an input and an output price`},
		{name: "null entry", in: `{"openai/gpt-x": null}`, err: `price "openai/gpt-x": want both`},
		{name: "negative", in: `{"openai/gpt-x": {"input": -1, "output": 4}}`, err: `price "openai/gpt-x": input: -1 is not a finite price ≥ 0`},
		{name: "negative cached", in: `{"openai/gpt-x": {"input": 1, "output": 4, "cached_input": -0.5}}`, err: `price "openai/gpt-x": cached_input: -0.5`},
		{name: "negative cache write", in: `{"anthropic/c": {"input": 1, "output": 4, "cache_write": -1}}`, err: `price "anthropic/c": cache_write: -1`},
		{name: "above the cap", in: `{"openai/gpt-x": {"input": 1.7e308, "output": 4}}`, err: `price "openai/gpt-x": input: 1.7e+308 is not a finite price ≥ 0 and ≤ 100000`},
		{name: "just above the cap", in: `{"openai/gpt-x": {"input": 1, "output": 100000.01}}`, err: `output: 100000.01`},
		{name: "too large for a number", in: `{"openai/gpt-x": {"input": 1e400, "output": 4}}`, err: "openai/gpt-x"},
		{name: "a string price", in: `{"openai/gpt-x": {"input": "1", "output": 4}}`, err: "openai/gpt-x"},
		{name: "no slash", in: `{"gpt-x": {"input": 1, "output": 4}}`, err: `price "gpt-x": the key is not provider/model`},
		{name: "empty model", in: `{"openai/": {"input": 1, "output": 4}}`, err: "not provider/model"},
		{name: "space in key", in: `{"openai/gpt x": {"input": 1, "output": 4}}`, err: "space or control character"},
		{name: "bad date", in: `{"openai/gpt-x": {"input": 1, "output": 4, "as_of": "Oct 2025"}}`, err: `price "openai/gpt-x": as_of: "Oct 2025" is not a date`},
		{name: "an array", in: `[{"input": 1}]`, err: "want a JSON object"},
		{name: "empty file", in: ``, err: "want a JSON object"},
		{name: "not an object of entries", in: `{"openai/gpt-x": 3}`, err: "openai/gpt-x"},
		{name: "data after", in: `{} {}`, err: "data after the JSON object"},
		{name: "truncated", in: `{"openai/gpt-x": {"input": 1,`, err: "prices p.json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse([]byte(tt.in), "p.json")
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				assert.Contains(t, err.Error(), "p.json", "the error names the file")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		tab  Table
		err  string
	}{
		{"valid", Table{"openai/b": {Input: 1, Output: 2, AsOf: "2025-01-31"}}, ""},
		{"NaN", Table{"openai/b": {Input: math.NaN(), Output: 2}}, `price "openai/b": input: NaN`},
		{"infinite", Table{"openai/b": {Input: 1, Output: math.Inf(1)}}, `price "openai/b": output: +Inf`},
		{"negative reasoning", Table{"openai/b": {Input: 1, Output: 2, Reasoning: ptr(-1)}}, `price "openai/b": reasoning: -1`},
		{"the first bad entry by name", Table{"openai/z": {Input: -1}, "openai/a": {Input: -2}}, `price "openai/a": input: -2`},
		{"bad key", Table{"/b": {}}, `price "/b": the key is not provider/model`},
		{"unknown provider", Table{"acme/b": {Input: 1, Output: 2}}, `price "acme/b": the key is not provider/model: parse model name "acme/b": unknown provider "acme"`},
		{"settings in the key", Table{"openai/o4-mini@effort=high": {Input: 1, Output: 2}}, `price "openai/o4-mini@effort=high": the key has settings (price openai/o4-mini`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.tab.Validate()
			if tt.err == "" {
				assert.NoError(t, err)
				return
			}
			assert.ErrorContains(t, err, tt.err)
		})
	}
}

// FuzzParse: any input is a table or an error, never a panic, and a table
// it accepts is valid.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`{"openai/gpt-x": {"input": 1, "output": 4}}`,
		`{"openai/o3": {"input": 2, "output": 8, "reasoning": 8, "cached_input": 0.5, "as_of": "2025-10-01", "source": "OpenAI"}}`,
		`{"openai/b": null}`, `{}`, `[]`, `{"openai/b": {"input": -1, "output": 1}}`, `{"a": {"input": 1, "output": 1}}`,
		string(builtIn),
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tab, err := Parse(data, "fuzz.json")
		if err != nil {
			return
		}
		if err := tab.Validate(); err != nil {
			t.Fatalf("Parse accepted an invalid table: %v", err)
		}
		for _, name := range tab.Names() {
			if tab[name].Source == "" {
				t.Fatalf("%s has no source", name)
			}
		}
	})
}

func TestConversation(t *testing.T) {
	tests := []struct {
		name   string
		inputs []int
		writes bool
		want   Tokens
	}{
		{"one call reads nothing", []int{5000}, false, Tokens{Input: 5000}},
		{"one call writes its prompt", []int{5000}, true, Tokens{CacheWrite: 5000}},
		{"short prompts are not cached", []int{500, 900, 1300}, false, Tokens{Input: 2700}},
		{"each call reads the one before", []int{1000, 1100, 1300}, false, Tokens{Input: 1000 + 1100 + 200, CachedInput: 1100}},
		{"and writes the rest", []int{1000, 1100, 1300}, true, Tokens{Input: 1000, CacheWrite: 1100 + 200, CachedInput: 1100}},
		{"a shorter prompt reads nothing", []int{2000, 1500}, false, Tokens{Input: 3500}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Conversation(tt.inputs, tt.writes)
			assert.Equal(t, tt.want, got)
			sum := 0
			for _, in := range tt.inputs {
				sum += in
			}
			assert.Equal(t, sum, got.AllInput(), "every prompt token counted once")
		})
	}
}

// Any counts at any prices within the cap cost a finite number of dollars.
func TestCostFinite(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := Price{Input: rapid.Float64Range(0, MaxPrice).Draw(t, "in"), Output: rapid.Float64Range(0, MaxPrice).Draw(t, "out")}
		var sum Tokens
		for range rapid.IntRange(1, 5).Draw(t, "n") {
			sum = sum.Add(Tokens{Input: rapid.IntRange(0, math.MaxInt).Draw(t, "i"), Output: rapid.IntRange(0, math.MaxInt).Draw(t, "o")})
		}
		if c := p.Cost(sum); math.IsNaN(c) || math.IsInf(c, 0) || c < 0 {
			t.Fatalf("cost %v of %+v at %+v", c, sum, p)
		}
	})
}
