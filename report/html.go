package report

import (
	"bufio"
	"bytes"
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

// WriteHTML writes one page: inline CSS and JavaScript, with no reference
// to anything outside the file but the cases folder of opts.CaseFiles. It
// holds each section in order (a suite's leaderboard, charts and tables),
// the cases that could not be played, the index of every played case
// (which the case list filters, sorts and searches) and the played cases
// in collapsible blocks: its tags, metrics and the suite's view of it (a
// maze with the walk drawn over it), the reading beside the gold, and its
// transcript. With opts.CaseFiles nil every case is in the page; else the
// page holds the first cases of every model and suite, taken in turn, up
// to InlineBudget, and the others go to the case files, loaded when
// opened. Cases are written one at a time, so memory holds no more than
// the page's budget and one chunk.
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
	render := func(r results.Result, name string) ([]byte, caseViewData, *CaseView, error) {
		var view *CaseView
		if s := bySuite[r.Suite]; s != nil && s.Case != nil {
			v := s.Case(r)
			view = &v
		}
		cv := caseView(r, view)
		var b bytes.Buffer
		if err := tmpl.ExecuteTemplate(&b, name, cv); err != nil {
			return nil, cv, view, fmt.Errorf("html: case %s of %s: %w", r.Case, r.Model, err)
		}
		return b.Bytes(), cv, view, nil
	}
	// The cases in the page: all of them, or the first of each model and
	// suite in turn up to the budget.
	type rendered struct {
		b []byte
		e indexEntry
	}
	inline := map[int]rendered{}
	if opts.CaseFiles != nil {
		var groups [][]int
		last := ""
		for i, r := range played {
			if key := r.model + "\x00" + r.suite; key != last || len(groups) == 0 {
				groups = append(groups, nil)
				last = key
			}
			groups[len(groups)-1] = append(groups[len(groups)-1], i)
		}
		size, budget := 0, cmp.Or(opts.CaseFiles.Budget, InlineBudget)
	fill:
		for round := 0; ; round++ {
			took := false
			for _, g := range groups {
				if round >= len(g) {
					continue
				}
				took = true
				r, err := src.At(played[g[round]].i)
				if err != nil {
					return fmt.Errorf("html: %w", err)
				}
				b, cv, view, err := render(r, "case")
				if err != nil {
					return err
				}
				if size+len(b) > budget {
					break fill
				}
				size += len(b)
				inline[g[round]] = rendered{b, entryOf(r, cv, view)}
			}
			if !took {
				break
			}
		}
	}
	page := pageView{
		Title: opts.Title, Results: src.Len(), Played: len(played), Failed: len(failed), Humans: humans,
		Models: len(order), ModelNames: order, ErrorRows: errorViews(failed),
	}
	if opts.CaseFiles != nil && len(inline) < len(played) {
		page.InPage, page.CasesDir = len(inline), opts.CaseFiles.Dir
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
	index, err := newIndexWriter(pageToken(played, opts), opts.CaseFiles)
	if err != nil {
		return fmt.Errorf("html: case index: %w", err)
	}
	var chunks *chunkWriter
	if opts.CaseFiles != nil {
		chunks = &chunkWriter{files: opts.CaseFiles, token: index.token}
	}
	for i, ref := range played {
		if in, ok := inline[i]; ok {
			if _, err := bw.Write(in.b); err != nil {
				return fmt.Errorf("html: %w", err)
			}
			if err := index.add(in.e); err != nil {
				return fmt.Errorf("html: case index: %w", err)
			}
			delete(inline, i)
			continue
		}
		r, err := src.At(ref.i)
		if err != nil {
			return fmt.Errorf("html: %w", err)
		}
		if chunks == nil {
			b, cv, view, err := render(r, "case")
			if err != nil {
				return err
			}
			if _, err := bw.Write(b); err != nil {
				return fmt.Errorf("html: %w", err)
			}
			if err := index.add(entryOf(r, cv, view)); err != nil {
				return fmt.Errorf("html: case index: %w", err)
			}
			continue
		}
		b, cv, view, err := render(r, "casebody")
		if err != nil {
			return err
		}
		e := entryOf(r, cv, view)
		e.Chunk = chunks.current()
		if err := index.add(e); err != nil {
			return fmt.Errorf("html: case index: %w", err)
		}
		if err := chunks.add(cv.ID, b); err != nil {
			return fmt.Errorf("html: %w", err)
		}
	}
	if chunks != nil {
		if err := chunks.flush(); err != nil {
			return fmt.Errorf("html: %w", err)
		}
	}
	script, err := indexScript(index, page.CasesDir, opts.CaseFiles)
	if err != nil {
		return fmt.Errorf("html: case index: %w", err)
	}
	page.Index = script
	if err := tmpl.ExecuteTemplate(bw, "foot", page); err != nil {
		return fmt.Errorf("html: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("html: %w", err)
	}
	return nil
}

// indexScript is the page's index of cases as a script element of type
// application/json: plain JSON when small or when the page has no case
// files, else gzip-compressed and in base64 (data-encoding), every secret
// replaced before it is compressed. An index too large for the page even
// so (over indexInPage compressed: a run of a hundred thousand cases) is
// written beside it, as index.js in the cases folder, which the page
// loads first (data-src).
func indexScript(index *indexWriter, dir string, files *CaseFiles) (template.HTML, error) {
	raw, packed, err := index.close()
	if err != nil {
		return "", err
	}
	attrs := fmt.Sprintf(` id="case-index" data-dir="%s"`, template.HTMLEscapeString(dir))
	if files == nil || (raw != nil && len(raw) <= indexInline && files.IndexBudget >= 0) {
		return template.HTML(`<script type="application/json"` + attrs + `>` + string(raw) + `</script>`), nil
	}
	if inPage := cmp.Or(files.IndexBudget, indexInPage); len(packed) > inPage {
		err := files.Write(indexFile, func(w io.Writer) error {
			_, err := fmt.Fprintf(w, "hallumazeIndex(%q,\"%s\");\n", index.token, packed)
			return err
		})
		if err != nil {
			return "", fmt.Errorf("%s: %w", indexFile, err)
		}
		attrs = fmt.Sprintf(` id="case-index" data-dir="%s" data-src="%s"`, template.HTMLEscapeString(files.Dir), template.HTMLEscapeString(files.Dir+"/"+indexFile))
		return template.HTML(`<script type="application/json"` + attrs + `>null</script>`), nil
	}
	return template.HTML(`<script type="application/json"` + attrs + ` data-encoding="gzip-base64">"` + packed + `"</script>`), nil
}

type pageView struct {
	Title, Generated                        string
	Results, Played, Failed, Humans, Models int
	CSS                                     template.CSS
	Nav                                     []Link
	Sections                                []template.HTML
	ErrorRows                               []errorView
	ModelNames                              []string
	// InPage counts the cases written in the page when the others are in
	// the folder CasesDir (0 and "" when all are in the page).
	InPage   int
	CasesDir string
	// Index is the script element of the case index.
	Index template.HTML
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
	// Outcome, Reading and Gold are the suite's (CaseView); Answer is
	// what the case list shows of the reply.
	Outcome, Reading, Gold, Answer string
	// Sides lays out a one-turn case as prompt, reply, and the reading
	// beside the gold, side by side.
	Sides bool
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
		cv.Outcome, cv.Reading, cv.Gold = view.Outcome, view.Reading, view.Gold
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
	cv.Answer = answerLine(r, cv.Reading)
	cv.Sides = (cv.Reading != "" || cv.Gold != "") && len(cv.Turns) == 2 &&
		cv.Turns[0].Role == results.User && cv.Turns[1].Role == results.Assistant
	return cv
}

// cutNote says how much of a text cut in the results file is kept.
func cutNote(kept, whole int) string {
	return fmt.Sprintf("cut: the first %d of %d bytes kept", kept, whole)
}
