package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

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
	var sets [2][]results.Result
	for i, path := range paths {
		src, closeFile, err := a.openResults("report", []string{path}, "", stderr)
		if err != nil {
			return err
		}
		// The paired tests read each model's results whole: the two runs
		// are held in memory, unlike a report's.
		sets[i] = make([]results.Result, 0, src.Len())
		for j := range src.Len() {
			r, err := src.At(j)
			if err != nil {
				closeFile()
				return cli.Usagef("report: %s: %v", path, err)
			}
			sets[i] = append(sets[i], r)
		}
		closeFile()
	}
	pairs, err := comparedModels(sets[0], sets[1])
	if err != nil {
		return cli.Usagef("report: --compare: %v", err)
	}
	if htmlPath != "" {
		if err := checkReportOutput(htmlPath, paths); err != nil {
			return cli.Usagef("report: -o %s: %v", htmlPath, err)
		}
	}
	var sides [2]map[string]report.CaseSide
	for i, rs := range sets {
		sections, err := report.Summarize(rs, suites.Summarizers(a.suites), report.Options{SkipPage: true, CacheDir: a.cacheDir()})
		if err != nil {
			return cli.Usagef("report: %s: %v", paths[i], err)
		}
		sides[i] = report.CaseSides(rs, sections)
	}
	c := report.Comparison{BaseFile: paths[0], CandFile: paths[1]}
	for _, p := range pairs {
		base, cand := results.OfModel(sets[0], p[0]), results.OfModel(sets[1], p[1])
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

// comparedModels pairs the models of two runs: each model both hold, by
// name; when they share none and each holds one model, those two.
func comparedModels(base, cand []results.Result) ([][2]string, error) {
	names := func(rs []results.Result) []string {
		var out []string
		for _, r := range rs {
			if !results.IsHuman(r) && !slices.Contains(out, r.Model) {
				out = append(out, r.Model)
			}
		}
		slices.Sort(out)
		return out
	}
	b, c := names(base), names(cand)
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
