package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/hallumaze/hallumaze/abstain"
	"github.com/hallumaze/hallumaze/agents"
	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/providers"
)

// errGateFailed is returned when the gate finds a regression: exit 1.
var errGateFailed = fmt.Errorf("gate: significant regression")

// runGate compares a candidate model with a baseline over the same cases.
func runGate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("gate", "--base MODEL --cand MODEL [--results FILE,...] [flags]", stdout)
	base := fs.String("base", "", "baseline model (provider/model)")
	cand := fs.String("cand", "", "candidate model (provider/model)")
	results := fs.String("results", "", "comma-separated JSONL results files to compare instead of playing the cases")
	gatePath := fs.String("gate", filepath.Join("bench", "gate.json"), "threshold file")
	cassetteRoot := fs.String("cassettes", "cassettes", "folder of recorded cassettes")
	markdown := fs.String("markdown", "", "also write the Markdown table to this file (for a PR comment)")
	suite := fs.String("suite", "maze", "cases to play when no --results are given: maze (the TestMaze grid), abstain (the 120 standard items) or all")
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	if *base == "" || *cand == "" {
		return usagef("gate: --base and --cand are required")
	}
	for _, name := range []string{*base, *cand} {
		if _, _, err := providers.ParseModelName(name); err != nil {
			return usagef("gate: %v", err)
		}
	}
	g, err := bench.ReadGateFile(*gatePath)
	if err != nil {
		return usagef("gate: %v", err)
	}
	var baseRes, candRes []bench.Result
	if *results != "" {
		var all []bench.Result
		for _, path := range strings.Split(*results, ",") {
			rs, torn, err := bench.ReadResultsFile(path)
			if err != nil {
				return usagef("gate: %v", err)
			}
			if torn {
				fmt.Fprintf(stderr, "gate: %s: the last line was torn (an interrupted run) and is skipped\n", path)
			}
			all = append(all, rs...)
		}
		baseRes, candRes = bench.OfModel(all, *base), bench.OfModel(all, *cand)
		if len(baseRes) == 0 || len(candRes) == 0 {
			return usagef("gate: the results files hold %d results of %s and %d of %s", len(baseRes), *base, len(candRes), *cand)
		}
	} else {
		env := bench.Env{CassetteRoot: *cassetteRoot, Agents: agents.Lookup, Config: providers.Config{}.WithEnv(os.Getenv)}
		var cases []bench.Case
		switch *suite {
		case "maze":
			cases = bench.MustMazeCases(bench.MazeGrid())
		case "abstain":
			cases = bench.AbstainCases(abstain.Standard(abstain.DefaultSeed))
		case "all":
			cases = append(bench.MustMazeCases(bench.MazeGrid()), bench.AbstainCases(abstain.Standard(abstain.DefaultSeed))...)
		default:
			return usagef("gate: unknown --suite %q (want maze, abstain or all)", *suite)
		}
		sides := []*[]bench.Result{&baseRes, &candRes}
		for i, name := range []string{*base, *cand} {
			m, err := env.Open(name)
			if err != nil {
				return usagef("gate: %v", err)
			}
			var rs []bench.Result
			for _, c := range cases {
				if err := ctx.Err(); err != nil {
					return err
				}
				rs = append(rs, bench.Play(ctx, m, c))
			}
			*sides[i] = rs
		}
	}
	rep := bench.Compare(g, *base, baseRes, *cand, candRes)
	table := rep.Markdown()
	io.WriteString(stdout, table)
	if *markdown != "" {
		if err := os.WriteFile(*markdown, []byte(table), 0o644); err != nil {
			return fmt.Errorf("gate: %w", err)
		}
	}
	if rep.Failed() {
		return errGateFailed
	}
	return nil
}
