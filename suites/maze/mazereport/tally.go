package mazereport

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/scoring"
	"github.com/hallumaze/hallumaze/suites/maze/record"
)

// Status is a case's verdict on a progress line: its MEI and SR.
func Status(r results.Result) string {
	return fmt.Sprintf("MEI=%.3f SR=%.0f", r.Metrics["MEI"], r.Metrics["SR"])
}

// NewTally starts a model's running summary: the seed's summary lines.
func NewTally() bench.Tally { return &tally{} }

// tally holds, for the scored cases of one model, each metric's running
// sum (correctly rounded, scoring.Summer, so that its mean is the report's
// to the last digit) and the counts the summary lines show.
type tally struct {
	cases, errors int
	means         map[string]*runningMean
	// srOnes and srAll count SR's successes exactly, so its proportion is
	// k/n as in the report; srOther is true once SR is not 0 or 1.
	srOnes, srAll int
	srOther       bool
	durations     float64
	deadEnd       bool
	strategy      bool
	// korean and english record the languages the cases were played in:
	// the lines are Korean when every case was.
	korean, english bool
}

type runningMean struct {
	n   int
	sum scoring.Summer
}

func (s *tally) Add(r results.Result) {
	if r.Tags["lang"] == string(mazes.Korean) {
		s.korean = true
	} else if _, ok := r.Tags["lang"]; ok {
		s.english = true
	}
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
		m.sum.Add(v)
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
	if rec, ok := r.Record.(record.Detail); ok {
		s.deadEnd = s.deadEnd || rec.Scores.DeadEndLines > 0
		s.strategy = s.strategy || rec.Scores.StrategyChanges > 0
	} else if len(r.Detail) > 0 && (!s.deadEnd || !s.strategy) && !quietDetail(r.Detail) {
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
// shows neither signal, as most do: decoding each would cost more than the
// rest of a case's bookkeeping.
func quietDetail(d json.RawMessage) bool {
	return bytes.Contains(d, []byte(`"dead_end_lines":0,`)) && bytes.Contains(d, []byte(`"strategy_changes":0,`))
}

// Lines are [SummaryLine] of the model's results so far.
func (s *tally) Lines(model string) string {
	return summaryLine(model, s.summary(), s.words())
}

func (s *tally) words() words { return words(s.korean && !s.english) }

// Heading is the line that opens a model's summary: the seed's "▶ 실행
// 중: <model>" in Korean.
func (s *tally) Heading(model string) string {
	if s.words() {
		return "▶ 실행 중: " + model
	}
	return "▶ " + model
}

// summary is what the summary line shows, from the running means.
func (s *tally) summary() lineData {
	d := lineData{cases: s.cases, errors: s.errors, deadEnd: s.deadEnd, strategy: s.strategy}
	if s.cases == 0 {
		return d
	}
	d.latency = s.durations / float64(s.cases)
	get := func(k string) float64 {
		if m := s.means[k]; m != nil {
			return m.sum.Sum() / float64(m.n)
		}
		return math.NaN()
	}
	d.sr, d.mei, d.ce, d.brs, d.hc, d.bt, d.lt, d.score = get("SR"), get("MEI"), get("CE"), get("BRS"), get("HC"), get("BT"), get("LT"), get("score")
	if s.srAll >= 2 && !s.srOther {
		d.sr = float64(s.srOnes) / float64(s.srAll)
	}
	return d
}
