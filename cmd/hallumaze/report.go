package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/report"
)

// runReport reads results files (the shards of one run, or several runs),
// merges them, writes the HTML page, CSV and seed JSON asked for, and
// prints the leaderboard. Every input and output path is checked before
// anything is written.
func runReport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("report", "RESULTS.jsonl [more.jsonl ...] [-o report.html] [--csv out.csv] [--json out.json] [--human humans.json]", stdout)
	htmlPath := fs.String("o", "", "write the HTML report to this file")
	csvPath := fs.String("csv", "", "write one CSV row per case to this file")
	jsonPath := fs.String("json", "", "write the seed's JSON results file to this file")
	humanPath := fs.String("human", "", "read human control-group results (JSON) from this file")
	title := fs.String("title", "", "title of the HTML report")
	// Flags may come before, between or after the results files.
	var inputs []string
	for rest := args; ; {
		if err := parseFlags(fs, rest, true); err != nil {
			return err
		}
		if fs.NArg() == 0 {
			break
		}
		inputs = append(inputs, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	if len(inputs) == 0 {
		return usagef("report: no results file given (hallumaze report RESULTS.jsonl [-o report.html])")
	}
	var sets [][]bench.Result
	for _, path := range inputs {
		rs, torn, err := bench.ReadResultsFile(path)
		if err != nil {
			return usagef("report: %v", err)
		}
		if torn {
			fmt.Fprintf(stderr, "report: %s: the last line was torn (an interrupted run) and is skipped\n", path)
		}
		sets = append(sets, rs)
	}
	if *humanPath != "" {
		hs, err := readHumanFile(*humanPath)
		if err != nil {
			return usagef("report: %v", err)
		}
		sets = append(sets, hs)
	}
	results, err := report.Merge(sets...)
	if err != nil {
		return usagef("report: %v", err)
	}
	if len(results) == 0 {
		return usagef("report: the results files hold no result")
	}
	outputs := []struct {
		flag, path string
		write      func(io.Writer) error
	}{
		{"-o", *htmlPath, func(w io.Writer) error {
			return report.WriteHTML(w, results, report.HTMLOptions{Title: *title, Generated: time.Now()})
		}},
		{"--csv", *csvPath, func(w io.Writer) error { return report.WriteCSV(w, results) }},
		{"--json", *jsonPath, func(w io.Writer) error {
			return report.WriteSeedJSON(w, results, report.Meta{Timestamp: time.Now()})
		}},
	}
	inputsAndOutputs := append(append([]string{}, inputs...), *humanPath)
	for _, o := range outputs {
		if o.path == "" {
			continue
		}
		if err := checkReportOutput(o.path, inputsAndOutputs); err != nil {
			return usagef("report: %s %s: %v", o.flag, o.path, err)
		}
		inputsAndOutputs = append(inputsAndOutputs, o.path)
	}
	for _, o := range outputs {
		if o.path == "" {
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := report.WriteFileAtomic(o.path, o.write); err != nil {
			return fmt.Errorf("report: %w", err)
		}
	}
	return printLeaderboard(stdout, results, outputs[0].path, outputs[1].path, outputs[2].path)
}

func readHumanFile(path string) ([]bench.Result, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	hs, err := report.ReadHuman(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return hs, nil
}

// checkReportOutput makes sure path can be written without touching it: its
// folder exists and takes a new file, it is not a folder, and it is none of
// the other files of the command.
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
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		return errors.New("is a folder")
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	probe, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".probe-*")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return fmt.Errorf("cannot write in %s: %v", filepath.Dir(path), pe.Err)
		}
		return err
	}
	probe.Close()
	return os.Remove(probe.Name())
}

// printLeaderboard prints each model's summary lines, the comparison
// table, the Missing Piece tables when there are abstain results, and
// where the files went. Without maze results but with abstain results the
// empty comparison table is left out.
func printLeaderboard(w io.Writer, results []bench.Result, htmlPath, csvPath, jsonPath string) error {
	rows := report.Leaderboard(results)
	var b strings.Builder
	for _, r := range rows {
		if r.Human {
			continue
		}
		lines := strings.Split(report.SummaryLine(r.Model, results), "\n")
		fmt.Fprintf(&b, "  ▶ %s\n", r.Model)
		for _, l := range lines {
			b.WriteString("  " + l + "\n")
		}
		b.WriteString("\n")
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return err
	}
	if err := report.WriteTables(w, results); err != nil {
		return err
	}
	for _, f := range []struct{ what, path string }{{"HTML", htmlPath}, {"CSV", csvPath}, {"JSON", jsonPath}} {
		if f.path != "" {
			fmt.Fprintf(w, "  ✓ %s saved: %s\n", f.what, f.path)
		}
	}
	return nil
}
