package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/results"
)

// progress reports a run on stderr: a bar redrawn in place on a terminal
// (cases done, errors, tokens, elapsed, ETA), one plain line per case
// otherwise; and each model's summary lines as the model finishes. It
// keeps counts and per-model running summaries only, never the results,
// so its memory does not grow with the number of cases.
type progress struct {
	mu sync.Mutex
	// w takes the text, escaped (a provider's error, a model's name);
	// raw takes the bar's own control sequences.
	w, raw   io.Writer
	suites   []bench.Suite
	tty      bool
	quiet    bool
	total    int
	done     int
	errors   int
	tokens   int
	start    time.Time
	lastDraw time.Time
	models   map[string]*modelTally
}

// isTerminal reports whether w is a terminal: a character device other
// than the null device (which is where a detached job's streams point).
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	if !ok || f == nil {
		return false
	}
	st, err := f.Stat()
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(st, null)
}

func newProgress(w io.Writer, ss []bench.Suite, quiet, tty bool) *progress {
	return &progress{w: w, raw: cli.Raw(w), suites: ss, quiet: quiet, tty: tty, start: time.Now(), models: map[string]*modelTally{}}
}

// expect announces that a model has left cases still to finish in this
// run; its summary is printed when the last one ends.
func (p *progress) expect(model string, left int) {
	p.tally(model).left += left
}

// prior folds in a result finished by an earlier, interrupted run, so that
// the model's summary covers all its cases.
func (p *progress) prior(r results.Result) {
	if !p.quiet {
		p.tally(r.Model).add(r, p.suites)
	}
}

func (p *progress) tally(model string) *modelTally {
	t := p.models[model]
	if t == nil {
		t = &modelTally{bySuite: map[string]bench.Tally{}}
		p.models[model] = t
	}
	return t
}

// add counts a finished case, prints its line (or redraws the bar), and
// prints the model's summary when it was the model's last case.
func (p *progress) add(r results.Result) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	p.tokens += r.Usage.InputTokens + r.Usage.OutputTokens
	if r.Error != "" {
		p.errors++
	}
	t := p.tally(r.Model)
	t.left--
	if p.quiet {
		return // no summary is printed: nothing to tally
	}
	t.add(r, p.suites)
	if p.tty {
		if t.left == 0 {
			p.printLocked(t.summary(r.Model, p.suites))
		} else if time.Since(p.lastDraw) > 100*time.Millisecond || p.done == p.total {
			p.draw()
		}
		return
	}
	fmt.Fprintf(p.w, "[%d/%d] %s %s/%s %s (%.1fs)\n", p.done, p.total, r.Model, r.Suite, r.Case, p.status(r), r.Duration)
	if t.left == 0 {
		p.printLocked(t.summary(r.Model, p.suites))
	}
}

// status is the short verdict of a case in a progress line: the suite's,
// or "ok".
func (p *progress) status(r results.Result) string {
	if r.Error != "" {
		return "error: " + cli.FirstLine(r.Error)
	}
	if s, ok := bench.FindSuite(p.suites, r.Suite); ok && s.Status != nil {
		return s.Status(r)
	}
	return "ok"
}

// draw redraws the bar; the caller holds the lock.
func (p *progress) draw() {
	p.lastDraw = time.Now()
	const width = 30
	filled := 0
	if p.total > 0 {
		filled = min(width, width*p.done/p.total)
	}
	elapsed := time.Since(p.start)
	eta := "?"
	if p.done > 0 {
		eta = (elapsed / time.Duration(p.done) * time.Duration(p.total-p.done)).Round(time.Second).String()
	}
	fmt.Fprint(p.raw, "\r\033[K")
	fmt.Fprintf(p.w, "[%s%s] %d/%d cases, %d errors, %d tokens, %s elapsed, ETA %s",
		strings.Repeat("█", filled), strings.Repeat("░", width-filled), p.done, p.total, p.errors, p.tokens,
		elapsed.Round(time.Second), eta)
}

func (p *progress) printLocked(s string) {
	if p.tty {
		fmt.Fprint(p.raw, "\r\033[K")
	}
	fmt.Fprintln(p.w, s)
	if p.tty {
		p.draw()
	}
}

// summaries prints the summary of every model that has nothing left to
// play (all its cases were finished by an earlier run); a model with no
// case at all prints nothing.
func (p *progress) summaries() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.quiet {
		return
	}
	var names []string
	for name, t := range p.models {
		// A model with no case to play and none played before (its
		// suites' cases all filtered out) has no summary to print.
		if t.left == 0 && len(t.bySuite) > 0 {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	for _, name := range names {
		p.printLocked(p.models[name].summary(name, p.suites))
	}
}

func (p *progress) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.tty && !p.quiet {
		p.draw()
		fmt.Fprintln(p.w)
	}
}

// modelTally is the running summary of one model's cases, suite by suite.
type modelTally struct {
	left    int
	bySuite map[string]bench.Tally
}

func (t *modelTally) add(r results.Result, ss []bench.Suite) {
	tl := t.bySuite[r.Suite]
	if tl == nil {
		s, found := bench.FindSuite(ss, r.Suite)
		switch {
		case found && s.NewTally != nil:
			tl = s.NewTally()
		case found:
			tl = &meansTally{title: s.Title}
		default:
			tl = &meansTally{title: r.Suite}
		}
		t.bySuite[r.Suite] = tl
	}
	tl.Add(r)
}

// summary is the seed's per-model block: the model's name, then each
// suite's summary lines, indented, in the order of the suites.
func (t *modelTally) summary(model string, ss []bench.Suite) string {
	var b strings.Builder
	heading := "▶ " + model
	for _, s := range ss {
		if tl, ok := t.bySuite[s.Name]; ok {
			if h := tl.Heading(model); h != "" {
				heading = h
				break
			}
		}
	}
	b.WriteString("  " + heading)
	var order []string
	for _, s := range ss {
		order = append(order, s.Name)
	}
	for name := range t.bySuite {
		if !slices.Contains(order, name) {
			order = append(order, name)
		}
	}
	for _, name := range order {
		tl := t.bySuite[name]
		if tl == nil {
			continue
		}
		for _, l := range strings.Split(tl.Lines(model), "\n") {
			b.WriteString("\n  " + l)
		}
	}
	return b.String()
}

// meansTally is the summary of a suite with no tally of its own: the mean
// of each metric over the scored cases.
type meansTally struct {
	title         string
	cases, errors int
	sums          map[string]float64
	counts        map[string]int
}

func (m *meansTally) Heading(string) string { return "" }

func (m *meansTally) Add(r results.Result) {
	if r.Error != "" {
		m.errors++
		return
	}
	m.cases++
	if m.sums == nil {
		m.sums, m.counts = map[string]float64{}, map[string]int{}
	}
	for k, v := range r.Metrics {
		if !math.IsNaN(v) {
			m.sums[k] += v
			m.counts[k]++
		}
	}
}

func (m *meansTally) Lines(string) string {
	var parts []string
	keys := make([]string, 0, len(m.sums))
	for k := range m.sums {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s=%.3f", k, m.sums[k]/float64(m.counts[k])))
	}
	line := fmt.Sprintf("%s: %d cases", m.title, m.cases)
	if len(parts) > 0 {
		line += " | " + strings.Join(parts, " | ")
	}
	if m.errors > 0 {
		line += fmt.Sprintf(" | %d errors not scored", m.errors)
	}
	return line
}
