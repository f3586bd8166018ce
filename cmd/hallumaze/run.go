package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/hallumaze/hallumaze/abstain"
	"github.com/hallumaze/hallumaze/agents"
	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/providers"
)

// errInterrupted ends a run stopped by Ctrl-C: exit 130, with every
// finished case kept.
var errInterrupted = errors.New("interrupted: finished cases are kept; continue with --resume")

// runOptions are the settings of one run, from flags, the config file and
// the environment.
type runOptions struct {
	configPath   string
	size         int
	runs         int
	seed         uint64
	seedGiven    bool
	maxTokens    int
	group        string
	noMirage     bool
	noConf       bool
	output       string
	csv          bool
	html         string
	interactive  bool
	models       []string
	suite        string
	lang         mazes.Lang
	protocol     mazes.Protocol
	algorithm    mazes.Algorithm
	concurrency  int
	perProvider  map[string]int
	rpm          map[string]int
	record       bool
	resume       string
	human        string
	shard        *bench.Shard
	cassetteRoot string
	quiet        bool
	items        string
	umwp         string
}

func runRun(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("run", "[flags]", stdout)
	o := runOptions{}
	var size, runs, seed, maxTokens, group, lang, protocol, alg, models, rpm, perProvider, shard string
	fs.StringVar(&o.configPath, "config", "", "JSON config file (keys, models, settings; see config.example.json)")
	fs.StringVar(&size, "size", "7", "maze size N (2..1001; the seed uses 5, 7, 9, 11)")
	fs.StringVar(&runs, "runs", "1", "runs per model: repeated samples of one maze with --seed, else one new maze per run")
	fs.StringVar(&seed, "seed", "", "maze seed: every run uses this maze (default: run k uses seed k)")
	fs.StringVar(&maxTokens, "max-tokens", "", "reply token budget (default 2500)")
	fs.StringVar(&group, "group", "A", "Ariadne's Thread group: A (pure), B (triggered hints), C (hints at every trigger); B and C play interactively")
	fs.BoolVar(&o.noMirage, "no-mirage", false, "leave out the Linguistic Mirage lures")
	fs.BoolVar(&o.noConf, "no-confidence", false, "do not ask for confidences")
	fs.StringVar(&o.output, "output", "", "seed-format JSON results path (default results/hallumaze_results_<time>.json); the JSONL, CSV and HTML sit beside it")
	fs.BoolVar(&o.csv, "csv", false, "also write a CSV, one row per case")
	fs.StringVar(&o.html, "html", "", "also write the one-file HTML report to this path (\"auto\": beside the JSON)")
	fs.BoolVar(&o.interactive, "interactive", false, "ask for keys and settings on the terminal")
	fs.StringVar(&models, "models", "", "comma-separated models (provider/model); default: every provider with a key, else the reference agents")
	fs.StringVar(&o.suite, "suite", "maze", "suite to run: maze (HalluMaze), abstain (Missing Piece) or all")
	fs.StringVar(&o.items, "items", "", "abstain suite: run this item file (JSONL of the item schema) instead of the standard 120 items")
	fs.StringVar(&o.umwp, "umwp", "", "abstain suite: run the UMWP data set (its StandardDataset.jsonl) instead of the standard items")
	fs.StringVar(&lang, "lang", "en", "prompt language: en or ko")
	fs.StringVar(&protocol, "protocol", "oneshot", "maze protocol: oneshot (the whole walk in one reply) or interactive (one move per turn)")
	fs.StringVar(&alg, "algorithm", "dfs", "maze generator: dfs or wilson")
	fs.IntVar(&o.concurrency, "concurrency", 4, "cases in flight at once")
	fs.StringVar(&perProvider, "per-provider", "", "cases in flight per provider, e.g. openai=2,anthropic=1")
	fs.StringVar(&rpm, "rpm", "", "case starts per minute per provider, e.g. openai=60,google=15")
	fs.BoolVar(&o.record, "record", false, "save cassettes of the live calls under --cassettes")
	fs.StringVar(&o.resume, "resume", "", "continue the JSONL results file of an interrupted run: finished cases are skipped")
	fs.StringVar(&o.human, "human", "", "human control-group results (JSON) to show in the same tables")
	fs.StringVar(&shard, "shard", "", "run only shard i of n of the cases (i/n), for a CI matrix; merge with hallumaze report")
	fs.StringVar(&o.cassetteRoot, "cassettes", "cassettes", "folder of recorded cassettes")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress output")
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var err error
	if o.size, err = intFlag("size", size, mazes.MinSize, mazes.MaxSize); err != nil {
		return err
	}
	if o.runs, err = intFlag("runs", runs, 1, 1_000_000); err != nil {
		return err
	}
	if seed != "" {
		if o.seed, err = strconv.ParseUint(seed, 10, 64); err != nil {
			return usagef("run: --seed %q is not a number in 0..2^64-1", seed)
		}
		o.seedGiven = true
	}
	if maxTokens != "" {
		if o.maxTokens, err = intFlag("max-tokens", maxTokens, 1, 1_000_000); err != nil {
			return err
		}
	}
	if _, err := bench.ParseGroup(group); err != nil {
		return usagef("run: --group: %v", err)
	}
	o.group = group
	if o.lang, err = mazes.ParseLang(lang); err != nil {
		return usagef("run: --lang: %v", err)
	}
	if o.protocol, err = mazes.ParseProtocol(protocol); err != nil {
		return usagef("run: --protocol: %v", err)
	}
	if o.group != "A" {
		if set["protocol"] && o.protocol != mazes.Interactive {
			return usagef("run: --group %s needs --protocol interactive", o.group)
		}
		o.protocol = mazes.Interactive
	}
	if o.algorithm, err = mazes.ParseAlgorithm(alg); err != nil {
		return usagef("run: --algorithm: %v", err)
	}
	switch o.suite {
	case "maze", "abstain", "all":
	default:
		return usagef("run: unknown --suite %q (want maze, abstain or all)", o.suite)
	}
	if (o.items != "" || o.umwp != "") && o.suite == "maze" {
		return usagef("run: --items and --umwp belong to --suite abstain")
	}
	if o.items != "" && o.umwp != "" {
		return usagef("run: give --items or --umwp, not both")
	}
	if o.concurrency < 1 {
		return usagef("run: --concurrency must be at least 1")
	}
	if o.perProvider, err = providerInts("per-provider", perProvider); err != nil {
		return err
	}
	if o.rpm, err = providerInts("rpm", rpm); err != nil {
		return err
	}
	if shard != "" {
		if o.shard, err = bench.ParseShard(shard); err != nil {
			return usagef("run: --shard: %v", err)
		}
	}
	if models != "" {
		for _, m := range strings.Split(models, ",") {
			if m = strings.TrimSpace(m); m != "" {
				o.models = append(o.models, m)
			}
		}
	}
	return execRun(ctx, o, stdout, stderr)
}

// intFlag parses an integer flag within [lo, hi].
func intFlag(name, value string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(value)
	if err != nil {
		return 0, usagef("run: --%s %q is not a number", name, value)
	}
	if n < lo || n > hi {
		return 0, usagef("run: --%s %d out of range %d..%d", name, n, lo, hi)
	}
	return n, nil
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
			return nil, usagef("run: --%s: %q is not provider=N with N ≥ 1", flag, part)
		}
		if !contains(known, k) {
			return nil, usagef("run: --%s: unknown provider %q (want one of %s)", flag, k, strings.Join(known, ", "))
		}
		out[k] = n
	}
	return out, nil
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// resolveModels picks the models of a run and opens them, before any call.
// It reports whether the reference agents stand in for missing keys.
func resolveModels(o runOptions, cfg providers.Config) ([]bench.Model, bool, error) {
	env := bench.Env{
		CassetteRoot: o.cassetteRoot,
		Config:       cfg,
		Agents:       agents.Lookup,
		Live:         true,
	}
	if o.record {
		env.Record = "."
	}
	names := o.models
	fallback := false
	if len(names) == 0 {
		names = cfg.ModelNames()
	}
	if len(names) == 0 {
		fallback = true
		for _, suite := range o.suites() {
			for _, a := range agents.ForSuite(suite) {
				names = append(names, "agent/"+a)
			}
		}
	}
	var out []bench.Model
	for _, name := range names {
		provider, _, err := providers.ParseModelName(name)
		if err != nil {
			return nil, false, usagef("run: %v", err)
		}
		if provider != providers.ProviderAgent && !bench.HasKey(cfg, provider) {
			recorded := false
			for _, suite := range o.suites() {
				names, _ := bench.RecordedModels(o.cassetteRoot, suite)
				recorded = recorded || contains(names, name)
			}
			if !recorded || o.record {
				return nil, false, usagef("run: %s: no key: set the provider's API key variable (see hallumaze run --help and config.example.json), or record its cassettes first", name)
			}
		}
		m, err := env.Open(name)
		if err != nil {
			return nil, false, usagef("run: %v", err)
		}
		out = append(out, m)
	}
	return out, fallback, nil
}

// suites lists the suites a run plays.
func (o runOptions) suites() []string {
	if o.suite == "all" {
		return []string{"maze", "abstain"}
	}
	return []string{o.suite}
}

// runCases builds every case of a run, suite by suite.
func runCases(o runOptions) ([]bench.Case, error) {
	var cases []bench.Case
	for _, suite := range o.suites() {
		var cs []bench.Case
		var err error
		switch suite {
		case "maze":
			cs, err = mazeCases(o)
		case "abstain":
			cs, err = abstainCases(o)
		}
		if err != nil {
			return nil, err
		}
		cases = append(cases, cs...)
	}
	return cases, nil
}

// abstainCases builds the Missing Piece cases: the standard items (of
// --seed, else the standard set), an item file, or UMWP; --runs repeats
// nothing here, as the items are fixed.
func abstainCases(o runOptions) ([]bench.Case, error) {
	var items []abstain.Item
	switch {
	case o.items != "":
		f, err := os.Open(o.items)
		if err != nil {
			return nil, usagef("run: --items: %v", err)
		}
		defer f.Close()
		if items, err = abstain.ReadItems(f); err != nil {
			return nil, usagef("run: --items %s: %v", o.items, err)
		}
	case o.umwp != "":
		var err error
		if items, err = abstain.LoadUMWP(o.umwp); err != nil {
			return nil, usagef("run: --umwp: %v", err)
		}
	default:
		seed := abstain.DefaultSeed
		if o.seedGiven {
			seed = o.seed
		}
		items = abstain.Standard(seed)
	}
	return bench.AbstainCases(items), nil
}

// mazeCases builds the cases of a run from its settings.
func mazeCases(o runOptions) ([]bench.Case, error) {
	var cases []bench.Case
	for r := 0; r < o.runs; r++ {
		spec := bench.MazeSpec{
			Size: o.size, Algorithm: o.algorithm, Lang: o.lang,
			NoMirage: o.noMirage, NoConf: o.noConf, Protocol: o.protocol, Group: o.group,
		}
		if o.seedGiven {
			spec.Seed, spec.Run = o.seed, r
		} else {
			spec.Seed = uint64(r + 1)
		}
		c, err := bench.MazeCase(spec)
		if err != nil {
			return nil, usagef("run: %v", err)
		}
		cases = append(cases, c)
	}
	return cases, nil
}

// outputPaths derives the JSONL, CSV and HTML paths from the JSON path.
func outputPaths(o runOptions, now time.Time) (jsonPath, jsonl, csvPath, htmlPath string) {
	jsonPath = o.output
	if jsonPath == "" {
		jsonPath = filepath.Join("results", "hallumaze_results_"+now.Format("20060102_150405")+".json")
	}
	stem := strings.TrimSuffix(jsonPath, filepath.Ext(jsonPath))
	jsonl = stem + ".jsonl"
	if o.resume != "" {
		jsonl = o.resume
	}
	if o.csv {
		csvPath = stem + ".csv"
	}
	htmlPath = o.html
	if htmlPath == "auto" {
		htmlPath = stem + ".html"
	}
	return jsonPath, jsonl, csvPath, htmlPath
}

// checkWritable fails early, before any model is called, when a file
// cannot be written where asked.
func checkWritable(path string) error {
	if path == "" {
		return nil
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return usagef("run: cannot write %s: %v", path, err)
	}
	f, err := os.CreateTemp(dir, ".hallumaze-check-*")
	if err != nil {
		return usagef("run: cannot write %s: %v", path, err)
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}
