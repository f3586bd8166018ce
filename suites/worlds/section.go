package worlds

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"math"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/internal/textfmt"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
	hw "github.com/hallumaze/hallumaze/worlds"
	"github.com/hallumaze/hallumaze/worlds/chess"
)

// modelJSON is one model's object in the results JSON file: the spec's
// score JSON (§5) without the per-probe verdicts (the JSONL keeps them),
// the cases that could not be played, and McNemar against the best model.
type modelJSON struct {
	hw.Report
	Verdicts []hw.Verdict `json:"verdicts,omitempty"`
	Errors   int          `json:"errors"`
	// VersusBest is McNemar's exact test over right, paired by probe,
	// between the best model and this one; absent for the best.
	VersusBest *hw.Comparison `json:"versus_best,omitempty"`
}

// summarize scores each model's HalluWorld results from their verdicts:
// the terminal tables (accuracy by world × category with Wilson
// intervals, the rates, McNemar against the best model), the "worlds"
// object of the results JSON, the page's section (a world × category heat
// table per model) and each probe's view. It reads the results through
// accumulate.
var summarize = report.Through(Name, accumulate)

// accumulate starts the section of results read one at a time: each
// result's verdict is read as it comes and kept (scorer); a probe's view
// reads its record again from the result it is drawn for.
func accumulate(report.Options) report.Accumulator { return sectionAcc{newScorer()} }

type sectionAcc struct{ sc *scorer }

func (a sectionAcc) Add(r results.Result) error { return a.sc.add(r) }

func (a sectionAcc) Section(report.Options) (report.Section, error) {
	return sectionOf(a.sc.scores())
}

// sectionOf lays out the section of the models' scores.
func sectionOf(scores []ModelScore) (report.Section, error) {
	sec := report.Section{Suite: Name, Title: "HalluWorld"}
	if len(scores) == 0 {
		return sec, nil
	}
	versus := map[string]*hw.Comparison{}
	for _, m := range scores[1:] {
		c := hw.CompareVerdicts(scores[0].Report.Verdicts, m.Report.Verdicts)
		versus[m.Model] = &c
	}
	obj := map[string]modelJSON{}
	for _, m := range scores {
		sec.Models = append(sec.Models, m.Model)
		obj[m.Model] = modelJSON{Report: m.Report, Errors: m.Errors, VersusBest: versus[m.Model]}
	}
	sec.JSON = []report.Member{{Key: Name, Value: obj}}
	sec.Text = text(scores, versus)
	var html bytes.Buffer
	if err := sectionTemplate.Execute(&html, pageOf(scores, versus)); err != nil {
		return sec, fmt.Errorf("html: %w", err)
	}
	sec.HTML = template.HTML(html.String())
	sec.CSS = css
	sec.Nav = []report.Link{{ID: "worlds", Text: "HalluWorld"}}
	sec.Case = func(r results.Result) report.CaseView {
		var d Detail
		if r.Suite != Name || r.Error != "" || results.IsHuman(r) || json.Unmarshal(r.Detail, &d) != nil {
			return report.CaseView{}
		}
		return caseView(r, d)
	}
	return sec, nil
}

// text is the terminal output: the leaderboard (models ranked by skill,
// with accuracy′, accuracy, hallucination and over-abstention beside it);
// per model, a box of the headline (accuracy by world × category with the
// prior's accuracy and accuracy′) and the rates; the accuracy by view where
// a world was shown in several views; then the best model.
func text(scores []ModelScore, versus map[string]*hw.Comparison) string {
	var b strings.Builder
	board := [][]string{{"model", "skill", "accuracy′", "accuracy", "hallucination", "over-abstention", "testimony following"}}
	tied := tiedWithFirst(scores, versus)
	for i, m := range scores {
		r := m.Report
		board = append(board, []string{rankText(i, tied) + " " + m.Model, hw.Value(r.Skill), hw.Value(r.AccuracyPrime), hw.RateValue(r.Accuracy),
			hw.RateValue(r.HallucinationRate), hw.RateValue(r.OverAbstention), hw.RateValue(r.TestimonyFollowing)})
	}
	report.WriteBox(&b, " HalluWorld leaderboard ", board, []string{
		"ranked by skill: accuracy′ = (accuracy − prior) / (1 − prior), the prior answering from the question alone,",
		"an abstention on an answerable probe counted as the prior's answer (always-unknown and the prior score 0, the oracle 1)",
	})
	b.WriteString("\n")
	for _, m := range scores {
		cells := [][]string{{"world", "cat", "k/n", "accuracy", "95% Wilson", "prior", "accuracy′"}}
		for _, h := range m.Report.Headline() {
			a := h.Accuracy
			cells = append(cells, []string{h.World, string(h.Category), fmt.Sprintf("%d/%d", a.K, a.N), fmt.Sprintf("%.3f", a.Rate),
				fmt.Sprintf("[%.3f, %.3f]", a.CI95.Lo, a.CI95.Hi), hw.RateValue(h.PriorAccuracy), hw.Value(h.AccuracyPrime)})
		}
		r := m.Report
		footer := []string{
			"accuracy " + rateText(r.Accuracy) + " · prior " + hw.RateValue(r.PriorAccuracy) + " · accuracy′ " + hw.Value(r.AccuracyPrime) + " · skill " + hw.Value(r.Skill),
			"hallucination " + rateText(r.HallucinationRate),
			"abstention recall " + rateText(r.AbstentionRecall) + " · precision " + rateText(r.AbstentionPrecision),
			"over-abstention " + rateText(r.OverAbstention) + " · on U twins " + rateText(r.OverAbstentionU),
			"testimony following " + rateText(r.TestimonyFollowing) + " · parse failures " + rateText(r.ParseFailureRate),
		}
		if c := versus[m.Model]; c != nil {
			footer = append(footer, fmt.Sprintf("vs %s (McNemar over right, %d paired probes): b=%d c=%d p=%s", scores[0].Model, c.NProbes, c.McNemar.B, c.McNemar.C, pValue(c.McNemar.P)))
		}
		report.WriteBox(&b, " HalluWorld: "+m.Model+" ", cells, footer)
		if m.Errors > 0 {
			fmt.Fprintf(&b, "  ⚠ %d %s could not be played and %s not scored\n", m.Errors, textfmt.Plural(m.Errors, "case", "cases"), textfmt.Plural(m.Errors, "is", "are"))
		}
		b.WriteString("\n")
	}
	if rows := viewRows(scores); len(rows) > 0 {
		head := []string{"world view"}
		for _, m := range scores {
			head = append(head, m.Model)
		}
		cells := [][]string{head}
		for _, row := range rows {
			line := []string{row.World + " " + row.View}
			for _, c := range row.Cells {
				line = append(line, c.text())
			}
			cells = append(cells, line)
		}
		report.WriteBox(&b, " HalluWorld by view ", cells, []string{"accuracy k/n and accuracy′ (in brackets) of each world's probes by the view they were shown in"})
		b.WriteString("\n")
	}
	if best := scores[0]; best.Report.Accuracy != nil {
		fmt.Fprintf(&b, "  ★ best HalluWorld skill: %s — %s (accuracy %s)%s\n", best.Model, hw.Value(best.Report.Skill), rateText(best.Report.Accuracy), tiedNote(tied))
	}
	return b.String()
}

// tiedWithFirst are the models, after the first, that share its rank:
// going down the board, each whose probes do not differ from the first's
// by McNemar's exact test over right (p ≥ 0.05), until one does.
func tiedWithFirst(scores []ModelScore, versus map[string]*hw.Comparison) []string {
	var out []string
	for _, m := range scores[1:] {
		c := versus[m.Model]
		if c == nil || c.NProbes == 0 || c.McNemar.P < 0.05 {
			break
		}
		out = append(out, m.Model)
	}
	return out
}

// rankText is the i-th model's rank, "=1." when it shares the first's.
func rankText(i int, tied []string) string {
	if len(tied) > 0 && i <= len(tied) {
		return "=1."
	}
	return fmt.Sprintf("%d.", i+1)
}

// tiedNote says who shares the first rank, as every suite's best line
// does.
func tiedNote(tied []string) string {
	if len(tied) == 0 {
		return ""
	}
	return " (statistically tied for first with " + strings.Join(tied, ", ") + ": McNemar over right p ≥ 0.05)"
}

// viewRow is one view of one world in the view comparison, a cell per
// model.
type viewRow struct {
	World, View string
	Cells       []viewCell
}

type viewCell struct {
	Has   bool
	Rates hw.Rates
}

func (c viewCell) text() string {
	if !c.Has || c.Rates.Accuracy == nil {
		return "-"
	}
	a := c.Rates.Accuracy
	return fmt.Sprintf("%d/%d %.3f (%s)", a.K, a.N, a.Rate, hw.Value(c.Rates.AccuracyPrime))
}

// viewRows are the rows of the view comparison: every view of each world
// that the models' verdicts show in two or more views, worlds in the
// headline's order and views in the world's own order; none when no world
// was shown in several views.
func viewRows(scores []ModelScore) []viewRow {
	seen := map[string][]string{} // world → views in the verdicts
	for _, m := range scores {
		for _, v := range m.Report.Verdicts {
			if !slices.Contains(seen[v.World], v.View) {
				seen[v.World] = append(seen[v.World], v.View)
			}
		}
	}
	ws, _ := Worlds()
	var rows []viewRow
	for _, w := range ws {
		views := seen[w.Name()]
		if len(views) < 2 {
			continue
		}
		for _, view := range w.Views() {
			if !slices.Contains(views, view) {
				continue
			}
			row := viewRow{World: w.Name(), View: view}
			for _, m := range scores {
				rates, ok := m.Report.ByView[view]
				row.Cells = append(row.Cells, viewCell{Has: ok, Rates: rates})
			}
			rows = append(rows, row)
		}
	}
	return rows
}

func pValue(p float64) string {
	if math.IsNaN(p) {
		return "-"
	}
	return fmt.Sprintf("%.3g", p)
}

// caseView is a probe's view on the page: right or not, the outcome, the
// gold and the value read, and for chess the board drawn (masked squares,
// the swapped pair of the transposed view).
func caseView(r results.Result, d Detail) report.CaseView {
	cv := report.CaseView{Verdict: "fail"}
	if d.Right {
		cv.Verdict = "pass"
	}
	cv.Badges = []report.KV{{K: "outcome", V: string(d.Outcome)}, {K: "gold", V: d.Gold}}
	cv.Outcome, cv.Gold = outcomeWords(d), d.Gold
	switch {
	case d.Key != "" && d.Value != "":
		cv.Reading = d.Key + "=" + d.Value
	case d.Value != "":
		cv.Reading = d.Value
	case d.Reason != "":
		cv.Reading = "not read: " + d.Reason
	}
	if d.Key != "" {
		cv.Gold = d.Key + "=" + d.Gold
	}
	cv.Scores = []report.KV{
		{K: "gold", V: d.Gold}, {K: "value read", V: orDash(d.Value)}, {K: "outcome", V: string(d.Outcome)},
		{K: "exact contract", V: fmt.Sprint(d.ExactContract)},
	}
	if d.Reason != "" {
		cv.Scores = append(cv.Scores, report.KV{K: "why not read", V: d.Reason})
	}
	if d.TestimonyFollowing != nil {
		cv.Scores = append(cv.Scores, report.KV{K: "followed the testimony", V: fmt.Sprint(*d.TestimonyFollowing)})
	}
	if d.World == hw.Chess && len(d.Meta) > 0 {
		var meta struct {
			FEN     string   `json:"fen"`
			Masked  []string `json:"masked"`
			Swapped []string `json:"swapped"`
		}
		if err := json.Unmarshal(d.Meta, &meta); err == nil && meta.FEN != "" && r.Tags["view"] != "" {
			swapped := meta.Swapped
			if r.Tags["view"] != "fen-transposed" {
				swapped = nil
			}
			svg, err := chess.BoardSVG(meta.FEN, meta.Masked, swapped)
			if err != nil {
				cv.Note = "board not drawn: " + err.Error()
			} else {
				cv.Figure = template.HTML(svg)
			}
		}
	}
	return cv
}

// outcomeWords is a probe's outcome as the case list filters it: a right
// answer, a hallucination, a right abstention, an over-abstention or a
// parse failure.
func outcomeWords(d Detail) string {
	switch {
	case d.Outcome == hw.OutcomeAnswer && d.Right:
		return "right answer"
	case d.Hallucinated:
		return "hallucinated"
	case d.Outcome == hw.OutcomeAbstain && d.Right:
		return "right abstention"
	case d.Outcome == hw.OutcomeAbstain:
		return "over-abstention"
	}
	return string(d.Outcome)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
