package worlds

import (
	"fmt"
	"html/template"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/report"
	hw "github.com/hallumaze/hallumaze/worlds"
)

type pageData struct {
	Summary []summaryRow
	Models  []modelView
	// ViewModels and Views are the view comparison: a column per model, a
	// row per view of each world shown in several views.
	ViewModels []string
	Views      []viewPageRow
}

type viewPageRow struct {
	World, View string
	Cells       []heatCell
}

type summaryRow struct {
	Model, ID string
	Rank      string
	// Skill and Prime are the ranking measure and accuracy′, three
	// decimals or "-".
	Skill, Prime string
	Cells        []string // the rates, "k/n rate [lo, hi]"
	Versus       string
	Errors       int
}

type modelView struct {
	Model, ID  string
	Categories []hw.Category
	Rows       []heatRow
}

type heatRow struct {
	World string
	Cells []heatCell
}

type heatCell struct {
	Has          bool
	Text, CI     string
	Prime        string // "acc′ 0.42", or "" when undefined
	Style        template.CSS
	K, N         int
	Rate         float64
	Title        string
	WorldCatName string
}

// pageOf lays out the section: the leaderboard (a summary row per model,
// ranked by skill), a world × category heat table per model, each cell k/n,
// its rate, accuracy′ and interval, and the view comparison.
func pageOf(scores []ModelScore, versus map[string]*hw.Comparison) pageData {
	var page pageData
	tied := tiedWithFirst(scores, versus)
	for i, m := range scores {
		id := "worlds-" + report.Slug(m.Model)
		r := m.Report
		row := summaryRow{Model: m.Model, ID: id, Errors: m.Errors, Rank: strings.TrimSuffix(rankText(i, tied), "."), Skill: hw.Value(r.Skill), Prime: hw.Value(r.AccuracyPrime)}
		for _, rt := range []*hw.Rate{r.Accuracy, r.HallucinationRate, r.OverAbstention, r.AbstentionRecall, r.TestimonyFollowing, r.ParseFailureRate} {
			row.Cells = append(row.Cells, rateText(rt))
		}
		if c := versus[m.Model]; c != nil {
			row.Versus = fmt.Sprintf("b=%d c=%d p=%s", c.McNemar.B, c.McNemar.C, pValue(c.McNemar.P))
		}
		page.Summary = append(page.Summary, row)
		mv := modelView{Model: m.Model, ID: id, Categories: hw.Categories}
		var worldsSeen []string
		for _, h := range r.Headline() {
			if !slices.Contains(worldsSeen, h.World) {
				worldsSeen = append(worldsSeen, h.World)
			}
		}
		for _, w := range worldsSeen {
			hr := heatRow{World: w}
			for _, c := range hw.Categories {
				rates, ok := r.ByWorldCategory[w+"/"+string(c)]
				if !ok || rates.Accuracy == nil {
					hr.Cells = append(hr.Cells, heatCell{})
					continue
				}
				hr.Cells = append(hr.Cells, cellOf(w+" "+string(c), rates))
			}
			mv.Rows = append(mv.Rows, hr)
		}
		page.Models = append(page.Models, mv)
	}
	for _, row := range viewRows(scores) {
		vr := viewPageRow{World: row.World, View: row.View}
		for _, c := range row.Cells {
			if !c.Has || c.Rates.Accuracy == nil {
				vr.Cells = append(vr.Cells, heatCell{})
				continue
			}
			vr.Cells = append(vr.Cells, cellOf(row.World+" "+row.View, c.Rates))
		}
		page.Views = append(page.Views, vr)
	}
	if len(page.Views) > 0 {
		for _, m := range scores {
			page.ViewModels = append(page.ViewModels, m.Model)
		}
	}
	return page
}

// cellOf is a heat cell of one group's rates: k/n and the accuracy, its
// accuracy′ and Wilson interval, the prior's accuracy in the title.
func cellOf(name string, rates hw.Rates) heatCell {
	a := rates.Accuracy
	cell := heatCell{Has: true, K: a.K, N: a.N, Rate: a.Rate,
		Text: fmt.Sprintf("%d/%d %.2f", a.K, a.N, a.Rate), CI: fmt.Sprintf("[%.2f, %.2f]", a.CI95.Lo, a.CI95.Hi),
		Style: heat(a.Rate), Title: fmt.Sprintf("%s: accuracy %d/%d, Wilson 95%% [%.3f, %.3f]; prior %s, accuracy′ %s",
			name, a.K, a.N, a.CI95.Lo, a.CI95.Hi, hw.RateValue(rates.PriorAccuracy), hw.Value(rates.AccuracyPrime))}
	if rates.AccuracyPrime != nil {
		cell.Prime = fmt.Sprintf("acc′ %.2f", *rates.AccuracyPrime)
	}
	return cell
}

// heat colours a cell from red (0) through yellow to green (1).
func heat(rate float64) template.CSS {
	hue := 120 * rate
	return template.CSS(fmt.Sprintf("background:hsl(%.0f,70%%,85%%)", hue))
}

const css = `#worlds table.worlds-heat td{text-align:center;min-width:92px}
#worlds .ci{color:var(--muted);font-size:12px}
#worlds .scroll{overflow-x:auto;max-width:100%}
`

var sectionTemplate = template.Must(template.New("worlds").Parse(`<section id="worlds">
<h2>HalluWorld</h2>
<p class="muted">Probes of reference worlds whose truth is known (grid, chess, terminal), in five categories: P perception, M memory, C causal, U uncertainty (the gold may be UNKNOWN), X compound (two or more observations, rooms or sources; a conflict probe sets an observation against a testimony). Each rate is k/n with its Wilson 95% interval; a reply that breaks the key=value contract counts in n as a parse failure. The prior answers from the question alone (the most frequent gold of its world, probe type, view and answer key, learned from seeds apart from the standard set); accuracy′ = (accuracy − prior) / (1 − prior). Models are ranked by skill, accuracy′ with an abstention on an answerable probe counted as the prior's answer, so that abstaining everywhere scores 0. McNemar's exact test compares each model with the first, probe by probe, over right.</p>
<div class="scroll"><table class="worlds-summary"><thead><tr><th>#</th><th>model</th><th>skill</th><th>accuracy′</th><th>accuracy</th><th>hallucination</th><th>over-abstention</th><th>abstention recall</th><th>testimony following</th><th>parse failures</th><th>vs first (McNemar)</th><th>errors</th></tr></thead><tbody>
{{range .Summary}}<tr class="row" data-model="{{.Model}}"><td class="num">{{.Rank}}</td><td><a href="#{{.ID}}">{{.Model}}</a></td><td class="num"><b>{{.Skill}}</b></td><td class="num">{{.Prime}}</td>{{range .Cells}}<td class="num">{{.}}</td>{{end}}<td class="num">{{.Versus}}</td><td class="num">{{.Errors}}</td></tr>
{{end}}</tbody></table></div>
{{if .Views}}<h3>Accuracy by view</h3>
<p class="muted">Each world's probes by the view they were shown in; accuracy′ below each rate.</p>
<div class="scroll"><table class="worlds-heat worlds-views"><thead><tr><th>world</th><th>view</th>{{range .ViewModels}}<th>{{.}}</th>{{end}}</tr></thead><tbody>
{{range .Views}}<tr><th>{{.World}}</th><th>{{.View}}</th>{{range .Cells}}{{if .Has}}<td style="{{.Style}}" title="{{.Title}}">{{.Text}}<div class="ci">{{.Prime}}</div><div class="ci">{{.CI}}</div></td>{{else}}<td>-</td>{{end}}{{end}}</tr>
{{end}}</tbody></table></div>
{{end}}{{range .Models}}<div class="worlds-model" id="{{.ID}}" data-model="{{.Model}}">
<h3>{{.Model}}: accuracy by world × category</h3>
<div class="scroll"><table class="worlds-heat"><thead><tr><th>world</th>{{range .Categories}}<th>{{.}}</th>{{end}}</tr></thead><tbody>
{{range .Rows}}<tr><th>{{.World}}</th>{{range .Cells}}{{if .Has}}<td style="{{.Style}}" title="{{.Title}}">{{.Text}}<div class="ci">{{.Prime}}</div><div class="ci">{{.CI}}</div></td>{{else}}<td>-</td>{{end}}{{end}}</tr>
{{end}}</tbody></table></div>
</div>
{{end}}</section>`))
