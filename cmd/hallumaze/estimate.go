package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"text/tabwriter"
	"time"

	"github.com/hallumaze/hallumaze/abstain"
	"github.com/hallumaze/hallumaze/agents"
	"github.com/hallumaze/hallumaze/bench"
)

// Price is what a model costs per million tokens, in dollars.
type Price struct {
	Input  float64 `json:"input"`
	Output float64 `json:"output"`
}

// examplePrices are list prices per million tokens as an example only;
// pass --prices with your provider's current table.
var examplePrices = map[string]Price{
	"anthropic/claude-sonnet-4-20250514": {3, 15},
	"openai/gpt-4o":                      {2.5, 10},
	"google/gemini-2.5-flash":            {0.3, 2.5},
	"deepseek/deepseek-reasoner":         {0.55, 2.19},
}

// runEstimate estimates what recording the bench's cassettes for a model
// costs: it plays the recording grid with the reference agents to count
// tokens per case, then prices them.
func runEstimate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("estimate", "[--prices PRICES.json] [--output-factor F] [--seconds-per-call S]", stdout)
	pricesPath := fs.String("prices", "", `price table: {"provider/model": {"input": $/Mtok, "output": $/Mtok}, ...} (default: example list prices)`)
	factor := fs.Float64("output-factor", 3, "how many times more output a real model writes than the agents (reasoning models: 10 or more)")
	perCall := fs.Float64("seconds-per-call", 8, "assumed seconds per model call, for the time estimate (sequential)")
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	if *factor <= 0 || *perCall <= 0 {
		return usagef("estimate: --output-factor and --seconds-per-call must be positive")
	}
	prices := examplePrices
	if *pricesPath != "" {
		data, err := os.ReadFile(*pricesPath)
		if err != nil {
			return usagef("estimate: %v", err)
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		prices = nil
		if err := dec.Decode(&prices); err != nil {
			return usagef("estimate: %s: %v", *pricesPath, err)
		}
	}
	type suite struct {
		name  string
		agent string
		cases []bench.Case
	}
	var mazeSpecs []bench.MazeSpec
	mazeSpecs = append(mazeSpecs, bench.MazeGrid()...)
	mazeSpecs = append(mazeSpecs, bench.AriadneGrid()...)
	mazeSpecs = append(mazeSpecs, bench.DifficultyGrid()...)
	suites := []suite{
		{"maze", "agent/explorer", bench.MustMazeCases(dedupe(mazeSpecs))},
		{"abstain", "agent/checker", bench.AbstainCases(abstain.Standard(abstain.DefaultSeed))},
	}
	env := bench.Env{Agents: agents.Lookup}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "suite\tcases\tcalls\tinput tok\toutput tok (×factor)\ttime")
	var totalIn, totalOut, totalCalls int
	for _, s := range suites {
		m, err := env.Open(s.agent)
		if err != nil {
			return err
		}
		var in, out, calls int
		for _, c := range s.cases {
			r := bench.Play(ctx, m, c)
			if r.Error != "" {
				return fmt.Errorf("estimate: %s: %s", c.Name, r.Error)
			}
			in += r.Usage.InputTokens
			out += r.Usage.OutputTokens
			calls += len(r.Turns) / 2
		}
		outF := int(float64(out) * *factor)
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%s\n", s.name, len(s.cases), calls, in, outF, duration(calls, *perCall))
		totalIn, totalOut, totalCalls = totalIn+in, totalOut+outF, totalCalls+calls
	}
	fmt.Fprintf(tw, "total\t\t%d\t%d\t%d\t%s\n", totalCalls, totalIn, totalOut, duration(totalCalls, *perCall))
	tw.Flush()
	fmt.Fprintln(stdout)
	names := make([]string, 0, len(prices))
	for name := range prices {
		names = append(names, name)
	}
	slices.Sort(names)
	tw = tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "model\t$/Mtok in\t$/Mtok out\testimated cost")
	for _, name := range names {
		p := prices[name]
		cost := float64(totalIn)/1e6*p.Input + float64(totalOut)/1e6*p.Output
		fmt.Fprintf(tw, "%s\t%.2f\t%.2f\t$%.2f\n", name, p.Input, p.Output, cost)
	}
	tw.Flush()
	if *pricesPath == "" {
		fmt.Fprintln(stdout, "\nThe prices above are examples: pass --prices with your provider's current table.")
	}
	return nil
}

func duration(calls int, perCall float64) string {
	return (time.Duration(float64(calls)*perCall) * time.Second).Round(time.Minute).String()
}

// dedupe drops specs that name the same case twice (the grids overlap).
func dedupe(specs []bench.MazeSpec) []bench.MazeSpec {
	seen := map[string]bool{}
	var out []bench.MazeSpec
	for _, s := range specs {
		if !seen[s.Name()] {
			seen[s.Name()] = true
			out = append(out, s)
		}
	}
	return out
}
