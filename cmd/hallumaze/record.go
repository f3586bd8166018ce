package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites"
)

// setUsage is the help of --set, the sets of each suite's cases a
// recording covers (bench.Sets).
const setUsage = "cases of each suite: gate (the gate set: what the committed cassettes cover and the gate compares), effort (the gate set and TestEffort's cases: for a model recorded at two or more effort levels) or all (with the whole standard set and every experiment's cases)"

// checkSet refuses a --set that a suite does not have.
func checkSet(cmd string, ss []bench.Suite, set string) error {
	for _, s := range ss {
		if sets := bench.Sets(s); !slices.Contains(sets, set) {
			return cli.Usagef("%s: --set %q: suite %s has no such set (want %s)", cmd, set, s.Name, strings.Join(sets, ", "))
		}
	}
	return nil
}

// errOverBudget ends a recording stopped to keep within --max-cost: exit 1.
var errOverBudget = fmt.Errorf("stopped at --max-cost")

// kindError is an error of a kind (errCaseErrors, …) whose message is its
// own: the kind sets the exit code without adding to the text, so that a
// message can end with the command it gives.
type kindError struct {
	msg  string
	kind error
}

func (e kindError) Error() string { return e.msg }
func (e kindError) Unwrap() error { return e.kind }

// endsWith is an error of a kind with a formatted message.
func endsWith(kind error, format string, args ...any) error {
	return kindError{fmt.Sprintf(format, args...), kind}
}

// runRecord records the cassettes of models over the suites' gate sets
// (make record): every case whose cassette replays is played from it, the
// others are called live and saved. Before the first live call it prints
// what it will record and the estimated cost, and --max-cost refuses a plan
// over the bound and stops a recording before it goes over.
func (a *app) runRecord(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("record", "--models MODEL[,MODEL...] [--suite NAME[,NAME...]|all] [--set gate|effort|all] [--filter REGEXP] [--max-cost USD] [flags]", stdout)
	modelsFlag := fs.String("models", "", "comma-separated models to record (provider/model, settings after an @: anthropic/claude-sonnet-4@thinking=8000); each needs its key when it has a case to record")
	suiteFlag := fs.String("suite", "all", "suites to record: "+strings.Join(suites.Names(a.suites), ", ")+", a comma-separated list of them, or all")
	set := fs.String("set", bench.SetGate, setUsage)
	filter := fs.String("filter", "", "record only the cases whose name, or suite/name, matches this regular expression")
	maxCost := fs.String("max-cost", "", "refuse a recording estimated above this many US dollars, and stop one before its spending goes over")
	root := fs.String("cassettes", suites.DefaultCassettes, "folder of the cassettes")
	configPath := fs.String("config", "", "JSON config file: keys, base URLs, timeouts, request defaults (see config.example.json)")
	baseURL := fs.String("base-url", "", "API root of openai-compatible/NAME models, or provider=URL pairs (the server recorded through; the cassettes do not keep it)")
	keepBase := fs.Bool("keep-base-url", false, "note in each cassette the base URL it was recorded through (by default a cassette holds nothing of it)")
	pricesPath := fs.String("prices", "", pricesUsage)
	concurrency := fs.Int("concurrency", 4, "cases in flight at once")
	timeout := fs.String("timeout", "", "bound on each attempt of a live call, e.g. 90s or 10m (default: timeout of --config, else 10m)")
	if err := fs.Parse(args, false); err != nil {
		return err
	}
	listed, err := providers.ParseNames(*modelsFlag)
	if err != nil {
		return cli.Usagef("record: --models: %v", err)
	}
	var names []string // canonical, each once
	for _, name := range listed {
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return cli.Usagef("record: --models is required (provider/model, comma-separated)")
	}
	for _, name := range names {
		if ref, err := providers.ParseName(name); err == nil && ref.Provider == providers.ProviderAgent {
			return cli.Usagef("record: %s runs in-process and has no traffic to record; make record-agents records the agents through their wire protocols", name)
		}
	}
	selected, err := a.suitesOf("record", *suiteFlag)
	if err != nil {
		return err
	}
	if err := checkSet("record", selected, *set); err != nil {
		return err
	}
	var re *regexp.Regexp
	if *filter != "" {
		if re, err = regexp.Compile(*filter); err != nil {
			return cli.Usagef("record: --filter: %v", err)
		}
	}
	bound := 0.0
	if *maxCost != "" {
		bound, err = strconv.ParseFloat(strings.TrimSpace(*maxCost), 64)
		if err != nil || !(bound > 0) || math.IsInf(bound, 0) {
			return cli.Usagef("record: --max-cost %q is not a positive number of US dollars", *maxCost)
		}
	}
	if *concurrency < 1 {
		return cli.Usagef("record: --concurrency must be at least 1")
	}
	o := runOptions{configPath: *configPath, cassetteRoot: *root}
	if o.baseURLs, err = parseBaseURLs(*baseURL); err != nil {
		return err
	}
	if *timeout != "" {
		if o.timeout, err = durationFlag("timeout", *timeout); err != nil {
			return err
		}
	}
	cfg, err := a.loadConfig(o)
	if err != nil {
		return err
	}
	prices, err := a.priceTable("record", cfg.Prices, *pricesPath)
	if err != nil {
		return err
	}
	var cases []bench.Case
	for _, s := range selected {
		cs, err := bench.SetCases(s, *set)
		if err != nil {
			return fmt.Errorf("record: %w", err)
		}
		for _, c := range cs {
			if re == nil || re.MatchString(c.Name) || re.MatchString(c.Suite+"/"+c.Name) {
				cases = append(cases, c)
			}
		}
	}
	if len(cases) == 0 {
		return cli.Usagef("record: --filter %q matches no case of the %s set of %s", *filter, *set, strings.Join(suites.Names(selected), ", "))
	}

	rc := a.recorder(*root)
	env := bench.Env{
		CassetteRoot:  *root,
		Config:        cfg,
		Agents:        suites.Agents(a.suites),
		Retry:         a.retry,
		Timeout:       o.timeout,
		KeepBaseURL:   *keepBase,
		RecordHint:    rc.Hint,
		RecordMissing: rc.For,
	}
	var models []bench.Model
	for _, name := range names {
		m, err := env.Open(name)
		if err != nil {
			return cli.Usagef("record: %v", err)
		}
		models = append(models, m)
	}
	plan, err := a.planRecording(ctx, env, models, cases, prices)
	if err != nil {
		return err
	}
	plan.write(stdout)
	if plan.count() == 0 {
		return nil
	}
	if err := plan.checkBudget("record", bound); err != nil {
		return err
	}
	return a.recordPlanned(ctx, env, plan, cases, recordLimits{concurrency: *concurrency, maxCost: bound}, stdout)
}

// recordLimits bound a recording.
type recordLimits struct {
	concurrency int
	maxCost     float64
}

// recordPlanned calls live and saves the cases of the plan, a line for
// each as it ends, then says what was recorded, what failed and what was
// left to keep within --max-cost, each with the command that records it.
func (a *app) recordPlanned(ctx context.Context, env bench.Env, plan *recordPlan, cases []bench.Case, lim recordLimits, stdout io.Writer) error {
	env.ToRecord = plan.records
	var models []bench.Model
	for _, name := range plan.models {
		if len(plan.toRecord[name]) == 0 {
			continue
		}
		m, err := env.Open(name)
		if err != nil {
			return cli.Usagef("record: %v", err)
		}
		models = append(models, m)
	}
	var b *budget
	if lim.maxCost > 0 {
		b = &budget{max: lim.maxCost}
	}
	planned := map[string]bool{}
	for model, cs := range plan.toRecord {
		for _, c := range cs {
			planned[model+"\x00"+c.Suite+"/"+c.Name] = true
		}
	}
	var recorded int
	spent := 0.0
	failed := map[string][]bench.Case{}
	left := map[string][]bench.Case{}
	var firstErr string
	byKey := map[string]bench.Case{}
	for _, c := range cases {
		byKey[c.Suite+"/"+c.Name] = c
	}
	err := bench.Sweep(ctx, models, func(yield func(bench.Case) bool) {
		for _, c := range cases {
			if !yield(c) {
				return
			}
		}
	}, bench.SweepOptions{
		Concurrency: lim.concurrency,
		Skip: func(model string, c bench.Case) bool {
			key := model + "\x00" + c.Suite + "/" + c.Name
			if !planned[key] {
				return true
			}
			if !b.start(plan.estimate[key]) {
				left[model] = append(left[model], c)
				return true
			}
			return false
		},
		OnResult: func(r results.Result, err error) {
			key := r.Model + "\x00" + r.Suite + "/" + r.Case
			cost := caseCost(r, plan.prices)
			b.done(plan.estimate[key], cost)
			spent += cost
			if r.Error != "" {
				failed[r.Model] = append(failed[r.Model], byKey[r.Suite+"/"+r.Case])
				if firstErr == "" {
					firstErr = cli.FirstLine(r.Error)
				}
				fmt.Fprintf(stdout, "  failed   %s %s/%s: %s\n", r.Model, r.Suite, r.Case, a.redact(cli.FirstLine(r.Error)))
				return
			}
			recorded++
			price := ""
			if _, ok := plan.prices.Lookup(r.Model); ok {
				price = fmt.Sprintf(", $%.4f", cost)
			}
			fmt.Fprintf(stdout, "  recorded %s %s/%s (%d call(s)%s)\n", r.Model, r.Suite, r.Case, len(r.Turns)/2, price)
		},
	})
	if err != nil {
		return fmt.Errorf("record: %w (the cases recorded so far are saved; run the command again to record the rest)", err)
	}
	fmt.Fprintf(stdout, "recorded %d cassette(s) under %s", recorded, env.CassetteRoot)
	if spent > 0 {
		fmt.Fprintf(stdout, ", $%.2f at list prices", spent)
	}
	fmt.Fprintln(stdout)
	rc := a.recorder(env.CassetteRoot)
	switch {
	case len(failed) > 0:
		n := 0
		for _, cs := range failed {
			n += len(cs)
		}
		return endsWith(errCaseErrors, "record: %d case(s) failed on the provider's side and saved no cassette (the first: %s); once that is fixed, record them with: %s", n, firstErr, rc.For(failed))
	case len(left) > 0:
		n := 0
		for _, cs := range left {
			n += len(cs)
		}
		return endsWith(errOverBudget, "record: %d case(s) left unrecorded to keep within --max-cost $%.2f; record them with: %s", n, lim.maxCost, rc.For(left))
	}
	return nil
}
