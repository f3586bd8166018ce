package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"math"
	"text/tabwriter"
	"time"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/pricing"
	"github.com/hallumaze/hallumaze/suites"
)

// runEstimate estimates what recording the bench's cassettes for a model
// costs: it plays every suite's experiment cases with the suite's
// estimating agent to count tokens per case, then prices them at every
// model of the price table (the built-in list prices, or the models of
// --prices FILE).
func (a *app) runEstimate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("estimate", "[--prices PRICES.json] [--output-factor F] [--seconds-per-call S]", stdout)
	pricesPath := fs.String("prices", "", `price table file, the models to price: {"provider/model": {"input": $/Mtok, "output": $/Mtok}, ...} (default: the built-in list prices)`)
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
	prices := pricing.Default()
	if *pricesPath != "" {
		var err error
		if prices, err = a.readPrices("estimate", *pricesPath); err != nil {
			return err
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
	tw = tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "model\t$/Mtok in\t$/Mtok out\testimated cost\tprice as of")
	for _, name := range prices.Names() {
		p := prices[name]
		cost := "unknown" // never ±Inf or NaN: prices are capped (pricing.MaxPrice)
		if c := p.Cost(pricing.Tokens{Input: totalIn, Output: totalOut}); !math.IsNaN(c) && !math.IsInf(c, 0) {
			cost = fmt.Sprintf("$%.2f", c)
		}
		fmt.Fprintf(tw, "%s\t%.3f\t%.3f\t%s\t%s\n", name, p.Input, p.Output, cost, cmp.Or(p.AsOf, "—"))
	}
	tw.Flush()
	if *pricesPath == "" {
		fmt.Fprintln(stdout, "\nBuilt-in list prices as of the dates shown; they change: pass --prices FILE with your provider's current table.")
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
