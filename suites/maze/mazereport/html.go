package mazereport

import (
	"bytes"
	"fmt"
	"html/template"
	"math"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites/maze/analysis"
	"github.com/hallumaze/hallumaze/suites/maze/record"
)

// pageData is the maze part of the report page.
type pageData struct {
	Boards []boardView
	// Conditions names the conditions the results span, when several.
	Conditions                       string
	Glossary                         []Term
	Best                             string
	MEIBySize, SRBySize, Reliability template.HTML
	Mirage, Ariadne                  template.HTML
	MirageRows                       [][]string
	AriadneRows                      [][]string
	HumanRows                        [][]string
	Tiers                            []tierRow
	// TiersConditions reports tier rows of several conditions.
	TiersConditions bool
}

type rowView struct {
	Rank, Model, SR, MEI, CE, BRS, HC, Score, Sizes string
	// MEIc and Scorec are the chance-corrected values (the headline
	// table's), MEIBand the seed's mark of MEIc.
	MEIc, Scorec, MEIBand string
	Cases, Errors         int
	Human, Tied           bool
}

// boardView is one condition's leaderboard on the page.
type boardView struct {
	Name, Filter string
	Rows         []rowView
	// Ties lists each group of statistically tied models.
	Ties []string
	// MixedSizes reports rows over different maze sizes.
	MixedSizes bool
	// Chance reports the MEI′ and Score′ columns (the headline table).
	Chance  bool
	Headers []header
}

// header is a leaderboard column: its text and its tooltip.
type header struct{ Text, Tip string }

// htmlSection renders the leaderboard, the charts (MEI and SR by size, the
// reliability diagram, the Linguistic Mirage effect, the Ariadne's Thread
// groups) and the human control groups; calByModel pools each model's
// stated confidences over the walks of its played cases, by condition
// (calKey), for the reliability diagram of the headline condition.
func htmlSection(rs []*analysis.Case, rows []Row, boards []Board, chance []analysis.Chance, calByModel map[string]*calibration, tiers []tierRow) (template.HTML, error) {
	order, colors := make([]string, 0, len(rows)), map[string]string{}
	for i, r := range rows {
		order = append(order, r.Model)
		colors[r.Model] = palette[i%len(palette)]
	}
	// The charts by size and the reliability diagram read the headline
	// condition only, as its table does: two conditions are never pooled
	// (the Mirage and Ariadne charts compare conditions, pair by pair).
	head, headName, headCond := rs, "", ""
	if len(boards) > 0 {
		head, headCond = inCondition(rs, boards[0].Condition), boards[0].Condition.String()
		if len(boards) > 1 {
			headName = " — " + boards[0].Name
		}
	}
	var humans []*analysis.Case
	for _, r := range rs {
		if r.Human {
			humans = append(humans, r)
		}
	}
	var cals []calibration
	for _, m := range order {
		if c, ok := calByModel[calKey(m, headCond)]; ok {
			cals = append(cals, *c)
		}
	}
	sizes, meiSeries := byTagSeries(head, "size", "MEI", colors, order)
	srSizes, srSeries := byTagSeries(head, "size", "SR", colors, order)
	mirage, ariadne := mirage(rs), ariadneSummary(rs)
	page := pageData{
		Boards:          boardViews(boards, chance),
		Glossary:        Glossary,
		MEIBySize:       lineChart("chart-mei-size", "MEI by maze size (mean, 95% interval)"+headName, "size", sizes, meiSeries),
		SRBySize:        lineChart("chart-sr-size", "SR by maze size (mean, 95% Wilson interval)"+headName, "size", srSizes, srSeries),
		Reliability:     reliabilityChart("chart-reliability", cals, colors),
		Mirage:          mirageChart("chart-mirage", mirage, colors),
		MirageRows:      mirageViews(mirage),
		Ariadne:         ariadneChart("chart-ariadne", ariadne),
		AriadneRows:     ariadneViews(ariadne),
		HumanRows:       humanViews(humans),
		Tiers:           tiers,
		TiersConditions: severalConditions(tiers),
	}
	if len(boards) > 1 {
		page.Conditions = conditionsLine(boards)
	}
	if len(boards) > 0 {
		if best, ok := Best(boards[0].Rows); ok {
			page.Best = fmt.Sprintf("★ best: %s — Score %.3f | MEI %.3f%s", best.Model, best.Score.Mean, nanZero(best.MEI.Mean), tiedNote(best))
		}
	}
	var b bytes.Buffer
	if err := sectionTemplate.Execute(&b, page); err != nil {
		return "", fmt.Errorf("html: %w", err)
	}
	return template.HTML(b.String()), nil
}

func boardViews(boards []Board, chance []analysis.Chance) []boardView {
	out := make([]boardView, len(boards))
	for i, b := range boards {
		out[i] = boardView{Name: b.Name, Filter: filterText(b.Filter), Rows: rowViews(b.Rows, b.Sizes), MixedSizes: mixedSizes(b)}
		for _, g := range b.Ties {
			out[i].Ties = append(out[i].Ties, strings.Join(g, ", "))
		}
		if i == 0 && len(chance) > 0 {
			out[i].Chance = true
			for j, r := range out[i].Rows {
				for _, c := range chance {
					if c.Model == r.Model {
						out[i].Rows[j].MEIc, out[i].Rows[j].Scorec = f3(c.MEICorrected), f3(c.ScoreCorrected)
						out[i].Rows[j].MEIBand = Band(c.MEICorrected)
					}
				}
			}
		}
		out[i].Headers = headers(out[i].Chance)
	}
	return out
}

// rankText is a rank on the page: "1", "=2" when shared, "human", "—".
// (The terminal's medals are emoji, which a page may lack a font for.)
func rankText(r Row) string {
	switch {
	case r.Human:
		return "human"
	case r.Rank == 0:
		return "—"
	case r.Tied:
		return "=" + strconv.Itoa(r.Rank)
	}
	return strconv.Itoa(r.Rank)
}

func rowViews(rows []Row, sizes map[string][]int) []rowView {
	out := make([]rowView, len(rows))
	for i, r := range rows {
		out[i] = rowView{Rank: rankText(r), Model: r.Model, SR: statCell(r.SR, 2), MEI: statCell(r.MEI, 3),
			CE: statCell(r.CE, 3), BRS: statCell(r.BRS, 3), HC: statCell(r.HC, 1), Score: statCell(r.Score, 3),
			Sizes: sizesText(sizes[r.Model]), Cases: r.Cases, Errors: r.Errors, Human: r.Human, Tied: r.Tied}
	}
	return out
}

func mirageViews(es []MirageEffect) [][]string {
	var out [][]string
	for _, e := range es {
		out = append(out, []string{e.Model, strconv.Itoa(e.Pairs),
			fmt.Sprintf("%.3f", e.MeanMEINoMirage), fmt.Sprintf("%.3f", e.MeanMEIMirage),
			fmt.Sprintf("%+.3f %s", e.DeltaMEI, ci3(e.DeltaMEICI.Lo, e.DeltaMEICI.Hi)),
			fmt.Sprintf("%+.3f %s", e.DeltaBRS, ci3(e.DeltaBRSCI.Lo, e.DeltaBRSCI.Hi)),
			optional(e.LureRateOff), optional(e.LureRateOn), fmt.Sprintf("%.3g", e.SignFlipPMEI), fmt.Sprintf("%.3g", e.WilcoxonPMEI)})
	}
	return out
}

func ariadneViews(es []AriadneEffect) [][]string {
	var out [][]string
	for _, e := range es {
		g := func(m map[string]float64, k string) string {
			if v, ok := m[k]; ok {
				return fmt.Sprintf("%.3f", v)
			}
			return "-"
		}
		ti := e.TINote
		if e.TI != nil {
			ti = fmt.Sprintf("%.3f", *e.TI)
		}
		out = append(out, []string{e.Model, g(e.MEI, "A"), g(e.MEI, "B"), g(e.MEI, "C"),
			g(e.SR, "A"), g(e.SR, "B"), g(e.SR, "C"),
			fmt.Sprintf("%s (%d hints)", optional(e.NRSB), e.HintsB), fmt.Sprintf("%s (%d hints)", optional(e.IgnoreC), e.HintsC), ti})
	}
	return out
}

func humanViews(rs []*analysis.Case) [][]string {
	var out [][]string
	for _, r := range rs {
		row := []string{r.Model, r.Tag("size"), r.Tag("group")}
		for _, k := range []string{"SR", "MEI", "HC", "BT", "CE", "BRS", "score"} {
			if v, ok := r.Lookup(k); ok {
				row = append(row, report.FormatNum(v))
			} else {
				row = append(row, "-")
			}
		}
		out = append(out, row)
	}
	return out
}

func ci3(lo, hi float64) string {
	if math.IsNaN(lo) || math.IsNaN(hi) {
		return ""
	}
	return fmt.Sprintf("[%.3f, %.3f]", lo, hi)
}

func optional(p *float64) string {
	if p == nil {
		return "-"
	}
	return fmt.Sprintf("%.3f", *p)
}

// caseView is the maze's view of one played case: SR, MEI, Score and HC
// as badges, the score record's fields the metrics lack, and the maze with
// the verified walk drawn over it.
func caseView(r results.Result, d *record.Detail, w *walk, walkErr error) report.CaseView {
	cv := report.CaseView{Verdict: "fail"}
	if r.Metrics["SR"] >= 0.5 {
		cv.Verdict = "pass"
	}
	for _, k := range []string{"SR", "MEI", "score", "HC"} {
		if v, ok := r.Metrics[k]; ok {
			cv.Badges = append(cv.Badges, report.KV{K: k, V: report.FormatNum(v)})
		}
	}
	cv.Order = []string{"SR", "MEI", "score", "HC", "BRS", "CE", "BT", "LT", "HRR"}
	cv.Outcome = "did not escape"
	if cv.Verdict == "pass" {
		cv.Outcome = "escaped"
	}
	cv.Reading = fmt.Sprintf("%s moves verified, %s hallucinated (HC), %s", report.FormatNum(r.Metrics["steps"]), report.FormatNum(r.Metrics["HC"]), cv.Outcome)
	if d != nil {
		cv.Scores = detailScores(*d)
		cv.Gold = fmt.Sprintf("the exit, by the shortest path of %d moves", d.Solution)
	}
	switch {
	case walkErr != nil:
		cv.Note = "maze not drawn: " + walkErr.Error()
	case w == nil:
	case w.maze.Size() > maxDrawnSize:
		cv.Note = fmt.Sprintf("maze not drawn: %d×%d is larger than %d×%d", w.maze.Size(), w.maze.Size(), maxDrawnSize, maxDrawnSize)
	default:
		var svg bytes.Buffer
		cell := max(8, 320/w.maze.Size())
		opt := mazes.SVGOptions{DrawOptions: mazes.DrawOptions{Solution: true, Traps: r.Tags["mirage"] != "off"}, CellSize: cell}
		if err := w.maze.WriteSVG(&svg, opt); err != nil {
			cv.Note = "maze not drawn: " + err.Error()
			break
		}
		counts := w.counts()
		var legend []legendItem
		for _, c := range []string{ClassValid, ClassWall, ClassTeleport, ClassOffGrid, ClassLure} {
			legend = append(legend, legendItem{Class: c, Words: classWords[c], N: counts[c]})
		}
		fig := figureData{SVG: template.HTML(withSteps(svg.String(), stepsGroup(w, cell))), Legend: legend,
			Steps: w.steps, Hints: len(w.hints), Drops: len(w.confDrops)}
		var b bytes.Buffer
		if err := figureTemplate.Execute(&b, fig); err != nil {
			cv.Note = "maze not drawn: " + err.Error()
			break
		}
		cv.Figure = template.HTML(b.String())
	}
	return cv
}

type figureData struct {
	SVG                 template.HTML
	Legend              []legendItem
	Steps, Hints, Drops int
}

type legendItem struct {
	Class, Words string
	N            int
}

// classWords name the kinds of step of a drawn walk for a reader.
var classWords = map[string]string{
	ClassValid:    "legal move",
	ClassWall:     "through a wall",
	ClassTeleport: "jump to another cell",
	ClassOffGrid:  "off the grid",
	ClassLure:     "followed a lure",
}

// detailScores picks the score-record fields that the metrics lack.
func detailScores(d record.Detail) []report.KV {
	s := d.Scores
	out := []report.KV{{K: "FHR (first hallucination step)", V: strconv.Itoa(s.FHR)},
		{K: "teleports / wall crossings / off grid", V: fmt.Sprintf("%d / %d / %d", s.Teleports, s.WallCrossings, s.OffGrid)},
		{K: "dead-end lines / strategy changes", V: fmt.Sprintf("%d / %d", s.DeadEndLines, s.StrategyChanges)},
		{K: "solution length (cells)", V: strconv.Itoa(d.Solution)}}
	if e := d.Episode; e != nil {
		out = append(out, report.KV{K: "episode", V: fmt.Sprintf("%d turns, %d/%d steps, ended: %s", e.Turns, e.StepsUsed, e.Budget, e.EndReason)})
	}
	if a := d.Ariadne; a != nil && a.Group != "" {
		out = append(out, report.KV{K: "Ariadne group " + string(a.Group), V: fmt.Sprintf("%d triggers, %d hints, %d followed, %d ignored", a.Triggers, a.Hints, a.Followed, a.Ignored)})
	}
	return out
}

// headers are the leaderboard's columns with their glossary tooltips;
// chance adds MEI′ and Score′ after Score.
func headers(chance bool) []header {
	cols := []string{"rank", "model", "SR", "MEI★", "CE", "BRS", "Hall", "Score"}
	if chance {
		cols = append(cols, "MEI′", "Score′")
	}
	cols = append(cols, "sizes", "cases", "errors")
	var out []header
	for _, h := range cols {
		out = append(out, header{Text: h, Tip: tooltip(h)})
	}
	return out
}
