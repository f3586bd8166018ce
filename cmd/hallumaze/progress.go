package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/hallumaze/hallumaze/bench"
)

// progress reports a run on stderr: a bar redrawn in place on a terminal
// (cases done, errors, tokens, elapsed, ETA), one plain line per case
// otherwise.
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
}

func newProgress(w io.Writer, total int, quiet bool) *progress {
	p := &progress{w: w, total: total, quiet: quiet, start: time.Now()}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.tty = true
		}
	}
	return p
}

func (p *progress) add(r bench.Result) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	p.tokens += r.Usage.InputTokens + r.Usage.OutputTokens
	if r.Error != "" {
		p.errors++
	}
	if p.quiet {
		return
	}
	if p.tty {
		if time.Since(p.lastDraw) > 100*time.Millisecond || p.done == p.total {
			p.draw()
		}
		return
	}
	status := "ok"
	if r.Error != "" {
		status = "error: " + r.Error
	} else if v, ok := r.Metrics["MEI"]; ok {
		status = fmt.Sprintf("MEI=%.3f SR=%.0f", v, r.Metrics["SR"])
	}
	fmt.Fprintf(p.w, "[%d/%d] %s %s/%s %s (%.1fs)\n", p.done, p.total, r.Model, r.Suite, r.Case, status, r.Duration)
}

// draw redraws the bar; the caller holds the lock.
func (p *progress) draw() {
	p.lastDraw = time.Now()
	const width = 30
	filled := 0
	if p.total > 0 {
		filled = width * p.done / p.total
	}
	elapsed := time.Since(p.start)
	eta := "?"
	if p.done > 0 {
		eta = (elapsed / time.Duration(p.done) * time.Duration(p.total-p.done)).Round(time.Second).String()
	}
	fmt.Fprintf(p.w, "\r[%s%s] %d/%d cases, %d errors, %d tokens, %s elapsed, ETA %s ",
		strings.Repeat("█", filled), strings.Repeat("░", width-filled), p.done, p.total, p.errors, p.tokens,
		elapsed.Round(time.Second), eta)
}

// println prints a line above the bar.
func (p *progress) println(s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.quiet {
		return
	}
	if p.tty {
		fmt.Fprint(p.w, "\r\033[K")
	}
	fmt.Fprintln(p.w, s)
	if p.tty {
		p.draw()
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

// writeJSONLine writes one result as a JSON line.
func writeJSONLine(w io.Writer, r bench.Result) error {
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}
