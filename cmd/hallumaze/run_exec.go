package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/internal/textfmt"
	"github.com/hallumaze/hallumaze/pricing"
	"github.com/hallumaze/hallumaze/profile"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites"
)

// interruptedError ends a run stopped by a signal (Ctrl-C, SIGTERM). It
// unwraps to context.Canceled, which the command maps to exit code 128 +
// the signal's number.
type interruptedError struct{ jsonl string }

func (e interruptedError) Error() string {
	return fmt.Sprintf("interrupted: the finished cases are kept in %s; continue with --resume %s (or see them with hallumaze report %s)", e.jsonl, e.jsonl, e.jsonl)
}

func (e interruptedError) Unwrap() error { return context.Canceled }

// runPaths are the files of a run.
type runPaths struct {
	json, jsonl, csv, html string
}

// choosePaths is the run's files: outputPaths, under the default name the
// first of this second's that no file takes.
func choosePaths(o runOptions, now time.Time) (runPaths, error) {
	p, err := outputPaths(o, now, 1)
	if err != nil || o.output != "" || o.resume != "" {
		return p, err
	}
	for seq := 2; p.taken() && seq <= 10000; seq++ {
		if p, err = outputPaths(o, now, seq); err != nil {
			return p, err
		}
	}
	return p, nil
}

// taken reports whether a file of the run's exists already.
func (p runPaths) taken() bool {
	for _, f := range []string{p.json, p.jsonl, p.csv, p.html} {
		if f != "" {
			if _, err := os.Lstat(f); err == nil {
				return true
			}
		}
	}
	return false
}

// reserveOutputs creates the JSONL file of a fresh run, and fails if it
// exists: two runs never share a file. A run under the default name that
// finds its name taken since it was chosen (another run started in the
// same second) takes the next.
func (a *app) reserveOutputs(p *runPlan, o runOptions) error {
	if o.resume != "" {
		return nil
	}
	for seq := 2; ; seq++ {
		if err := os.MkdirAll(filepath.Dir(p.paths.jsonl), 0o755); err != nil {
			return fmt.Errorf("run: %w", err)
		}
		f, err := os.OpenFile(p.paths.jsonl, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if err == nil {
			return f.Close()
		}
		if !errors.Is(err, fs.ErrExist) || o.output != "" || seq > 10000 {
			return cli.Usagef("run: %s already exists: continue it with --resume %s, or choose another --output", p.paths.jsonl, p.paths.jsonl)
		}
		if p.paths, err = outputPaths(o, p.now, seq); err != nil {
			return err
		}
	}
}

// runStats measures a run: the cases played now, the wall time of the
// sweep (the cases and their streaming) and of the final outputs.
type runStats struct {
	Cases   int
	Sweep   time.Duration
	Outputs time.Duration
}

// runPlan is everything a run needs once its input is checked: the models,
// the cases, the files, and what an interrupted run left.
type runPlan struct {
	cfg      providers.Config
	env      bench.Env
	models   []bench.Model
	fallback bool
	cases    iter.Seq[bench.Case]
	humans   []results.Result
	// prices is the table the run's cost is reckoned with.
	prices  pricing.Table
	paths   runPaths
	resumed *resumeState
	now     time.Time
	// retries counts the retries of live calls, so that the summary says
	// whether failures came after retries.
	retries *atomic.Int64
}

// execRun carries out a run in four steps. check and plan look at
// everything that depends on the user's input (config, models, keys,
// cases, cassettes, the file to resume, the output paths) and write
// nothing: a mistake exits 2 before any model is called. sweep streams
// each finished case to the JSONL file as it ends; write reads that file
// back to print the tables and write the JSON, CSV and HTML, and says
// whether the run passes.
func (a *app) execRun(ctx context.Context, o runOptions, stdout, stderr io.Writer) (runStats, error) {
	p, err := a.check(o, stderr)
	if err != nil {
		return runStats{}, err
	}
	if o.record {
		if err := a.planRunRecording(ctx, &p, o, stderr); err != nil {
			return runStats{}, err
		}
	}
	if err := a.planRun(&p, o); err != nil {
		return runStats{}, err
	}
	if o.dryRun {
		return runStats{}, a.writeDryRun(p, o, stdout)
	}
	if err := a.reserveOutputs(&p, o); err != nil {
		return runStats{}, err
	}
	sw, err := a.sweep(ctx, o, p, stderr)
	if err != nil {
		return sw.stats, err
	}
	start := time.Now()
	err = a.write(o, p, sw, stdout, stderr)
	sw.stats.Outputs = time.Since(start)
	return sw.stats, err
}

// check reads the config, asks on the terminal (--interactive), opens the
// models and makes the cases.
func (a *app) check(o runOptions, stderr io.Writer) (runPlan, error) {
	var p runPlan
	var err error
	if p.cfg, err = a.loadConfig(o); err != nil {
		return p, err
	}
	if p.prices, err = a.priceTable("run", p.cfg.Prices, o.prices); err != nil {
		return p, err
	}
	if o.interactive {
		if !isTerminal(a.stdin) {
			return p, cli.Usagef("run: --interactive needs a terminal to ask on, and stdin is not one; set the keys in the environment or pass --config instead")
		}
		if p.cfg, err = a.askSettings(o, p.cfg, a.stdin, stderr); err != nil {
			return p, err
		}
		a.addSecrets(p.cfg)
	}
	if len(o.models) == 0 && len(p.cfg.Models) > 0 {
		o.models = p.cfg.Models
	}
	p.env = a.env(o, p.cfg)
	p.retries = new(atomic.Int64)
	p.env.Retry.OnRetry = func(int, error, time.Duration) { p.retries.Add(1) }
	if p.models, p.fallback, err = a.resolveModels(o, p.cfg, p.env); err != nil {
		return p, err
	}
	var seqs []iter.Seq[bench.Case]
	for _, plan := range o.plans {
		seq, err := plan()
		if err != nil {
			return p, cli.Usagef("run: %v", err)
		}
		seqs = append(seqs, seq)
	}
	p.cases = func(yield func(bench.Case) bool) {
		for _, seq := range seqs {
			n := 0
			for c := range seq {
				if !o.shard.Has(c.Suite, c.Name) || !o.keeps(c) {
					continue
				}
				if o.limit > 0 && n == o.limit {
					break
				}
				n++
				if !yield(c) {
					return
				}
			}
		}
	}
	if o.filter != nil {
		any := false
		for range p.cases {
			any = true
			break
		}
		if !any {
			return p, cli.Usagef("run: --filter %q matches no case of %s", o.filter, strings.Join(suites.Names(o.suites), ", "))
		}
		// A suite the filter leaves without a case is said once, here,
		// and nowhere after: its models have nothing to show.
		var dropped []string
		for i, seq := range seqs {
			found := false
			for c := range seq {
				if o.keeps(c) {
					found = true
					break
				}
			}
			if !found && i < len(o.suites) {
				dropped = append(dropped, o.suites[i].Title)
			}
		}
		if len(dropped) > 0 {
			names := dropped[len(dropped)-1]
			if len(dropped) > 1 {
				names = strings.Join(dropped[:len(dropped)-1], ", ") + " or " + names
			}
			fmt.Fprintf(stderr, "run: --filter %q matches no case of %s, which %s not played\n", o.filter, names, textfmt.Plural(len(dropped), "is", "are"))
		}
	}
	if o.human != "" {
		if p.humans, err = a.readHuman(o.human); err != nil {
			return p, cli.Usagef("run: --human: %v", err)
		}
	}
	return p, nil
}

// planRun checks the files of the run (outputs, the file to resume) and
// the cassettes of every replayed case.
func (a *app) planRun(p *runPlan, o runOptions) error {
	p.now = time.Now()
	var err error
	if p.paths, err = choosePaths(o, p.now); err != nil {
		return err
	}
	for _, path := range []string{p.paths.json, p.paths.csv, p.paths.html} {
		if err := cli.CheckOutput(path, false); err != nil {
			return cli.Usagef("run: cannot write %s: %v", path, err)
		}
	}
	if err := cli.CheckOutput(p.paths.jsonl, false); err != nil {
		return cli.Usagef("run: cannot write %s: %v", p.paths.jsonl, err)
	}
	if o.resume != "" {
		planned := map[string]bool{}
		for _, m := range p.models {
			for c := range p.cases {
				if a.plays(m.Name, c) {
					planned[resultKey(m.Name, c.Suite, c.Name)] = true
				}
			}
		}
		if p.resumed, err = readResume(o.resume, func(k string) bool { return planned[k] }); err != nil {
			return err
		}
	} else if _, err := os.Lstat(p.paths.jsonl); err == nil {
		return cli.Usagef("run: %s already exists: continue it with --resume %s, or choose another --output", p.paths.jsonl, p.paths.jsonl)
	}
	return a.checkCassettes(p, o)
}

// checkCassettes makes sure every case replayed from a cassette has one
// that loads; the error of those that do not ends with the one command
// that records them.
func (a *app) checkCassettes(p *runPlan, o runOptions) error {
	missing := map[string][]bench.Case{}
	firsts := make([]error, len(p.models)) // each model's first, so that the first said is the first model's
	n := 0
	for c := range p.cases { // the cases are made once for all the models
		for i, m := range p.models {
			if !a.plays(m.Name, c) {
				continue
			}
			if err := p.env.CheckReplay(m, c); err != nil {
				n++
				if firsts[i] == nil {
					firsts[i] = err
				}
				missing[m.Name] = append(missing[m.Name], c)
			}
		}
	}
	if n == 0 {
		return nil
	}
	var first error
	for _, err := range firsts {
		if err != nil {
			first = err
			break
		}
	}
	return cli.Usagef("run: %d case(s) cannot be replayed (the first: %v); %s", n, first, recordAdvice(p.cfg, missing, a.runRecordCommand(o, missing)))
}

// recordAdvice says how to record the cases missing of each model: the
// keys the command needs where they are not set, then the command.
func recordAdvice(cfg providers.Config, missing map[string][]bench.Case, cmd string) string {
	var need []string
	for _, m := range slices.Sorted(maps.Keys(missing)) {
		ref, err := providers.ParseName(m)
		if err == nil && ref.Provider != providers.ProviderAgent && !cfg.HasKey(ref.Provider) {
			if v := keyVariable(ref.Provider); v != "" && !slices.Contains(need, v) {
				need = append(need, v)
			}
		}
	}
	if len(need) > 0 {
		return "with " + strings.Join(need, " and ") + " set, record them with: " + cmd
	}
	return "record them with: " + cmd
}

// planRunRecording plans what run --record records (the cases whose
// cassettes do not replay), prints it, and opens the models again to record
// those.
func (a *app) planRunRecording(ctx context.Context, p *runPlan, o runOptions, stderr io.Writer) error {
	var cases []bench.Case
	for c := range p.cases {
		cases = append(cases, c)
	}
	plan, err := a.planRecording(ctx, p.env, p.models, cases, p.prices)
	if err != nil {
		return err
	}
	plan.write(stderr)
	p.env.ToRecord = plan.records
	for i, m := range p.models {
		if p.models[i], err = p.env.Open(m.Name); err != nil {
			return cli.Usagef("run: %v", err)
		}
	}
	return nil
}

// writeDryRun says what the run would play: each model's cases and how
// they are played, and where the results would go.
func (a *app) writeDryRun(p runPlan, o runOptions, stdout io.Writer) error {
	for _, m := range p.models {
		n, replayed, recorded := 0, 0, 0
		for c := range p.cases {
			if !a.plays(m.Name, c) {
				continue
			}
			n++
			path, ok := p.env.Replayed(m, c)
			switch {
			case ok:
				replayed++
			case path == "" && p.env.ToRecord != nil && p.env.ToRecord(m.Name, p.env.CassettePath(m, c)):
				recorded++
			}
		}
		how := "called live"
		switch {
		case m.Agent:
			how = "played in-process"
		case replayed == n:
			how = "replayed from their cassettes"
		case recorded > 0:
			how = fmt.Sprintf("%d recorded live, the others replayed", recorded)
		}
		fmt.Fprintf(stdout, "%s: %d case(s), %s\n", m.Name, n, how)
	}
	fmt.Fprintf(stdout, "dry run: nothing called or written; the results would go to %s\n", p.paths.jsonl)
	return nil
}

// sweepOutcome is what the sweep left: its measure, the errors it met.
type sweepOutcome struct {
	stats       runStats
	setupErrors []error
	// setupCases are the cases of those errors, model \x00 suite/name.
	setupCases map[string]bool
	retries    int64
	// preambled: the suites' preambles (the maze box) were printed before
	// the progress, so the tables leave them out.
	preambled bool
	// summary reads each result as it is written (the kept ones of a
	// resumed run first, in the file's order); summaryErr is the first
	// result it could not read, reported once the sweep is over.
	summary    *report.Summary
	summaryErr error
	// profile keeps what the metacognition profile reads of each result.
	profile profile.Collector
}

// sweep plays the cases, streaming each result to the JSONL file.
func (a *app) sweep(ctx context.Context, o runOptions, p runPlan, stderr io.Writer) (sweepOutcome, error) {
	var out sweepOutcome
	first := firstCases(p.cases, 1000)
	korean := koreanCases(first)
	if p.fallback && !o.quiet {
		if korean {
			fmt.Fprintln(stderr, noKeyNoteKorean)
		} else {
			fmt.Fprintln(stderr, noKeyNote)
		}
	}
	done := map[string]bool{}
	tty := isTerminal(cli.Raw(stderr))
	if a.tty != nil {
		tty = *a.tty
	}
	if tty && !o.quiet && p.resumed == nil {
		// On a terminal the seed shows the maze box first, before the
		// models' lines.
		for _, s := range a.suites {
			if s.Preamble == nil {
				continue
			}
			if text := s.Preamble(first); text != "" {
				fmt.Fprint(stderr, text)
				out.preambled = true
			}
		}
	}
	prog := newProgress(stderr, a.suites, o.quiet, tty)
	out.summary = report.NewSummary(suites.Summarizers(a.suites), a.outputOptions(p, false))
	summarize := func(r results.Result) {
		if out.summaryErr == nil {
			out.summaryErr = out.summary.Add(r)
		}
		out.profile.Add(r)
	}
	if p.resumed != nil {
		if err := p.resumed.rewrite(stderr, a.secrets); err != nil {
			return out, err
		}
		done = p.resumed.done()
		for _, r := range p.resumed.kept {
			prog.prior(r)
			summarize(r)
		}
	}
	skip := func(model string, c bench.Case) bool {
		return done[resultKey(model, c.Suite, c.Name)] || !a.plays(model, c)
	}
	left := make([]int, len(p.models))
	for c := range p.cases { // the cases are made once for all the models
		for i, m := range p.models {
			if !skip(m.Name, c) {
				left[i]++
			}
		}
	}
	for i, m := range p.models {
		prog.expect(m.Name, left[i])
		prog.total += left[i]
	}
	sink, err := results.NewSink(p.paths.jsonl)
	if err != nil {
		return out, fmt.Errorf("run: %w", err)
	}
	sink.Redact = a.secrets
	defer sink.Close()
	prog.summaries()

	sweepCtx, stop := context.WithCancel(ctx)
	defer stop()
	var writeErr error
	start := time.Now()
	sweepErr := bench.Sweep(sweepCtx, p.models, p.cases, bench.SweepOptions{
		Concurrency: o.concurrency,
		PerProvider: o.perProvider,
		RPM:         o.rpm,
		Skip:        skip,
		CaseTimeout: o.caseTimeout,
		OnResult: func(r results.Result, err error) {
			if writeErr != nil {
				return
			}
			if errors.Is(err, bench.ErrSetup) {
				out.setupErrors = append(out.setupErrors, err)
				if out.setupCases == nil {
					out.setupCases = map[string]bool{}
				}
				out.setupCases[resultKey(r.Model, r.Suite, r.Case)] = true
			}
			written, err := sink.Written(r)
			if err != nil {
				writeErr = err
				stop() // a result that cannot be kept must not be played
				return
			}
			prog.add(r)
			summarize(written)
		},
	})
	prog.finish()
	out.retries = p.retries.Load()
	out.stats.Cases = sink.Count()
	out.stats.Sweep = time.Since(start)
	if err := sink.Close(); err != nil && writeErr == nil {
		writeErr = err
	}
	switch {
	case writeErr != nil:
		return out, fmt.Errorf("run: %w (the cases finished before are kept; continue with --resume %s)", writeErr, p.paths.jsonl)
	case sweepErr != nil && ctx.Err() != nil:
		return out, interruptedError{jsonl: p.paths.jsonl}
	case sweepErr != nil:
		return out, fmt.Errorf("run: %w", sweepErr)
	}
	return out, nil
}

// outputOptions are the report's options of a run; korean as the results
// were played.
func (a *app) outputOptions(p runPlan, preambled bool) report.Options {
	return report.Options{Timestamp: p.now, Generated: p.now, MaxTokens: cmp.Or(p.cfg.MaxTokens, providers.DefaultMaxTokens),
		Prices: p.prices, Preambled: preambled, CacheDir: a.cacheDir(), SkipPage: p.paths.html == ""}
}

// write prints the tables and the failed cases from the summary the sweep
// made as it went, writes the JSON, CSV and HTML (the last two reading the
// results back one at a time), and says whether the run passes: every
// case scored (or the failures within --max-errors), none failed for its
// set-up, something scored at all.
func (a *app) write(o runOptions, p runPlan, sw sweepOutcome, stdout, stderr io.Writer) error {
	sum := sw.summary
	if sw.summaryErr != nil {
		return fmt.Errorf("run: %w", sw.summaryErr)
	}
	for _, h := range p.humans {
		if err := sum.Add(h); err != nil {
			return fmt.Errorf("run: %w", err)
		}
	}
	opts := a.outputOptions(p, sw.preambled)
	opts.Korean, opts.Bilingual = sum.Korean(), o.bilingual
	sections, err := sum.Sections(opts)
	if err == nil {
		sections, err = a.withProfile(sections, &sw.profile, p.paths.jsonl)
	}
	if err != nil {
		return fmt.Errorf("run: %w", err)
	}
	if err := report.WriteText(stdout, sections); err != nil {
		return fmt.Errorf("run: %w", err)
	}
	failed, scored := reportErrors(stderr, sum.Failures(), p.paths.jsonl, sw.retries)
	// The CSV and the page read the results back, a line at a time.
	var src report.Source
	if p.paths.csv != "" || p.paths.html != "" {
		f, torn, err := results.Index(p.paths.jsonl)
		if err != nil {
			return fmt.Errorf("run: read back the results: %w", err)
		}
		defer f.Close()
		if torn {
			return fmt.Errorf("run: read back the results: %s: the last line is torn", p.paths.jsonl)
		}
		src = report.Join(f, report.Results(p.humans))
	}
	files := []struct {
		path  string
		write func(io.Writer) error
	}{
		{p.paths.json, func(w io.Writer) error { return report.WriteJSON(w, sections, opts) }},
		{p.paths.csv, func(w io.Writer) error { return report.WriteCSVFrom(w, sum.Columns(), src, p.prices) }},
	}
	for _, f := range files {
		if f.path == "" {
			continue
		}
		if err := report.WriteFileAtomic(f.path, a.secrets, f.write); err != nil {
			return fmt.Errorf("run: %w", err)
		}
	}
	if p.paths.html != "" {
		if err := report.WritePage(p.paths.html, a.secrets, src, sections, opts); err != nil {
			return fmt.Errorf("run: %w", err)
		}
	}
	if opts.Korean {
		// The seed's closing line: "✓ JSON 저장: <file>".
		fmt.Fprintf(stderr, "  ✓ JSON 저장: %s\n  ✓ JSONL 저장: %s\n", p.paths.json, p.paths.jsonl)
		if p.paths.csv != "" {
			fmt.Fprintf(stderr, "  ✓ CSV 저장: %s\n", p.paths.csv)
		}
		if p.paths.html != "" {
			fmt.Fprintf(stderr, "  ✓ HTML 저장: %s\n", p.paths.html)
		}
	} else {
		fmt.Fprintf(stderr, "results: %s (JSONL), %s (JSON)", p.paths.jsonl, p.paths.json)
		if p.paths.csv != "" {
			fmt.Fprintf(stderr, ", %s (CSV)", p.paths.csv)
		}
		if p.paths.html != "" {
			fmt.Fprintf(stderr, ", %s (HTML)", p.paths.html)
		}
		fmt.Fprintln(stderr)
	}
	switch {
	case len(sw.setupErrors) > 0:
		missing := map[string][]bench.Case{}
		for _, m := range p.models {
			for c := range p.cases {
				if sw.setupCases[resultKey(m.Name, c.Suite, c.Name)] {
					missing[m.Name] = append(missing[m.Name], c)
				}
			}
		}
		first := cli.FirstLine(sw.setupErrors[0].Error())
		if i := strings.Index(first, "; record it with: "); i >= 0 {
			first = first[:i]
		}
		return cli.Usagef("run: %d case(s) could not be set up (the first: %s); %s", len(sw.setupErrors), first, recordAdvice(p.cfg, missing, a.runRecordCommand(o, missing)))
	case scored == 0 && failed == 0 && o.shard != nil:
		// a small run leaves some shards of a CI matrix without a case:
		// their empty results merge with the others'
		fmt.Fprintf(stderr, "run: shard %d/%d holds no case of this run; its results file is empty\n", o.shard.I, o.shard.N)
		return nil
	case scored == 0:
		return fmt.Errorf("run: no case was scored (%d failed): %w", failed, errCaseErrors)
	case failed > 0 && !o.maxErrors.allows(failed, failed+scored):
		return fmt.Errorf("run: %d of %d case(s) failed on the provider's side, more than --max-errors %s allows: %w", failed, failed+scored, o.maxErrors, errCaseErrors)
	}
	return nil
}

// reportErrors lists, apart from the scores, the cases that could not be
// played: how many per model, and the first error of each. It returns the
// count of failed cases and of scored ones (human groups aside).
func reportErrors(stderr io.Writer, fails report.Failures, jsonl string, retries int64) (failed, scored int) {
	if fails.Failed == 0 {
		return fails.Failed, fails.Scored
	}
	after := ""
	if retries > 0 {
		after = fmt.Sprintf(" (after %d %s)", retries, textfmt.Plural(int(retries), "retry", "retries"))
	}
	fmt.Fprintf(stderr, "%d case(s) could not be played%s: reported apart, not scored; --resume %s plays them again.\n", fails.Failed, after, jsonl)
	for _, m := range fails.Models {
		fmt.Fprintf(stderr, "  %s: %d failed (first: %s)\n", m.Model, m.N, cli.FirstLine(m.First))
	}
	return fails.Failed, fails.Scored
}

// outputPaths derives the JSONL, CSV and HTML paths from the JSON path.
// A resumed run writes beside the file it continues unless --output says
// otherwise.
// The default name is results/hallumaze_results_<time>.json, then _2, _3
// … for a run started in the same second as another (seq counts from 1).
func outputPaths(o runOptions, now time.Time, seq int) (runPaths, error) {
	var p runPaths
	switch {
	case o.output != "":
		p.json = o.output
	case o.resume != "":
		p.json = strings.TrimSuffix(o.resume, filepath.Ext(o.resume)) + ".json"
	default:
		name := "hallumaze_results_" + now.Format("20060102_150405")
		if seq > 1 {
			name += "_" + strconv.Itoa(seq)
		}
		p.json = filepath.Join("results", name+".json")
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
				return p, cli.Usagef("run: %s and %s would both be %s (--output names the JSON file; the JSONL sits beside it)", a.flag, b.flag, a.path)
			}
		}
	}
	return p, nil
}

// readHuman reads a human control-group file with the suite that reads
// them.
func (a *app) readHuman(path string) ([]results.Result, error) {
	for _, s := range a.suites {
		if s.ReadHuman == nil {
			continue
		}
		data, err := cli.ReadInput(path, a.stdin, 16<<20)
		if err != nil {
			return nil, err
		}
		rs, err := s.ReadHuman(strings.NewReader(string(data)))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		return rs, nil
	}
	return nil, errors.New("no suite reads human control groups")
}

// keeps reports whether --filter keeps a case: its name or suite/name
// matches.
func (o runOptions) keeps(c bench.Case) bool {
	return o.filter == nil || o.filter.MatchString(c.Name) || o.filter.MatchString(c.Suite+"/"+c.Name)
}
