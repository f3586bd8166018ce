package report

import (
	"fmt"
	"html/template"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/pricing"
)

// costText is the Cost table of the terminal: a row per model, and under a
// model that played several suites a row per suite; then what the figures
// mean.
//
// When some input was read from or written to a prompt cache, columns after
// the input's count what of it was cached (read) and written.
func costText(ms []ModelCost, korean bool) string {
	read, wrote := cached(ms)
	reasoning := anyReasoning(ms)
	head := []string{"model", "cases", "input tok", "cached tok", "cache write tok", "output tok", "of which reasoning", "cost", "price as of"}
	if korean {
		head = []string{"모델", "사례", "입력 토큰", "캐시 읽기 토큰", "캐시 쓰기 토큰", "출력 토큰", "그중 추론", "비용", "가격 기준일"}
	}
	usd := func(v *float64) string {
		if v == nil && korean {
			return "가격 미상"
		}
		return FormatUSD(v)
	}
	row := func(name, cases string, t pricing.Tokens, v *float64, asOf string) []string {
		return []string{name, cases, Thousands(t.AllInput()), Thousands(t.CachedInput), Thousands(t.CacheWrite), Thousands(output(t)), Thousands(t.Reasoning), usd(v), asOf}
	}
	// keep drops the cache and reasoning columns no token went to.
	keep := func(r []string) []string {
		out := r[:3:3]
		if read {
			out = append(out, r[3])
		}
		if wrote {
			out = append(out, r[4])
		}
		out = append(out, r[5])
		if reasoning {
			out = append(out, r[6])
		}
		return append(out, r[7:]...)
	}
	cells := [][]string{keep(head)}
	for _, m := range ms {
		asOf := ""
		if m.Price != nil {
			asOf = cmpOrDash(m.Price.AsOf)
		}
		cells = append(cells, keep(row(m.Model, strconv.Itoa(m.Cases), m.Tokens, m.USD, asOf)))
		if len(m.Suites) > 1 {
			for _, s := range m.Suites {
				cells = append(cells, keep(row("  "+s.Suite, strconv.Itoa(s.Cases), s.Tokens, s.USD, "")))
			}
		}
	}
	var b strings.Builder
	if korean {
		WriteBox(&b, " 비용 ", cells, costFooter(ms, costKorean))
	} else {
		WriteBox(&b, " Cost ", cells, costFooter(ms, costEnglish))
	}
	return b.String()
}

// costWords are the sentences of the Cost table's footer in one language.
type costWords struct {
	// total is the sum over the priced models; unpriced counts the others.
	total              func(total string, priced, unpriced int) string
	prices             []string
	cache              func(saved string) string
	reasoning, unknown string
}

var costEnglish = costWords{
	total: func(total string, priced, unpriced int) string {
		line := "total " + total + " for " + Plain(priced, "model", "models") + " with a price"
		if unpriced > 0 {
			line += ", " + strconv.Itoa(unpriced) + " without"
		}
		return line
	},
	prices: []string{"US dollars at list prices as of the date shown; prices change: --prices FILE overrides.",
		"Output tokens include reasoning. A replayed model costs what its recorded tokens cost."},
	cache: func(saved string) string {
		return "Input includes the tokens read from and written to a prompt cache, at the cached prices: caching saved " + saved + "."
	},
	reasoning: "Reasoning tokens are part of the output tokens, billed at the output price as OpenAI, Anthropic, Google and DeepSeek bill them.",
	unknown:   "price unknown: a reference agent or a model not in the table (add it with --prices FILE).",
}

var costKorean = costWords{
	total: func(total string, priced, unpriced int) string {
		line := "합계 " + total + " (가격이 있는 모델 " + strconv.Itoa(priced) + "개)"
		if unpriced > 0 {
			line += ", 가격이 없는 모델 " + strconv.Itoa(unpriced) + "개"
		}
		return line
	},
	prices: []string{"표시된 날짜 기준 정가의 미국 달러입니다. 가격은 바뀝니다: --prices FILE로 바꿀 수 있습니다.",
		"출력 토큰에는 추론이 포함됩니다. 재생한 모델의 비용은 기록된 토큰의 비용입니다."},
	cache: func(saved string) string {
		return "입력 토큰에는 프롬프트 캐시에서 읽거나 쓴 토큰이 포함되며 캐시 가격으로 계산했습니다: " + saved + " 절약."
	},
	reasoning: "추론 토큰은 출력 토큰의 일부이며, OpenAI·Anthropic·Google·DeepSeek와 같이 출력 가격으로 계산합니다.",
	unknown:   "가격 미상: 참조 에이전트이거나 가격표에 없는 모델입니다 (--prices FILE로 추가).",
}

// costFooter says what the table's figures are, in the words given.
func costFooter(ms []ModelCost, w costWords) []string {
	total, priced, unpriced := costTotal(ms)
	var out []string
	if priced > 1 || (priced > 0 && unpriced > 0) {
		out = append(out, w.total(FormatUSD(&total), priced, unpriced))
	}
	if priced > 0 {
		out = append(out, w.prices...)
		if read, _ := cached(ms); read {
			saved := totalSaving(ms)
			out = append(out, w.cache(FormatUSD(&saved)))
		}
	}
	if anyReasoning(ms) {
		out = append(out, w.reasoning)
	}
	if unpriced > 0 {
		out = append(out, w.unknown)
	}
	return out
}

// FormatUSD writes dollars for reading: four decimals under a dollar, two
// from there; "price unknown" for none.
func FormatUSD(v *float64) string {
	switch {
	case v == nil:
		return "price unknown"
	case *v < 1:
		return fmt.Sprintf("$%.4f", *v)
	}
	return fmt.Sprintf("$%.2f", *v)
}

// Thousands writes a count with its thousands grouped: 1,234,567.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

func cmpOrDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// costRow is one line of the page's Cost table.
type costRow struct {
	Model, Suite, Cases, Input, Cached, Written, Output, Reasoning, Price, USD, AsOf, Source string
	Sub, Unknown                                                                             bool
}

func costRows(ms []ModelCost) []costRow {
	var out []costRow
	for _, m := range ms {
		r := costRow{Model: m.Model, Cases: strconv.Itoa(m.Cases), Input: Thousands(m.Tokens.AllInput()), Cached: Thousands(m.Tokens.CachedInput),
			Written: Thousands(m.Tokens.CacheWrite), Output: Thousands(output(m.Tokens)), Reasoning: Thousands(m.Tokens.Reasoning), USD: FormatUSD(m.USD), Unknown: m.Price == nil}
		if len(m.Suites) == 1 {
			r.Suite = m.Suites[0].Suite
		} else {
			r.Suite = "all"
		}
		if p := m.Price; p != nil {
			r.Price = "$" + FormatNum(p.Input) + " / $" + FormatNum(p.Output)
			if m.Tokens.CachedInput > 0 && p.CachedInput != nil {
				r.Price += "; cached $" + FormatNum(*p.CachedInput)
			}
			if m.Tokens.CacheWrite > 0 && p.CacheWrite != nil {
				r.Price += ", write $" + FormatNum(*p.CacheWrite)
			}
			r.AsOf, r.Source = cmpOrDash(p.AsOf), p.Source
		}
		out = append(out, r)
		if len(m.Suites) > 1 {
			for _, s := range m.Suites {
				out = append(out, costRow{Model: m.Model, Suite: s.Suite, Cases: strconv.Itoa(s.Cases), Input: Thousands(s.Tokens.AllInput()),
					Cached: Thousands(s.Tokens.CachedInput), Written: Thousands(s.Tokens.CacheWrite), Output: Thousands(output(s.Tokens)),
					Reasoning: Thousands(s.Tokens.Reasoning), USD: FormatUSD(s.USD), Sub: true, Unknown: s.USD == nil})
			}
		}
	}
	return out
}

type costPage struct {
	Rows                            []costRow
	Total, PricedN, Unpriced, Saved string
	// Read and Wrote show the columns of the tokens read from and written
	// to a prompt cache; Reasoning the reasoning tokens' column.
	Read, Wrote, Reasoning bool
}

var costTemplate = template.Must(template.New("cost").Parse(`<section id="cost">
<h2>Cost</h2>
<p class="muted">What each model's tokens cost at the price table's list prices, in US dollars per million tokens (input / output) as of the date shown. List prices change: pass <code>--prices FILE</code> (or <code>"prices"</code> in the config file) to use your own. Output tokens include reasoning and thinking tokens, which the providers bill at the output price. A replayed model costs what its recorded tokens cost at that price; a reference agent, or a model the table does not list, has no price.</p>
{{if .Reasoning}}<p class="muted">Reasoning tokens are counted apart where the provider reports them (OpenAI's and DeepSeek's reasoning_tokens, Anthropic's thinking_tokens, Gemini's thoughtsTokenCount); they are part of the output tokens and cost the output price.</p>
{{end}}<table class="cost"><thead><tr><th>model</th><th>suite</th><th>cases</th><th>input tokens</th>{{if .Read}}<th>cached tokens</th>{{end}}{{if .Wrote}}<th>cache write tokens</th>{{end}}<th>output tokens</th>{{if .Reasoning}}<th>of which reasoning</th>{{end}}<th>$ per Mtok in / out</th><th>cost</th><th>price as of</th><th>source</th></tr></thead><tbody>
{{range .Rows}}<tr class="{{if .Sub}}sub{{else}}model{{end}}{{if .Unknown}} unknown{{end}}"><td>{{if not .Sub}}{{.Model}}{{end}}</td><td>{{.Suite}}</td><td class="num">{{.Cases}}</td><td class="num">{{.Input}}</td>{{if $.Read}}<td class="num">{{.Cached}}</td>{{end}}{{if $.Wrote}}<td class="num">{{.Written}}</td>{{end}}<td class="num">{{.Output}}</td>{{if $.Reasoning}}<td class="num">{{.Reasoning}}</td>{{end}}<td class="num">{{.Price}}</td><td class="num usd">{{.USD}}</td><td class="num">{{.AsOf}}</td><td>{{.Source}}</td></tr>
{{end}}</tbody></table>
{{if .Total}}<p class="total">Total: {{.Total}} for {{.PricedN}} with a price{{with .Unpriced}}, {{.}} without{{end}}.{{with .Saved}} Prompt caching saved {{.}}: input tokens include those read from and written to the cache, billed at the cached prices.{{end}}</p>{{end}}
</section>`))

const costCSS = `
table.cost tr.sub td{color:var(--muted)}
table.cost tr.sub td:nth-child(2){padding-left:22px}
table.cost tr.unknown td.usd{color:var(--muted);font-style:italic}
`

func costHTML(ms []ModelCost) (template.HTML, error) {
	total, priced, unpriced := costTotal(ms)
	page := costPage{Rows: costRows(ms), Reasoning: anyReasoning(ms)}
	page.Read, page.Wrote = cached(ms)
	if priced > 0 {
		if page.Read {
			saved := totalSaving(ms)
			page.Saved = FormatUSD(&saved)
		}
		page.Total = FormatUSD(&total)
		page.PricedN = Plain(priced, "model", "models")
		if unpriced > 0 {
			page.Unpriced = Plain(unpriced, "model", "models")
		}
	}
	var b strings.Builder
	if err := costTemplate.Execute(&b, page); err != nil {
		return "", fmt.Errorf("cost: %w", err)
	}
	return template.HTML(b.String()), nil
}
