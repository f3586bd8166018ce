package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/internal/golden"
	"github.com/hallumaze/hallumaze/pricing"
	"github.com/hallumaze/hallumaze/results"
)

// costPrices is the tests' own table, so that the figures do not move
// with the built-in list prices.
var costPrices = pricing.Table{
	"anthropic/claude-sonnet-4": {Input: 3, Output: 15, AsOf: "2025-10-01", Source: "Anthropic API list price"},
	"openai/gpt-4o":             {Input: 2.5, Output: 10, AsOf: "2025-10-01", Source: "OpenAI API list price"},
	"deepseek/deepseek-chat":    {Input: 0.28, Output: 0.42, Source: "own table"},
}

func used(suite, model, name string, in, out int) results.Result {
	return results.Result{Suite: suite, Model: model, Case: name, Usage: results.Usage{InputTokens: in, OutputTokens: out}}
}

// costFixture: a model over two suites, one over one suite with a case
// that failed after using tokens, a dated price and an undated one, a
// reference agent, an agent replayed under a provider's name, and a human
// group.
func costFixture() []results.Result {
	failed := used("maze", "openai/gpt-4o", "size=7/seed=2", 900, 0)
	failed.Error = "provider: 500 after 3 tries"
	human := used("maze", "human/undergraduates", "size=5/seed=1", 0, 0)
	return []results.Result{
		used("maze", "anthropic/claude-sonnet-4", "size=5/seed=1", 348, 166),
		used("maze", "anthropic/claude-sonnet-4", "size=7/seed=1", 1_200_000, 400_000),
		used("abstain", "anthropic/claude-sonnet-4", "q1", 250, 40),
		used("maze", "openai/gpt-4o", "size=5/seed=1", 311, 166),
		failed,
		used("abstain", "deepseek/deepseek-chat", "q1", 1000, 2000),
		used("maze", "agent/oracle", "size=5/seed=1", 120, 30),
		used("maze", "openai/explorer", "size=5/seed=1", 120, 60),
		human,
	}
}

func TestCosts(t *testing.T) {
	ms := Costs(costFixture(), costPrices)
	byModel := map[string]ModelCost{}
	var order []string
	for _, m := range ms {
		byModel[m.Model] = m
		order = append(order, m.Model)
	}
	assert.Equal(t, []string{"agent/oracle", "anthropic/claude-sonnet-4", "deepseek/deepseek-chat", "openai/explorer", "openai/gpt-4o"}, order,
		"every model by name, the human group left out")
	tests := []struct {
		name, model string
		cases       int
		tokens      pricing.Tokens
		usd         *float64
		suites      []string
	}{
		{"over two suites", "anthropic/claude-sonnet-4", 3, pricing.Tokens{Input: 1_200_598, Output: 400_206},
			ptrF(roundUSD((1_200_598*3 + 400_206*15) / 1e6)), []string{"abstain", "maze"}},
		{"a failed case's tokens count", "openai/gpt-4o", 2, pricing.Tokens{Input: 1211, Output: 166},
			ptrF(roundUSD((1211*2.5 + 166*10) / 1e6)), []string{"maze"}},
		{"an undated price", "deepseek/deepseek-chat", 1, pricing.Tokens{Input: 1000, Output: 2000},
			ptrF(roundUSD((1000*0.28 + 2000*0.42) / 1e6)), []string{"abstain"}},
		{"a reference agent has no price", "agent/oracle", 1, pricing.Tokens{Input: 120, Output: 30}, nil, []string{"maze"}},
		{"a model the table does not list", "openai/explorer", 1, pricing.Tokens{Input: 120, Output: 60}, nil, []string{"maze"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, ok := byModel[tt.model]
			require.True(t, ok)
			assert.Equal(t, tt.cases, m.Cases)
			assert.Equal(t, tt.tokens, m.Tokens)
			if tt.usd == nil {
				assert.Nil(t, m.USD, "unknown, never $0")
				assert.Nil(t, m.Price)
			} else {
				require.NotNil(t, m.USD)
				assert.InDelta(t, *tt.usd, *m.USD, 1e-9)
			}
			var suites []string
			var sum pricing.Tokens
			cases := 0
			for _, s := range m.Suites {
				suites = append(suites, s.Suite)
				sum = sum.Add(s.Tokens)
				cases += s.Cases
				assert.Equal(t, tt.usd == nil, s.USD == nil, "a suite's cost is known as the model's is")
			}
			assert.Equal(t, tt.suites, suites)
			assert.Equal(t, m.Tokens, sum, "the suites' tokens add up to the model's")
			assert.Equal(t, m.Cases, cases)
		})
	}
}

// A price override changes the figures; the built-in table is used when
// the options name none.
func TestCostsPriceTable(t *testing.T) {
	rs := []results.Result{used("maze", "openai/gpt-4o", "c", 1_000_000, 1_000_000)}
	builtIn := Costs(rs, pricesOf(Options{}))
	want, _ := pricing.Default().Lookup("openai/gpt-4o")
	require.NotNil(t, builtIn[0].USD)
	assert.InDelta(t, want.Input+want.Output, *builtIn[0].USD, 1e-9)

	over := pricing.Default().With(pricing.Table{"openai/gpt-4o": {Input: 1, Output: 2}})
	got := Costs(rs, pricesOf(Options{Prices: over}))
	require.NotNil(t, got[0].USD)
	assert.InDelta(t, 3.0, *got[0].USD, 1e-9)
}

func TestCaseCost(t *testing.T) {
	tests := []struct {
		name string
		r    results.Result
		want float64
		ok   bool
	}{
		{"priced", used("maze", "openai/gpt-4o", "c", 311, 166), 0.0024375, true},
		{"no tokens", used("maze", "openai/gpt-4o", "c", 0, 0), 0, true},
		{"agent", used("maze", "agent/oracle", "c", 311, 166), 0, false},
		{"unknown", used("maze", "openai/gpt-9", "c", 311, 166), 0, false},
		{"human", used("maze", "human/group", "c", 311, 166), 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := CaseCost(tt.r, costPrices)
			assert.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.want, got, "rounded to a billionth: no float noise")
		})
	}
}

func TestFormatUSD(t *testing.T) {
	tests := []struct {
		name string
		v    *float64
		want string
	}{
		{"unknown", nil, "price unknown"},
		{"zero", ptrF(0), "$0.0000"},
		{"cents", ptrF(0.0315), "$0.0315"},
		{"a fraction of a cent", ptrF(0.00048), "$0.0005"},
		{"dollars", ptrF(12.345), "$12.35"},
		{"one", ptrF(1), "$1.00"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { assert.Equal(t, tt.want, FormatUSD(tt.v)) })
	}
}

func TestThousands(t *testing.T) {
	for in, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 1_200_598: "1,200,598", -12345: "-12,345"} {
		assert.Equal(t, want, Thousands(in), "%d", in)
	}
}

// The Cost section's terminal table and JSON member, as they are written.
func TestCostSectionGolden(t *testing.T) {
	sec, err := CostSection(costFixture(), Options{Prices: costPrices})
	require.NoError(t, err)
	assert.Equal(t, "", sec.Suite)
	golden.Check(t, "cost_table.golden", []byte(sec.Text))
	ko, err := CostSection(costFixture(), Options{Prices: costPrices, Korean: true})
	require.NoError(t, err)
	golden.Check(t, "cost_table_ko.golden", []byte(ko.Text))
	var js bytes.Buffer
	require.NoError(t, WriteJSON(&js, []Section{sec}, Options{Timestamp: time.Date(2026, 3, 22, 14, 30, 22, 0, time.UTC)}))
	golden.Check(t, "cost_json.golden", js.Bytes())

	var doc struct {
		Cost struct {
			TotalUSD float64 `json:"total_usd"`
			Unpriced int     `json:"models_without_price"`
			Models   []struct {
				Model string         `json:"model"`
				USD   *float64       `json:"usd"`
				AsOf  *string        `json:"as_of"`
				Price *pricing.Price `json:"price"`
			} `json:"models"`
		} `json:"cost"`
	}
	require.NoError(t, json.Unmarshal(js.Bytes(), &doc))
	assert.Equal(t, 2, doc.Cost.Unpriced)
	sum := 0.0
	for _, m := range doc.Cost.Models {
		if m.USD == nil {
			assert.Nil(t, m.Price, "%s: no price, no usd", m.Model)
			assert.Nil(t, m.AsOf)
			continue
		}
		sum += *m.USD
		require.NotNil(t, m.Price)
		assert.Equal(t, m.Price.AsOf, *m.AsOf)
	}
	assert.InDelta(t, sum, doc.Cost.TotalUSD, 1e-9)
}

func TestCostSectionEmpty(t *testing.T) {
	sec, err := CostSection([]results.Result{used("maze", "human/group", "c", 0, 0)}, Options{})
	require.NoError(t, err)
	assert.Empty(t, sec.Text, "no model, no table")
	assert.Empty(t, sec.HTML)
	assert.Empty(t, sec.Nav)
	require.Len(t, sec.JSON, 1, "the member is written all the same")
	assert.Equal(t, CostKey, sec.JSON[0].Key)
}

// Only models without a price: their tokens, no total, no dollar figure.
func TestCostTextUnknownOnly(t *testing.T) {
	sec, err := CostSection([]results.Result{used("maze", "agent/oracle", "c", 1234, 56)}, Options{Prices: costPrices})
	require.NoError(t, err)
	assert.Contains(t, sec.Text, "1,234")
	assert.Contains(t, sec.Text, "price unknown")
	assert.NotContains(t, sec.Text, "$")
	assert.NotContains(t, sec.Text, "total")
}

func TestCSVCostColumn(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteCSVPrices(&b, costFixture(), costPrices))
	rows, err := csv.NewReader(&b).ReadAll()
	require.NoError(t, err)
	header := rows[0]
	require.Equal(t, "cost_usd", header[len(header)-1], "the last column")
	col := func(row []string, name string) string {
		for i, h := range header {
			if h == name {
				return row[i]
			}
		}
		t.Fatalf("no column %s", name)
		return ""
	}
	got := map[string]string{}
	for _, row := range rows[1:] {
		got[col(row, "model")+" "+col(row, "case")] = col(row, "cost_usd")
	}
	assert.Equal(t, map[string]string{
		"anthropic/claude-sonnet-4 size=5/seed=1": "0.003534",
		"anthropic/claude-sonnet-4 size=7/seed=1": "9.6",
		"anthropic/claude-sonnet-4 q1":            "0.00135",
		"openai/gpt-4o size=5/seed=1":             "0.0024375",
		"openai/gpt-4o size=7/seed=2":             "0.00225",
		"deepseek/deepseek-chat q1":               "0.00112",
		"agent/oracle size=5/seed=1":              "",
		"openai/explorer size=5/seed=1":           "",
		"human/undergraduates size=5/seed=1":      "",
	}, got, "each case at its model's price; empty without one")

	// The built-in table by default.
	b.Reset()
	require.NoError(t, WriteCSV(&b, []results.Result{used("maze", "openai/gpt-4o", "c", 1_000_000, 0)}))
	p, _ := pricing.Default().Lookup("openai/gpt-4o")
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	assert.True(t, strings.HasSuffix(lines[1], ","+FormatNum(p.Input)), lines[1])
}

// A metric named cost_usd does not take the column's name.
func TestCSVCostColumnName(t *testing.T) {
	r := used("maze", "openai/gpt-4o", "c", 1, 1)
	r.Metrics = map[string]float64{"cost_usd": 7}
	var b bytes.Buffer
	require.NoError(t, WriteCSVPrices(&b, []results.Result{r}, costPrices))
	header := strings.Split(strings.SplitN(b.String(), "\n", 2)[0], ",")
	assert.Contains(t, header, "metric_cost_usd")
	assert.Equal(t, "cost_usd", header[len(header)-1])
}

func TestCostHTML(t *testing.T) {
	rs := costFixture()
	secs, err := Summarize(rs, nil, Options{Prices: costPrices})
	require.NoError(t, err)
	var page bytes.Buffer
	require.NoError(t, WriteHTML(&page, rs, secs, Options{}))
	html := page.String()
	assert.Contains(t, html, `<a href="#cost">Cost</a>`)
	assert.Contains(t, html, `<section id="cost">`)
	assert.Contains(t, html, `<table class="cost">`)
	assert.Contains(t, html, `<td>openai/gpt-4o</td><td>maze</td><td class="num">2</td><td class="num">1,211</td><td class="num">166</td><td class="num">$2.5 / $10</td><td class="num usd">$0.0047</td><td class="num">2025-10-01</td><td>OpenAI API list price</td>`)
	assert.Contains(t, html, `<tr class="model unknown"><td>agent/oracle</td>`)
	assert.Contains(t, html, `<tr class="sub"><td></td><td>abstain</td>`, "a model over two suites has a row per suite")
	assert.Contains(t, html, "Total: $9.61 for 3 models with a price, 2 models without.")
	assert.Less(t, strings.Index(html, `<section id="cost">`), strings.Index(html, `<section id="cases">`))
	assert.Contains(t, html, "table.cost tr.sub", "the section's CSS is on the page")
}

func ptrF(v float64) *float64 { return &v }

// Input read from or written to a prompt cache is priced at the table's
// cached and cache-write prices, shown in columns of its own with what
// caching saved; without any, the table is as it was.
func TestCostPromptCache(t *testing.T) {
	prices := pricing.Table{
		"anthropic/claude-sonnet-4": {Input: 3, Output: 15, CachedInput: ptrF(0.3), CacheWrite: ptrF(3.75), AsOf: "2025-10-01"},
		"openai/gpt-4o":             {Input: 2.5, Output: 10, CachedInput: ptrF(1.25), AsOf: "2025-10-01"},
	}
	claude := used("maze", "anthropic/claude-sonnet-4", "size=7/seed=1/interactive", 1_000_000, 10_000)
	claude.Usage.CachedInputTokens, claude.Usage.CacheWriteTokens = 800_000, 150_000
	gpt := used("maze", "openai/gpt-4o", "size=7/seed=1/interactive", 1_000_000, 10_000)
	gpt.Usage.CachedInputTokens = 600_000
	rs := []results.Result{claude, gpt}

	ms := Costs(rs, prices)
	require.Len(t, ms, 2)
	assert.Equal(t, pricing.Tokens{Input: 50_000, CachedInput: 800_000, CacheWrite: 150_000, Output: 10_000}, ms[0].Tokens)
	// 0.05×3 + 0.8×0.3 + 0.15×3.75 + 0.01×15 = 0.15 + 0.24 + 0.5625 + 0.15
	assert.InDelta(t, 1.1025, *ms[0].USD, 1e-9)
	// 0.4×2.5 + 0.6×1.25 + 0.01×10
	assert.InDelta(t, 1.85, *ms[1].USD, 1e-9)
	v, ok := CaseCost(claude, prices)
	require.True(t, ok)
	assert.InDelta(t, 1.1025, v, 1e-9)
	// Uncached: 3 + 0.15 and 2.5 + 0.1; saved (3.15-1.1025) + (2.6-1.85).
	assert.InDelta(t, 2.7975, totalSaving(ms), 1e-9)

	sec, err := CostSection(rs, Options{Prices: prices})
	require.NoError(t, err)
	assert.Contains(t, sec.Text, "cached tok")
	assert.Contains(t, sec.Text, "cache write tok")
	assert.Contains(t, sec.Text, "caching saved $2.80")
	assert.Regexp(t, `anthropic/claude-sonnet-4 +1 +1,000,000 +800,000 +150,000 +10,000 +\$1\.10`, sec.Text)
	assert.Contains(t, string(sec.HTML), `<td class="num">1,000,000</td><td class="num">800,000</td><td class="num">150,000</td><td class="num">10,000</td><td class="num">$3 / $15; cached $0.3, write $3.75</td>`)
	assert.Contains(t, string(sec.HTML), "Prompt caching saved $2.80")
	ko, err := CostSection(rs, Options{Prices: prices, Korean: true})
	require.NoError(t, err)
	assert.Contains(t, ko.Text, "입력 토큰에는 프롬프트 캐시에서 읽거나 쓴 토큰이 포함되며 캐시 가격으로 계산했습니다: $2.80 절약.")
	var js bytes.Buffer
	require.NoError(t, WriteJSON(&js, []Section{sec}, Options{}))
	assert.Contains(t, js.String(), `"input_tokens": 1000000,
        "cached_input_tokens": 800000,
        "cache_write_tokens": 150000,`)
	assert.Contains(t, js.String(), costCacheNote)

	// Without caching, none of it.
	sec, err = CostSection(costFixture(), Options{Prices: costPrices})
	require.NoError(t, err)
	assert.NotContains(t, sec.Text, "cached")
	assert.NotContains(t, string(sec.HTML), "cached")
	js.Reset()
	require.NoError(t, WriteJSON(&js, []Section{sec}, Options{}))
	assert.NotContains(t, js.String(), "cache")
}

// TestCostReasoning: two settings of one model are two entries, each priced
// at the model's own entry; their reasoning tokens are counted apart,
// within the output, and cost the output price.
func TestCostReasoning(t *testing.T) {
	prices := pricing.Table{"openai/o4-mini": {Input: 1.1, Output: 4.4, AsOf: "2025-10-01"}}
	reasoned := func(model string, in, out, reasoning int) results.Result {
		r := used("abstain", model, "q1", in, out)
		r.Usage.ReasoningTokens = reasoning
		return r
	}
	rs := []results.Result{
		reasoned("openai/o4-mini@effort=high", 1000, 5000, 4800),
		reasoned("openai/o4-mini@effort=low", 1000, 600, 400),
		used("abstain", "openai/gpt-4o", "q1", 1000, 200),
	}
	ms := Costs(rs, prices)
	require.Len(t, ms, 3)
	byModel := map[string]ModelCost{}
	for _, m := range ms {
		byModel[m.Model] = m
	}
	high := byModel["openai/o4-mini@effort=high"]
	require.NotNil(t, high.Price, "priced at openai/o4-mini's entry")
	assert.Equal(t, pricing.Tokens{Input: 1000, Output: 200, Reasoning: 4800}, high.Tokens)
	assert.InDelta(t, (1000*1.1+5000*4.4)/1e6, *high.USD, 1e-12)
	low := byModel["openai/o4-mini@effort=low"]
	assert.InDelta(t, (1000*1.1+600*4.4)/1e6, *low.USD, 1e-12)
	assert.Nil(t, byModel["openai/gpt-4o"].USD, "gpt-4o is not in this table")

	sec, err := CostSection(rs, Options{Prices: prices})
	require.NoError(t, err)
	assert.Contains(t, sec.Text, "of which reasoning")
	assert.Contains(t, sec.Text, "4,800")
	assert.Contains(t, sec.Text, "5,000", "the output column counts the reasoning in")
	assert.Contains(t, sec.Text, "billed at the output price as OpenAI, Anthropic, Google and DeepSeek bill them")
	ko, err := CostSection(rs, Options{Prices: prices, Korean: true})
	require.NoError(t, err)
	assert.Contains(t, ko.Text, "추론 토큰은 출력 토큰의 일부이며, OpenAI·Anthropic·Google·DeepSeek와 같이 출력 가격으로 계산합니다.")
	assert.Contains(t, string(sec.HTML), "<th>of which reasoning</th>")
	var buf bytes.Buffer
	require.NoError(t, json.NewEncoder(&buf).Encode(sec.JSON[0].Value))
	var cost struct {
		Models []struct {
			Model           string `json:"model"`
			OutputTokens    int    `json:"output_tokens"`
			ReasoningTokens int    `json:"reasoning_tokens"`
		} `json:"models"`
	}
	require.NoError(t, json.Unmarshal(buf.Bytes(), &cost))
	require.Len(t, cost.Models, 3)
	assert.Equal(t, "openai/o4-mini@effort=high", cost.Models[1].Model)
	assert.Equal(t, 5000, cost.Models[1].OutputTokens)
	assert.Equal(t, 4800, cost.Models[1].ReasoningTokens)

	plain, err := CostSection(rs[2:], Options{Prices: prices})
	require.NoError(t, err)
	assert.NotContains(t, plain.Text, "reasoning", "no reasoning column without reasoning tokens")
}
