package abstain

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"strings"

	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
)

// summarize scores each model's Missing Piece results from the results
// alone: the boxed tables of the six rates, the seed JSON's "abstain"
// object, the page's section (rates, McNemar, defect × domain, archetypes,
// every item's reply) and each case's outcomes.
func summarize(rs []results.Result, opts report.Options) (report.Section, error) {
	sec := report.Section{Suite: Name, Title: "Missing Piece"}
	details := map[string]Detail{}
	for _, r := range rs {
		if r.Error != "" || len(r.Detail) == 0 {
			continue
		}
		var d Detail
		if err := json.Unmarshal(r.Detail, &d); err != nil {
			return sec, fmt.Errorf("%s of %s: read the score record: %w", r.Case, r.Model, err)
		}
		details[report.CaseID(r)] = d
	}
	models := AbstainModels(rs)
	if len(models) == 0 {
		return sec, nil
	}
	for _, m := range models {
		sec.Models = append(sec.Models, m.Model)
	}
	var text strings.Builder
	if err := WriteAbstainTable(&text, models); err != nil {
		return sec, err
	}
	sec.Text = text.String()
	sec.JSON = []report.Member{{Key: "abstain", Value: seedAbstain(rs)}}
	var html bytes.Buffer
	if err := sectionTemplate.Execute(&html, abstainSection(rs)); err != nil {
		return sec, fmt.Errorf("html: %w", err)
	}
	sec.HTML = template.HTML(html.String())
	sec.CSS = css
	sec.Nav = []report.Link{{ID: "abstain", Text: "Missing Piece"}}
	sec.Case = func(r results.Result) report.CaseView {
		cv := report.CaseView{Verdict: "fail"}
		if r.Metrics["right"] == 1 {
			cv.Verdict = "pass"
		}
		for _, k := range []string{"right", "parse-fail"} {
			if v, ok := r.Metrics[k]; ok {
				cv.Badges = append(cv.Badges, report.KV{K: k, V: report.FormatNum(v)})
			}
		}
		if d, ok := details[report.CaseID(r)]; ok {
			cv.Scores = abstainDetailScores(d)
			reading(&cv, r, d)
		}
		return cv
	}
	return sec, nil
}
