package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/report"
)

// progress reports a run on stderr: a bar redrawn in place on a terminal
// (cases done, errors, tokens, elapsed, ETA), one plain line per case
// otherwise; and each model's summary lines as the model finishes. It
// keeps counts and per-model running means only, never the results, so
// its memory does not grow with the number of cases.
type progress struct {
	mu       sync.Mutex
	w        io.Writer
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

func newProgress(w io.Writer, total int, quiet, tty bool) *progress {
	return &progress{w: w, total: total, quiet: quiet, tty: tty, start: time.Now(), models: map[string]*modelTally{}}
}

// expect announces that a model has left cases still to finish in this
// run; its summary is printed when the last one ends.
func (p *progress) expect(model string, left int) {
	p.tally(model).left += left
}

// prior folds in a result finished by an earlier, interrupted run, so that
// the model's summary covers all its cases.
func (p *progress) prior(r bench.Result) {
	p.tally(r.Model).add(r)
}

func (p *progress) tally(model string) *modelTally {
	t := p.models[model]
	if t == nil {
		t = &modelTally{}
		p.models[model] = t
	}
	return t
}

// add counts a finished case, prints its line (or redraws the bar), and
// prints the model's summary when it was the model's last case.
func (p *progress) add(r bench.Result) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	p.tokens += r.Usage.InputTokens + r.Usage.OutputTokens
	if r.Error != "" {
		p.errors++
	}
	t := p.tally(r.Model)
	t.add(r)
	t.left--
	if p.quiet {
		return
	}
	if p.tty {
		if t.left == 0 {
			p.printLocked(t.summary(r.Model))
		} else if time.Since(p.lastDraw) > 100*time.Millisecond || p.done == p.total {
			p.draw()
		}
		return
	}
	fmt.Fprintf(p.w, "[%d/%d] %s %s/%s %s (%.1fs)\n", p.done, p.total, r.Model, r.Suite, r.Case, caseStatus(r), r.Duration)
	if t.left == 0 {
		p.printLocked(t.summary(r.Model))
	}
}

// caseStatus is the short verdict of a case in a progress line.
func caseStatus(r bench.Result) string {
	switch {
	case r.Error != "":
		return "error: " + firstLine(r.Error)
	case r.Suite == "maze":
		return fmt.Sprintf("MEI=%.3f SR=%.0f", r.Metrics["MEI"], r.Metrics["SR"])
	case r.Suite == "abstain":
		if r.Metrics["right"] == 1 {
			return "right"
		}
		return "wrong"
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
	fmt.Fprintf(p.w, "\r\033[K[%s%s] %d/%d cases, %d errors, %d tokens, %s elapsed, ETA %s",
		strings.Repeat("█", filled), strings.Repeat("░", width-filled), p.done, p.total, p.errors, p.tokens,
		elapsed.Round(time.Second), eta)
}

// println prints lines above the bar.
func (p *progress) println(s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.quiet {
		p.printLocked(s)
	}
}

func (p *progress) printLocked(s string) {
	if p.tty {
		fmt.Fprint(p.w, "\r\033[K")
	}
	fmt.Fprintln(p.w, s)
	if p.tty {
		p.draw()
	}
}

// summaries prints the summary of every model that has nothing left to
// play (all its cases were finished by an earlier run).
func (p *progress) summaries() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.quiet {
		return
	}
	names := make([]string, 0, len(p.models))
	for name, t := range p.models {
		if t.left == 0 {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	for _, name := range names {
		p.printLocked(p.models[name].summary(name))
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
	maze    suiteTally
	abstain suiteTally
}

func (t *modelTally) add(r bench.Result) {
	switch r.Suite {
	case "maze":
		t.maze.add(r)
	case "abstain":
		t.abstain.add(r)
	}
}

// summary is the seed's per-model block: the model's name, then its maze
// summary lines and its Missing Piece line, each indented.
func (t *modelTally) summary(model string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "  ▶ %s", model)
	if t.maze.cases+t.maze.errors > 0 {
		for _, l := range strings.Split(report.SummaryLine(model, t.maze.results(model)), "\n") {
			b.WriteString("\n  " + l)
		}
	}
	if t.abstain.cases+t.abstain.errors > 0 {
		b.WriteString("\n  " + t.abstain.abstainLine())
	}
	return b.String()
}

// suiteTally holds, for the scored cases of one suite, each metric's
// running mean (Welford's update, as the report's means are computed) and
// the counts the summary lines show.
type suiteTally struct {
	cases, errors int
	means         map[string]*runningMean
	// srOnes and srAll count SR's successes exactly, so its proportion
	// is k/n as in the report; srBinary is false once SR is not 0 or 1.
	srOnes, srAll int
	srOther       bool
	durations     float64
	deadEnd       bool
	strategy      bool
}

type runningMean struct {
	n    int
	mean float64
}

func (s *suiteTally) add(r bench.Result) {
	if r.Error != "" {
		s.errors++
		return
	}
	s.cases++
	s.durations += r.Duration
	if s.means == nil {
		s.means = map[string]*runningMean{}
	}
	for k, v := range r.Metrics {
		if math.IsNaN(v) {
			continue
		}
		m := s.means[k]
		if m == nil {
			m = &runningMean{}
			s.means[k] = m
		}
		m.n++
		m.mean += (v - m.mean) / float64(m.n)
		if k == "SR" {
			s.srAll++
			switch v {
			case 1:
				s.srOnes++
			case 0:
			default:
				s.srOther = true
			}
		}
	}
	if r.Suite == "maze" && len(r.Detail) > 0 && (!s.deadEnd || !s.strategy) && !quietDetail(r.Detail) {
		var d struct {
			Scores struct {
				DeadEndLines    int `json:"dead_end_lines"`
				StrategyChanges int `json:"strategy_changes"`
			} `json:"scores"`
		}
		if json.Unmarshal(r.Detail, &d) == nil {
			s.deadEnd = s.deadEnd || d.Scores.DeadEndLines > 0
			s.strategy = s.strategy || d.Scores.StrategyChanges > 0
		}
	}
}

// quietDetail reports, without decoding it, a compact maze detail that
// shows neither signal, as most do: decoding each would cost more than
// the rest of a case's bookkeeping.
func quietDetail(d json.RawMessage) bool {
	return bytes.Contains(d, []byte(`"dead_end_lines":0,`)) && bytes.Contains(d, []byte(`"strategy_changes":0,`))
}

// results stands for the model's maze results in report.SummaryLine: one
// result holding every metric's mean, the mean duration and the signals
// any case gave, and one bare result per error. Summarised, it gives the
// line the full results give.
func (s *suiteTally) results(model string) []bench.Result {
	out := make([]bench.Result, 0, 1+s.errors)
	if s.cases > 0 {
		r := bench.Result{Suite: "maze", Model: model, Metrics: map[string]float64{}, Duration: s.durations / float64(s.cases)}
		for k, m := range s.means {
			r.Metrics[k] = m.mean
		}
		if s.srAll >= 2 && !s.srOther {
			r.Metrics["SR"] = float64(s.srOnes) / float64(s.srAll)
		}
		if s.deadEnd || s.strategy {
			r.Detail = json.RawMessage(fmt.Sprintf(`{"scores":{"dead_end_lines":%d,"strategy_changes":%d}}`, b2i(s.deadEnd), b2i(s.strategy)))
		}
		out = append(out, r)
	}
	for range s.errors {
		out = append(out, bench.Result{Suite: "maze", Model: model, Error: "failed"})
	}
	return out
}

// abstainLine is the Missing Piece summary of a model: the mean of each
// per-item metric (the suite's rates and tests are in the report).
func (s *suiteTally) abstainLine() string {
	if s.cases == 0 {
		return fmt.Sprintf("✗ Missing Piece: no scored item (%d errors)", s.errors)
	}
	var parts []string
	for _, k := range []string{"right", "abstained", "hallucinated", "answer-correct", "parse-fail"} {
		if m := s.means[k]; m != nil {
			parts = append(parts, fmt.Sprintf("%s=%.3f", k, m.mean))
		}
	}
	line := fmt.Sprintf("Missing Piece: %s | %d items | %.1fs", strings.Join(parts, " | "), s.cases, s.durations/float64(s.cases))
	if s.errors > 0 {
		line += fmt.Sprintf(" | %d errors not scored", s.errors)
	}
	return line
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// writeJSONLine writes one result as a JSON line.
func writeJSONLine(w io.Writer, r bench.Result) error {
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}
