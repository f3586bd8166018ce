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
)

// runEstimate estimates what recording a model's cassettes costs (make
// record, hallumaze record): it plays every suite's gate set (or, with
// --set all, every case hallumaze record --set all records) with the
// suite's estimating agent to count tokens per case, then prices them at
// every model of the price table (the built-in list prices, or the models
// of --prices FILE).
func (a *app) runEstimate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("estimate", "[--prices PRICES.json] [--output-factor F] [--seconds-per-call S]", stdout)
	pricesPath := fs.String("prices", "", `price table file, the models to price: {"provider/model": {"input": $/Mtok, "output": $/Mtok}, ...} (default: the built-in list prices)`)
	factor := fs.Float64("output-factor", 3, "how many times more output a real model writes than the agents (reasoning models: 10 or more)")
	perCall := fs.Float64("seconds-per-call", 8, "assumed seconds per model call, for the time estimate (sequential)")
	set := fs.String("set", bench.SetGate, "cases of each suite: gate (what make record records) or all (with the whole standard set and every experiment's cases)")
	if err := fs.Parse(args, false); err != nil {
		return err
	}
	for name, v := range map[string]float64{"--output-factor": *factor, "--seconds-per-call": *perCall} {
		if math.IsNaN(v) || math.IsInf(v, 0) || v <= 0 || v > 1e6 {
			return cli.Usagef("estimate: %s %v is not a positive number up to 1e6", name, v)
		}
	}
	if *set != bench.SetGate && *set != bench.SetAll {
		return cli.Usagef("estimate: --set %q (want %s or %s)", *set, bench.SetGate, bench.SetAll)
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
		m, ok := agents[s.Name()]
		if !ok {
			continue
		}
		cases, err := bench.SetCases(s, *set)
		if err != nil {
			return fmt.Errorf("estimate: %s: %w", s.Name(), err)
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
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%s\n", s.Name(), len(cases), sum.calls, sum.in, sum.implicit.CachedInput, outF, duration(sum.calls, *perCall))
		total.add(sum)
		totalOut += outF
	}
	fmt.Fprintf(tw, "total\t\t%d\t%d\t%d\t%d\t%s\n", total.calls, total.in, total.implicit.CachedInput, totalOut, duration(total.calls, *perCall))
	tw.Flush()
	fmt.Fprintln(stdout)
	tw = tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "model\t$/Mtok in\t$/Mtok cached\t$/Mtok out\testimated cost\tcaching saves\tprice as of")
	for _, name := range prices.Names() {
		p := prices[name]
		billed := total.billed(p, totalOut)
		cost := p.Cost(billed)
		saved := p.Cost(billed.Uncached()) - cost
		cached := "—"
		if p.CachedInput != nil {
			cached = fmt.Sprintf("%.3f", *p.CachedInput)
		}
		fmt.Fprintf(tw, "%s\t%.3f\t%s\t%.3f\t$%.2f\t$%.2f\t%s\n", name, p.Input, cached, p.Output, cost, saved, cmp.Or(p.AsOf, "—"))
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
