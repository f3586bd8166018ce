package worlds

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"math"
	"strings"

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

// Summarize scores each model's HalluWorld results from their verdicts:
// the terminal tables (accuracy by world × category with Wilson
// intervals, the rates, McNemar against the best model), the "worlds"
// object of the results JSON, the page's section (a world × category heat
// table per model) and each probe's view.
func (Suite) Summarize(rs []results.Result, _ report.Options) (report.Section, error) {
	sec := report.Section{Suite: Name, Title: "HalluWorld"}
	scores, err := scoreChecked(rs)
	if err != nil {
		return sec, err
	}
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
	details := map[string]Detail{}
	for _, m := range scores {
		for name, d := range m.details {
			details[m.Model+"\x00"+name] = d
		}
	}
	sec.Case = func(r results.Result) report.CaseView {
		d, ok := details[r.Model+"\x00"+r.Case]
		if !ok {
			return report.CaseView{}
		}
		return caseView(r, d)
	}
	return sec, nil
}

// text is the terminal output: per model, a box of the headline (accuracy
// by world × category) and the rates; then the best model.
func text(scores []ModelScore, versus map[string]*hw.Comparison) string {
	var b strings.Builder
	for _, m := range scores {
		cells := [][]string{{"world", "cat", "k/n", "accuracy", "95% Wilson"}}
		for _, h := range m.Report.Headline() {
			a := h.Accuracy
			cells = append(cells, []string{h.World, string(h.Category), fmt.Sprintf("%d/%d", a.K, a.N), fmt.Sprintf("%.3f", a.Rate), fmt.Sprintf("[%.3f, %.3f]", a.CI95.Lo, a.CI95.Hi)})
		}
		r := m.Report
		footer := []string{
			"accuracy " + rateText(r.Accuracy),
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
			fmt.Fprintf(&b, "  ⚠ %d %s could not be played and %s not scored\n", m.Errors, report.Plural(m.Errors, "case", "cases"), report.Plural(m.Errors, "is", "are"))
		}
		b.WriteString("\n")
	}
	if best := scores[0]; best.Report.Accuracy != nil {
		fmt.Fprintf(&b, "  ★ best HalluWorld accuracy: %s — %s\n", best.Model, rateText(best.Report.Accuracy))
	}
	return b.String()
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

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
