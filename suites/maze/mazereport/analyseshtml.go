package mazereport

import (
	"bytes"
	"fmt"
	"html/template"
	"math"
	"strings"
)

// analysesTemplate is the page's "Analyses" section: the same tables as
// the terminal's (analysesText), each explained under it.
var analysesTemplate = template.Must(template.New("analyses").Parse(`<section id="analyses">
<h2>Analyses</h2>
<p class="muted">Per-model analyses read the headline condition ({{.Condition}}); the ablations and H3 read every result.</p>
{{if .Chance}}<h3>Beyond chance</h3>
<table class="chance"><thead><tr><th>model</th><th>MEI</th><th>chance</th><th title="(MEI − chance)/(flawless − chance)">MEI′</th><th>Score</th><th>chance</th><th title="(Score − chance)/(flawless − chance)">Score′</th><th>cases</th></tr></thead><tbody>
{{range .Chance}}<tr>{{range .}}<td class="num">{{.}}</td>{{end}}</tr>
{{end}}</tbody></table>
<p class="muted">Chance is agent/random, a walker that moves at random among the open directions and writes the contract's LOOP and DEAD_END lines at random, on the same mazes under the same protocol ({{.Walks}} draws each). x′ = (x − chance)/(flawless − chance): 0 is chance, 1 a flawless walk, below 0 worse than chance; ± is the error the simulated baseline carries. The seed's MEI and Score are unchanged beside them.</p>{{end}}
{{if .Readings}}<h3>Readings</h3>
<table class="readings"><thead><tr><th>model</th><th>metric</th><th>value</th><th>seed's value</th>{{if not .Korean}}<th>reading</th>{{end}}{{if or .Korean .Bilingual}}<th lang="ko">해석</th>{{end}}</tr></thead><tbody>
{{range .Readings}}<tr><td>{{.Model}}</td><td>{{.Metric}}</td><td class="num">{{.Value}}</td><td class="num">{{.Seed}}</td>{{if not $.Korean}}<td>{{.EN}}</td>{{end}}{{if or $.Korean $.Bilingual}}<td lang="ko">{{.KO}}</td>{{end}}</tr>
{{end}}</tbody></table>
<p class="muted">The seed's interpretation tables (§6, §9, §11); the Score and MEI bands read the chance-corrected values. Middle bands the seed leaves unnamed are marked "between the seed's bands".</p>{{end}}
{{if .Patterns}}<h3>Confidence at hallucinations</h3>
<table class="patterns"><thead><tr><th>model</th><th>hallucinations</th><th>A: fell</th><th>B: held or rose</th><th>share A</th><th>loops</th><th>flat</th></tr></thead><tbody>
{{range .Patterns}}<tr>{{range .}}<td class="num">{{.}}</td>{{end}}</tr>
{{end}}</tbody></table>
<p class="muted">Seed §9.2. Pattern A: the stated confidence fell before or at the wrong step (healthy); B: it held or rose (overconfident). Loops are runs of revisits; flat is the share whose confidence did not change (a change under 10 points is none).</p>{{end}}
{{if .Signals}}<h3>Replies and reasoning traces</h3>
<table class="signals"><thead><tr><th>model</th><th>cases with reasoning</th><th>reply: dead end / back / loop / strategy</th><th>reasoning: dead end / back / loop / strategy</th></tr></thead><tbody>
{{range .Signals}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</tbody></table>
<p class="muted">Each count is contract lines (and verified backtracks) + the same signal said in prose, in the visible replies and, apart, in the reasoning the provider returned.</p>{{end}}
{{if .H3Points}}<h3>H3 per decision point</h3>
<table class="h3-points"><thead><tr><th>human group</th><th>model</th><th>mazes</th><th>decision points</th><th>Spearman ρ</th><th>p</th><th>power (ρ = 0.3)</th><th>note</th></tr></thead><tbody>
{{range .H3Points}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</tbody></table>
<p class="muted">Seed §9.4, at a grain that can succeed: at each decision point (a cell of the solution with a way off it) of the mazes both the human walks and the model walked, the share of walks whose first step from there erred; the rank correlation of the two over the points, a permutation p-value, and the test's power to detect a correlation of 0.3 with this many points.</p>{{end}}
{{if .H3}}<h3>H3 as the seed tests it: do humans and models err alike?</h3>
<table class="h3"><thead><tr><th>human group</th><th>model</th><th>group</th><th>sizes</th><th>Spearman ρ</th><th>p</th><th>smallest p possible</th></tr></thead><tbody>
{{range .H3}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</tbody></table>
<p class="muted">Exploratory (seed §9.4): the rank correlation across maze sizes of the human group's mean hallucination count and the model's, with a permutation p-value. Human results are group means per size, so few sizes can never reach significance.</p>{{end}}
{{if .Ablations}}<h3>Ablation study</h3>
<table class="ablations"><thead><tr><th>ablation</th><th>ranked by</th><th>models</th><th>Kendall τ</th><th>order swaps</th><th>note</th></tr></thead><tbody>
{{range .Ablations}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</tbody></table>
<p class="muted">Seed §14: how much each component changes the models' ranking (τ 1: the same ranking, −1: reversed). The no-Mirage and Ariadne contrasts need runs with --no-mirage and with --group B beside the base run.</p>{{end}}
</section>`))

// analysesHTML renders the analyses section.
func analysesHTML(a Analyses, korean bool) (template.HTML, error) {
	type reading struct{ Model, Metric, Value, Seed, EN, KO string }
	data := struct {
		Condition                                    string
		Walks                                        int
		Chance, Patterns, Signals, H3, H3Points, Abl [][]string
		Ablations                                    [][]string
		Readings                                     []reading
		Korean, Bilingual                            bool
	}{Condition: a.Condition, Walks: a.ChanceWalks, Korean: korean, Bilingual: a.bilingual}
	for _, c := range a.Chance {
		data.Chance = append(data.Chance, []string{c.Model, f3(c.MEI), f3(c.MEIChance), pm(c.MEICorrected, c.SEMEICorrected),
			f3(c.Score), f3(c.ScoreChance), pm(c.ScoreCorrected, c.SEScoreCorrected), fmt.Sprint(c.Cases)})
	}
	for _, mr := range a.Readings {
		for _, r := range mr.Readings {
			v := "—"
			if r.Value != nil {
				v = f3(*r.Value)
			}
			seed := ""
			if r.Seed != nil {
				seed = strings.TrimSuffix(r.Metric, "′") + " " + f3(*r.Seed)
			}
			data.Readings = append(data.Readings, reading{mr.Model, r.Metric, v, seed, r.EN, r.KO})
		}
	}
	if anyPatterns(a.Patterns) {
		for _, p := range a.Patterns {
			data.Patterns = append(data.Patterns, []string{p.Model, fmt.Sprint(p.Hallucinations), fmt.Sprint(p.A), fmt.Sprint(p.B),
				optional(p.ShareA), fmt.Sprint(p.Loops), optional(p.FlatShare)})
		}
	}
	for _, s := range a.Signals {
		data.Signals = append(data.Signals, []string{s.Model, fmt.Sprintf("%d of %d", s.WithReasoning, s.Cases), signalText(s.Reply), signalText(s.Reasoning)})
	}
	for _, h := range a.H3 {
		if !h.OK {
			data.H3 = append(data.H3, []string{h.Human, h.Model, h.Group, "", "", "", h.Note})
			continue
		}
		data.H3 = append(data.H3, []string{h.Human, h.Model, h.Group, strings.Trim(fmt.Sprint(h.Sizes), "[]"),
			fmt.Sprintf("%+.3f", h.Rho), fmt.Sprintf("%.3g", h.P), fmt.Sprintf("%.3g", h.MinP)})
	}
	for _, h := range a.H3Points {
		row := []string{h.Human, h.Model, fmt.Sprint(h.Mazes), fmt.Sprint(h.Points), "", "", fmt.Sprintf("%.2f", h.Power), h.Note}
		if h.OK {
			row[4], row[5] = fmt.Sprintf("%+.3f", h.Rho), fmt.Sprintf("%.3g", h.P)
		}
		data.H3Points = append(data.H3Points, row)
	}
	for _, ab := range a.Ablations {
		if len(ab.Models) == 0 {
			continue
		}
		tau := "-"
		if ab.OK && !math.IsNaN(ab.Tau) {
			tau = fmt.Sprintf("%+.3f", ab.Tau)
		}
		data.Ablations = append(data.Ablations, []string{ab.Name, ab.Metric, fmt.Sprint(len(ab.Models)), tau, fmt.Sprint(ab.Swaps), ab.Note})
	}
	var b bytes.Buffer
	if err := analysesTemplate.Execute(&b, data); err != nil {
		return "", fmt.Errorf("html: analyses: %w", err)
	}
	return template.HTML(b.String()), nil
}
