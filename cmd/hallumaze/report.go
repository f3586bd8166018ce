package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/profile"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites"
)

// runReport reads results files (the shards of one run, or several runs),
// merges them, writes the HTML page, CSV and results JSON asked for, and
// prints the leaderboard. Every input and output path is checked before
// anything is written.
func (a *app) runReport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("report", "RESULTS.jsonl [more.jsonl ...] [-o report.html] [--csv out.csv] [--json out.json] [--human humans.json]  |  --compare BASE.jsonl CAND.jsonl [-o compare.html]  |  --index FOLDER [-o index.html]", stdout)
	htmlPath := fs.String("o", "", "write the HTML report to this file")
	csvPath := fs.String("csv", "", "write one CSV row per case to this file")
	jsonPath := fs.String("json", "", "write the results JSON file (the seed's schema) to this file")
	humanPath := fs.String("human", "", "read human control-group results (JSON) from this file")
	title := fs.String("title", "", "title of the HTML report")
	indexDir := fs.String("index", "", "write an HTML index of the past runs in this folder (each *.jsonl results file, linked to its report) to -o, default FOLDER/index.html")
	pricesPath := fs.String("prices", "", pricesUsage)
	compare := fs.Bool("compare", false, "compare two runs, BASE.jsonl CAND.jsonl: the metrics of the gate's rules with its paired tests, and the cases whose verdict flipped (-o writes the comparison page)")
	bilingual := fs.Bool("bilingual", false, "give the readings of the seed's tables in English and Korean (default: the run's language)")
	tier := fs.String("tier", "strict", "with --compare: the reading compared, strict (the output contract) or lenient")
	// Flags may come before, between or after the results files.
	inputs, err := parseInputs(fs, args)
	if err != nil {
		return err
	}
	if *indexDir != "" {
		if len(inputs) > 0 || *csvPath != "" || *jsonPath != "" || *humanPath != "" {
			return cli.Usagef("report: --index takes a folder and -o only (no results file, --csv, --json or --human)")
		}
		return a.runIndex(*indexDir, *htmlPath, *title, stdout, stderr)
	}
	if *compare {
		if *csvPath != "" || *jsonPath != "" || *humanPath != "" {
			return cli.Usagef("report: --compare takes two results files and -o only (no --csv, --json or --human)")
		}
		return a.runCompare(inputs, *htmlPath, *tier, stdout, stderr)
	}
	if len(inputs) == 0 {
		return cli.Usagef("report: no results file given (hallumaze report RESULTS.jsonl [-o report.html])")
	}
	src, closeFiles, err := a.openResults("report", inputs, *humanPath, stderr)
	if err != nil {
		return err
	}
	defer closeFiles()
	if src.Len() == 0 {
		return cli.Usagef("report: the results files hold no result")
	}
	prices, err := a.priceTable("report", nil, *pricesPath)
	if err != nil {
		return err
	}
	now := time.Now()
	opts := report.Options{Title: *title, Generated: now, Timestamp: now, Prices: prices, CacheDir: a.cacheDir(), SkipPage: *htmlPath == "", Bilingual: *bilingual}
	sum := report.NewSummary(suites.Summarizers(a.suites), opts)
	var prof profile.Collector
	for i := range src.Len() {
		r, err := src.At(i)
		if err != nil {
			return cli.Usagef("report: %v", err)
		}
		if err := sum.Add(r); err != nil {
			return cli.Usagef("report: %v", err)
		}
		prof.Add(r)
	}
	opts.Korean = sum.Korean()
	sections, err := sum.Sections(opts)
	if err == nil {
		sections, err = a.withProfile(sections, &prof, inputs...)
	}
	if err != nil {
		return cli.Usagef("report: %v", err)
	}
	outputs := []struct {
		flag, path string
		write      func(io.Writer) error
	}{
		{"-o", *htmlPath, nil}, // report.WritePage: the page and its cases folder
		{"--csv", *csvPath, func(w io.Writer) error { return report.WriteCSVFrom(w, sum.Columns(), src, prices) }},
		{"--json", *jsonPath, func(w io.Writer) error { return report.WriteJSON(w, sections, opts) }},
	}
	inputsAndOutputs := append(append([]string{}, inputs...), *humanPath, *pricesPath)
	for _, o := range outputs {
		if o.path == "" {
			continue
		}
		if err := checkReportOutput(o.path, inputsAndOutputs); err != nil {
			return cli.Usagef("report: %s %s: %v", o.flag, o.path, err)
		}
		inputsAndOutputs = append(inputsAndOutputs, o.path)
	}
	red := a.envSecrets()
	for _, o := range outputs {
		if o.path == "" {
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		var err error
		if o.write == nil {
			err = report.WritePage(o.path, red, src, sections, opts)
		} else {
			err = report.WriteFileAtomic(o.path, red, o.write)
		}
		if err != nil {
			return fmt.Errorf("report: %w", err)
		}
	}
	if err := report.WriteSummaries(stdout, sections); err != nil {
		return err
	}
	if err := report.WriteText(stdout, sections); err != nil {
		return err
	}
	for _, f := range []struct{ what, path string }{{"HTML", *htmlPath}, {"CSV", *csvPath}, {"JSON", *jsonPath}} {
		if f.path != "" {
			fmt.Fprintf(stdout, "  ✓ %s saved: %s\n", f.what, f.path)
		}
	}
	return nil
}

// checkReportOutput makes sure path can be written without touching it: a
// new path or a regular file ([cli.CheckOutput]), and none of the other
// files of the command.
func checkReportOutput(path string, others []string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	for _, o := range others {
		if o == "" {
			continue
		}
		if oa, err := filepath.Abs(o); err == nil && oa == abs {
			return errors.New("is also an input or another output")
		}
		if a, errA := os.Stat(path); errA == nil {
			if b, errB := os.Stat(o); errB == nil && os.SameFile(a, b) {
				return errors.New("is also an input or another output")
			}
		}
	}
	if st, err := os.Stat(filepath.Dir(path)); err != nil || !st.IsDir() {
		return fmt.Errorf("the folder %s does not exist", filepath.Dir(path))
	}
	return cli.CheckOutput(path, false)
}

// runIndex writes the index of past runs of hallumaze report --index: one
// page listing every results file of dir (report.ReadRuns), with each
// suite's first declared metric as the headline, linked to the outputs
// beside each file. A file that is not results is listed as unreadable
// and said on stderr; it does not fail the command.
func (a *app) runIndex(dir, out, title string, stdout, stderr io.Writer) error {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return cli.Usagef("report: --index %s: not a folder", dir)
	}
	if out == "" {
		out = filepath.Join(dir, "index.html")
	}
	if err := checkReportOutput(out, nil); err != nil {
		return cli.Usagef("report: -o %s: %v", out, err)
	}
	opts := report.IndexOptions{Title: title, Generated: time.Now(), Headline: map[string]results.Metric{}}
	for _, s := range a.suites {
		if ms := s.Metrics; len(ms) > 0 {
			opts.Headline[s.Name] = ms[0]
		}
	}
	absDir, errD := filepath.Abs(dir)
	absOut, errO := filepath.Abs(out)
	if errD == nil && errO == nil {
		if rel, err := filepath.Rel(filepath.Dir(absOut), absDir); err == nil && rel != "." {
			opts.Link = filepath.ToSlash(rel)
		}
	}
	runs, err := report.ReadRuns(dir, opts)
	if err != nil {
		return cli.Usagef("report: --index %s: %v", dir, err)
	}
	for _, r := range runs {
		if r.Unreadable != "" {
			fmt.Fprintf(stderr, "report: %s: listed as unreadable: %s\n", filepath.Join(dir, r.File), r.Unreadable)
		}
	}
	if err := report.WriteFileAtomic(out, a.envSecrets(), func(w io.Writer) error { return report.WriteIndex(w, runs, opts) }); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	fmt.Fprintf(stdout, "  ✓ index of %d runs saved: %s\n", len(runs), out)
	return nil
}

// openResults opens results files for a command that reads them one result
// at a time: a JSONL file indexed, a results JSON's cases (or the JSONL
// beside it) and the human groups of humanPath held in memory, merged as
// report.Merge merges them. A torn last line is said on stderr. close
// closes the files.
func (a *app) openResults(cmd string, inputs []string, humanPath string, stderr io.Writer) (src report.Source, close func(), err error) {
	var files []*results.File
	closeAll := func() {
		for _, f := range files {
			f.Close()
		}
	}
	defer func() {
		if err != nil {
			closeAll()
		}
	}()
	var sets [][]results.Result
	for _, path := range inputs {
		f, rs, torn, err := a.readResults(path, stderr)
		if err != nil {
			return nil, nil, cli.Usagef("%s: %v", cmd, err)
		}
		if torn {
			fmt.Fprintf(stderr, "%s: %s: the last line was torn (an interrupted run) and is skipped\n", cmd, path)
		}
		if f != nil {
			files = append(files, f)
		} else {
			sets = append(sets, rs)
		}
	}
	if humanPath != "" {
		hs, err := a.readHuman(humanPath)
		if err != nil {
			return nil, nil, cli.Usagef("%s: %v", cmd, err)
		}
		sets = append(sets, hs)
	}
	src, err = report.MergeFiles(files, sets...)
	if err != nil {
		return nil, nil, cli.Usagef("%s: %v", cmd, err)
	}
	return src, closeAll, nil
}
