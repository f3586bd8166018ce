package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/modelname"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites"
)

// errGateFailed is returned when the gate finds a regression: exit 1.
var errGateFailed = errors.New("gate: significant regression")

// runGate compares a candidate model with a baseline over the same cases:
// the suites' gate sets replayed from the cassettes (or played by the
// agents), or the results files given. The suites compared are those the
// results hold (with --results), else those either model has cassettes of
// or plays as a reference agent; --suite narrows them. Exit 1 means a
// significant regression and nothing else; a comparison that cannot be made
// (no rule compared a case both models played, a cassette missing) exits 2
// and says why, ending with the command that records what is missing.
func (a *app) runGate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("gate", "--base MODEL --cand MODEL [--results FILE,...] [flags]", stdout)
	base := fs.String("base", "", "baseline model (provider/model, settings after an @: openai/o4-mini@effort=low)")
	cand := fs.String("cand", "", "candidate model (provider/model; another setting of the same model is another model: openai/o4-mini@effort=high)")
	resultsFlag := fs.String("results", "", "comma-separated JSONL results files to compare instead of playing the cases")
	gatePath := fs.String("gate", "", "threshold file overriding the suites' own rules (see docs/bench.md)")
	cassetteRoot := fs.String("cassettes", suites.DefaultCassettes, "folder of recorded cassettes")
	markdown := fs.String("markdown", "", "also write the Markdown table to this file (for a PR comment)")
	tier := fs.String("tier", "strict", "reading of the replies to compare: strict (the output contract) or lenient (each metric's -lenient variant, where a suite reads replies leniently too)")
	suiteFlag := fs.String("suite", "", "suites to compare: "+strings.Join(suites.Names(a.suites), ", ")+", a comma-separated list of them, or all; default: the suites the --results hold, else every suite either model has cassettes of or plays")
	dimsFlag := fs.String("dimensions", "", "also hold the candidate to the baseline on these metacognition profile dimensions (comma-separated: knows-unknown, answers, notices, calibrated, resists, uses-help; docs/profile.md)")
	if err := fs.Parse(args, false); err != nil {
		return err
	}
	dims, err := gateDimensions(*dimsFlag)
	if err != nil {
		return err
	}
	if *base == "" || *cand == "" {
		return cli.Usagef("gate: --base and --cand are required")
	}
	for _, name := range []*string{base, cand} {
		ref, err := providers.ParseName(*name)
		if err != nil {
			return cli.Usagef("gate: %v", err)
		}
		*name = ref.String() // results name a model in its canonical spelling
	}
	if err := cli.CheckOutput(*markdown, false); err != nil {
		return cli.Usagef("gate: --markdown: %v", err)
	}
	var narrow []bench.Suite
	if *suiteFlag != "" {
		var err error
		if narrow, err = a.suitesOf("gate", *suiteFlag); err != nil {
			return err
		}
	}
	var baseRes, candRes []results.Result
	var selected []bench.Suite
	if *resultsFlag != "" {
		var err error
		if baseRes, candRes, err = a.gateResults(strings.Split(*resultsFlag, ","), *base, *cand, len(dims) > 0, stderr); err != nil {
			return err
		}
		if len(baseRes) == 0 || len(candRes) == 0 {
			return cli.Usagef("gate: the results files hold %d results of %s and %d of %s", len(baseRes), *base, len(candRes), *cand)
		}
		selected = a.suitesHeld(append(append([]results.Result{}, baseRes...), candRes...), narrow)
		if len(selected) == 0 {
			return cli.Usagef("gate: the results of %s and %s hold no case of --suite %s", *base, *cand, *suiteFlag)
		}
		baseRes, candRes = ofSuites(baseRes, selected), ofSuites(candRes, selected)
	} else {
		selected = narrow
		if selected == nil {
			selected = a.suitesHad(*cassetteRoot, *base, *cand)
		}
		var err error
		if baseRes, candRes, err = a.playGate(ctx, selected, *cassetteRoot, *base, *cand); err != nil {
			return err
		}
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
	rep := bench.Compare(g, *base, baseRes, *cand, candRes)
	table := rep.Markdown()
	dimGate, err := gateProfile(dims, *base, baseRes, *cand, candRes)
	if err != nil {
		return err
	}
	if dimGate != nil {
		table += dimGate.Text()
	}
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
		return cli.Usagef("gate: nothing compared: no rule of %s had a case both %s and %s played (%d paired case(s), %d left out because one of them could not be played)",
			strings.Join(suites.Names(selected), ", "), *base, *cand, rep.Paired, len(rep.Errors))
	case rep.Failed(), dimGate != nil && dimGate.Failed():
		return errGateFailed
	}
	return nil
}

// suitesHeld are the suites the results hold, in the suites' order, among
// narrow (nil: all).
func (a *app) suitesHeld(rs []results.Result, narrow []bench.Suite) []bench.Suite {
	held := map[string]bool{}
	for _, r := range rs {
		held[r.Suite] = true
	}
	var out []bench.Suite
	for _, s := range a.suites {
		if held[s.Name] && (narrow == nil || slices.ContainsFunc(narrow, func(n bench.Suite) bool { return n.Name == s.Name })) {
			out = append(out, s)
		}
	}
	return out
}

// ofSuites keeps the results of the suites given.
func ofSuites(rs []results.Result, ss []bench.Suite) []results.Result {
	var out []results.Result
	for _, r := range rs {
		if slices.ContainsFunc(ss, func(s bench.Suite) bool { return s.Name == r.Suite }) {
			out = append(out, r)
		}
	}
	return out
}

// suitesHad are the suites either model has: cassettes of it under root,
// or, for a reference agent, a suite it plays. With none, every suite: the
// gate then says what to record.
func (a *app) suitesHad(root string, models ...string) []bench.Suite {
	var out []bench.Suite
	for _, s := range a.suites {
		recorded, _ := bench.RecordedModels(root, s.Name)
		for _, m := range models {
			n, err := modelname.Parse(m)
			if err != nil {
				continue
			}
			isAgent := n.Provider == modelname.Agent
			if (isAgent && suites.Plays(s, n.ID)) || (!isAgent && slices.Contains(recorded, n.String())) {
				out = append(out, s)
				break
			}
		}
	}
	if len(out) == 0 {
		return a.suites
	}
	return out
}

// playGate plays the selected suites' gate sets with both models, after
// checking that every replayed case has its cassette: the error of those
// that do not ends with the one command that records them all.
func (a *app) playGate(ctx context.Context, selected []bench.Suite, root, base, cand string) (baseRes, candRes []results.Result, err error) {
	rc := a.recorder(root)
	cfg := providers.Config{}.WithEnv(a.getenvOr())
	env := bench.Env{CassetteRoot: root, Agents: suites.Agents(a.suites), Config: cfg, RecordHint: rc.Hint, RecordMissing: rc.For}
	var cases []bench.Case
	for _, s := range selected {
		cs, err := bench.GateSet(s)
		if err != nil {
			return nil, nil, fmt.Errorf("gate: %w", err)
		}
		cases = append(cases, cs...)
	}
	missing := map[string][]bench.Case{}
	var first error
	n := 0
	var models []bench.Model
	for _, name := range []string{base, cand} {
		m, err := env.Open(name)
		if err != nil {
			return nil, nil, cli.Usagef("gate: %v", err)
		}
		models = append(models, m)
		for _, c := range cases {
			if !a.plays(name, c) {
				continue
			}
			if err := env.CheckReplay(m, c); err != nil {
				n++
				if first == nil {
					first = err
				}
				missing[name] = append(missing[name], c)
			}
		}
	}
	if n > 0 {
		var parts []string
		for _, name := range []string{base, cand} {
			if k := len(missing[name]); k > 0 {
				parts = append(parts, fmt.Sprintf("%s lacks %d", name, k))
			}
		}
		return nil, nil, cli.Usagef("gate: %d cassette(s) of the gate set of %s cannot be replayed: %s (the first: %v); %s",
			n, strings.Join(suites.Names(selected), ", "), strings.Join(parts, ", "), first, recordAdvice(cfg, missing, rc.For(missing)))
	}
	sides := []*[]results.Result{&baseRes, &candRes}
	for i, m := range models {
		var rs []results.Result
		for _, c := range cases {
			if !a.plays(m.Name, c) {
				continue
			}
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
			r, err := bench.PlayCase(ctx, m, c)
			if errors.Is(err, bench.ErrSetup) {
				// a cassette that no longer matches the case's requests
				n++
				if first == nil {
					first = errors.New(strings.SplitN(err.Error(), "; record it with: ", 2)[0])
				}
				missing[m.Name] = append(missing[m.Name], c)
			}
			rs = append(rs, r)
		}
		*sides[i] = rs
	}
	if n > 0 {
		return nil, nil, cli.Usagef("gate: %d cassette(s) of %s do not replay the requests their cases make now (the first: %v); %s",
			n, strings.Join(suites.Names(selected), ", "), first, recordAdvice(cfg, missing, rc.For(missing)))
	}
	if len(baseRes) == 0 || len(candRes) == 0 {
		return nil, nil, cli.Usagef("gate: nothing compared: %s plays %d and %s %d case(s) of %s", base, len(baseRes), cand, len(candRes), strings.Join(suites.Names(selected), ", "))
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

// gateResults reads the results of the two models from the files a line at
// a time. The paired tests read a result's names, error and metrics, so
// that is what is kept of each, unless whole is set (the profile's
// dimensions read the details too): a gate over files of 100,000 cases
// holds the two models' metrics, not their transcripts.
func (a *app) gateResults(paths []string, base, cand string, whole bool, stderr io.Writer) (baseRes, candRes []results.Result, err error) {
	src, closeFiles, err := a.openResults("gate", paths, "", stderr)
	if err != nil {
		return nil, nil, err
	}
	defer closeFiles()
	for i := range src.Len() {
		r, err := src.At(i)
		if err != nil {
			return nil, nil, cli.Usagef("gate: %v", err)
		}
		if r.Model != base && r.Model != cand {
			continue
		}
		if !whole {
			k := results.Result{Suite: r.Suite, Model: r.Model, Case: r.Case, Metrics: r.Metrics, Error: r.Error}
			if results.IsHuman(r) {
				k.Tags = map[string]string{"human": "true"}
			}
			r = k
		}
		if r.Model == base {
			baseRes = append(baseRes, r)
		}
		if r.Model == cand {
			candRes = append(candRes, r)
		}
	}
	return baseRes, candRes, nil
}
