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
	"github.com/hallumaze/hallumaze/modelname"
	"github.com/hallumaze/hallumaze/pricing"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/report"
)

// runEstimate estimates what recording a model's cassettes costs (make
// record, hallumaze record): it plays every suite's gate set (or, with
// --set, the set hallumaze record --set records) with the
// suite's estimating agent to count tokens per case, then prices them at
// every model of the price table (the built-in list prices, or the models
// of --prices FILE).
func (a *app) runEstimate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("estimate", "[--models M,...] [--set gate|effort|all] [--prices PRICES.json] [--output-factor F] [--seconds-per-call S]", stdout)
	pricesPath := fs.String("prices", "", `price table file, the models to price: {"provider/model": {"input": $/Mtok, "output": $/Mtok}, ...} (default: the built-in list prices)`)
	factor := fs.Float64("output-factor", 3, "how many times more output a real model writes than the agents (reasoning models: 10 or more)")
	perCall := fs.Float64("seconds-per-call", 8, "assumed seconds per model call, for the time estimate (sequential)")
	modelsFlag := fs.String("models", "", "comma-separated models to price, with their settings (openai/o4-mini@effort=high,anthropic/claude-sonnet-4@thinking=8000): each priced at its model's entry, a thinking budget counted as reasoning tokens spent in full on every call (the most it can cost); default: every model of the price table")
	set := fs.String("set", bench.SetGate, setUsage)
	if err := fs.Parse(args, false); err != nil {
		return err
	}
	var models []string
	if *modelsFlag != "" {
		var err error
		if models, err = providers.ParseNames(*modelsFlag); err != nil {
			return cli.Usagef("estimate: --models: %v", err)
		}
	}
	for name, v := range map[string]float64{"--output-factor": *factor, "--seconds-per-call": *perCall} {
		if math.IsNaN(v) || math.IsInf(v, 0) || v <= 0 || v > 1e6 {
			return cli.Usagef("estimate: %s %v is not a positive number up to 1e6", name, v)
		}
	}
	if err := checkSet("estimate", a.suites, *set); err != nil {
		return err
	}
	prices := pricing.Default()
	if *pricesPath != "" {
		var err error
		if prices, err = a.readPrices("estimate", *pricesPath); err != nil {
			return err
		}
	}
	agents, err := a.estimators()
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "suite\tcases\tcalls\tinput tok\tcacheable\toutput tok (×factor)\ttime")
	var total caseTokens
	totalOut := 0
	for _, s := range a.suites {
		m, ok := agents[s.Name]
		if !ok {
			continue
		}
		cases, err := bench.SetCases(s, *set)
		if err != nil {
			return fmt.Errorf("estimate: %s: %w", s.Name, err)
		}
		var sum caseTokens
		for _, c := range cases {
			t, err := agentTokens(ctx, m, c)
			if err != nil {
				return fmt.Errorf("estimate: %w", err)
			}
			sum.add(t)
		}
		outF := int(float64(sum.out) * *factor)
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%s\n", s.Name, len(cases), sum.calls, sum.in, sum.implicit.CachedInput, outF, duration(sum.calls, *perCall))
		total.add(sum)
		totalOut += outF
	}
	fmt.Fprintf(tw, "total\t\t%d\t%d\t%d\t%d\t%s\n", total.calls, total.in, total.implicit.CachedInput, totalOut, duration(total.calls, *perCall))
	tw.Flush()
	fmt.Fprintln(stdout)
	tw = tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	if len(models) > 0 {
		writeModelEstimates(tw, models, prices, total, totalOut)
	} else {
		fmt.Fprintln(tw, "model\t$/Mtok in\t$/Mtok cached\t$/Mtok out\testimated cost\tcaching saves\tprice as of")
		for _, name := range prices.Names() {
			p := prices[name]
			cost, saved := estimatedCost(p, total.billed(p, totalOut))
			fmt.Fprintf(tw, "%s\t%.3f\t%s\t%.3f\t%s\t%s\t%s\n", name, p.Input, cachedPrice(p), p.Output, cost, saved, cmp.Or(p.AsOf, "—"))
		}
	}
	tw.Flush()
	fmt.Fprint(stdout, "\nThe interactive cases ask for their prompts to be cached: from a conversation's second call on, the\n"+
		"call before it is read at the cached price (once it comes to 1,024 tokens: \"cacheable\" counts them),\n"+
		"and where the table has a cache-write price (Anthropic) each prompt is written at that price.\n"+
		"\"caching saves\" is the estimated cost without caching less the estimated cost.\n")
	if *pricesPath == "" {
		fmt.Fprintln(stdout, "\nBuilt-in list prices as of the dates shown; they change: pass --prices FILE with your provider's current table.")
	}
	return nil
}

func duration(calls int, perCall float64) string {
	return (time.Duration(float64(calls)*perCall) * time.Second).Round(time.Minute).String()
}

// writeModelEstimates prices the recording for each model named, at its
// model's entry of the table (a model with settings is priced as its
// model): the input and the output of the estimate, and, for a model with
// a thinking budget of N tokens, N reasoning tokens on every call, the
// most the budget lets it spend. An effort has no such bound: its
// reasoning is in --output-factor.
func writeModelEstimates(w io.Writer, models []string, prices pricing.Table, total caseTokens, out int) {
	fmt.Fprintln(w, "model\t$/Mtok in\t$/Mtok cached\t$/Mtok out\treasoning tok (at most)\testimated cost\tcaching saves\tprice as of")
	for _, name := range models {
		reasoning := "—"
		budget := 0
		if n, err := modelname.Parse(name); err == nil {
			if b, ok := n.Settings.Thinking.Tokens(); ok {
				budget = b * total.calls
				reasoning = report.Thousands(budget)
			}
		}
		p, ok := prices.Lookup(name)
		if !ok {
			fmt.Fprintf(w, "%s\t\t\t\t%s\tprice unknown\t\t—\n", name, reasoning)
			continue
		}
		tokens := total.billed(p, out)
		tokens.Reasoning = budget
		cost, saved := estimatedCost(p, tokens)
		fmt.Fprintf(w, "%s\t%.3f\t%s\t%.3f\t%s\t%s\t%s\t%s\n", name, p.Input, cachedPrice(p), p.Output, reasoning, cost, saved, cmp.Or(p.AsOf, "—"))
	}
}

// estimatedCost is what t costs at p, and what prompt caching saves of it
// (the cost with every prompt token billed as input, less the cost).
func estimatedCost(p pricing.Price, t pricing.Tokens) (cost, saved string) {
	c := p.Cost(t)
	return costText(c), costText(p.Cost(t.Uncached()) - c)
}

// cachedPrice is p's price of cached input, or "—" when it has none.
func cachedPrice(p pricing.Price) string {
	if p.CachedInput == nil {
		return "—"
	}
	return fmt.Sprintf("%.3f", *p.CachedInput)
}

// costText is an estimated cost in dollars, or "unknown": never ±Inf or
// NaN (prices are capped, pricing.MaxPrice, so it takes counts beyond any
// recording to get there).
func costText(c float64) string {
	if math.IsNaN(c) || math.IsInf(c, 0) {
		return "unknown"
	}
	return fmt.Sprintf("$%.2f", c)
}
