package mazereport

import (
	"github.com/hallumaze/hallumaze/mazes"
	"strings"

	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/scoring"
	"github.com/hallumaze/hallumaze/suites/maze/analysis"
	"github.com/hallumaze/hallumaze/suites/maze/record"
)

// Summarize lays out the maze results: the leaderboard and the seed's
// comparison table, each model's summary lines, the seed's JSON keys, the
// page's leaderboard and charts, and each case's maze with the walk
// recomputed from its transcript (a one-shot reply parsed again and
// verified against the maze regenerated from the case's tags; an
// interactive episode replayed reply by reply). It is Accumulate over
// results held in memory.
var Summarize = report.Through(record.Name, Accumulate)

// Accumulate starts the maze section of results read one at a time. Each
// result is read once as it comes: its score record, its entry in the
// seed file (kept on disk beyond a few megabytes), its walk replayed once
// for the analyses (analysis.Case) and the reliability diagram; the
// section is laid out from what was kept. opts gives the reply budget of
// the seed file's framings.
func Accumulate(opts report.Options) report.Accumulator {
	if opts.CaseViewsOnly {
		return caseViewsOnly{}
	}
	pool := analysis.NewPool()
	return &summary{pool: pool, seed: newSeedRuns(opts.MaxTokens, pool), cal: map[string]*calibration{}}
}

// summary is the maze section being made.
type summary struct {
	pool  *analysis.Pool
	cases []*analysis.Case
	seed  *seedRuns
	// cal pools each model's stated confidences and step verdicts, by
	// model and condition (calKey).
	cal map[string]*calibration
}

// Add reads one maze result.
func (s *summary) Add(r results.Result) error {
	rd, err := record.Read(r)
	if err != nil {
		return err
	}
	human := results.IsHuman(r)
	var rp analysis.Replay
	if rd.Detail != nil && rd.Detail.Played != nil {
		rp = *rd.Detail.Played // played by this process: the walk as played
	}
	c := s.pool.Digest(r, &rd, &rp)
	if err := s.seed.add(r, rd, c.Name, c.Model); err != nil {
		return err
	}
	s.cases = append(s.cases, c)
	if !human && rp.OK {
		conf, correct := mazes.StepConfidences(rp.Transcript, rp.Walk.Checks)
		key := calKey(r.Model, conditionOf(c.Tag).String())
		cal := s.cal[key]
		if cal == nil {
			cal = &calibration{model: c.Model, bins: scoring.NewReliability(10)}
			s.cal[key] = cal
		}
		for i, v := range conf {
			cal.bins.Add(v, correct[i])
		}
	}
	return nil
}

// Section lays the section out.
func (s *summary) Section(opts report.Options) (report.Section, error) {
	rs := s.cases
	sec := report.Section{Suite: record.Name, Title: "HalluMaze"}
	members, err := s.seed.members()
	if err != nil {
		return sec, err
	}
	sec.JSON = members
	rows := leaderboardOf(rs, false) // the order of the models, by their means
	if len(rows) == 0 {
		return sec, nil
	}
	for _, r := range rows {
		sec.Models = append(sec.Models, r.Model)
		if !r.Human {
			sec.Summaries = append(sec.Summaries, report.ModelLines{Model: r.Model, Lines: summaryLineOf(r.Model, rs)})
		}
	}
	bds := boards(rs)
	an := analyze(rs, bds[0], opts.CacheDir)
	sec.JSON = append(sec.JSON, report.Member{Key: "leaderboards", Value: bds}, report.Member{Key: "analyses", Value: an})
	var text strings.Builder
	k := wordsOf(rs)
	if !opts.Preambled {
		text.WriteString(mazeBoxes(rs, 3))
	}
	if err := writeTableTitled(&text, bds[0].Rows, headlineTitle(bds, k), k); err != nil {
		return sec, err
	}
	text.WriteString(notesText(bds[0], k))
	more, err := boardsText(bds, k)
	if err != nil {
		return sec, err
	}
	text.WriteString(more)
	tiers := tierRows(rs, bds)
	if t := tiersText(tiers, k); t != "" {
		text.WriteString("\n" + t)
	}
	text.WriteString(effectsText(mirage(rs), k))
	an.bilingual = opts.Bilingual
	text.WriteString(analysesText(an, ariadneWithHints(ariadneSummary(rs)), k))
	sec.Text = text.String()

	if !opts.SkipPage {
		if sec.HTML, err = htmlSection(rs, rows, bds, an.Chance, s.cal, tiers); err != nil {
			return sec, err
		}
		anHTML, err := analysesHTML(an, bool(k))
		if err != nil {
			return sec, err
		}
		sec.HTML += anHTML
	}
	sec.CSS, sec.Nav = css, append(nav, report.Link{ID: "analyses", Text: "Analyses"})
	for _, r := range rows {
		if r.Human {
			sec.Nav = append(sec.Nav, report.Link{ID: "human", Text: "Human groups"})
			break
		}
	}
	sec.Case = caseViews()
	return sec, nil
}

// caseViews draws each case from its result alone: its score record, and
// its walk replayed on the maze regenerated from its spec.
func caseViews() func(results.Result) report.CaseView {
	mc := mazeCache{}
	return func(r results.Result) report.CaseView {
		rd, err := record.Read(r)
		if err != nil {
			return caseView(r, nil, nil, err)
		}
		w, werr := replayWalk(r, rd, mc)
		if len(mc) > 256 {
			clear(mc) // the page's cases come model by model: keep a few mazes
		}
		return caseView(r, rd.Detail, w, werr)
	}
}

// caseViewsOnly is the section when only the case views are wanted
// (report.Options.CaseViewsOnly): it keeps nothing of the results.
type caseViewsOnly struct{}

func (caseViewsOnly) Add(results.Result) error { return nil }

func (caseViewsOnly) Section(report.Options) (report.Section, error) {
	return report.Section{Suite: record.Name, Title: "HalluMaze", Case: caseViews()}, nil
}

// calKey is the key of a model's calibration in a condition.
func calKey(model, condition string) string { return model + "\x00" + condition }
