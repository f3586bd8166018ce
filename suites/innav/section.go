package innav

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
	hw "github.com/hallumaze/hallumaze/worlds"
	"github.com/hallumaze/hallumaze/worlds/grid"
	"github.com/hallumaze/hallumaze/worlds/terminal"
)

// summarize scores each model's episodes from the results alone: the
// terminal's boxes (how the model acted, and its answers in each arm by
// category), the results JSON's "innav" member (ModelScore per model),
// the page's section, and each case's view with its walk drawn. It reads
// the results through accumulate.
var summarize = report.Through(Name, accumulate)

// accumulate starts the section of results read one at a time (scorer); a
// case's view decodes its record again from the result it is drawn for.
func accumulate(report.Options) report.Accumulator { return sectionAcc{newScorer()} }

type sectionAcc struct{ sc *scorer }

func (a sectionAcc) Add(r results.Result) error { return a.sc.add(r) }

func (a sectionAcc) Section(report.Options) (report.Section, error) {
	sec := report.Section{Suite: Name, Title: "HalluWorld InNav"}
	scores := a.sc.scores()
	if len(scores) == 0 {
		return sec, nil
	}
	for _, m := range scores {
		sec.Models = append(sec.Models, m.Model)
	}
	var text strings.Builder
	WriteTables(&text, scores)
	sec.Text = text.String()
	sec.JSON = []report.Member{{Key: "innav", Value: scores}}
	var page bytes.Buffer
	if err := sectionTemplate.Execute(&page, pageOf(scores)); err != nil {
		return sec, fmt.Errorf("innav: html: %w", err)
	}
	sec.HTML = template.HTML(page.String())
	sec.CSS = css
	sec.Nav = []report.Link{{ID: "innav", Text: "InNav"}}
	sec.Case = func(r results.Result) report.CaseView {
		if r.Suite != Name || r.Error != "" || len(r.Detail) == 0 {
			return report.CaseView{}
		}
		d, err := decode(r.Detail)
		if err != nil {
			return report.CaseView{}
		}
		return caseView(r, d)
	}
	return sec, nil
}

// WriteTables writes the terminal's boxes: how each model acted (its own
// episodes), then per model its answers in each arm by category and the
// hallucination split.
func WriteTables(b *strings.Builder, scores []ModelScore) {
	act := [][]string{{"model", "episodes", "nav success", "places", "task success", "actions", "compliance", "unread"}}
	for _, m := range scores {
		s := m.Arm(hw.ArmInNav)
		if s == nil {
			continue
		}
		steps := "-"
		if s.Actions != nil {
			steps = strconv.FormatFloat(s.Actions.Mean, 'f', 1, 64)
		}
		act = append(act, []string{m.Model, strconv.Itoa(s.Episodes), intervalCell(s.NavSuccess), rateCell(s.TargetsReached),
			intervalCell(s.TaskSuccess), steps, rateCell(s.ActionCompliance), strconv.Itoa(s.UnreadActions)})
	}
	if len(act) > 1 {
		report.WriteBox(b, " InNav: the model acts ", act, nil)
		b.WriteString("\n")
	}
	answers := [][]string{{"model", "arm", "accuracy", "accuracy′", "halluc seen", "halluc never seen", "own actions false"}}
	for _, m := range scores {
		for _, s := range m.Arms {
			answers = append(answers, []string{m.Model, s.Arm, intervalCell(s.Report.Accuracy), hw.Value(s.Report.AccuracyPrime),
				rateCell(s.HallucSeen), rateCell(s.HallucUnseen), rateCell(s.OwnFalse)})
		}
	}
	var foot []string
	for _, m := range scores {
		if p := m.Paired; p != nil {
			foot = append(foot, fmt.Sprintf("%s: same question, right only in its own episode %d, only after the scripted one %d of %d (McNemar p %.3g)",
				m.Model, p.OnlyInNav, p.OnlyStat, p.N, p.McNemarP))
		}
	}
	report.WriteBox(b, " InNav: answers after the episode ", answers, foot)
	b.WriteString("\n")
	cats := [][]string{{"model", "arm"}}
	var all []string
	for _, c := range Categories {
		for _, m := range scores {
			for _, s := range m.Arms {
				if _, ok := s.Report.ByCategory[string(c)]; ok && !contains(all, string(c)) {
					all = append(all, string(c))
				}
			}
		}
	}
	for _, c := range all {
		cats[0] = append(cats[0], c+" accuracy", c+" acc′")
	}
	for _, m := range scores {
		for _, s := range m.Arms {
			row := []string{m.Model, s.Arm}
			for _, c := range all {
				r, ok := s.Report.ByCategory[c]
				if !ok {
					row = append(row, "-", "-")
					continue
				}
				row = append(row, rateCell(r.Accuracy), hw.Value(r.AccuracyPrime))
			}
			cats = append(cats, row)
		}
	}
	report.WriteBox(b, " InNav: accuracy by category ", cats, nil)
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// caseView is an episode's view on the page: its verdict (every question
// right), its outcome for the case list, badges, the questions' answers
// read beside their golds, and the walk or the session drawn.
func caseView(r results.Result, d Detail) report.CaseView {
	cv := report.CaseView{Verdict: "pass", Order: []string{"probe-accuracy", "halluc-unseen", "halluc-seen", "own-false", "nav-success", "targets-reached", "actions-used"}}
	var reading, gold []string
	right, hallucinated := 0, 0
	for _, v := range d.Verdicts {
		if !v.Right {
			cv.Verdict = "fail"
		}
		val := v.Value
		if val == "" {
			val = string(v.Outcome)
		}
		q := v.ID[strings.LastIndex(v.ID, "/")+1:]
		cv.Scores = append(cv.Scores, report.KV{K: q + " " + string(v.Category) + "." + v.ProbeType,
			V: "gold " + v.Gold + ", answered " + val + " (" + string(v.Outcome) + ")"})
		reading = append(reading, q+": "+val)
		gold = append(gold, q+": "+v.Gold)
		switch {
		case v.Right:
			right++
		case v.Hallucinated:
			hallucinated++
		}
	}
	cv.Outcome, cv.Reading, cv.Gold = episodeOutcome(len(d.Verdicts), right, hallucinated), strings.Join(reading, "\n"), strings.Join(gold, "\n")
	for _, k := range []string{"probe-accuracy", "halluc-unseen", "nav-success", "task-success"} {
		if v, ok := r.Metrics[k]; ok {
			cv.Badges = append(cv.Badges, report.KV{K: k, V: report.FormatNum(v)})
		}
	}
	ep := d.Episode
	if d.World == hw.Terminal {
		cv.Scores = append(cv.Scores, report.KV{K: "episode", V: fmt.Sprintf("%d commands run, task done %v, ended %s; replies %d (strict %d, lenient %d, unread %d, not run %d)",
			ep.Actions, ep.Success, ep.End, ep.Replies, ep.Strict, ep.Lenient, ep.Unread, ep.Refused)})
		var rec terminal.SessionRecord
		if err := json.Unmarshal(ep.Trajectory, &rec); err != nil {
			cv.Note = "the session's record does not read: " + err.Error()
			return cv
		}
		cv.Figure = template.HTML(terminal.SessionHTML(rec)) // SessionHTML escapes every text it writes
		return cv
	}
	cv.Scores = append(cv.Scores, report.KV{K: "episode", V: fmt.Sprintf("%d actions, %d of %d places, ended %s; replies %d (strict %d, lenient %d, unread %d, done refused %d)",
		ep.Actions, ep.Reached, ep.Goals, ep.End, ep.Replies, ep.Strict, ep.Lenient, ep.Unread, ep.Refused)})
	if d.World == hw.Grid {
		var rec grid.NavRecord
		if err := json.Unmarshal(ep.Trajectory, &rec); err != nil {
			cv.Note = "the walk's record does not read: " + err.Error()
			return cv
		}
		svg, err := grid.DrawWalk(rec)
		if err != nil {
			cv.Note = "the walk cannot be drawn: " + err.Error()
			return cv
		}
		cv.Figure = template.HTML(svg) // DrawWalk escapes every text it writes
	}
	return cv
}

// episodeOutcome is an episode's outcome as the case list filters it:
// every question right, a hallucination among its answers, or some
// answers wrong without one (over-abstentions, replies not read).
func episodeOutcome(questions, right, hallucinated int) string {
	switch {
	case questions == 0:
		return "no question"
	case right == questions:
		return "all right"
	case hallucinated > 0:
		return "hallucinated"
	}
	return "some wrong"
}
