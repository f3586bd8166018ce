package report

import (
	"cmp"
	"fmt"
	"html/template"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/hallumaze/hallumaze/results"
)

// Comparison is two runs set side by side (hallumaze report --compare):
// for each model compared, the metrics that moved, each with the paired
// test the regression gate uses, and the cases whose verdict flipped.
type Comparison struct {
	// BaseFile and CandFile name the runs.
	BaseFile, CandFile string
	Models             []ModelComparison
}

// ModelComparison is one model of the base run against one of the
// candidate run (the same model, or the only model of each).
type ModelComparison struct {
	Base, Cand string
	// Paired counts the cases both played; Errors those left out because
	// one side could not be played; OnlyBase and OnlyCand the cases one
	// side has and the other lacks.
	Paired, Errors, OnlyBase, OnlyCand int
	Rows                               []CompareRow
	// Flips are the paired cases whose verdict differs, the losses
	// (pass → fail) first.
	Flips []Flip
}

// CompareRow is one metric of the gate's rules over the paired cases.
type CompareRow struct {
	Metric, Better, Test, Note string
	N                          int
	Base, Cand, Delta, P       float64
	Alpha, MaxDrop             float64
	// Significant reports p < Alpha; Regressed a significant move the
	// wrong way beyond MaxDrop (what fails the gate).
	Significant, Regressed bool
}

// Flip is a case whose verdict changed.
type Flip struct {
	Suite, Case string
	Base, Cand  CaseSide
}

// CaseSide is what one run made of a case.
type CaseSide struct {
	Verdict, Outcome, Answer string
}

// CaseSides reads what each played case came to in the suites' views:
// its verdict, outcome and answer, by model, suite and case. It reads the
// results one at a time.
func CaseSides(src Source, sections []Section) (map[string]CaseSide, error) {
	bySuite := map[string]*Section{}
	for i := range sections {
		bySuite[sections[i].Suite] = &sections[i]
	}
	out := map[string]CaseSide{}
	for i := range src.Len() {
		r, err := src.At(i)
		if err != nil {
			return nil, err
		}
		if r.Error != "" || results.IsHuman(r) {
			continue
		}
		side := CaseSide{Answer: answerLine(r, "")}
		if s := bySuite[r.Suite]; s != nil && s.Case != nil {
			v := s.Case(r)
			side = CaseSide{Verdict: v.Verdict, Outcome: v.Outcome, Answer: answerLine(r, v.Reading)}
		}
		out[sideKey(r.Model, r.Suite, r.Case)] = side
	}
	return out, nil
}

func sideKey(model, suite, c string) string { return model + "\x00" + suite + "\x00" + c }

// Flips lists the cases of base and cand, models given, whose verdict
// differs: losses (pass → fail) first, then gains, each by suite and case.
func Flips(base, cand map[string]CaseSide, baseModel, candModel string, keys []string) []Flip {
	var out []Flip
	for _, k := range keys {
		suite, c, _ := strings.Cut(k, "/")
		b, okB := base[sideKey(baseModel, suite, c)]
		x, okC := cand[sideKey(candModel, suite, c)]
		if !okB || !okC || b.Verdict == x.Verdict {
			continue
		}
		out = append(out, Flip{Suite: suite, Case: c, Base: b, Cand: x})
	}
	slices.SortStableFunc(out, func(a, b Flip) int {
		return cmp.Or(cmp.Compare(lossRank(a), lossRank(b)), strings.Compare(a.Suite, b.Suite), CompareCase(a.Case, b.Case))
	})
	return out
}

func lossRank(f Flip) int {
	if f.Base.Verdict == "pass" {
		return 0
	}
	return 1
}

// WriteComparisonText writes the comparison for the terminal: per model,
// the metrics table and up to maxFlips flipped cases (all of them in the
// page).
func WriteComparisonText(w io.Writer, c Comparison, maxFlips int) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Comparison: %s (base) → %s (candidate)\n", c.BaseFile, c.CandFile)
	for _, m := range c.Models {
		fmt.Fprintf(&b, "\n  ▶ %s", m.Base)
		if m.Cand != m.Base {
			fmt.Fprintf(&b, " → %s", m.Cand)
		}
		fmt.Fprintf(&b, ": %d paired cases", m.Paired)
		if m.Errors > 0 {
			fmt.Fprintf(&b, ", %d left out (one side could not be played)", m.Errors)
		}
		if m.OnlyBase+m.OnlyCand > 0 {
			fmt.Fprintf(&b, ", %d only in the base, %d only in the candidate", m.OnlyBase, m.OnlyCand)
		}
		b.WriteString("\n")
		rows := [][]string{{"metric", "better", "n", "base", "cand", "Δ", "test", "p", "moved"}}
		for _, r := range m.Rows {
			if r.N == 0 {
				continue
			}
			rows = append(rows, []string{r.Metric, r.Better, fmt.Sprint(r.N), fmt.Sprintf("%.4f", r.Base), fmt.Sprintf("%.4f", r.Cand),
				fmt.Sprintf("%+.4f", r.Delta), r.Test, fmt.Sprintf("%.3g", r.P), moved(r)})
		}
		if len(rows) == 1 {
			b.WriteString("    no metric of the gate's rules has a case both played\n")
		} else {
			writeAligned(&b, "    ", rows)
		}
		losses := 0
		for _, f := range m.Flips {
			if f.Base.Verdict == "pass" {
				losses++
			}
		}
		fmt.Fprintf(&b, "    flipped: %d (%d pass → fail, %d fail → pass)\n", len(m.Flips), losses, len(m.Flips)-losses)
		for i, f := range m.Flips {
			if i == maxFlips {
				fmt.Fprintf(&b, "      … and %d more (all of them on the page: -o)\n", len(m.Flips)-maxFlips)
				break
			}
			fmt.Fprintf(&b, "      %s → %s  %s/%s  %s → %s\n", orDash(f.Base.Verdict), orDash(f.Cand.Verdict), f.Suite, f.Case,
				orDash(cmp.Or(f.Base.Outcome, f.Base.Answer)), orDash(cmp.Or(f.Cand.Outcome, f.Cand.Answer)))
		}
	}
	b.WriteString("\n  moved: p < α by the gate's paired test (McNemar for rates of right and wrong, Wilcoxon or a paired bootstrap for scores);\n  regressed: moved the wrong way by more than the gate's allowed drop.\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func moved(r CompareRow) string {
	switch {
	case r.Regressed:
		return "regressed"
	case r.Significant && r.Delta > 0 == (r.Better != "lower"):
		return "improved"
	case r.Significant:
		return "moved (within the allowed drop)"
	}
	return "-"
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// writeAligned writes rows as columns padded to their widest cell.
func writeAligned(b *strings.Builder, indent string, rows [][]string) {
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], len([]rune(c)))
		}
	}
	for _, r := range rows {
		b.WriteString(indent)
		for i, c := range r {
			b.WriteString(c)
			if i < len(r)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-len([]rune(c))+2))
			}
		}
		b.WriteString("\n")
	}
}

// WriteComparisonHTML writes the comparison as a page of its own: per
// model, the metrics table and every flipped case, filterable by model
// and direction.
func WriteComparisonHTML(w io.Writer, c Comparison, generated time.Time) error {
	data := struct {
		Comparison
		Generated string
	}{Comparison: c}
	if !generated.IsZero() {
		data.Generated = generated.UTC().Format("2006-01-02 15:04:05 UTC")
	}
	return compareTemplate.Execute(w, data)
}

var compareTemplate = template.Must(template.Must(template.New("compare").Funcs(template.FuncMap{
	"f4": func(v float64) string { return fmt.Sprintf("%.4f", v) }, "d4": func(v float64) string { return fmt.Sprintf("%+.4f", v) },
	"p": func(v float64) string { return fmt.Sprintf("%.3g", v) }, "moved": moved, "dash": orDash,
	"slug": Slug,
}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>hallumaze comparison</title>
<style>{{template "css"}}
tr.regressed td{color:var(--bad);font-weight:600}tr.improved td{color:var(--ok)}
td.loss{color:var(--bad);font-weight:700}td.gain{color:var(--ok);font-weight:700}
.scroll{overflow-x:auto;max-width:100%}
</style>
</head>
<body>
<header>
<h1>Comparison</h1>
<p class="muted"><b>{{.BaseFile}}</b> (base) → <b>{{.CandFile}}</b> (candidate){{with .Generated}} · generated {{.}}{{end}}</p>
<nav>{{range .Models}}<a href="#{{slug .Cand}}">{{.Cand}}</a>{{end}}</nav>
</header>
<main>
<p class="muted">Each metric of the regression gate's rules over the cases both runs played, with the gate's paired test: McNemar's exact test for rates of right and wrong, Wilcoxon's signed-rank test or a paired bootstrap for scores. <i>Moved</i>: p &lt; α; <i>regressed</i>: moved the wrong way by more than the allowed drop, what fails <code>hallumaze gate</code>. A case <i>flipped</i> when its verdict differs between the runs.</p>
{{range .Models}}<section id="{{slug .Cand}}" class="compare-model">
<h2>{{.Base}}{{if ne .Base .Cand}} → {{.Cand}}{{end}}</h2>
<p class="muted">{{.Paired}} paired cases{{if .Errors}}; {{.Errors}} left out (one side could not be played){{end}}{{if or .OnlyBase .OnlyCand}}; {{.OnlyBase}} only in the base, {{.OnlyCand}} only in the candidate{{end}}.</p>
<div class="scroll"><table class="compare-metrics"><thead><tr><th>metric</th><th>better</th><th>n</th><th>base</th><th>cand</th><th>Δ</th><th>test</th><th>p</th><th>α</th><th>allowed drop</th><th>moved</th></tr></thead><tbody>
{{range .Rows}}{{if .N}}<tr class="{{if .Regressed}}regressed{{else if .Significant}}improved{{end}}"><td>{{.Metric}}</td><td>{{.Better}}</td><td class="num">{{.N}}</td><td class="num">{{f4 .Base}}</td><td class="num">{{f4 .Cand}}</td><td class="num">{{d4 .Delta}}</td><td>{{.Test}}{{with .Note}} ({{.}}){{end}}</td><td class="num">{{p .P}}</td><td class="num">{{.Alpha}}</td><td class="num">{{.MaxDrop}}</td><td>{{moved .}}</td></tr>
{{end}}{{end}}</tbody></table></div>
<h3>{{len .Flips}} flipped cases</h3>
{{if .Flips}}<div class="scroll"><table class="compare-flips"><thead><tr><th>base</th><th>cand</th><th>case</th><th>base: outcome, answer</th><th>cand: outcome, answer</th></tr></thead><tbody>
{{range .Flips}}<tr><td class="{{if eq .Base.Verdict "pass"}}loss{{else}}gain{{end}}">{{dash .Base.Verdict}}</td><td>{{dash .Cand.Verdict}}</td><td class="case-name">{{.Suite}}/{{.Case}}</td><td>{{dash .Base.Outcome}} <span class="answer">{{.Base.Answer}}</span></td><td>{{dash .Cand.Outcome}} <span class="answer">{{.Cand.Answer}}</span></td></tr>
{{end}}</tbody></table></div>{{end}}
</section>
{{end}}</main>
</body>
</html>
`)).Parse(pageCSS))
