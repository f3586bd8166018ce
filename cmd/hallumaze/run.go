package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"iter"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/suites"
)

// runOptions are the settings of one run, from the command line.
type runOptions struct {
	configPath  string
	baseURLs    map[string]string
	maxTokens   int
	output      string
	csv         bool
	html        string
	interactive bool
	models      []string
	concurrency int
	perProvider map[string]int
	rpm         map[string]int
	record      bool
	resume      string
	human       string
	prices      string
	shard       *bench.Shard
	// filter keeps the cases whose name or suite/name it matches; limit
	// keeps the first limit cases of each suite (0: all).
	filter       *regexp.Regexp
	limit        int
	cassetteRoot string
	quiet        bool
	// bilingual gives the readings in English and Korean.
	bilingual bool
	// timeout bounds each attempt of a live call (0: the config's, else
	// 10 minutes); caseTimeout bounds a whole case.
	timeout     time.Duration
	caseTimeout time.Duration
	maxErrors   errorBudget

	// suites are the suites the run plays, and plans their cases once the
	// flags are checked, in the same order.
	suites []bench.Suite
	plans  []func() (iter.Seq[bench.Case], error)
	// fs holds the parsed flags (--interactive sets the suites' through it).
	fs *flag.FlagSet
	// args are the run's arguments as given, for the command that records
	// what the run finds missing.
	args []string
	// dryRun checks and plans the run, calls nothing and writes nothing.
	dryRun bool
}

func (a *app) runRun(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	o, err := a.parseRun(args, stdout)
	if err != nil {
		return err
	}
	_, err = a.execRun(ctx, o, stdout, stderr)
	return err
}

// suiteValue finds the value of --suite in args without parsing them: the
// suites' own flags depend on it.
func suiteValue(args []string) string {
	for i, arg := range args {
		if arg == "--" {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		if !strings.HasPrefix(arg, "-") || name != "suite" {
			continue
		}
		if hasValue {
			return value
		}
		if i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}

// wantsHelp reports -h or --help among args.
func wantsHelp(args []string) bool {
	for _, arg := range args {
		switch arg {
		case "--":
			return false
		case "-h", "-help", "--help", "--h":
			return true
		}
	}
	return false
}

// selectSuites reads --suite: one suite's name, or "all".
func (a *app) selectSuites(value string) ([]bench.Suite, error) {
	names := suites.Names(a.suites)
	if value == "" {
		value = names[0]
	}
	if value == "all" {
		return a.suites, nil
	}
	if s, ok := bench.FindSuite(a.suites, value); ok {
		return []bench.Suite{s}, nil
	}
	return nil, cli.Usagef("run: unknown --suite %q (want %s or all)", value, strings.Join(names, ", "))
}

// runFlags declares the flags every run has, whatever its suites.
func runFlags(fs *flag.FlagSet, o *runOptions, names []string, raw map[string]*string) {
	str := func(name, value, usage string) { raw[name] = fs.String(name, value, usage) }
	fs.StringVar(&o.configPath, "config", "", "JSON config file: keys, models, base URLs, timeouts, request defaults (see config.example.json); unknown keys are an error")
	str("suite", names[0], "suite to run: "+strings.Join(names, ", ")+" or all; a suite's flags may also be spelled with its name before them (--worlds-level)")
	str("max-tokens", "", "reply token budget (default 2500, or max_tokens of --config)")
	fs.StringVar(&o.output, "output", "", "results JSON path (default results/hallumaze_results_<time>.json, or beside --resume FILE); the JSONL, CSV and HTML sit beside it with their own extensions")
	fs.BoolVar(&o.csv, "csv", false, "also write a CSV, one row per case, beside the JSON")
	fs.StringVar(&o.html, "html", "", "also write the one-file HTML report to this path (\"auto\": beside the JSON)")
	fs.BoolVar(&o.interactive, "interactive", false, "ask for keys and settings on the terminal (refuses when stdin is not a terminal); keys typed are used for this run only")
	str("models", "", "comma-separated models (provider/model, settings after an @: openai/o4-mini@effort=high,anthropic/claude-sonnet-4@thinking=8000); default: the models of --config, else every provider with a key, else the reference agents")
	str("base-url", "", "API root of openai-compatible/NAME models (a vLLM, llama.cpp, LM Studio or OpenRouter server), or provider=URL pairs, comma-separated (ollama=http://gpu-box:11434)")
	fs.IntVar(&o.concurrency, "concurrency", 4, "cases in flight at once, over all models")
	str("per-provider", "", "cases in flight per provider, e.g. openai=2,anthropic=1 (within --concurrency)")
	str("rpm", "", "case starts per minute per provider, e.g. openai=60,google=15")
	fs.BoolVar(&o.record, "record", false, "record the cassettes the run's cases lack under --cassettes (live calls: needs the provider's key), replaying those that replay")
	fs.StringVar(&o.resume, "resume", "", "continue the JSONL results file of an interrupted run: finished cases are kept and skipped, failed ones played again; run with the same settings")
	fs.StringVar(&o.human, "human", "", "human control-group results (JSON) to show in the same tables")
	fs.StringVar(&o.prices, "prices", "", pricesUsage+", and those of --config")
	str("shard", "", "run only shard i of n of the cases (i/n, split by a hash of each case's name), for a CI matrix; merge the shards' JSONL files with hallumaze report")
	str("filter", "", "play only the cases whose name, or suite/name, matches this regular expression (e.g. 'size=7', '^maze/')")
	str("limit", "", "play at most N cases of each suite (after --filter and --shard), for a quick look")
	fs.StringVar(&o.cassetteRoot, "cassettes", "cassettes", "folder of recorded cassettes (replayed for a model without a key)")
	fs.BoolVar(&o.bilingual, "bilingual", false, "give the readings of the seed's tables in English and Korean (default: the run's language)")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress output, and no notice when the reference agents stand in for models")
	str("timeout", "", "bound on each attempt of a live call, e.g. 90s or 10m (default: timeout of --config, else 10m); an attempt past it is retried")
	str("case-timeout", "60m", "bound on a whole case, every call and retry included")
	str("max-errors", "0", "cases that may fail on the provider's side before the run exits 3: a count, or a share such as 5%")
	fs.BoolVar(&o.dryRun, "dry-run", false, "check the flags, config, models, keys and cassettes and say what the run would play, then stop: nothing is called or written")
}

// parseRun reads the flags of hallumaze run: the run's own, and those of
// the suites --suite selects. Every check that needs no file and no model
// happens here.
func (a *app) parseRun(args []string, help io.Writer) (runOptions, error) {
	names := suites.Names(a.suites)
	if wantsHelp(args) {
		fs := cli.NewFlagSet("run", "[flags]", help)
		runFlags(fs.FlagSet, &runOptions{}, names, map[string]*string{})
		for _, s := range a.suites {
			s.Flags(fs.FlagSet)
		}
		fs.PrintHelp()
		return runOptions{}, cli.ErrHelp
	}
	o := runOptions{}
	var err error
	if o.suites, err = a.selectSuites(suiteValue(args)); err != nil {
		return o, err
	}
	fs := cli.NewFlagSet("run", "[flags]", help)
	raw := map[string]*string{}
	runFlags(fs.FlagSet, &o, names, raw)
	if o.plans, err = suites.DeclareFlags(fs.FlagSet, o.suites); err != nil {
		return o, cli.Usagef("run: %v", err)
	}
	o.fs = fs.FlagSet
	o.args = args
	if err := fs.Parse(args, false); err != nil {
		return o, a.otherSuiteFlag(err, o.suites)
	}
	if o.baseURLs, err = parseBaseURLs(*raw["base-url"]); err != nil {
		return o, err
	}
	if v := *raw["max-tokens"]; v != "" {
		if o.maxTokens, err = intFlag("max-tokens", v, 1, providers.MaxMaxTokens); err != nil {
			return o, err
		}
	}
	if o.concurrency < 1 {
		return o, cli.Usagef("run: --concurrency must be at least 1")
	}
	if o.perProvider, err = providerInts("per-provider", *raw["per-provider"]); err != nil {
		return o, err
	}
	if o.rpm, err = providerInts("rpm", *raw["rpm"]); err != nil {
		return o, err
	}
	if v := *raw["shard"]; v != "" {
		if o.shard, err = bench.ParseShard(v); err != nil {
			return o, cli.Usagef("run: --shard: %v", err)
		}
	}
	if v := *raw["filter"]; v != "" {
		if o.filter, err = regexp.Compile(v); err != nil {
			return o, cli.Usagef("run: --filter: %v", err)
		}
	}
	if v := *raw["limit"]; v != "" {
		if o.limit, err = intFlag("limit", v, 1, math.MaxInt32); err != nil {
			return o, err
		}
	}
	if v := *raw["timeout"]; v != "" {
		if o.timeout, err = durationFlag("timeout", v); err != nil {
			return o, err
		}
	}
	if o.caseTimeout, err = durationFlag("case-timeout", *raw["case-timeout"]); err != nil {
		return o, err
	}
	if o.maxErrors, err = parseErrorBudget(*raw["max-errors"]); err != nil {
		return o, err
	}
	if v := *raw["models"]; v != "" {
		names, err := providers.ParseNames(v)
		if err != nil {
			return o, cli.Usagef("run: --models: %v", err)
		}
		seen := map[string]bool{}
		for _, m := range names {
			if seen[m] {
				return o, cli.Usagef("run: --models names %s twice", m)
			}
			seen[m] = true
			o.models = append(o.models, m)
		}
		if len(o.models) == 0 {
			return o, cli.Usagef("run: --models %q names no model", v)
		}
	}
	return o, nil
}

// otherSuiteFlag turns "flag provided but not defined" for a flag of a
// suite the run does not play into a message that says which suite it
// belongs to.
func (a *app) otherSuiteFlag(err error, selected []bench.Suite) error {
	const undefined = "flag provided but not defined: -"
	msg := err.Error()
	i := strings.Index(msg, undefined)
	if i < 0 {
		return err
	}
	name := msg[i+len(undefined):]
	for _, s := range a.suites {
		for _, f := range suites.FlagNames(s) {
			bare, _ := strings.CutPrefix(f, s.Name+"-")
			if f == name || bare == name || suites.Prefixed(s.Name, f) == name {
				return cli.Usagef("run: --%s belongs to --suite %s (or all)", name, s.Name)
			}
		}
	}
	return err
}

// intFlag parses an integer flag within [lo, hi].
func intFlag(name, value string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(value))
	if err != nil {
		return 0, cli.Usagef("run: --%s %q is not a number", name, value)
	}
	if n < lo || n > hi {
		return 0, cli.Usagef("run: --%s %d out of range %d..%d", name, n, lo, hi)
	}
	return n, nil
}

// durationFlag parses a positive duration flag.
func durationFlag(name, value string) (time.Duration, error) {
	d, err := time.ParseDuration(strings.TrimSpace(value))
	if err != nil || d <= 0 {
		return 0, cli.Usagef("run: --%s %q is not a positive duration such as 90s or 10m", name, value)
	}
	return d, nil
}

// errorBudget is --max-errors: how many cases may fail on the provider's
// side before a run fails, as a count or as a share of the cases played.
type errorBudget struct {
	count   int
	share   float64 // in [0, 1]; used when isShare
	isShare bool
}

// allows reports whether errors failed cases of played are within budget.
func (b errorBudget) allows(errors, played int) bool {
	if b.isShare {
		return float64(errors) <= b.share*float64(played)
	}
	return errors <= b.count
}

func (b errorBudget) String() string {
	if b.isShare {
		return strconv.FormatFloat(b.share*100, 'g', -1, 64) + "%"
	}
	return strconv.Itoa(b.count)
}

func parseErrorBudget(s string) (errorBudget, error) {
	s = strings.TrimSpace(s)
	if p, ok := strings.CutSuffix(s, "%"); ok {
		v, err := strconv.ParseFloat(p, 64)
		if err != nil || math.IsNaN(v) || v < 0 || v > 100 {
			return errorBudget{}, cli.Usagef("run: --max-errors %q is not a share between 0%% and 100%%", s)
		}
		return errorBudget{share: v / 100, isShare: true}, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return errorBudget{}, cli.Usagef("run: --max-errors %q is not a count ≥ 0 or a share such as 5%%", s)
	}
	return errorBudget{count: n}, nil
}

// providerInts parses "openai=2,anthropic=1".
func providerInts(flag, s string) (map[string]int, error) {
	out := map[string]int{}
	if s == "" {
		return out, nil
	}
	known := providers.Providers()
	for _, part := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		n, err := strconv.Atoi(v)
		if !ok || err != nil || n < 1 {
			return nil, cli.Usagef("run: --%s: %q is not provider=N with N ≥ 1", flag, part)
		}
		if !slices.Contains(known, k) {
			return nil, cli.Usagef("run: --%s: unknown provider %q (want one of %s)", flag, k, strings.Join(known, ", "))
		}
		out[k] = n
	}
	return out, nil
}

// parseBaseURLs reads --base-url: one URL for openai-compatible models, or
// provider=URL pairs.
func parseBaseURLs(s string) (map[string]string, error) {
	out := map[string]string{}
	if s == "" {
		return out, nil
	}
	if !strings.Contains(s, "=") {
		out[providers.ProviderOpenAICompatible] = s
		return out, nil
	}
	for _, part := range strings.Split(s, ",") {
		p, u, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok || p == "" || u == "" {
			return nil, cli.Usagef("run: --base-url: %q is not provider=URL", part)
		}
		out[p] = u
	}
	return out, nil
}

// errCaseErrors ends a run whose cases failed on the provider's side beyond
// --max-errors, or that scored nothing: exit 3.
var errCaseErrors = fmt.Errorf("cases failed")
