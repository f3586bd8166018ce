package bench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/scoring"
)

// GateFile is the rules of the regression gate: each suite declares its
// own ([Suite.Gate]), and a threshold file in the same form overrides them
// (hallumaze gate --gate FILE).
type GateFile struct {
	// Metrics are compared between a baseline and a candidate.
	Metrics []GateMetric `json:"metrics"`
	// Floors are per-case bounds each named model must meet in go test:
	// a minimum for a metric that is better higher, a maximum for one that
	// is better lower. Keyed by model, then metric.
	Floors map[string]map[string]float64 `json:"floors,omitempty"`
}

// GateMetric is one metric's rule.
type GateMetric struct {
	Metric string `json:"metric"`
	// Suite limits the rule to one suite's results; empty means all.
	Suite string `json:"suite,omitempty"`
	// Direction is "higher" or "lower": which way is better. Empty means
	// the metric's declaration; a direction that contradicts it is an
	// error.
	Direction string `json:"direction,omitempty"`
	// MaxDrop is the largest worsening of the mean tolerated, in the
	// metric's units.
	MaxDrop float64 `json:"max_drop"`
	// Alpha is the significance level a worsening must reach to fail.
	Alpha float64 `json:"alpha"`
	// Test is the paired test: "mcnemar" (exact, for 0/1 metrics such as
	// SR), "wilcoxon" (signed-rank) or "bootstrap" (paired, of the mean).
	Test string `json:"test"`
}

// MaxGateFileBytes bounds a threshold file.
const MaxGateFileBytes = 1 << 20

// ReadGateFile reads a threshold file: one JSON object with at least one
// rule (a file without any would pass every candidate), nothing after it,
// no unknown key, floors within the bounds of a metric. The rules are
// checked against the metrics' declarations by [GateFile.Check].
func ReadGateFile(r io.Reader) (*GateFile, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxGateFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("gate file: %w", err)
	}
	if len(data) > MaxGateFileBytes {
		return nil, fmt.Errorf("gate file: larger than %d bytes", MaxGateFileBytes)
	}
	if t := bytes.TrimSpace(data); len(t) == 0 || t[0] != '{' {
		return nil, fmt.Errorf(`gate file: want a JSON object ({"metrics": [...]})`)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var g GateFile
	if err := dec.Decode(&g); err != nil {
		return nil, fmt.Errorf("gate file: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("gate file: data after the JSON object")
	}
	if len(g.Metrics) == 0 {
		return nil, fmt.Errorf("gate file: no rule in \"metrics\": a gate without rules would pass every candidate")
	}
	for model, fl := range g.Floors {
		for metric, v := range fl {
			if math.Abs(v) > results.MaxMetric {
				return nil, fmt.Errorf("gate file: floor %s of %s: %v is beyond ±%g", metric, model, v, float64(results.MaxMetric))
			}
		}
	}
	return &g, nil
}

// MergeGates joins the rules and floors of several suites.
func MergeGates(gs ...GateFile) *GateFile {
	out := &GateFile{Floors: map[string]map[string]float64{}}
	for _, g := range gs {
		out.Metrics = append(out.Metrics, g.Metrics...)
		for model, fl := range g.Floors {
			if out.Floors[model] == nil {
				out.Floors[model] = map[string]float64{}
			}
			for k, v := range fl {
				out.Floors[model][k] = v
			}
		}
	}
	return out
}

// Check checks every rule and floor against the metrics' declarations:
// every metric named is declared, a direction given agrees with the
// declaration (and is filled in where missing), the test and thresholds
// are valid.
func (g *GateFile) Check(metrics results.Metrics) error {
	for i := range g.Metrics {
		m := &g.Metrics[i]
		if m.Metric == "" {
			return fmt.Errorf("gate: metrics[%d]: no metric", i)
		}
		decl, ok := metrics.Lookup(m.Metric)
		if !ok {
			return fmt.Errorf("gate: metric %q is not declared by any suite", m.Metric)
		}
		switch {
		case m.Direction == "":
			m.Direction = string(decl.Better)
		case m.Direction != "higher" && m.Direction != "lower":
			return fmt.Errorf("gate: %s: direction %q (want higher or lower)", m.Metric, m.Direction)
		case m.Direction != string(decl.Better):
			return fmt.Errorf("gate: %s: direction %s contradicts its declaration (better %s)", m.Metric, m.Direction, decl.Better)
		}
		switch {
		case !slices.Contains([]string{"mcnemar", "wilcoxon", "bootstrap"}, m.Test):
			return fmt.Errorf("gate: %s: test %q (want mcnemar, wilcoxon or bootstrap)", m.Metric, m.Test)
		case !(m.Alpha > 0 && m.Alpha < 1):
			return fmt.Errorf("gate: %s: alpha %v not in (0,1)", m.Metric, m.Alpha)
		case !(m.MaxDrop >= 0) || math.IsInf(m.MaxDrop, 0):
			return fmt.Errorf("gate: %s: max_drop %v is not a finite number ≥ 0", m.Metric, m.MaxDrop)
		}
	}
	for model, fl := range g.Floors {
		for metric := range fl {
			if _, ok := metrics.Lookup(metric); !ok {
				return fmt.Errorf("gate: floor %s of %s: metric not declared by any suite", metric, model)
			}
		}
	}
	return nil
}

// CheckFloors fails t when a result misses a floor set for its model.
func (g *GateFile) CheckFloors(t testing.TB, r results.Result, metrics results.Metrics) {
	t.Helper()
	if g == nil {
		return
	}
	for metric, bound := range g.Floors[r.Model] {
		v, ok := r.Metrics[metric]
		decl, declared := metrics.Lookup(metric)
		if !ok || !declared {
			continue
		}
		if decl.Better == results.Lower && v > bound {
			t.Errorf("gate floor: %s %s = %v, above its ceiling %v", r.Model, metric, v, bound)
		}
		if decl.Better == results.Higher && v < bound {
			t.Errorf("gate floor: %s %s = %v, below its floor %v", r.Model, metric, v, bound)
		}
	}
}

// GateRow is the comparison of one metric.
type GateRow struct {
	Rule      GateMetric `json:"rule"`
	N         int        `json:"n"`
	Base      float64    `json:"base"`
	Cand      float64    `json:"cand"`
	Delta     float64    `json:"delta"` // cand − base
	P         float64    `json:"p"`
	Regressed bool       `json:"regressed"`
	Note      string     `json:"note,omitempty"`
}

// GateReport is the whole comparison.
type GateReport struct {
	Base, Cand string
	Rows       []GateRow
	// Paired is the number of cases both models played without error;
	// Errors lists the cases left out because one of them failed.
	Paired int
	Errors []string
}

// Comparable reports whether at least one rule compared a case both models
// played (a row with n > 0): a gate that compared nothing has nothing to
// say, and must not pass.
func (rep GateReport) Comparable() bool {
	for _, r := range rep.Rows {
		if r.N > 0 {
			return true
		}
	}
	return false
}

// Failed reports a significant regression beyond its threshold.
func (rep GateReport) Failed() bool {
	for _, r := range rep.Rows {
		if r.Regressed {
			return true
		}
	}
	return false
}

// Compare runs the gate: for each rule, the cases both results sets hold
// (matched by suite and case), the mean of each side, and the paired test.
// A metric regresses when the candidate is worse by more than MaxDrop and
// the paired test gives p < Alpha.
func Compare(g *GateFile, baseName string, base []results.Result, candName string, cand []results.Result) GateReport {
	rep := GateReport{Base: baseName, Cand: candName}
	byKey := map[string]results.Result{}
	for _, r := range base {
		byKey[r.Key()] = r
	}
	type pair struct{ b, c results.Result }
	var pairs []pair
	for _, c := range cand {
		b, ok := byKey[c.Key()]
		if !ok {
			continue
		}
		if b.Error != "" || c.Error != "" {
			rep.Errors = append(rep.Errors, c.Key())
			continue
		}
		pairs = append(pairs, pair{b, c})
	}
	slices.SortFunc(pairs, func(x, y pair) int { return strings.Compare(x.c.Key(), y.c.Key()) })
	slices.Sort(rep.Errors)
	rep.Paired = len(pairs)
	for _, rule := range g.Metrics {
		var xs, ys []float64 // candidate, baseline
		for _, p := range pairs {
			if rule.Suite != "" && p.c.Suite != rule.Suite {
				continue
			}
			bv, ok1 := p.b.Metrics[rule.Metric]
			cv, ok2 := p.c.Metrics[rule.Metric]
			if ok1 && ok2 {
				xs, ys = append(xs, cv), append(ys, bv)
			}
		}
		rep.Rows = append(rep.Rows, compareMetric(rule, xs, ys))
	}
	return rep
}

func compareMetric(rule GateMetric, cand, base []float64) GateRow {
	row := GateRow{Rule: rule, N: len(cand), P: 1}
	if len(cand) == 0 {
		row.Note = "no paired cases"
		return row
	}
	row.Base, row.Cand = scoring.Mean(base), scoring.Mean(cand)
	row.Delta = row.Cand - row.Base
	switch rule.Test {
	case "mcnemar":
		// b: the baseline succeeded and the candidate did not; c: the reverse.
		var b, c int
		for i := range cand {
			bs, cs := base[i] >= 0.5, cand[i] >= 0.5
			if rule.Direction == "lower" {
				bs, cs = !bs, !cs
			}
			switch {
			case bs && !cs:
				b++
			case cs && !bs:
				c++
			}
		}
		row.P = scoring.McNemarExact(b, c)
		row.Note = fmt.Sprintf("b=%d c=%d", b, c)
	case "wilcoxon":
		_, row.P = scoring.WilcoxonSignedRank(cand, base)
	case "bootstrap":
		_, ci, p := scoring.PairedBootstrap(cand, base, scoring.Mean, 2000, 1)
		row.P = p
		row.Note = "95% CI of Δ " + ci.String()
	}
	if math.IsNaN(row.P) {
		row.P = 1
	}
	worse := -row.Delta
	if rule.Direction == "lower" {
		worse = row.Delta
	}
	row.Regressed = worse > rule.MaxDrop && row.P < rule.Alpha
	return row
}

// Markdown renders the report as a table fit for a pull-request comment.
func (rep GateReport) Markdown() string {
	var b strings.Builder
	verdict := "✅ no significant regression"
	switch {
	case !rep.Comparable():
		verdict = "⚠ nothing compared: no rule had a case both models played"
	case rep.Failed():
		verdict = "❌ regression"
	}
	fmt.Fprintf(&b, "### hallumaze gate: `%s` → `%s`: %s\n\n", rep.Base, rep.Cand, verdict)
	fmt.Fprintf(&b, "%d paired cases", rep.Paired)
	if len(rep.Errors) > 0 {
		fmt.Fprintf(&b, "; %d left out because a provider call failed", len(rep.Errors))
	}
	b.WriteString(".\n\n| metric | better | n | base | cand | Δ | allowed drop | test | p | α | verdict |\n|---|---|---:|---:|---:|---:|---:|---|---:|---:|---|\n")
	var absent []string
	for _, r := range rep.Rows {
		if r.N == 0 {
			absent = append(absent, r.Rule.Metric)
			continue
		}
		v := "ok"
		switch {
		case r.Regressed:
			v = "**regressed**"
		}
		test := r.Rule.Test
		if r.Note != "" {
			test += " (" + r.Note + ")"
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %.4f | %.4f | %+.4f | %.4f | %s | %.4g | %.2g | %s |\n",
			r.Rule.Metric, r.Rule.Direction, r.N, r.Base, r.Cand, r.Delta, r.Rule.MaxDrop, test, r.P, r.Rule.Alpha, v)
	}
	if len(absent) > 0 {
		fmt.Fprintf(&b, "\nNot compared (no case of both models has them): %s.\n", strings.Join(absent, ", "))
	}
	return b.String()
}
