package abstain

import (
	"fmt"
	"math"
	"strings"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/scoring"
)

// caseStatus is a case's verdict on a progress line: right or wrong.
func caseStatus(r results.Result) string {
	if r.Metrics["right"] == 1 {
		return "right"
	}
	return "wrong"
}

// newTally starts a model's running summary: the mean of each per-item
// metric (the suite's rates and tests are in the report).
func newTally() bench.Tally { return &tally{means: map[string]*mean{}} }

type tally struct {
	cases, errors int
	durations     float64
	means         map[string]*mean
}

// mean is a running mean: a correctly rounded sum (scoring.Summer), the
// same in whatever order the items end.
type mean struct {
	n   int
	sum scoring.Summer
}

// Heading is the default, "▶ <model>".
func (t *tally) Heading(string) string { return "" }

func (t *tally) Add(r results.Result) {
	if r.Error != "" {
		t.errors++
		return
	}
	t.cases++
	t.durations += r.Duration
	for k, v := range r.Metrics {
		if math.IsNaN(v) {
			continue
		}
		m := t.means[k]
		if m == nil {
			m = &mean{}
			t.means[k] = m
		}
		m.n++
		m.sum.Add(v)
	}
}

func (t *tally) Lines(string) string {
	if t.cases == 0 {
		return fmt.Sprintf("✗ Missing Piece: no scored item (%d errors)", t.errors)
	}
	var parts []string
	for _, k := range []string{"right", "abstained", "hallucinated", "answer-correct", "parse-fail"} {
		if m := t.means[k]; m != nil {
			parts = append(parts, fmt.Sprintf("%s=%.3f", k, m.sum.Sum()/float64(m.n)))
		}
	}
	line := fmt.Sprintf("Missing Piece: %s | %d items | %.1fs", strings.Join(parts, " | "), t.cases, t.durations/float64(t.cases))
	if t.errors > 0 {
		line += fmt.Sprintf(" | %d errors not scored", t.errors)
	}
	return line
}
