package mazereport

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/scoring"
	"github.com/hallumaze/hallumaze/suites/maze/analysis"
	"github.com/hallumaze/hallumaze/suites/maze/record"
)

// Stat is a metric of one model over its scored cases: the mean, its 95%
// interval, how many cases had the metric and on how many mazes. Where no
// interval fits (too few mazes, a human group's means) its ends are NaN;
// with no value the mean is NaN too.
type Stat struct {
	Mean     float64          `json:"mean"`
	CI       scoring.Interval `json:"ci95"`
	N        int              `json:"n"`
	Clusters int              `json:"mazes"`
	// Wilson reports that CI is the Wilson interval of a proportion (0/1
	// outcomes), not the Student-t interval of the mean.
	Wilson bool `json:"wilson,omitempty"`
}

// Defined reports whether the metric had at least one value.
func (s Stat) Defined() bool { return s.N > 0 && !math.IsNaN(s.Mean) }

// HasCI reports whether the interval is defined.
func (s Stat) HasCI() bool { return !math.IsNaN(s.CI.Lo) && !math.IsNaN(s.CI.Hi) }

// Row is one model's line of the leaderboard.
type Row struct {
	// Rank is 1 for the best Score among the models; 0 for a human group
	// (not ranked) and for a model with no scored case.
	Rank  int    `json:"rank"`
	Model string `json:"model"`
	Human bool   `json:"human"`
	// Cases counts the scored cases; Errors the cases that could not be
	// played, which are not scored.
	Cases  int `json:"cases"`
	Errors int `json:"errors"`
	// SR's interval is Wilson's when every SR is 0 or 1 (one maze each),
	// else the t interval of the mean, as for the other metrics.
	SR    Stat `json:"sr"`
	MEI   Stat `json:"mei"`
	CE    Stat `json:"ce"`
	BRS   Stat `json:"brs"`
	HC    Stat `json:"hc"`
	BT    Stat `json:"bt"`
	Score Stat `json:"score"`
	// Latency is the mean wall time of a case, in seconds.
	Latency float64 `json:"latency_s"`
	// Tied reports a rank shared with another model ([Boards]).
	Tied bool `json:"tied,omitempty"`
}

// Leaderboard ranks the models of the maze-suite results by mean Score
// (ties by MEI, then name). Human groups are placed by their Score among
// the models but not ranked; models without a scored case come last.
func Leaderboard(rs []results.Result) []Row { return leaderboard(analysis.Digests(rs)) }

func leaderboard(cs []*analysis.Case) []Row { return leaderboardOf(cs, true) }

// leaderboardOf is the leaderboard, with the rows' intervals or, without,
// their means alone (which rank them).
func leaderboardOf(cs []*analysis.Case, intervals bool) []Row {
	byModel := map[string][]*analysis.Case{}
	for _, r := range cs {
		byModel[r.Model] = append(byModel[r.Model], r)
	}
	rows := make([]Row, 0, len(byModel))
	var vals []*rowValues
	for model, rs := range byModel {
		rows = append(rows, Row{Model: model})
		vals = append(vals, fillRow(&rows[len(rows)-1], rs))
	}
	var jobs []statJob
	for i := range rows {
		jobs = append(jobs, rowJobs(&rows[i], vals[i], intervals)...)
	}
	statsOf(jobs)
	slices.SortFunc(rows, func(a, b Row) int {
		if c := cmp.Compare(boolInt(b.Score.Defined()), boolInt(a.Score.Defined())); c != 0 {
			return c
		}
		if c := cmp.Compare(nanLow(b.Score.Mean), nanLow(a.Score.Mean)); c != 0 {
			return c
		}
		if c := cmp.Compare(nanLow(b.MEI.Mean), nanLow(a.MEI.Mean)); c != 0 {
			return c
		}
		return strings.Compare(a.Model, b.Model)
	})
	rank := 0
	for i := range rows {
		if !rows[i].Human && rows[i].Cases > 0 {
			rank++
			rows[i].Rank = rank
		}
	}
	return rows
}

// rowOf is a model's row over its cases; with intervals false only the
// means (the summary lines), without their bootstrap.
func rowOf(model string, rs []*analysis.Case, intervals bool) Row {
	row := Row{Model: model}
	v := fillRow(&row, rs)
	statsOf(rowJobs(&row, v, intervals))
	return row
}

// rowKeys are the metrics a row shows, in the order of rowJobs.
var rowKeys = [...]string{"SR", "MEI", "CE", "BRS", "HC", "BT", "score"}

// rowValues are a row's values of each metric and their mazes.
type rowValues struct {
	x  [len(rowKeys)][]float64
	cl [len(rowKeys)][]string
}

// fillRow counts a model's cases and gathers its values. The metrics
// that every played case has share one slice of mazes, the case's cluster:
// a row over many cases keeps one copy of it, not one per metric.
func fillRow(row *Row, rs []*analysis.Case) *rowValues {
	v := &rowValues{}
	played := 0
	for _, r := range rs {
		if r.Failure() == "" {
			played++
		}
	}
	for i := range v.x {
		v.x[i] = make([]float64, 0, played)
	}
	shared := make([]string, 0, played)
	// own[i] is set once metric i missed a played case: from then on it
	// keeps its own mazes.
	var own [len(rowKeys)]bool
	durations := 0.0
	for _, r := range rs {
		row.Human = row.Human || r.Human
		if r.Failure() != "" {
			row.Errors++
			continue
		}
		row.Cases++
		durations += r.Duration
		key := r.MazeKey()
		shared = append(shared, key)
		for i, k := range rowKeys {
			x, ok := r.Lookup(k)
			ok = ok && !math.IsNaN(x)
			if !ok && !own[i] {
				own[i] = true
				v.cl[i] = slices.Clone(shared[:len(v.x[i])])
			}
			if ok {
				v.x[i] = append(v.x[i], x)
				if own[i] {
					v.cl[i] = append(v.cl[i], key)
				}
			}
		}
	}
	for i := range v.cl {
		if !own[i] {
			v.cl[i] = shared
		}
	}
	if row.Cases > 0 {
		row.Latency = durations / float64(row.Cases)
	}
	return v
}

// rowJobs are the row's statistics to compute, each writing its Stat.
func rowJobs(row *Row, v *rowValues, intervals bool) []statJob {
	out := make([]statJob, 0, len(rowKeys))
	for i, dst := range []*Stat{&row.SR, &row.MEI, &row.CE, &row.BRS, &row.HC, &row.BT, &row.Score} {
		out = append(out, statJob{metric: rowKeys[i], x: v.x[i], cl: v.cl[i], human: row.Human, meansOnly: !intervals, out: dst})
	}
	return out
}

// Bootstrap settings of the leaderboard's intervals: fixed, so the same
// results give the same intervals on every machine.
const (
	bootstrapReps = 2000
	bootstrapSeed = 1
)

// statOf is a model's mean of a metric over its cases, with a 95% interval
// that fits the metric (docs/report.md):
//
//   - SR, when every value is 0 or 1 and no two cases share a maze: the
//     Wilson interval of the proportion;
//   - otherwise the cluster bootstrap of the mean (scoring.BoundedMeanCI):
//     cases of one maze (its framings, repeated runs) are resampled
//     together, and the interval stays within the metric's bounds ([0, 1]
//     for rates and scores, ≥ 0 for counts);
//   - with fewer than scoring.MinClusters mazes, no interval: the table
//     shows n instead;
//   - a human group's values are group means entered by hand: no interval.
func statOf(metric string, x []float64, clusters []string, human bool) Stat {
	var s Stat
	statsOf([]statJob{{metric: metric, x: x, cl: clusters, human: human, out: &s}})
	return s
}

// statJob is one statOf to compute, into out; meansOnly leaves the
// interval out (no bootstrap).
type statJob struct {
	metric    string
	x         []float64
	cl        []string
	human     bool
	meansOnly bool
	out       *Stat
}

// statsOf computes the jobs as statOf, the bootstraps in one batch
// (scoring.BoundedMeanCIs: the same numbers as one at a time).
func statsOf(jobs []statJob) {
	var boot []scoring.ClusterMeanJob
	var into []*Stat
	// A row's metrics mostly share one slice of mazes (fillRow): count its
	// distinct mazes once.
	type slice struct {
		first *string
		n     int
	}
	distinct := map[slice]int{}
	clusters := func(cl []string) int {
		if len(cl) == 0 {
			return 0
		}
		k := slice{&cl[0], len(cl)}
		n, ok := distinct[k]
		if !ok {
			n = scoring.Distinct(cl)
			distinct[k] = n
		}
		return n
	}
	for _, j := range jobs {
		if j.meansOnly {
			*j.out = meanStat(j.x)
			continue
		}
		if len(j.x) == 0 {
			*j.out = Stat{Mean: math.NaN(), CI: noInterval()}
			continue
		}
		s := Stat{Mean: scoring.Mean(j.x), CI: noInterval(), N: len(j.x), Clusters: clusters(j.cl)}
		switch {
		case j.human:
		case j.metric == "SR" && zeroOne(j.x) && s.Clusters == len(j.x) && len(j.x) >= 2:
			k := 0
			for _, v := range j.x {
				if v == 1 {
					k++
				}
			}
			s.CI, s.Wilson = scoring.Wilson(k, len(j.x)), true
		default:
			lo, hi := analysis.Bounds(j.metric)
			boot = append(boot, scoring.ClusterMeanJob{X: j.x, Clusters: j.cl, Lo: lo, Hi: hi})
			into = append(into, j.out)
		}
		*j.out = s
	}
	for i, r := range scoring.BoundedMeanCIs(boot, bootstrapReps, bootstrapSeed) {
		if r.OK {
			into[i].Mean, into[i].CI = r.Mean, r.CI
		}
	}
}

// meanStat is a Stat with the mean and count only, no interval.
func meanStat(x []float64) Stat {
	if len(x) == 0 {
		return Stat{Mean: math.NaN(), CI: noInterval()}
	}
	return Stat{Mean: scoring.Mean(x), CI: noInterval(), N: len(x)}
}

func noInterval() scoring.Interval { return scoring.Interval{Lo: math.NaN(), Hi: math.NaN()} }

func zeroOne(x []float64) bool {
	for _, v := range x {
		if v != 0 && v != 1 {
			return false
		}
	}
	return true
}

// Medal is the seed's mark of the first three ranks.
func Medal(rank int) string {
	switch rank {
	case 1:
		return "🥇"
	case 2:
		return "🥈"
	case 3:
		return "🥉"
	}
	return ""
}

// Band is the seed's interpretation mark of an MEI (or Score): ● at 0.7
// and above (strong metacognition), ◑ from 0.4 (partial), ○ below.
func Band(v float64) string {
	switch {
	case v >= 0.7:
		return "●"
	case v >= 0.4:
		return "◑"
	}
	return "○"
}

// Best returns the ranked model with the best Score, if any.
func Best(rows []Row) (Row, bool) {
	for _, r := range rows {
		if r.Rank == 1 {
			return r, true
		}
	}
	return Row{}, false
}

// SummaryLine is the seed's two-line summary of one model's maze results:
//
//	✓ SR=1.00 | MEI=0.847● | CE=0.142 | BRS=0.910 | Hall=1 BT=2 | Score=0.791 | 4.2s
//	↳ metacognitive signals: dead end, backtracking, loop detected
//
// ✓ when the mean SR is at least 0.5, else ✗; the mark after MEI is its
// [Band]. Over several cases every number is a mean and a signal is shown
// when any case gave it: dead end (a DEAD_END line), backtracking (BT > 0),
// loop detected (LT > 0), strategy_change (a STRATEGY_CHANGE line). The
// lines carry no indentation and no final newline.
func SummaryLine(model string, rs []results.Result) string {
	return summaryLineOf(model, analysis.Digests(rs))
}

func summaryLineOf(model string, cs []*analysis.Case) string {
	var scored []*analysis.Case
	d := lineData{}
	for _, r := range cs {
		if r.Model != model {
			continue
		}
		if r.Failure() != "" {
			d.errors++
			continue
		}
		scored = append(scored, r)
	}
	d.cases = len(scored)
	if d.cases > 0 {
		row := rowOf(model, scored, false)
		d.sr, d.mei, d.ce, d.brs, d.hc, d.bt, d.score = row.SR.Mean, row.MEI.Mean, row.CE.Mean, row.BRS.Mean, row.HC.Mean, row.BT.Mean, row.Score.Mean
		d.latency = row.Latency
		for _, s := range signalList(scored) {
			switch s {
			case "dead end":
				d.deadEnd = true
			case "loop detected":
				d.lt = 1
			case "strategy_change":
				d.strategy = true
			}
		}
	}
	return summaryLine(model, d, wordsOf(cs))
}

// lineData is what the summary lines show: means over the scored cases,
// the count of errors, and which signals any case gave.
type lineData struct {
	cases, errors                       int
	sr, mei, ce, brs, hc, bt, lt, score float64
	latency                             float64
	deadEnd, strategy                   bool
}

func summaryLine(model string, d lineData, k words) string {
	if d.cases == 0 {
		if d.errors > 0 {
			return fmt.Sprintf(k.t("✗ no scored case (%d %s)"), d.errors, k.plural(d.errors, "error", "errors"))
		}
		return k.t("✗ no results")
	}
	mark := "✗"
	if d.sr >= 0.5 {
		mark = "✓"
	}
	ce := "n/a"
	if !math.IsNaN(d.ce) {
		ce = fmt.Sprintf("%.3f", d.ce)
	}
	var b strings.Builder
	// The seed marked the band of the raw MEI here (0.731●); the bands are
	// read on MEI′, corrected for chance, everywhere else (the readings, the
	// page), so this line shows none rather than contradict them.
	fmt.Fprintf(&b, "%s SR=%.2f | MEI=%.3f | CE=%s | BRS=%.3f | Hall=%s BT=%s | Score=%.3f | %.1fs",
		mark, nanZero(d.sr), nanZero(d.mei), ce, nanZero(d.brs),
		count(d.hc), count(d.bt), nanZero(d.score), d.latency)
	if d.errors > 0 {
		fmt.Fprintf(&b, k.t(" | %d %s not scored"), d.errors, k.plural(d.errors, "error", "errors"))
	}
	signals := signalNames(d.deadEnd, d.bt > 0, d.lt > 0, d.strategy)
	if len(signals) == 0 {
		b.WriteString(k.t("\n↳ metacognitive signals: ") + k.t("none"))
	} else {
		b.WriteString(k.t("\n↳ metacognitive signals: ") + strings.Join(signals, ", "))
	}
	return b.String()
}

// Signals lists the seed's metacognitive signals any of the results gave,
// in the seed's order: "dead end", "backtracking", "loop detected",
// "strategy_change".
func Signals(rs []results.Result) []string { return signalList(analysis.Digests(rs)) }

func signalList(cs []*analysis.Case) []string {
	var deadEnd, backtrack, loop, strategy bool
	for _, r := range cs {
		if r.Failure() != "" {
			continue
		}
		if d := r.Scored; d != nil {
			deadEnd = deadEnd || d.DeadEndLines > 0
			strategy = strategy || d.Strategies > 0
		}
		backtrack = backtrack || r.Metric("BT") > 0
		loop = loop || r.Metric("LT") > 0
	}
	return signalNames(deadEnd, backtrack, loop, strategy)
}

// resultSignals is Signals of one result whose detail is already decoded.
func resultSignals(r results.Result, d record.Detail) []string {
	if r.Error != "" {
		return nil
	}
	return signalNames(d.Scores.DeadEndLines > 0, r.Metrics["BT"] > 0, r.Metrics["LT"] > 0, d.Scores.StrategyChanges > 0)
}

// signalNames lists the seed's metacognitive signals that are on.
func signalNames(deadEnd, backtrack, loop, strategy bool) []string {
	var out []string
	for _, s := range []struct {
		on   bool
		name string
	}{{deadEnd, "dead end"}, {backtrack, "backtracking"}, {loop, "loop detected"}, {strategy, "strategy_change"}} {
		if s.on {
			out = append(out, s.name)
		}
	}
	return out
}

// count formats a mean count: whole numbers bare, others with one decimal.
func count(v float64) string {
	switch {
	case math.IsNaN(v):
		return "n/a"
	case v == math.Trunc(v):
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.1f", v)
}

func nanZero(v float64) float64 {
	if math.IsNaN(v) {
		return 0
	}
	return v
}

func nanLow(v float64) float64 {
	if math.IsNaN(v) {
		return math.Inf(-1)
	}
	return v
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
