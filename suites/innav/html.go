package innav

import (
	"html/template"
	"strconv"

	hw "github.com/hallumaze/hallumaze/worlds"
)

// pageData is the page's InNav section: how each model acted, and its
// answers per arm by category.
type pageData struct {
	Acting     []actRow
	Categories []string
	Answers    []answerRow
}

type actRow struct {
	Model, Episodes, Success, Places, Tasks, Actions, Compliance, Unread string
}

type answerRow struct {
	Model, Arm, Accuracy, Prime, Seen, Unseen, Own string
	Cells                                          []string
}

func pageOf(scores []ModelScore) pageData {
	var p pageData
	for _, c := range Categories {
		for _, m := range scores {
			for _, s := range m.Arms {
				if _, ok := s.Report.ByCategory[string(c)]; ok && !contains(p.Categories, string(c)) {
					p.Categories = append(p.Categories, string(c))
				}
			}
		}
	}
	for _, m := range scores {
		if s := m.Arm(hw.ArmInNav); s != nil {
			row := actRow{Model: m.Model, Episodes: strconv.Itoa(s.Episodes), Success: intervalCell(s.NavSuccess),
				Places: rateCell(s.TargetsReached), Tasks: intervalCell(s.TaskSuccess), Actions: "-", Compliance: rateCell(s.ActionCompliance), Unread: strconv.Itoa(s.UnreadActions)}
			if s.Actions != nil {
				row.Actions = strconv.FormatFloat(s.Actions.Mean, 'f', 1, 64)
			}
			p.Acting = append(p.Acting, row)
		}
		for _, s := range m.Arms {
			row := answerRow{Model: m.Model, Arm: s.Arm, Accuracy: intervalCell(s.Report.Accuracy), Prime: hw.Value(s.Report.AccuracyPrime),
				Seen: rateCell(s.HallucSeen), Unseen: rateCell(s.HallucUnseen), Own: rateCell(s.OwnFalse)}
			for _, c := range p.Categories {
				cell := "-"
				if r, ok := s.Report.ByCategory[c]; ok {
					cell = rateCell(r.Accuracy) + " · acc′ " + hw.Value(r.AccuracyPrime)
				}
				row.Cells = append(row.Cells, cell)
			}
			p.Answers = append(p.Answers, row)
		}
	}
	return p
}

var sectionTemplate = template.Must(template.New("innav").Parse(`<section id="innav">
<h2>HalluWorld InNav: the model acts, then answers</h2>
<p>Each episode is played twice: the model acts itself (innav), walking a grid level or doing a task in a simulated shell, and answers questions whose golds follow what it saw and did; and it reads a scripted episode of the same level or task (static) and answers the same questions about it.</p>
{{if .Acting}}<h3>How the models acted</h3>
<table class="innav"><thead><tr><th>model</th><th>episodes</th><th>nav success [95% CI]</th><th>places reached</th><th>task success [95% CI]</th><th>actions</th><th>strict replies</th><th>unread</th></tr></thead><tbody>
{{range .Acting}}<tr><td>{{.Model}}</td><td>{{.Episodes}}</td><td>{{.Success}}</td><td>{{.Places}}</td><td>{{.Tasks}}</td><td>{{.Actions}}</td><td>{{.Compliance}}</td><td>{{.Unread}}</td></tr>
{{end}}</tbody></table>{{end}}
<h3>Answers after the episode</h3>
<table class="innav"><thead><tr><th>model</th><th>arm</th><th>accuracy [95% CI]</th><th>accuracy′</th><th>hallucination, seen</th><th>hallucination, never seen</th><th>false claims of own actions</th>{{range .Categories}}<th>{{.}}</th>{{end}}</tr></thead><tbody>
{{range .Answers}}<tr><td>{{.Model}}</td><td>{{.Arm}}</td><td>{{.Accuracy}}</td><td>{{.Prime}}</td><td>{{.Seen}}</td><td>{{.Unseen}}</td><td>{{.Own}}</td>{{range .Cells}}<td>{{.}}</td>{{end}}</tr>
{{end}}</tbody></table>
</section>
`))

var css = template.CSS(`table.innav td, table.innav th { padding: 2px 8px; text-align: right; }
table.innav td:first-child, table.innav td:nth-child(2) { text-align: left; }
svg.walk { border: 1px solid #ccc; }
pre.session { border: 1px solid #ccc; padding: 4px 8px; max-height: 30em; overflow: auto; }
pre.session .cmd { font-weight: bold; }
pre.session .note { color: #a33; }
`)
