package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/report"
)

// interruptedError ends a run stopped by Ctrl-C. It unwraps to
// context.Canceled, which the command maps to exit code 130.
type interruptedError struct{ jsonl string }

func (e interruptedError) Error() string {
	return fmt.Sprintf("interrupted: the finished cases are kept in %s; continue with --resume %s (or see them with hallumaze report %s)", e.jsonl, e.jsonl, e.jsonl)
}

func (e interruptedError) Unwrap() error { return context.Canceled }

// noKeyNote is printed, once, when the reference agents stand in for
// models because no key is set.
const noKeyNote = "No API key found: running the built-in reference agents. To benchmark a real model, set " +
	providers.EnvAnthropicKey + ", " + providers.EnvOpenAIKey + ", " + providers.EnvGoogleKey + " (or " + providers.EnvGeminiKey + ") or " +
	providers.EnvDeepSeekKey + ", or pass --models provider/model (with --config config.json for keys and base URLs)."

// runPaths are the files of a run.
type runPaths struct {
	json, jsonl, csv, html string
}

// runStats measures a run: the cases played now, the wall time of the
// sweep (the cases and their streaming) and of the final outputs.
type runStats struct {
	Cases   int
	Sweep   time.Duration
	Outputs time.Duration
}

// execRun carries out a run in two phases. The first checks everything
// that depends on the user's input (config, models, keys, cases, the file
// to resume, the output paths) and writes nothing: a mistake exits 2
// before any model is called. The second streams each finished case to
// the JSONL file as it ends, then reads that file back to print the
// leaderboard and write the JSON, CSV and HTML.
func execRun(ctx context.Context, o runOptions, stdout, stderr io.Writer) (runStats, error) {
	var stats runStats
	cfg := providers.Config{}
	if o.configPath != "" {
		c, err := providers.LoadConfig(o.configPath)
		if err != nil {
			return stats, usagef("run: --config: %v", err)
		}
		cfg = c
	}
	getenv := o.getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	cfg = cfg.WithEnv(getenv)
	if o.maxTokens > 0 {
		cfg.MaxTokens = o.maxTokens
	}
	if len(o.baseURLs) > 0 {
		urls := maps.Clone(cfg.BaseURLs)
		if urls == nil {
			urls = map[string]string{}
		}
		maps.Copy(urls, o.baseURLs)
		cfg.BaseURLs = urls
		if err := cfg.Validate(); err != nil {
			return stats, usagef("run: --base-url: %v", err)
		}
	}
	if o.interactive {
		if !isTerminal(o.stdin) {
			return stats, usagef("run: --interactive needs a terminal to ask on, and stdin is not one; set the keys in the environment or pass --config instead")
		}
		var err error
		if o, cfg, err = askSettings(o, cfg, o.stdin, stderr); err != nil {
			return stats, err
		}
	}
	if len(o.models) == 0 && len(cfg.Models) > 0 {
		o.models = cfg.Models
	}
	models, fallback, err := resolveModels(o, cfg)
	if err != nil {
		return stats, err
	}
	plan, err := newPlan(o)
	if err != nil {
		return stats, err
	}
	var humans []bench.Result
	if o.human != "" {
		if humans, err = readHumanFile(o.human); err != nil {
			return stats, usagef("run: --human: %v", err)
		}
	}
	now := time.Now()
	paths, err := outputPaths(o, now)
	if err != nil {
		return stats, err
	}
	var resumed *resumeState
	if o.resume != "" {
		planned := map[string]bool{}
		for _, m := range models {
			for c := range plan.cases() {
				if plays(m.Name, c) {
					planned[resultKey(m.Name, c.Suite, c.Name)] = true
				}
			}
		}
		if resumed, err = readResume(o.resume, func(k string) bool { return planned[k] }); err != nil {
			return stats, err
		}
	} else if _, err := os.Stat(paths.jsonl); err == nil {
		return stats, usagef("run: %s already exists: continue it with --resume %s, or choose another --output", paths.jsonl, paths.jsonl)
	}
	for _, p := range []string{paths.json, paths.jsonl, paths.csv, paths.html} {
		if err := checkWritable(p); err != nil {
			return stats, err
		}
	}

	// Everything checked: from here on, the run writes.
	if fallback {
		fmt.Fprintln(stderr, noKeyNote)
	}
	done := map[string]bool{}
	tty := isTerminal(stderr)
	if o.tty != nil {
		tty = *o.tty
	}
	prog := newProgress(stderr, 0, o.quiet, tty)
	if resumed != nil {
		if err := resumed.rewrite(stderr); err != nil {
			return stats, err
		}
		done = resumed.done()
		for _, r := range resumed.kept {
			prog.prior(r)
		}
		resumed = nil // the results themselves are not needed any more
	}
	skip := func(model string, c bench.Case) bool {
		return done[resultKey(model, c.Suite, c.Name)] || !plays(model, c)
	}
	for _, m := range models {
		left := 0
		for c := range plan.cases() {
			if !skip(m.Name, c) {
				left++
			}
		}
		prog.expect(m.Name, left)
		prog.total += left
	}
	sink, err := bench.NewSink(paths.jsonl)
	if err != nil {
		return stats, fmt.Errorf("run: %w", err)
	}
	defer sink.Close()
	prog.summaries()

	sweepCtx, stop := context.WithCancel(ctx)
	defer stop()
	var writeErr error
	start := time.Now()
	sweepErr := bench.Sweep(sweepCtx, models, plan.cases(), bench.SweepOptions{
		Concurrency: o.concurrency,
		PerProvider: o.perProvider,
		RPM:         o.rpm,
		Skip:        skip,
		OnResult: func(r bench.Result) {
			if writeErr != nil {
				return
			}
			if err := sink.Add(r); err != nil {
				writeErr = err
				stop() // a result that cannot be kept must not be played
				return
			}
			prog.add(r)
		},
	})
	prog.finish()
	stats.Cases = sink.Count()
	stats.Sweep = time.Since(start)
	if err := sink.Close(); err != nil && writeErr == nil {
		writeErr = err
	}
	switch {
	case writeErr != nil:
		return stats, fmt.Errorf("run: %w (the cases finished before are kept; continue with --resume %s)", writeErr, paths.jsonl)
	case sweepErr != nil && ctx.Err() != nil:
		return stats, interruptedError{jsonl: paths.jsonl}
	case sweepErr != nil:
		return stats, fmt.Errorf("run: %w", sweepErr)
	}

	start = time.Now()
	all, _, err := bench.ReadResultsFile(paths.jsonl)
	if err != nil {
		return stats, fmt.Errorf("run: read back the results: %w", err)
	}
	all = append(all, humans...)
	if err := writeOutputs(all, paths, cfg, now, stdout, stderr); err != nil {
		return stats, err
	}
	stats.Outputs = time.Since(start)
	return stats, nil
}

// writeOutputs prints the leaderboard and the failed cases, and writes the
// seed JSON, CSV and HTML, each atomically.
func writeOutputs(all []bench.Result, paths runPaths, cfg providers.Config, now time.Time, stdout, stderr io.Writer) error {
	if err := report.WriteTables(stdout, all); err != nil {
		return fmt.Errorf("run: %w", err)
	}
	reportErrors(stderr, all, paths.jsonl)
	meta := report.Meta{Timestamp: now, MaxTokens: cmpOr(cfg.MaxTokens, providers.DefaultMaxTokens)}
	if err := report.WriteFileAtomic(paths.json, func(w io.Writer) error { return report.WriteSeedJSON(w, all, meta) }); err != nil {
		return fmt.Errorf("run: %w", err)
	}
	if paths.csv != "" {
		if err := report.WriteFileAtomic(paths.csv, func(w io.Writer) error { return report.WriteCSV(w, all) }); err != nil {
			return fmt.Errorf("run: %w", err)
		}
	}
	if paths.html != "" {
		if err := report.WriteFileAtomic(paths.html, func(w io.Writer) error {
			return report.WriteHTML(w, all, report.HTMLOptions{Generated: now})
		}); err != nil {
			return fmt.Errorf("run: %w", err)
		}
	}
	fmt.Fprintf(stderr, "results: %s (JSONL), %s (JSON)", paths.jsonl, paths.json)
	if paths.csv != "" {
		fmt.Fprintf(stderr, ", %s (CSV)", paths.csv)
	}
	if paths.html != "" {
		fmt.Fprintf(stderr, ", %s (HTML)", paths.html)
	}
	fmt.Fprintln(stderr)
	return nil
}

// reportErrors lists, apart from the scores, the cases that failed on the
// provider's side after retries: how many per model, and the first error
// of each.
func reportErrors(stderr io.Writer, all []bench.Result, jsonl string) {
	type failed struct {
		n     int
		first string
	}
	var order []string
	byModel := map[string]*failed{}
	total := 0
	for _, r := range all {
		if r.Error == "" {
			continue
		}
		total++
		f := byModel[r.Model]
		if f == nil {
			f = &failed{first: firstLine(r.Error)}
			byModel[r.Model] = f
			order = append(order, r.Model)
		}
		f.n++
	}
	if total == 0 {
		return
	}
	fmt.Fprintf(stderr, "%d case(s) failed on the provider's side after retries: reported apart, not scored; --resume %s plays them again.\n", total, jsonl)
	for _, m := range order {
		fmt.Fprintf(stderr, "  %s: %d failed (first: %s)\n", m, byModel[m].n, byModel[m].first)
	}
}

func cmpOr(a, b int) int {
	if a != 0 {
		return a
	}
	return b
}

// outputPaths derives the JSONL, CSV and HTML paths from the JSON path.
// A resumed run writes beside the file it continues unless --output says
// otherwise.
func outputPaths(o runOptions, now time.Time) (runPaths, error) {
	var p runPaths
	switch {
	case o.output != "":
		p.json = o.output
	case o.resume != "":
		p.json = strings.TrimSuffix(o.resume, filepath.Ext(o.resume)) + ".json"
	default:
		p.json = filepath.Join("results", "hallumaze_results_"+now.Format("20060102_150405")+".json")
	}
	stem := strings.TrimSuffix(p.json, filepath.Ext(p.json))
	p.jsonl = stem + ".jsonl"
	if o.resume != "" {
		p.jsonl = o.resume
	}
	if o.csv {
		p.csv = stem + ".csv"
	}
	p.html = o.html
	if p.html == "auto" {
		p.html = stem + ".html"
	}
	files := []struct{ flag, path string }{{"--output", p.json}, {"the JSONL", p.jsonl}, {"the CSV", p.csv}, {"--html", p.html}}
	for i, a := range files {
		for _, b := range files[i+1:] {
			if a.path != "" && filepath.Clean(a.path) == filepath.Clean(b.path) {
				return p, usagef("run: %s and %s would both be %s (--output names the JSON file; the JSONL sits beside it)", a.flag, b.flag, a.path)
			}
		}
	}
	return p, nil
}

// checkWritable fails early, before any model is called and without
// leaving anything behind, when a file cannot be written where asked: its
// nearest existing folder must be a folder that takes a new file, and the
// path itself must not be a folder.
func checkWritable(path string) error {
	if path == "" {
		return nil
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return usagef("run: cannot write %s: it is a folder", path)
	}
	dir := filepath.Dir(path)
	for {
		st, err := os.Stat(dir)
		if err == nil {
			if !st.IsDir() {
				return usagef("run: cannot write %s: %s is not a folder", path, dir)
			}
			break
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return usagef("run: cannot write %s: %v", path, err)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return usagef("run: cannot write %s: %v", path, err)
		}
		dir = parent
	}
	f, err := os.CreateTemp(dir, ".hallumaze-check-*")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return usagef("run: cannot write %s: %v", path, err)
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}
