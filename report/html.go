package report

import (
	"bufio"
	"cmp"
	"fmt"
	"hash/fnv"
	"html/template"
	"io"
	"regexp"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/results"
)

// CaseID is the HTML id of a result's case on the page: "case-" followed by
// the model and case made safe for an id, and a short hash of the exact
// (suite, model, case) so that ids stay unique.
func CaseID(r results.Result) string {
	h := fnv.New32a()
	h.Write([]byte(r.Suite + "\x00" + r.Model + "\x00" + r.Case))
	return fmt.Sprintf("case-%s--%s-%08x", slug(r.Model), slug(r.Suite+"-"+r.Case), h.Sum32())
}

var unsafeID = regexp.MustCompile(`[^a-z0-9]+`)

// Slug makes s safe for an HTML id: lower-case letters and digits joined by
// "-", at most 60 bytes.
func Slug(s string) string { return slug(s) }

func slug(s string) string {
	s = strings.Trim(unsafeID.ReplaceAllString(strings.ToLower(s), "-"), "-")
	if len(s) > 60 {
		s = s[:60]
	}
	return s
}

// WriteHTML writes one self-contained page: inline CSS, a little inline
// JavaScript (filtering and expanding cases; the page works without it),
// with no reference to anything outside the file. It holds each section in
// order (a suite's leaderboard, charts and tables), the cases that could
// not be played, and every played case in a collapsible block: its tags,
// metrics and the suite's view of it (a maze with the walk drawn over it),
// and its transcript. Cases are written one at a time, so memory does not
// grow with the page.
func WriteHTML(w io.Writer, rs []results.Result, sections []Section, opts Options) error {
	return WriteHTMLFrom(w, Results(rs), sections, opts)
}

// caseRef is a played case of a Source, to sort the cases by.
type caseRef struct {
	model, suite, name string
	i                  int
}

// WriteHTMLFrom is [WriteHTML] over the results of src, read one at a
// time: once to list the models and the cases, once more, in the cases'
// order, to write each.
func WriteHTMLFrom(w io.Writer, src Source, sections []Section, opts Options) error {
	bw := bufio.NewWriterSize(w, 128<<10)
	tmpl := pageTemplate()
	if opts.Title == "" {
		opts.Title = "hallumaze report"
	}
	bySuite := map[string]*Section{}
	for i := range sections {
		bySuite[sections[i].Suite] = &sections[i]
	}
	var played []caseRef
	var failed []results.Result
	humans := 0
	models := map[string]bool{}
	var order []string
	for _, s := range sections {
		for _, m := range s.Models {
			if !models[m] {
				models[m] = true
				order = append(order, m)
			}
		}
	}
	for i := range src.Len() {
		r, err := src.At(i)
		if err != nil {
			return fmt.Errorf("html: %w", err)
		}
		if !models[r.Model] {
			models[r.Model] = true
			order = append(order, r.Model)
		}
		switch {
		case results.IsHuman(r):
			humans++
		case r.Error != "":
			failed = append(failed, results.Result{Suite: r.Suite, Model: r.Model, Case: r.Case, Error: r.Error})
		default:
			played = append(played, caseRef{model: r.Model, suite: r.Suite, name: r.Case, i: i})
		}
	}
	slices.SortStableFunc(played, func(a, b caseRef) int {
		return cmp.Or(strings.Compare(a.model, b.model), strings.Compare(a.suite, b.suite), CompareCase(a.name, b.name))
	})
	page := pageView{
		Title: opts.Title, Results: src.Len(), Played: len(played), Failed: len(failed), Humans: humans,
		Models: len(order), ModelNames: order, ErrorRows: errorViews(failed),
	}
	for _, s := range sections {
		page.CSS += s.CSS
		page.Sections = append(page.Sections, s.HTML)
		page.Nav = append(page.Nav, s.Nav...)
	}
	if !opts.Generated.IsZero() {
		page.Generated = opts.Generated.UTC().Format("2006-01-02 15:04:05 UTC")
	}
	if err := tmpl.ExecuteTemplate(bw, "head", page); err != nil {
		return fmt.Errorf("html: %w", err)
	}
	for _, ref := range played {
		r, err := src.At(ref.i)
		if err != nil {
			return fmt.Errorf("html: %w", err)
		}
		var view *CaseView
		if s := bySuite[r.Suite]; s != nil && s.Case != nil {
			v := s.Case(r)
			view = &v
		}
		if err := tmpl.ExecuteTemplate(bw, "case", caseView(r, view)); err != nil {
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

type pageView struct {
	Title, Generated                        string
	Results, Played, Failed, Humans, Models int
	CSS                                     template.CSS
	Nav                                     []Link
	Sections                                []template.HTML
	ErrorRows                               []errorView
	ModelNames                              []string
}

type errorView struct{ Model, Case, Error string }

type turnView struct {
	Role, Content, Reasoning, Meta string
}

type caseViewData struct {
	ID, Suite, Model, Case string
	Verdict                string
	Badges                 []KV
	Tags                   []KV
	Figure                 template.HTML
	Note                   string
	Scores                 []KV
	System                 string
	Turns                  []turnView
}

func errorViews(rs []results.Result) []errorView {
	out := make([]errorView, len(rs))
	for i, r := range rs {
		out[i] = errorView{Model: r.Model, Case: r.Suite + "/" + r.Case, Error: r.Error}
	}
	return out
}

// caseView prepares one case for the page: the generic parts (tags, every
// metric, tokens, duration, the transcript) and the suite's view.
func caseView(r results.Result, view *CaseView) caseViewData {
	cv := caseViewData{ID: CaseID(r), Suite: r.Suite, Model: r.Model, Case: r.Case, System: r.System}
	for _, k := range SortedKeys(r.Tags) {
		cv.Tags = append(cv.Tags, KV{k, r.Tags[k]})
	}
	var order []string
	if view != nil {
		order = view.Order
	}
	for _, k := range order {
		if v, ok := r.Metrics[k]; ok {
			cv.Scores = append(cv.Scores, KV{k, FormatNum(v)})
		}
	}
	for _, k := range SortedKeys(r.Metrics) {
		if !slices.Contains(order, k) {
			cv.Scores = append(cv.Scores, KV{k, FormatNum(r.Metrics[k])})
		}
	}
	if view != nil {
		cv.Verdict, cv.Badges, cv.Figure, cv.Note = view.Verdict, view.Badges, view.Figure, view.Note
		cv.Scores = append(cv.Scores, view.Scores...)
	}
	cv.Scores = append(cv.Scores, KV{"tokens in/out", fmt.Sprintf("%d / %d", r.Usage.InputTokens, r.Usage.OutputTokens)})
	if u := r.Usage; u.CachedInputTokens > 0 || u.CacheWriteTokens > 0 {
		cv.Scores = append(cv.Scores, KV{"input cached/written", fmt.Sprintf("%d / %d", u.CachedInputTokens, u.CacheWriteTokens)})
	}
	cv.Scores = append(cv.Scores, KV{"duration", fmt.Sprintf("%.2fs", r.Duration)})
	if r.SystemBytes > 0 {
		cv.Scores = append(cv.Scores, KV{"system prompt", cutNote(len(r.System), r.SystemBytes)})
	}
	if r.TurnsOmitted > 0 {
		cv.Scores = append(cv.Scores, KV{"transcript", fmt.Sprintf("%d turns left out: too long for a results line (the scores are of the whole conversation)", r.TurnsOmitted)})
	}
	for _, t := range r.Turns {
		tv := turnView{Role: t.Role, Content: t.Content, Reasoning: t.Reasoning}
		var meta []string
		if t.Role == results.Assistant {
			meta = append(meta, fmt.Sprintf("stop: %s · tokens %d/%d · %.0f ms", cmp.Or(t.StopReason, "-"), t.Usage.InputTokens, t.Usage.OutputTokens, t.LatencyMS))
		}
		if t.ContentBytes > 0 {
			meta = append(meta, cutNote(len(t.Content), t.ContentBytes))
		}
		if t.ReasoningBytes > 0 {
			meta = append(meta, "reasoning "+cutNote(len(t.Reasoning), t.ReasoningBytes))
		}
		tv.Meta = strings.Join(meta, " · ")
		cv.Turns = append(cv.Turns, tv)
	}
	return cv
}

// cutNote says how much of a text cut in the results file is kept.
func cutNote(kept, whole int) string {
	return fmt.Sprintf("cut: the first %d of %d bytes kept", kept, whole)
}
