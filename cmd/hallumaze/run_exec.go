package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/hallumaze/hallumaze/agents"
	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/report"
)

// execRun carries out a validated run: every check that can fail on the
// user's input happens before the first model call.
func execRun(ctx context.Context, o runOptions, stdout, stderr io.Writer) error {
	cfg := providers.Config{}
	if o.configPath != "" {
		c, err := providers.LoadConfig(o.configPath)
		if err != nil {
			return usagef("run: %v", err)
		}
		cfg = c
	}
	cfg = cfg.WithEnv(os.Getenv)
	if o.maxTokens > 0 {
		cfg.MaxTokens = o.maxTokens
	}
	if o.interactive {
		var err error
		if o, cfg, err = askSettings(o, cfg, os.Stdin, stderr); err != nil {
			return err
		}
	}
	if len(o.models) == 0 && len(cfg.Models) > 0 {
		o.models = cfg.Models
	}
	models, fallback, err := resolveModels(o, cfg)
	if err != nil {
		return err
	}
	cases, err := runCases(o)
	if err != nil {
		return err
	}
	cases = o.shard.Filter(cases)
	var humans []bench.Result
	if o.human != "" {
		f, err := os.Open(o.human)
		if err != nil {
			return usagef("run: --human: %v", err)
		}
		humans, err = report.ReadHuman(f)
		f.Close()
		if err != nil {
			return usagef("run: --human %s: %v", o.human, err)
		}
	}
	now := time.Now()
	jsonPath, jsonlPath, csvPath, htmlPath := outputPaths(o, now)
	var previous []bench.Result
	if o.resume != "" {
		if previous, err = prepareResume(o.resume, stderr); err != nil {
			return err
		}
	} else if _, err := os.Stat(jsonlPath); err == nil {
		return usagef("run: %s already exists: continue it with --resume %s, or choose another --output", jsonlPath, jsonlPath)
	}
	for _, p := range []string{jsonPath, jsonlPath, csvPath, htmlPath} {
		if err := checkWritable(p); err != nil {
			return err
		}
	}

	if fallback {
		fmt.Fprintln(stderr, "No API key found: running the built-in reference agents. To benchmark a real model, set ANTHROPIC_API_KEY, OPENAI_API_KEY, GOOGLE_API_KEY (or GEMINI_API_KEY) or DEEPSEEK_API_KEY, or pass --models provider/model with --config config.json.")
	}
	done := map[string]bool{}
	for _, r := range previous {
		done[r.Model+"\x00"+r.Key()] = true
	}
	sink, err := bench.NewSink(jsonlPath)
	if err != nil {
		return fmt.Errorf("run: %w", err)
	}
	defer sink.Close()

	// skip leaves out what a run does not play: cases already finished
	// (--resume), and a reference agent's cases of a suite it does not
	// answer.
	skip := func(model string, c bench.Case) bool {
		if done[model+"\x00"+c.Suite+"/"+c.Name] {
			return true
		}
		if name, ok := strings.CutPrefix(model, "agent/"); ok {
			return !slices.Contains(agents.ForSuite(c.Suite), name)
		}
		return false
	}
	total := 0
	perModel := map[string]int{}
	for _, m := range models {
		for _, c := range cases {
			if !skip(m.Name, c) {
				total++
				perModel[m.Name]++
			}
		}
	}
	prog := newProgress(stderr, total, o.quiet)
	finished := map[string][]bench.Result{}
	var writeErr error
	sweepErr := bench.Sweep(ctx, models, cases, bench.SweepOptions{
		Concurrency: o.concurrency,
		PerProvider: o.perProvider,
		RPM:         o.rpm,
		Skip:        skip,
		OnResult: func(r bench.Result) {
			if err := sink.Add(r); err != nil && writeErr == nil {
				writeErr = err
			}
			prog.add(r)
			finished[r.Model] = append(finished[r.Model], r)
			if len(finished[r.Model]) == perModel[r.Model] {
				prog.println(report.SummaryLine(r.Model, finished[r.Model]))
			}
		},
	})
	prog.finish()
	if writeErr != nil {
		return fmt.Errorf("run: %w", writeErr)
	}
	all := append(previous, sink.Results()...)
	all = append(all, humans...)
	if err := writeOutputs(all, jsonPath, csvPath, htmlPath, o, cfg, now, stdout, stderr); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "results: %s (JSONL) and %s", jsonlPath, jsonPath)
	if csvPath != "" {
		fmt.Fprintf(stderr, ", %s", csvPath)
	}
	if htmlPath != "" {
		fmt.Fprintf(stderr, ", %s", htmlPath)
	}
	fmt.Fprintln(stderr)
	if errors.Is(sweepErr, context.Canceled) {
		return errInterrupted
	}
	return sweepErr
}

// writeOutputs prints the leaderboard and writes the seed JSON, CSV and
// HTML, each atomically.
func writeOutputs(all []bench.Result, jsonPath, csvPath, htmlPath string, o runOptions, cfg providers.Config, now time.Time, stdout, stderr io.Writer) error {
	rows := report.Leaderboard(all)
	if err := report.WriteTable(stdout, rows); err != nil {
		return fmt.Errorf("run: %w", err)
	}
	errs := 0
	for _, r := range all {
		if r.Error != "" {
			errs++
		}
	}
	if errs > 0 {
		fmt.Fprintf(stderr, "%d case(s) failed on the provider's side after retries: reported apart, not scored (see the JSONL).\n", errs)
	}
	meta := report.Meta{Timestamp: now, MaxTokens: cmpOr(cfg.MaxTokens, providers.DefaultMaxTokens)}
	if err := report.WriteFileAtomic(jsonPath, func(w io.Writer) error { return report.WriteSeedJSON(w, all, meta) }); err != nil {
		return fmt.Errorf("run: %w", err)
	}
	if csvPath != "" {
		if err := report.WriteFileAtomic(csvPath, func(w io.Writer) error { return report.WriteCSV(w, all) }); err != nil {
			return fmt.Errorf("run: %w", err)
		}
	}
	if htmlPath != "" {
		if err := report.WriteFileAtomic(htmlPath, func(w io.Writer) error { return report.WriteHTML(w, all, report.HTMLOptions{}) }); err != nil {
			return fmt.Errorf("run: %w", err)
		}
	}
	return nil
}

func cmpOr(a, b int) int {
	if a != 0 {
		return a
	}
	return b
}

// prepareResume reads the results of an interrupted run. A torn last line
// (the run was killed mid-write) is cut off; results that failed on the
// provider's side are dropped so they are played again; the file is
// rewritten, atomically, with what is kept, so no case is ever written
// twice.
func prepareResume(path string, stderr io.Writer) ([]bench.Result, error) {
	results, torn, err := bench.ReadResultsFile(path)
	if err != nil {
		return nil, usagef("run: --resume: %v", err)
	}
	if torn {
		fmt.Fprintf(stderr, "resume: %s: the last line was cut off by the interruption and is dropped\n", path)
	}
	kept := slices.DeleteFunc(results, func(r bench.Result) bool { return r.Error != "" })
	seen := map[string]bool{}
	for _, r := range kept {
		k := r.Model + "\x00" + r.Key()
		if seen[k] {
			return nil, usagef("run: --resume: %s holds %s for %s twice", path, r.Key(), r.Model)
		}
		seen[k] = true
	}
	err = report.WriteFileAtomic(path, func(w io.Writer) error {
		bw := bufio.NewWriter(w)
		for _, r := range kept {
			if err := writeJSONLine(bw, r); err != nil {
				return err
			}
		}
		return bw.Flush()
	})
	if err != nil {
		return nil, fmt.Errorf("run: --resume: %w", err)
	}
	fmt.Fprintf(stderr, "resume: %d finished case(s) kept from %s\n", len(kept), path)
	return kept, nil
}
