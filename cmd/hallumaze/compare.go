package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
	"unique"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites"
)

// maxFlipLines bounds the flipped cases the terminal lists per model.
const maxFlipLines = 20

// runCompare sets two runs side by side (hallumaze report --compare BASE
// CAND): each model both runs hold (or the only model of each) over the
// cases both played, the metrics of the suites' gate rules with the gate's
// own paired tests (bench.Compare), and the cases whose verdict flipped.
// It prints the comparison and writes it as a page with -o.
func (a *app) runCompare(paths []string, htmlPath, tier string, stdout, stderr io.Writer) error {
	if len(paths) != 2 {
		return cli.Usagef("report: --compare takes two results files, the base run and the candidate (got %d)", len(paths))
	}
	// Each run is read a line at a time, twice: once for its sections
	// (each suite's summary as it reads), once for each case's verdict in
	// the sections' views. What the paired tests need of each result is
	// kept: its names, its error and its metrics.
	var sets [2][]keptResult
	var sides [2]map[string]report.CaseSide
	for i, path := range paths {
		src, closeFile, err := a.openResults("report", []string{path}, "", stderr)
		if err != nil {
			return err
		}
		sets[i], sides[i], err = a.compareSide(src)
		closeFile()
		if err != nil {
			return cli.Usagef("report: %s: %v", path, err)
		}
	}
	pairs, err := comparedModels(keptModels(sets[0]), keptModels(sets[1]))
	if err != nil {
		return cli.Usagef("report: --compare: %v", err)
	}
	if htmlPath != "" {
		if err := checkReportOutput(htmlPath, paths); err != nil {
			return cli.Usagef("report: -o %s: %v", htmlPath, err)
		}
	}
	c := report.Comparison{BaseFile: paths[0], CandFile: paths[1]}
	for _, p := range pairs {
		ruled := a.ruledMetrics()
		base, cand := ofKept(sets[0], p[0], ruled), ofKept(sets[1], p[1], ruled)
		selected := a.suitesHeld(append(slices.Clone(base), cand...), nil)
		g := suites.Gate(selected)
		if tier == "lenient" {
			if err := lenientRules(g, suites.Metrics(a.suites)); err != nil {
				return cli.Usagef("report: --tier lenient: %v", err)
			}
		} else if tier != "strict" {
			return cli.Usagef("report: --tier %q (want strict or lenient)", tier)
		}
		if err := g.Check(suites.Metrics(a.suites)); err != nil { // fills each rule's direction from its metric
			return cli.Usagef("report: --compare: %v", err)
		}
		rep := bench.Compare(g, p[0], base, p[1], cand)
		m := report.ModelComparison{Base: p[0], Cand: p[1], Paired: rep.Paired, Errors: len(rep.Errors)}
		for _, r := range rep.Rows {
			m.Rows = append(m.Rows, report.CompareRow{Metric: r.Rule.Metric, Better: r.Rule.Direction, Test: r.Rule.Test, Note: r.Note,
				N: r.N, Base: r.Base, Cand: r.Cand, Delta: r.Delta, P: r.P, Alpha: r.Rule.Alpha, MaxDrop: r.Rule.MaxDrop,
				Significant: r.N > 0 && r.P < r.Rule.Alpha, Regressed: r.Regressed})
		}
		inBase, inCand := map[string]bool{}, map[string]bool{}
		for _, r := range base {
			inBase[r.Key()] = true
		}
		var keys []string
		for _, r := range cand {
			inCand[r.Key()] = true
			if inBase[r.Key()] {
				keys = append(keys, r.Key())
			} else {
				m.OnlyCand++
			}
		}
		for k := range inBase {
			if !inCand[k] {
				m.OnlyBase++
			}
		}
		m.Flips = report.Flips(sides[0], sides[1], p[0], p[1], keys)
		c.Models = append(c.Models, m)
	}
	if err := report.WriteComparisonText(stdout, c, maxFlipLines); err != nil {
		return err
	}
	if htmlPath != "" {
		if err := report.WriteFileAtomic(htmlPath, a.envSecrets(), func(w io.Writer) error {
			return report.WriteComparisonHTML(w, c, time.Now())
		}); err != nil {
			return fmt.Errorf("report: %w", err)
		}
		fmt.Fprintf(stdout, "  ✓ comparison saved: %s\n", htmlPath)
	}
	return nil
}

// compareSide reads one run of a comparison: what the paired tests read of
// each result (keptResult) and what each case came to in the suites'
// views. The run is read a line at a time, twice: for its sections, then
// for each case's view in them.
func (a *app) compareSide(src report.Source) ([]keptResult, map[string]report.CaseSide, error) {
	opts := report.Options{SkipPage: true, CaseViewsOnly: true, CacheDir: a.cacheDir()}
	sum := report.NewSummary(suites.Summarizers(a.suites), opts)
	ruled := a.ruledMetrics()
	kept := make([]keptResult, 0, src.Len())
	for i := range src.Len() {
		r, err := src.At(i)
		if err != nil {
			return nil, nil, err
		}
		if err := sum.Add(r); err != nil {
			return nil, nil, err
		}
		k := keptResult{suite: unique.Make(r.Suite).Value(), model: unique.Make(r.Model).Value(), name: r.Case, err: r.Error, human: results.IsHuman(r)}
		n := 0
		for _, name := range ruled {
			if _, ok := r.Metrics[name]; ok {
				n++
			}
		}
		if n > 0 {
			k.metrics = make([]keptMetric, 0, n)
			for i, name := range ruled {
				if v, ok := r.Metrics[name]; ok {
					k.metrics = append(k.metrics, keptMetric{uint8(i), v})
				}
			}
		}
		kept = append(kept, k)
	}
	sections, err := sum.Sections(opts)
	if err != nil {
		return nil, nil, err
	}
	sides, err := report.CaseSides(src, sections)
	return kept, sides, err
}

// keptResult is what a comparison keeps of a result for the paired tests:
// its names, its error, whether it is a human group's, and the metrics of
// the gate rules; a comparison of two runs of 100,000 cases holds a few
// megabytes of them.
type keptResult struct {
	suite, model, name, err string
	human                   bool
	metrics                 []keptMetric
}

// keptMetric is a metric's value and its place in ruledMetrics.
type keptMetric struct {
	i     uint8
	value float64
}

// ruledMetrics are the metrics of every suite's gate rules, in both tiers:
// at most 256, the places a keptMetric can name.
func (a *app) ruledMetrics() []string {
	var ruled []string
	for _, m := range suites.Gate(a.suites).Metrics {
		for _, name := range []string{m.Metric, m.Metric + results.LenientSuffix} {
			if !slices.Contains(ruled, name) && len(ruled) < 256 {
				ruled = append(ruled, name)
			}
		}
	}
	return ruled
}

// ofKept are the kept results of a model as results the paired tests
// read; ruled names the kept metrics' places.
func ofKept(ks []keptResult, model string, ruled []string) []results.Result {
	var out []results.Result
	for _, k := range ks {
		if k.model != model {
			continue
		}
		r := results.Result{Suite: k.suite, Model: k.model, Case: k.name, Error: k.err}
		if k.human {
			r.Tags = map[string]string{"human": "true"}
		}
		if len(k.metrics) > 0 {
			r.Metrics = make(map[string]float64, len(k.metrics))
			for _, m := range k.metrics {
				r.Metrics[ruled[m.i]] = m.value
			}
		}
		out = append(out, r)
	}
	return out
}

// keptModels are the models of a run, human groups aside, by name.
func keptModels(ks []keptResult) []string {
	var out []string
	for _, k := range ks {
		if !k.human && !slices.Contains(out, k.model) {
			out = append(out, k.model)
		}
	}
	slices.Sort(out)
	return out
}

// comparedModels pairs the models of two runs (b and c, sorted, human
// groups aside): each model both hold, by name; when they share none and
// each holds one model, those two.
func comparedModels(b, c []string) ([][2]string, error) {
	var out [][2]string
	for _, m := range b {
		if slices.Contains(c, m) {
			out = append(out, [2]string{m, m})
		}
	}
	switch {
	case len(out) > 0:
		return out, nil
	case len(b) == 1 && len(c) == 1:
		return [][2]string{{b[0], c[0]}}, nil
	}
	return nil, fmt.Errorf("the runs share no model (base: %s; candidate: %s): compare two runs of the same models, or two runs of one model each",
		orNone(b), orNone(c))
}

func orNone(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}
