package worlds

import (
	"fmt"
	"html/template"
	"slices"

	"github.com/hallumaze/hallumaze/report"
	hw "github.com/hallumaze/hallumaze/worlds"
)

type pageData struct {
	Summary []summaryRow
	Models  []modelView
}

type summaryRow struct {
	Model, ID string
	Cells     []string // the rates, "k/n rate [lo, hi]"
	Versus    string
	Errors    int
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
	Style        template.CSS
	K, N         int
	Rate         float64
	Title        string
	WorldCatName string
}

// pageOf lays out the section: a summary row per model and a world ×
// category heat table per model, each cell k/n, its rate and interval.
func pageOf(scores []ModelScore, versus map[string]*hw.Comparison) pageData {
	var page pageData
	for _, m := range scores {
		id := "worlds-" + report.Slug(m.Model)
		r := m.Report
		row := summaryRow{Model: m.Model, ID: id, Errors: m.Errors}
		for _, rt := range []*hw.Rate{r.Accuracy, r.HallucinationRate, r.AbstentionRecall, r.OverAbstention, r.TestimonyFollowing, r.ParseFailureRate} {
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
				a := rates.Accuracy
				hr.Cells = append(hr.Cells, heatCell{Has: true, K: a.K, N: a.N, Rate: a.Rate,
					Text: fmt.Sprintf("%d/%d %.2f", a.K, a.N, a.Rate), CI: fmt.Sprintf("[%.2f, %.2f]", a.CI95.Lo, a.CI95.Hi),
					Style: heat(a.Rate), Title: fmt.Sprintf("%s %s: accuracy %d/%d, Wilson 95%% [%.3f, %.3f]", w, c, a.K, a.N, a.CI95.Lo, a.CI95.Hi)})
			}
			mv.Rows = append(mv.Rows, hr)
		}
		page.Models = append(page.Models, mv)
	}
	return page
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
<p class="muted">Probes of reference worlds whose truth is known (grid, chess, terminal), in five categories: P perception, M memory, C causal, U uncertainty (the gold may be UNKNOWN), X conflicting sources. Each rate is k/n with its Wilson 95% interval; a reply that breaks the key=value contract counts in n as a parse failure. McNemar's exact test compares each model with the best, probe by probe, over right.</p>
<div class="scroll"><table class="worlds-summary"><thead><tr><th>model</th><th>accuracy</th><th>hallucination</th><th>abstention recall</th><th>over-abstention</th><th>testimony following</th><th>parse failures</th><th>vs best (McNemar)</th><th>errors</th></tr></thead><tbody>
{{range .Summary}}<tr class="row" data-model="{{.Model}}"><td><a href="#{{.ID}}">{{.Model}}</a></td>{{range .Cells}}<td class="num">{{.}}</td>{{end}}<td class="num">{{.Versus}}</td><td class="num">{{.Errors}}</td></tr>
{{end}}</tbody></table></div>
{{range .Models}}<div class="worlds-model" id="{{.ID}}" data-model="{{.Model}}">
<h3>{{.Model}}: accuracy by world × category</h3>
<div class="scroll"><table class="worlds-heat"><thead><tr><th>world</th>{{range .Categories}}<th>{{.}}</th>{{end}}</tr></thead><tbody>
{{range .Rows}}<tr><th>{{.World}}</th>{{range .Cells}}{{if .Has}}<td style="{{.Style}}" title="{{.Title}}">{{.Text}}<div class="ci">{{.CI}}</div></td>{{else}}<td>-</td>{{end}}{{end}}</tr>
{{end}}</tbody></table></div>
</div>
{{end}}</section>`))
