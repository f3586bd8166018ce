package main

import (
	"context"
	"flag"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/providers"
)

// runOptions are the settings of one run, from flags, the config file and
// the environment, with the process's dependencies (environment, terminal,
// retry timing) as fields so that tests can replace them.
type runOptions struct {
	configPath   string
	sizes        []int
	baseURLs     map[string]string
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

	// retry is the policy of live calls; the zero value is the providers'
	// default (5 attempts, backing off from 1 s to 60 s, within 5 minutes).
	retry providers.RetryPolicy
	// getenv reads the environment (keys, base URLs, default models).
	getenv func(string) string
	// stdin is where --interactive asks; it must be a terminal.
	stdin *os.File
	// tty forces the progress display: nil asks stderr whether it is a
	// terminal.
	tty *bool
}

func runRun(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	o, err := parseRun(args, stdout)
	if err != nil {
		return err
	}
	_, err = execRun(ctx, o, stdout, stderr)
	return err
}

// parseRun reads the flags of hallumaze run. Every check that needs no
// file and no model happens here.
func parseRun(args []string, help io.Writer) (runOptions, error) {
	fs := newFlagSet("run", "[flags]", help)
	o := runOptions{getenv: os.Getenv, stdin: os.Stdin}
	var size, runs, seed, maxTokens, group, lang, protocol, alg, models, rpm, perProvider, shard string
	fs.StringVar(&o.configPath, "config", "", "JSON config file: keys, models, base URLs, request defaults (see config.example.json); unknown keys are an error")
	fs.StringVar(&size, "size", "7", "maze size N, an N×N maze (2..1001; the seed uses 5, 7, 9, 11), or a comma-separated list of sizes (5,7,9,11)")
	fs.StringVar(&runs, "runs", "1", "runs per model: with --seed, the same maze N times (repeated samples); without, N different mazes (seeds 1..N)")
	fs.StringVar(&seed, "seed", "", "maze seed (0..2^64-1): every run plays this maze; for --suite abstain, the seed of the standard items")
	fs.StringVar(&maxTokens, "max-tokens", "", "reply token budget (default 2500, or max_tokens of --config)")
	fs.StringVar(&group, "group", "A", "Ariadne's Thread group: A (pure), B (hints when triggered), C (hints at every trigger); B and C imply --protocol interactive")
	fs.BoolVar(&o.noMirage, "no-mirage", false, "leave out the Linguistic Mirage lures")
	fs.BoolVar(&o.noConf, "no-confidence", false, "do not ask for confidences (CE is then undefined)")
	fs.StringVar(&o.output, "output", "", "seed-format JSON results path (default results/hallumaze_results_<time>.json, or beside --resume FILE); the JSONL, CSV and HTML sit beside it with their own extensions")
	fs.BoolVar(&o.csv, "csv", false, "also write a CSV, one row per case, beside the JSON")
	fs.StringVar(&o.html, "html", "", "also write the one-file HTML report to this path (\"auto\": beside the JSON)")
	fs.BoolVar(&o.interactive, "interactive", false, "ask for keys and settings on the terminal (refuses when stdin is not a terminal); keys typed are used for this run only")
	fs.StringVar(&models, "models", "", "comma-separated models (provider/model); default: the models of --config, else every provider with a key, else the reference agents")
	var baseURL string
	fs.StringVar(&baseURL, "base-url", "", "API root of openai-compatible/NAME models (a vLLM, llama.cpp, LM Studio or OpenRouter server), or provider=URL pairs, comma-separated (ollama=http://gpu-box:11434)")
	fs.StringVar(&o.suite, "suite", "maze", "suite to run: maze (HalluMaze), abstain (Missing Piece) or all")
	fs.StringVar(&o.items, "items", "", "abstain suite: run this item file (JSONL of the item schema) instead of the standard 120 items")
	fs.StringVar(&o.umwp, "umwp", "", "abstain suite: run the UMWP data set (its StandardDataset.jsonl) instead of the standard items")
	fs.StringVar(&lang, "lang", "en", "prompt language: en or ko")
	fs.StringVar(&protocol, "protocol", "oneshot", "maze protocol: oneshot (the whole walk in one reply) or interactive (one move per turn)")
	fs.StringVar(&alg, "algorithm", "dfs", "maze generator: dfs or wilson")
	fs.IntVar(&o.concurrency, "concurrency", 4, "cases in flight at once, over all models")
	fs.StringVar(&perProvider, "per-provider", "", "cases in flight per provider, e.g. openai=2,anthropic=1 (within --concurrency)")
	fs.StringVar(&rpm, "rpm", "", "case starts per minute per provider, e.g. openai=60,google=15")
	fs.BoolVar(&o.record, "record", false, "save a cassette of every live case under --cassettes while running (needs the provider's key)")
	fs.StringVar(&o.resume, "resume", "", "continue the JSONL results file of an interrupted run: finished cases are kept and skipped, failed ones played again; run with the same settings")
	fs.StringVar(&o.human, "human", "", "human control-group results (JSON) to show in the same tables")
	fs.StringVar(&shard, "shard", "", "run only shard i of n of the cases (i/n, split by a hash of each case's name), for a CI matrix; merge the shards' JSONL files with hallumaze report")
	fs.StringVar(&o.cassetteRoot, "cassettes", "cassettes", "folder of recorded cassettes (replayed for a model without a key)")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress output")
	if err := parseFlags(fs, args, false); err != nil {
		return o, err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var err error
	if o.baseURLs, err = parseBaseURLs(baseURL); err != nil {
		return o, err
	}
	for _, part := range strings.Split(size, ",") {
		n, err := intFlag("size", strings.TrimSpace(part), mazes.MinSize, mazes.MaxSize)
		if err != nil {
			return o, err
		}
		if slices.Contains(o.sizes, n) {
			return o, usagef("run: --size %d given twice", n)
		}
		o.sizes = append(o.sizes, n)
	}
	if o.runs, err = intFlag("runs", runs, 1, 1_000_000); err != nil {
		return o, err
	}
	if seed != "" {
		if o.seed, err = strconv.ParseUint(seed, 10, 64); err != nil {
			return o, usagef("run: --seed %q is not a number in 0..2^64-1", seed)
		}
		o.seedGiven = true
	}
	if maxTokens != "" {
		if o.maxTokens, err = intFlag("max-tokens", maxTokens, 1, 1_000_000); err != nil {
			return o, err
		}
	}
	if _, err := bench.ParseGroup(group); err != nil {
		return o, usagef("run: --group: %v", err)
	}
	o.group = group
	if o.lang, err = mazes.ParseLang(lang); err != nil {
		return o, usagef("run: --lang: %v", err)
	}
	if o.protocol, err = mazes.ParseProtocol(protocol); err != nil {
		return o, usagef("run: --protocol: %v", err)
	}
	if o.group != "A" {
		if set["protocol"] && o.protocol != mazes.Interactive {
			return o, usagef("run: --group %s plays interactively: drop --protocol %s or use --protocol interactive", o.group, o.protocol)
		}
		o.protocol = mazes.Interactive
	}
	if o.algorithm, err = mazes.ParseAlgorithm(alg); err != nil {
		return o, usagef("run: --algorithm: %v", err)
	}
	switch o.suite {
	case "maze", "abstain", "all":
	default:
		return o, usagef("run: unknown --suite %q (want maze, abstain or all)", o.suite)
	}
	if (o.items != "" || o.umwp != "") && o.suite == "maze" {
		return o, usagef("run: --items and --umwp belong to --suite abstain or all")
	}
	if o.items != "" && o.umwp != "" {
		return o, usagef("run: give --items or --umwp, not both")
	}
	if o.concurrency < 1 {
		return o, usagef("run: --concurrency must be at least 1")
	}
	if o.perProvider, err = providerInts("per-provider", perProvider); err != nil {
		return o, err
	}
	if o.rpm, err = providerInts("rpm", rpm); err != nil {
		return o, err
	}
	if shard != "" {
		if o.shard, err = bench.ParseShard(shard); err != nil {
			return o, usagef("run: --shard: %v", err)
		}
	}
	if models != "" {
		seen := map[string]bool{}
		for _, m := range strings.Split(models, ",") {
			m = strings.TrimSpace(m)
			if m == "" {
				continue
			}
			if seen[m] {
				return o, usagef("run: --models names %s twice", m)
			}
			seen[m] = true
			o.models = append(o.models, m)
		}
	}
	return o, nil
}

// intFlag parses an integer flag within [lo, hi].
func intFlag(name, value string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(value))
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

// suites lists the suites a run plays.
func (o runOptions) suites() []string {
	if o.suite == "all" {
		return []string{"maze", "abstain"}
	}
	return []string{o.suite}
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
			return nil, usagef("run: --base-url: %q is not provider=URL", part)
		}
		out[p] = u
	}
	return out, nil
}
