package maze

import (
	"strings"

	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
)

// summarize lays out the maze results: the leaderboard and the seed's
// comparison table, each model's summary lines, the seed's JSON keys, the
// page's leaderboard and charts, and each case's maze with the walk
// recomputed from its transcript (a one-shot reply parsed again and
// verified against the maze regenerated from the case's tags; an
// interactive episode replayed reply by reply).
func summarize(rs []results.Result, opts report.Options) (report.Section, error) {
	sec := report.Section{Suite: Name, Title: "HalluMaze"}
	seed, err := SeedJSON(rs, opts.MaxTokens)
	if err != nil {
		return sec, err
	}
	sec.JSON = seed.members()
	rows := Leaderboard(rs)
	if len(rows) == 0 {
		return sec, nil
	}
	for _, r := range rows {
		sec.Models = append(sec.Models, r.Model)
		if !r.Human {
			sec.Summaries = append(sec.Summaries, report.ModelLines{Model: r.Model, Lines: SummaryLine(r.Model, rs)})
		}
	}
	boards := Boards(rs)
	an := analyze(rs, boards[0])
	sec.JSON = append(sec.JSON, report.Member{Key: "leaderboards", Value: boards}, report.Member{Key: "analyses", Value: an})
	var text strings.Builder
	k := wordsOf(rs)
	if !opts.Preambled {
		text.WriteString(mazeBoxes(rs, 3))
	}
	if err := writeTableTitled(&text, boards[0].Rows, headlineTitle(boards, k), k); err != nil {
		return sec, err
	}
	text.WriteString(notesText(boards[0], k))
	more, err := boardsText(boards, k)
	if err != nil {
		return sec, err
	}
	text.WriteString(more)
	tiers := tierRows(rs, rows)
	if t := tiersText(tiers, k); t != "" {
		text.WriteString("\n" + t)
	}
	text.WriteString(effectsText(Mirage(rs), k))
	text.WriteString(analysesText(an, ariadneWithHints(AriadneSummary(rs)), k))
	sec.Text = text.String()

	type view struct {
		detail  *Detail
		walk    *walk
		walkErr error
	}
	views := map[string]view{}
	walks := map[string]*walk{}
	mc := mazeCache{}
	for _, r := range rs {
		if r.Error != "" || report.IsHuman(r) {
			continue
		}
		d, err := decodeDetail(r)
		if err != nil {
			return sec, err
		}
		w, werr := replayWalk(r, mc)
		id := report.CaseID(r)
		views[id] = view{d, w, werr}
		if w != nil {
			walks[id] = w
		}
	}
	if sec.HTML, err = htmlSection(rs, rows, boards, an.Chance, walks, tiers); err != nil {
		return sec, err
	}
	anHTML, err := analysesHTML(an)
	if err != nil {
		return sec, err
	}
	sec.HTML += anHTML
	sec.CSS, sec.Nav = css, append(nav, report.Link{ID: "analyses", Text: "Analyses"})
	for _, r := range rows {
		if r.Human {
			sec.Nav = append(sec.Nav, report.Link{ID: "human", Text: "Human groups"})
			break
		}
	}
	sec.Case = func(r results.Result) report.CaseView {
		v := views[report.CaseID(r)]
		return caseView(r, v.detail, v.walk, v.walkErr)
	}
	return sec, nil
}
