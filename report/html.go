package report

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"html/template"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/providers"
)

// HTMLOptions choose what the page says of itself.
type HTMLOptions struct {
	// Title heads the page; "" means "HalluMaze report".
	Title string
	// Generated is shown as the time the report was made; the zero time
	// shows none (so that the page can be pinned in tests).
	Generated time.Time
}

// CaseID is the HTML id of a result's case on the page: "case-" followed by
// the model and case made safe for an id, and a short hash of the exact
// (suite, model, case) so that ids stay unique.
func CaseID(r bench.Result) string {
	h := fnv.New32a()
	h.Write([]byte(r.Suite + "\x00" + r.Model + "\x00" + r.Case))
	return fmt.Sprintf("case-%s--%s-%08x", slug(r.Model), slug(r.Suite+"-"+r.Case), h.Sum32())
}

var unsafeID = regexp.MustCompile(`[^a-z0-9]+`)

func slug(s string) string {
	s = strings.Trim(unsafeID.ReplaceAllString(strings.ToLower(s), "-"), "-")
	if len(s) > 60 {
		s = s[:60]
	}
	return s
}

// WriteHTML writes one self-contained page: inline CSS, a little inline
// JavaScript (filtering and expanding cases; the page works without it),
// and charts drawn as inline SVG, with no reference to anything outside
// the file. It holds the leaderboard; MEI and SR by maze size; the
// reliability diagram of the steps' stated confidences; the Linguistic
// Mirage effect per model; the Ariadne's Thread groups; the Missing Piece
// (abstain) section, when there are abstain results; the human control
// groups; the cases that could not be played; and every played case, in a
// collapsible block with its maze and the verified walk drawn over it, its
// transcript and its scores. Cases are written one at a time, so memory
// does not grow with the page.
func WriteHTML(w io.Writer, results []bench.Result, opts HTMLOptions) error {
	bw := bufio.NewWriterSize(w, 128<<10)
	tmpl := pageTemplate()
	if opts.Title == "" {
		opts.Title = "HalluMaze report"
	}
	var played, failed, humans []bench.Result
	for _, r := range results {
		switch {
		case IsHuman(r):
			humans = append(humans, r)
		case r.Error != "":
			failed = append(failed, r)
		default:
			played = append(played, r)
		}
	}
	rows := Leaderboard(results)
	order, colors := make([]string, 0, len(rows)), map[string]string{}
	for i, r := range rows {
		order = append(order, r.Model)
		colors[r.Model] = palette[i%len(palette)]
	}
	slices.SortStableFunc(played, func(a, b bench.Result) int {
		return cmp.Or(strings.Compare(a.Model, b.Model), strings.Compare(a.Suite, b.Suite), compareCase(a.Case, b.Case))
	})
	// Replay every maze walk once: the reliability diagram needs them all
	// before the cases are written.
	mc := mazeCache{}
	walks := make([]*walk, len(played))
	walkErrs := make([]error, len(played))
	calByModel := map[string]*calibration{}
	for i, r := range played {
		if r.Suite != "maze" {
			continue
		}
		walks[i], walkErrs[i] = replayWalk(r, mc)
		if walks[i] == nil {
			continue
		}
		c := calByModel[r.Model]
		if c == nil {
			c = &calibration{model: r.Model}
			calByModel[r.Model] = c
		}
		c.conf = append(c.conf, walks[i].conf...)
		c.correct = append(c.correct, walks[i].correct...)
	}
	var cals []calibration
	for _, m := range order {
		if c, ok := calByModel[m]; ok {
			cals = append(cals, *c)
		}
	}
	sizes, meiSeries := byTagSeries(results, "size", "MEI", colors, order)
	srSizes, srSeries := byTagSeries(results, "size", "SR", colors, order)
	mirage, ariadne := bench.Mirage(results), bench.AriadneSummary(results)
	page := pageView{
		Title: opts.Title, Results: len(results), Played: len(played), Failed: len(failed), Humans: len(humans),
		Models:      len(rows),
		Rows:        rowViews(rows),
		MEIBySize:   lineChart("chart-mei-size", "MEI by maze size (mean, 95% interval)", "size", sizes, meiSeries),
		SRBySize:    lineChart("chart-sr-size", "SR by maze size (mean, 95% Wilson interval)", "size", srSizes, srSeries),
		Reliability: reliabilityChart("chart-reliability", cals, colors),
		Mirage:      mirageChart("chart-mirage", mirage, colors),
		MirageRows:  mirageViews(mirage),
		Ariadne:     ariadneChart("chart-ariadne", ariadne),
		AriadneRows: ariadneViews(ariadne),
		HumanRows:   humanViews(humans),
		ErrorRows:   errorViews(failed),
		ModelNames:  order,
		Abstain:     abstainSection(results),
	}
	page.ShowMaze = len(rows) > 0 || page.Abstain == nil
	if page.Abstain != nil {
		for _, m := range page.Abstain.Models {
			if !slices.Contains(page.ModelNames, m.Model) {
				page.ModelNames = append(page.ModelNames, m.Model)
				page.Models++
			}
		}
	}
	if best, ok := Best(rows); ok {
		page.Best = fmt.Sprintf("★ best: %s — Score %.3f | MEI %.3f", best.Model, best.Score.Mean, nanZero(best.MEI.Mean))
	}
	if !opts.Generated.IsZero() {
		page.Generated = opts.Generated.UTC().Format("2006-01-02 15:04:05 UTC")
	}
	if err := tmpl.ExecuteTemplate(bw, "head", page); err != nil {
		return fmt.Errorf("html: %w", err)
	}
	var svg bytes.Buffer
	for i, r := range played {
		cv := caseView(r, walks[i], walkErrs[i], &svg)
		if err := tmpl.ExecuteTemplate(bw, "case", cv); err != nil {
			return fmt.Errorf("html: case %s of %s: %w", r.Case, r.Model, err)
		}
	}
	if err := tmpl.ExecuteTemplate(bw, "foot", page); err != nil {
		return fmt.Errorf("html: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("html: %w", err)
	}
	return nil
}

// compareCase orders case names by their parts, numbers numerically, so
// that size=9 comes before size=11.
func compareCase(a, b string) int {
	return compareKeys(splitCase(a), splitCase(b))
}

func splitCase(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == '/' || r == '=' || r == '+' })
}

type kv struct{ K, V string }

type pageView struct {
	Title, Generated, Best                  string
	Results, Played, Failed, Humans, Models int
	Rows                                    []rowView
	MEIBySize, SRBySize, Reliability        template.HTML
	Mirage, Ariadne                         template.HTML
	MirageRows                              [][]string
	AriadneRows                             [][]string
	HumanRows                               [][]string
	ErrorRows                               []errorView
	ModelNames                              []string
	// Abstain is the Missing Piece section, nil without abstain results;
	// ShowMaze is false when there are abstain results and no maze result.
	Abstain  *abstainView
	ShowMaze bool
}

type rowView struct {
	Rank, Model, SR, MEI, MEIBand, CE, BRS, HC, Score string
	Cases, Errors                                     int
	Human                                             bool
}

type errorView struct{ Model, Case, Error string }

type turnView struct {
	Role, Content, Reasoning, Meta string
}

type caseViewData struct {
	ID, Suite, Model, Case string
	Pass                   bool
	Summary                []kv
	Tags                   []kv
	Maze                   template.HTML
	MazeNote               string
	Legend                 []kv // class, count
	Scores                 []kv
	System                 string
	Turns                  []turnView
}

func rowViews(rows []Row) []rowView {
	out := make([]rowView, len(rows))
	for i, r := range rows {
		rank := rankCell(r)
		if m := Medal(r.Rank); m != "" {
			rank = m + " " + strconv.Itoa(r.Rank)
		}
		out[i] = rowView{Rank: rank, Model: r.Model, SR: statCell(r.SR, 2), MEI: statCell(r.MEI, 3),
			CE: statCell(r.CE, 3), BRS: statCell(r.BRS, 3), HC: statCell(r.HC, 1), Score: statCell(r.Score, 3),
			Cases: r.Cases, Errors: r.Errors, Human: r.Human}
		if r.MEI.Defined() {
			out[i].MEIBand = Band(r.MEI.Mean)
		}
	}
	return out
}

func mirageViews(es []bench.MirageEffect) [][]string {
	var out [][]string
	for _, e := range es {
		out = append(out, []string{e.Model, strconv.Itoa(e.Pairs),
			fmt.Sprintf("%.3f", e.MeanMEINoMirage), fmt.Sprintf("%.3f", e.MeanMEIMirage),
			fmt.Sprintf("%+.3f %s", e.DeltaMEI, ci3(e.DeltaMEICI.Lo, e.DeltaMEICI.Hi)),
			fmt.Sprintf("%+.3f %s", e.DeltaBRS, ci3(e.DeltaBRSCI.Lo, e.DeltaBRSCI.Hi)),
			optional(e.LureRateOff), optional(e.LureRateOn), fmt.Sprintf("%.3g", e.WilcoxonPMEI)})
	}
	return out
}

func ariadneViews(es []bench.AriadneEffect) [][]string {
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

func humanViews(rs []bench.Result) [][]string {
	var out [][]string
	for _, r := range rs {
		row := []string{r.Model, r.Tags["size"], r.Tags["group"]}
		for _, k := range []string{"SR", "MEI", "HC", "BT", "CE", "BRS", "score"} {
			if v, ok := r.Metrics[k]; ok {
				row = append(row, formatNum(v))
			} else {
				row = append(row, "-")
			}
		}
		out = append(out, row)
	}
	return out
}

func errorViews(rs []bench.Result) []errorView {
	out := make([]errorView, len(rs))
	for i, r := range rs {
		out[i] = errorView{Model: r.Model, Case: r.Suite + "/" + r.Case, Error: r.Error}
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

// caseView prepares one case for the page, drawing its maze into svg.
func caseView(r bench.Result, w *walk, walkErr error, svg *bytes.Buffer) caseViewData {
	cv := caseViewData{ID: CaseID(r), Suite: r.Suite, Model: r.Model, Case: r.Case, System: r.System}
	cv.Pass = r.Metrics["SR"] >= 0.5
	summary := []string{"SR", "MEI", "score", "HC"}
	if r.Suite == "abstain" {
		cv.Pass, summary = r.Metrics["right"] == 1, []string{"right", "parse-fail"}
	}
	for _, k := range summary {
		if v, ok := r.Metrics[k]; ok {
			cv.Summary = append(cv.Summary, kv{k, formatNum(v)})
		}
	}
	for _, k := range sortedKeys(keySet(r.Tags)) {
		cv.Tags = append(cv.Tags, kv{k, r.Tags[k]})
	}
	for _, k := range sortedKeys(keySet(r.Metrics)) {
		cv.Scores = append(cv.Scores, kv{k, formatNum(r.Metrics[k])})
	}
	switch r.Suite {
	case "maze":
		cv.Scores = append(cv.Scores, detailScores(r.Detail)...)
	case "abstain":
		cv.Scores = append(cv.Scores, abstainDetailScores(r.Detail)...)
	}
	cv.Scores = append(cv.Scores, kv{"tokens in/out", fmt.Sprintf("%d / %d", r.Usage.InputTokens, r.Usage.OutputTokens)},
		kv{"duration", fmt.Sprintf("%.2fs", r.Duration)})
	switch {
	case r.Suite != "maze":
	case walkErr != nil:
		cv.MazeNote = "maze not drawn: " + walkErr.Error()
	case w.maze.Size() > maxDrawnSize:
		cv.MazeNote = fmt.Sprintf("maze not drawn: %d×%d is larger than %d×%d", w.maze.Size(), w.maze.Size(), maxDrawnSize, maxDrawnSize)
	default:
		svg.Reset()
		cell := max(8, 320/w.maze.Size())
		opt := mazes.SVGOptions{DrawOptions: mazes.DrawOptions{Solution: true, Traps: r.Tags["mirage"] != "off"}, CellSize: cell, Overlays: w.overlays()}
		if err := w.maze.WriteSVG(svg, opt); err != nil {
			cv.MazeNote = "maze not drawn: " + err.Error()
			break
		}
		cv.Maze = template.HTML(svg.String())
		counts := w.counts()
		for _, c := range []string{ClassValid, ClassWall, ClassTeleport, ClassOffGrid, ClassLure} {
			cv.Legend = append(cv.Legend, kv{c, strconv.Itoa(counts[c])})
		}
	}
	for _, t := range r.Turns {
		tv := turnView{Role: string(t.Role), Content: t.Content, Reasoning: t.Reasoning}
		if t.Role == providers.Assistant {
			tv.Meta = fmt.Sprintf("stop: %s · tokens %d/%d · %.0f ms", cmp.Or(t.StopReason, "-"), t.Usage.InputTokens, t.Usage.OutputTokens, t.LatencyMS)
		}
		cv.Turns = append(cv.Turns, tv)
	}
	return cv
}

// detailScores picks the score-record fields that the metrics lack.
func detailScores(raw json.RawMessage) []kv {
	var d bench.MazeDetail
	if len(raw) == 0 || json.Unmarshal(raw, &d) != nil {
		return nil
	}
	s := d.Scores
	out := []kv{{"FHR (first hallucination step)", strconv.Itoa(s.FHR)},
		{"teleports / wall crossings / off grid", fmt.Sprintf("%d / %d / %d", s.Teleports, s.WallCrossings, s.OffGrid)},
		{"dead-end lines / strategy changes", fmt.Sprintf("%d / %d", s.DeadEndLines, s.StrategyChanges)},
		{"solution length (cells)", strconv.Itoa(d.Solution)}}
	if e := d.Episode; e != nil {
		out = append(out, kv{"episode", fmt.Sprintf("%d turns, %d/%d steps, ended: %s", e.Turns, e.StepsUsed, e.Budget, e.EndReason)})
	}
	if a := d.Ariadne; a != nil && a.Group != "" {
		out = append(out, kv{"Ariadne group " + string(a.Group), fmt.Sprintf("%d triggers, %d hints, %d followed, %d ignored", a.Triggers, a.Hints, a.Followed, a.Ignored)})
	}
	return out
}

// formatNum writes a number for reading: whole numbers bare, others to
// four decimals at most ("0.9" for 0.8999999999999999).
func formatNum(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return strconv.FormatFloat(math.Round(v*1e4)/1e4, 'f', -1, 64)
}

func keySet[V any](m map[string]V) map[string]bool {
	out := make(map[string]bool, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}
