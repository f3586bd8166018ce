package abstain

import (
	"cmp"
	"encoding/json"
	"fmt"
	"html/template"
	"slices"
	"strings"

	mp "github.com/hallumaze/hallumaze/abstain"
	"github.com/hallumaze/hallumaze/internal/textfmt"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
)

// maxItemOutput is how much of a reply the item list shows; the case list
// has the whole transcript.
const maxItemOutput = 2000

// abstainView is the page's Missing Piece section.
type abstainView struct {
	Best     string
	Models   []abstainModelView
	Compared [][]string // the between-model McNemar table's rows
}

type abstainModelView struct {
	ID, Model  string
	Summary    []abstainSummaryCell // the six strict rates, then contract adherence
	McNemar    string               // "b / c / p"
	Items      int
	Errors     int
	Warnings   []string
	Rates      []abstainRateRow
	B, C       int
	P, McNote  string
	Domains    []string
	Grid       []abstainGridRow
	Defects    []string // the archetype table's columns
	Archetypes []abstainArchetypeRow
	ItemRows   []abstainItemView
}

// abstainSummaryCell is a rate as "k/n = rate" over its interval.
type abstainSummaryCell struct{ Main, CI string }

// abstainRateRow is one rate, strict and lenient beside.
type abstainRateRow struct {
	Name, Strict, StrictRate, Lenient, LenientRate string
}

type abstainGridRow struct {
	Defect string
	Cells  []abstainCell
}

// abstainCell is one defect × domain group: pair success and abstention.
type abstainCell struct {
	Has             bool
	Pairs, Abstains string
}

type abstainArchetypeRow struct {
	Name  string
	Cells []string
}

type abstainItemView struct {
	CaseID, ID, Pair, Variant, Defect, Domain string
	Outcome, Lenient, Archetypes, Output      string
	Right                                     bool
}

// abstainSection builds the section from every result; nil when there is
// no abstain result.
func abstainSection(rs []results.Result) *abstainView {
	models := AbstainModels(rs)
	if len(models) == 0 {
		return nil
	}
	byModel := map[string][]results.Result{}
	for _, r := range rs {
		if r.Suite == "abstain" && r.Error == "" && !results.IsHuman(r) {
			byModel[r.Model] = append(byModel[r.Model], r)
		}
	}
	v := &abstainView{Best: BestAbstainLine(models)}
	for _, m := range models {
		v.Models = append(v.Models, abstainModelViewOf(m, byModel[m.Model]))
	}
	for _, c := range Comparisons(models) {
		v.Compared = append(v.Compared, []string{c.A, c.B, fmt.Sprint(c.NItems), rateCI(c.ARight), rateCI(c.BRight),
			fmt.Sprint(c.McNemar.B), fmt.Sprint(c.McNemar.C), pValue(c.McNemar.P)})
	}
	return v
}

func abstainModelViewOf(m AbstainModel, rs []results.Result) abstainModelView {
	rep := m.Report
	mv := abstainModelView{
		ID: "abstain-" + report.Slug(m.Model), Model: m.Model, Items: rep.NItems, Errors: m.Errors,
		McNemar: fmt.Sprintf("%d / %d / %s", rep.McNemar.B, rep.McNemar.C, pValue(rep.McNemar.P)),
		B:       rep.McNemar.B, C: rep.McNemar.C, P: pValue(rep.McNemar.P),
	}
	for _, mt := range abstainMetrics {
		s, l := mt.pick(rep.Rates), mt.pick(rep.Lenient)
		mv.Summary = append(mv.Summary, abstainSummaryCell{Main: kOfN(s) + " = " + rateValue(s), CI: wilsonText(s)})
		mv.Rates = append(mv.Rates, abstainRateRow{Name: mt.name, Strict: kOfN(s), StrictRate: rateCI(s), Lenient: kOfN(l), LenientRate: rateCI(l)})
	}
	ca := rep.ContractAdherence
	mv.Summary = append(mv.Summary, abstainSummaryCell{Main: kOfN(ca) + " = " + rateValue(ca), CI: wilsonText(ca)})
	mv.Rates = append(mv.Rates, abstainRateRow{Name: "contract adherence", Strict: kOfN(ca), StrictRate: rateCI(ca)})
	switch b, c := rep.McNemar.B, rep.McNemar.C; {
	case b+c == 0:
		mv.McNote = "No discordant pair."
	case b > c:
		mv.McNote = "More pairs answered on both sides than refused on both: the model tends to answer whether or not the facts are complete."
	case c > b:
		mv.McNote = "More pairs refused on both sides than answered on both: the model tends to abstain whether or not the facts are complete."
	default:
		mv.McNote = "As many pairs of each kind."
	}
	if m.Errors > 0 {
		mv.Warnings = append(mv.Warnings, fmt.Sprintf("%d %s could not be played and %s not scored.", m.Errors, textfmt.Plural(m.Errors, "case", "cases"), textfmt.Plural(m.Errors, "is", "are")))
	}
	if n := len(m.Incomplete); n > 0 {
		mv.Warnings = append(mv.Warnings, fmt.Sprintf("%d incomplete %s (one member has no result), counted in the item rates only: %s.", n, textfmt.Plural(n, "pair", "pairs"), strings.Join(m.Incomplete, ", ")))
	}
	defects, domains := abstainAxes(m.Records)
	mv.Domains = domains
	mv.Grid = abstainGrid(m.Records, rep, defects, domains)
	mv.Defects = append(defects, "all")
	for _, name := range []string{mp.ArchetypeAnchoring, mp.ArchetypePremature, mp.ArchetypeInconsistency} {
		row := abstainArchetypeRow{Name: name}
		for _, d := range mv.Defects {
			row.Cells = append(row.Cells, rateCell(rep.Archetypes[name][d]))
		}
		mv.Archetypes = append(mv.Archetypes, row)
	}
	mv.ItemRows = abstainItems(rs)
	return mv
}

// abstainAxes lists the defects and domains of the records: the standard
// set's in their usual order, then any other, sorted.
func abstainAxes(records []mp.Record) (defects, domains []string) {
	seenDefect, seenDomain := map[string]bool{}, map[string]bool{}
	for _, r := range records {
		seenDefect[r.Defect], seenDomain[r.Domain] = true, true
	}
	order := func(seen map[string]bool, standard []string) []string {
		var out []string
		for _, s := range standard {
			if seen[s] {
				out = append(out, s)
				delete(seen, s)
			}
		}
		return append(out, report.SortedKeys(seen)...)
	}
	return order(seenDefect, []string{mp.MissingQuantity, mp.MissingRelationship, mp.ContradictoryFacts}),
		order(seenDomain, []string{mp.DomainBasicArithmetic, mp.DomainInventoryTracking, mp.DomainRateAndTime,
			mp.DomainResourceAllocation, mp.DomainSequentialSteps, mp.DomainRelationalReasoning})
}

// abstainGrid scores each defect × domain group of records on its own,
// with the report's by-defect rates as the last column and its by-domain
// rates, then the overall rates, as the last row.
func abstainGrid(records []mp.Record, rep mp.Report, defects, domains []string) []abstainGridRow {
	groups := map[[2]string][]mp.Record{}
	for _, r := range records {
		k := [2]string{r.Defect, r.Domain}
		groups[k] = append(groups[k], r)
	}
	cell := func(r mp.Rates, n int) abstainCell {
		if n == 0 {
			return abstainCell{}
		}
		return abstainCell{Has: true, Pairs: gridCell(r.PairSuccess), Abstains: gridCell(r.AbstentionRate)}
	}
	var rows []abstainGridRow
	for _, d := range defects {
		row := abstainGridRow{Defect: d}
		for _, dom := range domains {
			g := groups[[2]string{d, dom}]
			row.Cells = append(row.Cells, cell(mp.ScoreRecords(g).Rates, len(g)))
		}
		row.Cells = append(row.Cells, cell(rep.ByDefect[d], 1))
		rows = append(rows, row)
	}
	all := abstainGridRow{Defect: "all defects"}
	for _, dom := range domains {
		all.Cells = append(all.Cells, cell(rep.ByDomain[dom], 1))
	}
	all.Cells = append(all.Cells, cell(rep.Rates, rep.NItems))
	return append(rows, all)
}

// abstainItems lists one model's played items, by defect, pair and
// variant (intact first), with the reply each got.
func abstainItems(rs []results.Result) []abstainItemView {
	var out []abstainItemView
	for _, r := range rs {
		recs := Records([]results.Result{r})
		if len(recs) != 1 {
			continue
		}
		rec := recs[0]
		var d Detail
		output := ""
		if len(r.Detail) > 0 && json.Unmarshal(r.Detail, &d) == nil && d.Output != "" {
			output = d.Output
		} else if n := len(r.Turns); n > 0 {
			output = r.Turns[n-1].Content
		}
		if len(output) > maxItemOutput {
			output = strings.ToValidUTF8(output[:maxItemOutput], "") + " …"
		}
		out = append(out, abstainItemView{
			CaseID: report.CaseID(r), ID: rec.ID, Pair: rec.PairID, Variant: rec.Variant, Defect: rec.Defect, Domain: rec.Domain,
			Outcome: string(rec.Outcome), Lenient: string(rec.Lenient), Archetypes: strings.Join(rec.Archetypes, ", "),
			Output: output, Right: rec.Right(),
		})
	}
	rank := map[string]int{mp.MissingQuantity: 1, mp.MissingRelationship: 2, mp.ContradictoryFacts: 3}
	slices.SortStableFunc(out, func(a, b abstainItemView) int {
		return cmp.Or(cmp.Compare(cmp.Or(rank[a.Defect], 4), cmp.Or(rank[b.Defect], 4)), strings.Compare(a.Defect, b.Defect),
			report.CompareNatural(a.Pair, b.Pair), strings.Compare(a.Variant, b.Variant), strings.Compare(a.ID, b.ID))
	})
	return out
}

// rateCI is "rate [lo, hi]", "-" when nothing was measured.
func rateCI(r mp.Rate) string {
	if r.N == 0 {
		return "-"
	}
	return rateValue(r) + " " + wilsonText(r)
}

// gridCell is "k/n [lo, hi]" with the interval to two decimals, "-" when
// nothing was measured: the rate is left to the fraction, to keep the
// defect × domain table narrow.
func gridCell(r mp.Rate) string {
	if r.N == 0 {
		return "-"
	}
	return fmt.Sprintf("%s [%.2f, %.2f]", kOfN(r), r.CI95.Lo, r.CI95.Hi)
}

// rateCell is "k/n rate [lo, hi]", "-" when nothing was measured.
func rateCell(r mp.Rate) string {
	if r.N == 0 {
		return "-"
	}
	return kOfN(r) + " " + rateCI(r)
}

// abstainDetailScores are the rows an abstain case adds to its scores
// table.
func abstainDetailScores(d Detail) []report.KV {
	if d.Outcome == "" {
		return nil
	}
	out := []report.KV{{K: "outcome (strict)", V: string(d.Outcome)}, {K: "outcome (lenient)", V: string(d.Lenient)}}
	if len(d.Archetypes) > 0 {
		out = append(out, report.KV{K: "archetypes", V: strings.Join(d.Archetypes, ", ")})
	}
	return out
}

const css = `#abstain h3{font-size:16px;margin:22px 0 6px}
.abstain-model{border-top:1px solid var(--line);margin-top:14px}
#abstain .scroll{overflow-x:auto;max-width:100%}
#abstain caption{text-align:left;padding:2px 0}
#abstain .ci{color:var(--muted);font-size:12px}
table.abstain-grid td div{white-space:nowrap}
table.abstain-grid td .label{color:var(--muted);font-size:12px;margin-right:4px}
table.abstain-grid tr:last-child th,table.abstain-grid tr:last-child td,table.abstain-grid td:last-child{background:var(--soft)}
table.abstain-items td.right{color:var(--ok);font-weight:700}table.abstain-items td.wrong{color:var(--bad);font-weight:700}
table.abstain-items pre{max-height:160px;margin:0}
.warning{color:var(--bad)}
`

var sectionTemplate = template.Must(template.New("abstain").Parse(`<section id="abstain">
<h2>Missing Piece (abstain)</h2>
<p class="muted">Paired word problems: an intact item to answer, a modified one (a quantity or a relation removed, or a contradiction added) to refuse with INSUFFICIENT. Each rate is k/n with its Wilson 95% interval, scored by the strict parser of the output contract; the lenient parser's rates are shown beside, never instead. Computed from the results alone: an item with no result is not counted.</p>
<div class="scroll"><table class="abstain-summary"><thead><tr><th>model</th><th>answer accuracy</th><th>abstention</th><th>false abstention</th><th>hallucination</th><th>pair success</th><th>parse failures</th><th>contract adherence</th><th>McNemar b / c / p</th><th>items</th><th>errors</th></tr></thead><tbody>
{{range .Models}}<tr class="abstain-row" data-model="{{.Model}}"><td><a href="#{{.ID}}">{{.Model}}</a></td>{{range .Summary}}<td class="num">{{.Main}}<div class="ci">{{.CI}}</div></td>{{end}}<td class="num">{{.McNemar}}</td><td class="num">{{.Items}}</td><td class="num">{{.Errors}}</td></tr>
{{end}}</tbody></table></div>
{{with .Best}}<p class="best">{{.}}</p>{{end}}
<p class="muted">Contract adherence: the share of replies that are exactly the JSON object the contract asks for, with nothing around it (no reasoning, no code fence); the strict parser still scores a reply that wraps its object in prose.</p>
{{if .Compared}}<table class="abstain-compare"><caption class="muted">Between models: exact McNemar over the items both played (an item is right when the intact item is answered correctly or the modified item refused); b = A right and B not, c = B right and A not</caption><thead><tr><th>model A</th><th>model B</th><th>items</th><th>A right</th><th>B right</th><th>b</th><th>c</th><th>McNemar p</th></tr></thead><tbody>
{{range .Compared}}<tr>{{range .}}<td class="num">{{.}}</td>{{end}}</tr>
{{end}}</tbody></table>{{end}}
{{range .Models}}<div class="abstain-model" id="{{.ID}}" data-model="{{.Model}}">
<h3>{{.Model}}</h3>
{{range .Warnings}}<p class="warning">⚠ {{.}}</p>{{end}}
<table class="abstain-rates"><thead><tr><th>rate</th><th>strict k/n</th><th>rate [95% Wilson]</th><th>lenient k/n</th><th>lenient rate [95% Wilson]</th></tr></thead><tbody>
{{range .Rates}}<tr><th>{{.Name}}</th><td class="num">{{.Strict}}</td><td class="num">{{.StrictRate}}</td><td class="num muted">{{.Lenient}}</td><td class="num muted">{{.LenientRate}}</td></tr>
{{end}}</tbody></table>
<p class="mcnemar">McNemar, exact, over pairs: b = {{.B}} (intact correct, modified not refused), c = {{.C}} (intact not correct, modified refused), p = {{.P}}. {{.McNote}}</p>
<div class="scroll"><table class="abstain-grid"><caption class="muted">Pair success and abstention by defect × domain (k/n, Wilson 95%)</caption><thead><tr><th>defect \ domain</th>{{range .Domains}}<th>{{.}}</th>{{end}}<th>all domains</th></tr></thead><tbody>
{{range .Grid}}<tr><th>{{.Defect}}</th>{{range .Cells}}<td class="num">{{if .Has}}<div><span class="label">pairs</span>{{.Pairs}}</div><div><span class="label">abstention</span>{{.Abstains}}</div>{{else}}-{{end}}</td>{{end}}</tr>
{{end}}</tbody></table></div>
<table class="abstain-archetypes"><caption class="muted">Hallucination archetypes among answered modified items (k/n, rate, Wilson 95%)</caption><thead><tr><th>archetype</th>{{range .Defects}}<th>{{.}}</th>{{end}}</tr></thead><tbody>
{{range .Archetypes}}<tr><th>{{.Name}}</th>{{range .Cells}}<td class="num">{{.}}</td>{{end}}</tr>
{{end}}</tbody></table>
<details class="abstain-items"><summary>{{len .ItemRows}} items: outcome and reply</summary>
<table class="abstain-items"><thead><tr><th></th><th>item</th><th>variant</th><th>defect</th><th>domain</th><th>outcome</th><th>lenient</th><th>archetypes</th><th>reply</th></tr></thead><tbody>
{{range .ItemRows}}<tr><td class="{{if .Right}}right{{else}}wrong{{end}}">{{if .Right}}✓{{else}}✗{{end}}</td><td><a href="#{{.CaseID}}">{{.ID}}</a></td><td>{{.Variant}}</td><td>{{.Defect}}</td><td>{{.Domain}}</td><td>{{.Outcome}}</td><td>{{.Lenient}}</td><td>{{.Archetypes}}</td><td><pre>{{.Output}}</pre></td></tr>
{{end}}</tbody></table>
</details>
</div>
{{end}}</section>`))
