package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"text/tabwriter"
	"time"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/suites"
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
// costs: it plays every suite's experiment cases with the suite's
// estimating agent to count tokens per case, then prices them.
func (a *app) runEstimate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("estimate", "[--prices PRICES.json] [--output-factor F] [--seconds-per-call S]", stdout)
	pricesPath := fs.String("prices", "", `price table: {"provider/model": {"input": $/Mtok, "output": $/Mtok}, ...} (default: example list prices)`)
	factor := fs.Float64("output-factor", 3, "how many times more output a real model writes than the agents (reasoning models: 10 or more)")
	perCall := fs.Float64("seconds-per-call", 8, "assumed seconds per model call, for the time estimate (sequential)")
	if err := fs.Parse(args, false); err != nil {
		return err
	}
	for name, v := range map[string]float64{"--output-factor": *factor, "--seconds-per-call": *perCall} {
		if math.IsNaN(v) || math.IsInf(v, 0) || v <= 0 || v > 1e6 {
			return cli.Usagef("estimate: %s %v is not a positive number up to 1e6", name, v)
		}
	}
	prices := examplePrices
	if *pricesPath != "" {
		data, err := cli.ReadInput(*pricesPath, a.stdin, 1<<20)
		if err != nil {
			return cli.Usagef("estimate: %v", err)
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		prices = nil
		if err := dec.Decode(&prices); err != nil {
			return cli.Usagef("estimate: %s: %v", *pricesPath, err)
		}
		for name, p := range prices {
			if !(p.Input >= 0 && p.Output >= 0) || math.IsInf(p.Input, 0) || math.IsInf(p.Output, 0) {
				return cli.Usagef("estimate: %s: %s: prices must be finite and ≥ 0", *pricesPath, name)
			}
		}
	}
	env := bench.Env{Agents: suites.Agents(a.suites)}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "suite\tcases\tcalls\tinput tok\toutput tok (×factor)\ttime")
	var totalIn, totalOut, totalCalls int
	for _, s := range a.suites {
		agent := ""
		for _, ag := range s.Agents() {
			if ag.Estimate || agent == "" {
				agent = ag.Name
				if ag.Estimate {
					break
				}
			}
		}
		if agent == "" {
			continue
		}
		m, err := env.Open("agent/" + agent)
		if err != nil {
			return err
		}
		cases, err := recordingCases(s)
		if err != nil {
			return fmt.Errorf("estimate: %s: %w", s.Name(), err)
		}
		var in, out, calls int
		for _, c := range cases {
			if err := ctx.Err(); err != nil {
				return err
			}
			r := bench.Play(ctx, m, c)
			if r.Error != "" {
				return fmt.Errorf("estimate: %s: %s", c.Name, r.Error)
			}
			in += r.Usage.InputTokens
			out += r.Usage.OutputTokens
			calls += len(r.Turns) / 2
		}
		outF := int(float64(out) * *factor)
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%s\n", s.Name(), len(cases), calls, in, outF, duration(calls, *perCall))
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

// recordingCases are the cases a recording of a suite covers: every
// experiment's, each once.
func recordingCases(s bench.Suite) ([]bench.Case, error) {
	var out []bench.Case
	seen := map[string]bool{}
	for _, e := range s.Experiments() {
		cs, err := e.Cases()
		if err != nil {
			return nil, err
		}
		for _, c := range cs {
			if !seen[c.Name] {
				seen[c.Name] = true
				out = append(out, c)
			}
		}
	}
	return out, nil
}

func duration(calls int, perCall float64) string {
	return (time.Duration(float64(calls)*perCall) * time.Second).Round(time.Minute).String()
}
