package report

import (
	"math"

	"github.com/hallumaze/hallumaze/pricing"
	"github.com/hallumaze/hallumaze/results"
)

// CostKey is the results JSON file's member that holds the cost, and the
// id of the page's Cost section.
const CostKey = "cost"

// ModelCost is what one model's results cost: the tokens the providers
// reported, and their price at the model's entry of the price table.
type ModelCost struct {
	Model string
	// Cases counts the model's results, the cases that could not be played
	// included (the tokens they used before failing were billed).
	Cases  int
	Tokens pricing.Tokens
	// Price is the model's entry of the table; nil when it has none (a
	// reference agent, a model the table does not list), and then USD is
	// nil too: the cost is unknown, never zero.
	Price *pricing.Price
	USD   *float64
	// Suites splits the model's results by suite, in the order of the
	// suites' names.
	Suites []SuiteCost
}

// SuiteCost is the part of a model's cost spent on one suite.
type SuiteCost struct {
	Suite  string
	Cases  int
	Tokens pricing.Tokens
	USD    *float64
}

// Costs prices every model's results at the table, the models in the order
// of their names. Human control groups (entered by hand, no tokens) are
// left out. A result from a replayed cassette costs what its recorded
// tokens would cost now: its call was billed once, when it was recorded.
func Costs(rs []results.Result, prices pricing.Table) []ModelCost {
	var c costs
	for _, r := range rs {
		c.add(r)
	}
	return c.models(prices)
}

// CaseCost is what one result cost at the table: false for a human group's
// and for a model without a price.
func CaseCost(r results.Result, prices pricing.Table) (float64, bool) {
	if results.IsHuman(r) {
		return 0, false
	}
	p, ok := prices.Lookup(r.Model)
	if !ok {
		return 0, false
	}
	c := roundUSD(p.Cost(tokensOf(r)))
	return c, finite(c)
}

// tokensOf counts a result's tokens by how they are billed: the input,
// split into what was read from the provider's prompt cache, what was
// written to it and the rest; the answer's output, and the reasoning
// apart. The providers count reasoning and thinking tokens within the
// output (OpenAI's and DeepSeek's completion tokens, Anthropic's output
// tokens, Gemini's candidates plus thoughts) and bill them at the output
// price, which is what a price without a reasoning price of its own
// charges them (pricing.Price).
func tokensOf(r results.Result) pricing.Tokens {
	u := r.Usage
	reasoning := min(max(u.ReasoningTokens, 0), u.OutputTokens)
	return pricing.Tokens{Input: max(u.InputTokens-u.CachedInputTokens-u.CacheWriteTokens, 0),
		CachedInput: u.CachedInputTokens, CacheWrite: u.CacheWriteTokens, Output: u.OutputTokens - reasoning, Reasoning: reasoning}
}

// output is every output token of a count, reasoning included.
func output(t pricing.Tokens) int { return t.Output + t.Reasoning }

// anyReasoning reports models that spent reasoning tokens, for the column
// that shows them.
func anyReasoning(ms []ModelCost) bool {
	for _, m := range ms {
		if m.Tokens.Reasoning > 0 {
			return true
		}
	}
	return false
}

// cacheSaving is what prompt caching saved at p: the cost of t's input all
// billed as input, less its cost.
func cacheSaving(p pricing.Price, t pricing.Tokens) float64 {
	return roundUSD(p.Cost(t.Uncached()) - p.Cost(t))
}

// cached tells whether any model's tokens were read from or written to a
// prompt cache, and whether any were written.
func cached(ms []ModelCost) (read, wrote bool) {
	for _, m := range ms {
		read = read || m.Tokens.CachedInput > 0 || m.Tokens.CacheWrite > 0
		wrote = wrote || m.Tokens.CacheWrite > 0
	}
	return read, wrote
}

// totalSaving sums what prompt caching saved the models with a price.
func totalSaving(ms []ModelCost) float64 {
	var s float64
	for _, m := range ms {
		if m.Price != nil {
			s += cacheSaving(*m.Price, m.Tokens)
		}
	}
	return roundUSD(s)
}

// roundUSD rounds dollars to a billionth, so that float noise does not
// show in the files.
func roundUSD(v float64) float64 { return math.Round(v*1e9) / 1e9 }

// usd is a cost to report: nil (unknown) when it is not a finite number,
// which prices within pricing.MaxPrice and token counts within
// results.MaxTokens never give, so that no file or page shows ±Inf or NaN.
func usd(v float64) *float64 {
	v = roundUSD(v)
	if !finite(v) {
		return nil
	}
	return &v
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// pricesOf is the table of the options: the built-in one when they name
// none.
func pricesOf(opts Options) pricing.Table {
	if opts.Prices == nil {
		return pricing.Default()
	}
	return opts.Prices
}

// costTotal sums the cost of the models that have a price, and counts
// those without.
func costTotal(ms []ModelCost) (total float64, priced, unpriced int) {
	for _, m := range ms {
		if m.USD == nil {
			unpriced++
			continue
		}
		total += *m.USD
		priced++
	}
	return roundUSD(total), priced, unpriced
}

// costJSON is the results JSON file's "cost" member.
type costJSON struct {
	Note     string          `json:"note"`
	TotalUSD float64         `json:"total_usd"`
	Unpriced int             `json:"models_without_price"`
	Models   []modelCostJSON `json:"models"`
}

type modelCostJSON struct {
	Model string `json:"model"`
	Cases int    `json:"cases"`
	tokensJSON
	USD    *float64        `json:"usd"`
	AsOf   *string         `json:"as_of"`
	Price  *pricing.Price  `json:"price"`
	Suites []suiteCostJSON `json:"suites"`
}

type suiteCostJSON struct {
	Suite string `json:"suite"`
	Cases int    `json:"cases"`
	tokensJSON
	USD *float64 `json:"usd"`
}

// tokensJSON is a count of tokens as the cost member writes it: the whole
// input, of it the tokens read from and written to a prompt cache, and the
// whole output, of it the reasoning.
type tokensJSON struct {
	InputTokens       int `json:"input_tokens"`
	CachedInputTokens int `json:"cached_input_tokens,omitempty"`
	CacheWriteTokens  int `json:"cache_write_tokens,omitempty"`
	OutputTokens      int `json:"output_tokens"`
	ReasoningTokens   int `json:"reasoning_tokens,omitempty"`
}

func tokensOfJSON(t pricing.Tokens) tokensJSON {
	return tokensJSON{InputTokens: t.AllInput(), CachedInputTokens: t.CachedInput, CacheWriteTokens: t.CacheWrite,
		OutputTokens: output(t), ReasoningTokens: t.Reasoning}
}

// costCacheNote is added to costNote when some input was read from or
// written to a prompt cache.
const costCacheNote = " Input tokens include those read from and written to a prompt cache (cached_input_tokens, cache_write_tokens), " +
	"billed at the table's cached and cache-write prices where it has them, else at the input price."

// costNote says in the JSON file how the cost was reckoned.
const costNote = "US dollars at the price table's list prices (per million tokens, as of each price's date; list prices change). " +
	"Output tokens include reasoning and thinking tokens (reasoning_tokens, where the provider reports them apart), billed at the output price as OpenAI, Anthropic, Google and DeepSeek bill them. " +
	"A model with settings (openai/o4-mini@effort=high) is priced at its model's entry. " +
	"A replayed model costs what its recorded tokens cost at that price; reference agents and models the table does not list have no price (usd null)."

func costMember(ms []ModelCost) costJSON {
	total, _, unpriced := costTotal(ms)
	out := costJSON{Note: costNote, TotalUSD: total, Unpriced: unpriced, Models: make([]modelCostJSON, 0, len(ms))}
	if read, _ := cached(ms); read {
		out.Note += costCacheNote
	}
	for _, m := range ms {
		mj := modelCostJSON{Model: m.Model, Cases: m.Cases, tokensJSON: tokensOfJSON(m.Tokens), USD: m.USD, Price: m.Price}
		if m.Price != nil {
			asOf := m.Price.AsOf
			mj.AsOf = &asOf
		}
		for _, s := range m.Suites {
			mj.Suites = append(mj.Suites, suiteCostJSON{Suite: s.Suite, Cases: s.Cases, tokensJSON: tokensOfJSON(s.Tokens), USD: s.USD})
		}
		out.Models = append(out.Models, mj)
	}
	return out
}

// CostSection is the report's Cost section, which belongs to no suite (its
// Suite is ""): every model's tokens over all suites and per suite, and
// their cost at opts.Prices (the built-in table when nil), as a table on
// the terminal and the page and the results JSON file's "cost" member.
// With no model's result it shows nothing but still writes the member.
func CostSection(rs []results.Result, opts Options) (Section, error) {
	return costSection(Costs(rs, pricesOf(opts)), opts)
}

// costSection is the Cost section of priced models.
func costSection(ms []ModelCost, opts Options) (Section, error) {
	sec := Section{Title: "Cost", JSON: []Member{{Key: CostKey, Value: costMember(ms)}}}
	if len(ms) == 0 {
		return sec, nil
	}
	html, err := costHTML(ms)
	if err != nil {
		return sec, err
	}
	sec.Text, sec.HTML, sec.CSS = costText(ms, opts.Korean), html, costCSS
	sec.Nav = []Link{{ID: CostKey, Text: "Cost"}}
	return sec, nil
}
