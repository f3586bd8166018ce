package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites"
)

// errGateFailed is returned when the gate finds a regression: exit 1.
var errGateFailed = errors.New("gate: significant regression")

// runGate compares a candidate model with a baseline over the same cases:
// the suites' standard cases replayed from the cassettes (or played by the
// agents), or the results files given. Exit 1 means a significant
// regression and nothing else; a comparison that cannot be made (no case
// both models played, a cassette missing) exits 2 and says why.
func (a *app) runGate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("gate", "--base MODEL --cand MODEL [--results FILE,...] [flags]", stdout)
	base := fs.String("base", "", "baseline model (provider/model)")
	cand := fs.String("cand", "", "candidate model (provider/model)")
	resultsFlag := fs.String("results", "", "comma-separated JSONL results files to compare instead of playing the cases")
	gatePath := fs.String("gate", "", "threshold file overriding the suites' own rules (see docs/bench.md)")
	cassetteRoot := fs.String("cassettes", "cassettes", "folder of recorded cassettes")
	markdown := fs.String("markdown", "", "also write the Markdown table to this file (for a PR comment)")
	tier := fs.String("tier", "strict", "reading of the replies to compare: strict (the output contract) or lenient (each metric's -lenient variant, where a suite reads replies leniently too)")
	suiteFlag := fs.String("suite", suites.Names(a.suites)[0], "cases to play when no --results are given: the standard cases of "+strings.Join(suites.Names(a.suites), ", ")+" or all")
	if err := fs.Parse(args, false); err != nil {
		return err
	}
	if *base == "" || *cand == "" {
		return cli.Usagef("gate: --base and --cand are required")
	}
	for _, name := range []string{*base, *cand} {
		if _, err := providers.ParseName(name); err != nil {
			return cli.Usagef("gate: %v", err)
		}
	}
	if err := cli.CheckOutput(*markdown, false); err != nil {
		return cli.Usagef("gate: --markdown: %v", err)
	}
	selected, err := a.selectSuites(*suiteFlag)
	if err != nil {
		return cli.Usagef("gate: unknown --suite %q (want %s or all)", *suiteFlag, strings.Join(suites.Names(a.suites), ", "))
	}
	g := suites.Gate(selected)
	if *gatePath != "" {
		data, err := cli.ReadInput(*gatePath, a.stdin, bench.MaxGateFileBytes)
		if err != nil {
			return cli.Usagef("gate: --gate: %v", err)
		}
		if g, err = bench.ReadGateFile(strings.NewReader(string(data))); err != nil {
			return cli.Usagef("gate: %s: %v", *gatePath, err)
		}
	}
	switch *tier {
	case "strict":
	case "lenient":
		if err := lenientRules(g, suites.Metrics(a.suites)); err != nil {
			return cli.Usagef("gate: --tier lenient: %v", err)
		}
	default:
		return cli.Usagef("gate: --tier %q (want strict or lenient)", *tier)
	}
	if err := g.Check(suites.Metrics(a.suites)); err != nil {
		return cli.Usagef("gate: %v", err)
	}
	var baseRes, candRes []results.Result
	if *resultsFlag != "" {
		var all []results.Result
		for _, path := range strings.Split(*resultsFlag, ",") {
			rs, torn, err := results.ReadFile(path)
			if err != nil {
				return cli.Usagef("gate: %v", err)
			}
			if torn {
				fmt.Fprintf(stderr, "gate: %s: the last line was torn (an interrupted run) and is skipped\n", path)
			}
			all = append(all, rs...)
		}
		baseRes, candRes = results.OfModel(all, *base), results.OfModel(all, *cand)
		if len(baseRes) == 0 || len(candRes) == 0 {
			return cli.Usagef("gate: the results files hold %d results of %s and %d of %s", len(baseRes), *base, len(candRes), *cand)
		}
	} else {
		if baseRes, candRes, err = a.playGate(ctx, selected, *cassetteRoot, *base, *cand); err != nil {
			return err
		}
	}
	rep := bench.Compare(g, *base, baseRes, *cand, candRes)
	table := rep.Markdown()
	io.WriteString(stdout, table)
	if *markdown != "" {
		if err := report.WriteFileAtomic(*markdown, a.envSecrets(), func(w io.Writer) error {
			_, err := io.WriteString(w, table)
			return err
		}); err != nil {
			return fmt.Errorf("gate: %w", err)
		}
	}
	switch {
	case !rep.Comparable():
		return cli.Usagef("gate: nothing to compare: %s and %s share no case that both played (%d left out because one of them could not be played)", *base, *cand, len(rep.Errors))
	case rep.Failed():
		return errGateFailed
	}
	return nil
}

// playGate plays the selected suites' standard cases with both models,
// after checking that every replayed case has its cassette.
func (a *app) playGate(ctx context.Context, selected []suites.Suite, root, base, cand string) (baseRes, candRes []results.Result, err error) {
	env := bench.Env{CassetteRoot: root, Agents: suites.Agents(a.suites), Config: providers.Config{}.WithEnv(a.getenvOr()), RecordHint: suites.RecordHint(a.suites)}
	var cases []bench.Case
	for _, s := range selected {
		cs, err := s.Standard()
		if err != nil {
			return nil, nil, fmt.Errorf("gate: %s: %w", s.Name(), err)
		}
		cases = append(cases, cs...)
	}
	sides := []*[]results.Result{&baseRes, &candRes}
	for i, name := range []string{base, cand} {
		m, err := env.Open(name)
		if err != nil {
			return nil, nil, cli.Usagef("gate: %v", err)
		}
		var played []bench.Case
		var missing []error
		for _, c := range cases {
			if !a.plays(name, c) {
				continue
			}
			if err := env.CheckReplay(m, c); err != nil {
				missing = append(missing, err)
				continue
			}
			played = append(played, c)
		}
		if len(played) == 0 {
			why := "it plays none of these suites' cases"
			if len(missing) > 0 {
				why = fmt.Sprintf("%d case(s) cannot be replayed, the first: %v", len(missing), missing[0])
			}
			return nil, nil, cli.Usagef("gate: %s has nothing to compare: %s", name, why)
		}
		if len(missing) > 0 {
			return nil, nil, cli.Usagef("gate: %s: %d of %d case(s) cannot be replayed, the first: %v", name, len(missing), len(played)+len(missing), missing[0])
		}
		rs := make([]results.Result, 0, len(played))
		for _, c := range played {
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
			rs = append(rs, bench.Play(ctx, m, c))
		}
		*sides[i] = rs
	}
	return baseRes, candRes, nil
}

// getenvOr is the app's environment reader.
func (a *app) getenvOr() func(string) string {
	if a.getenv != nil {
		return a.getenv
	}
	return os.Getenv
}

// lenientRules points each rule at its metric's lenient variant where one
// is declared; a gate with none to compare is an error.
func lenientRules(g *bench.GateFile, metrics results.Metrics) error {
	n := 0
	for i := range g.Metrics {
		m := &g.Metrics[i]
		if _, ok := metrics.Lookup(m.Metric + results.LenientSuffix); ok {
			m.Metric += results.LenientSuffix
			n++
		}
	}
	if n == 0 {
		return fmt.Errorf("no metric of these rules has a lenient reading")
	}
	return nil
}
