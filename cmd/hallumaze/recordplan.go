package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/modelname"
	"github.com/hallumaze/hallumaze/pricing"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites"
)

// A recording fills the gaps: every case whose cassette replays is played
// from it, and only the others (a cassette missing, or no longer matching
// the requests the case makes) are called live and saved. recordPlan is
// what a recording will do, found before the first live call: which cases
// of each model replay and which are to be recorded, with the calls,
// tokens and cost the recording is expected to take.
type recordPlan struct {
	models []string
	// toRecord holds, by model, the cases to call live and save, and the
	// paths of their cassettes.
	toRecord map[string][]bench.Case
	paths    map[string]bool
	// estimate is each case's expected cost, by model and case, where the
	// model has a price.
	estimate map[string]float64
	lines    []planLine
	prices   pricing.Table
}

// planLine is one model's part of the plan.
type planLine struct {
	model                     string
	cases, replayed           int
	missing, stale            int
	calls, inTokens, outToken int
	// reasoning is, for a model with a thinking budget, the budget spent
	// in full on every call: the most its reasoning can add.
	reasoning    int
	cost         float64
	price        pricing.Price
	priced       bool
	replayFailed int
}

// outputFactor is how many times more output a real model writes than the
// reference agents whose replies stand in for it in the estimate.
const outputFactor = 3

// planRecording finds what recording the cases with the models takes. A
// model with a case to record and no key is a usage error naming the
// variable, made before anything is replayed when a cassette is missing.
func (a *app) planRecording(ctx context.Context, env bench.Env, models []bench.Model, cases []bench.Case, prices pricing.Table) (*recordPlan, error) {
	p := &recordPlan{toRecord: map[string][]bench.Case{}, paths: map[string]bool{}, estimate: map[string]float64{}, prices: prices}
	replay := env
	replay.Live, replay.Record, replay.ToRecord = false, "", nil
	type entry struct {
		c    bench.Case
		path string
	}
	exists := map[string][]entry{}
	lines := map[string]*planLine{}
	for _, m := range models {
		if m.Agent {
			continue
		}
		p.models = append(p.models, m.Name)
		line := &planLine{model: m.Name}
		lines[m.Name] = line
		for _, c := range cases {
			if !a.plays(m.Name, c) {
				continue
			}
			line.cases++
			path := env.CassettePath(m, c)
			if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
				line.missing++
				p.add(m.Name, c, path)
				continue
			}
			exists[m.Name] = append(exists[m.Name], entry{c, path})
		}
		if err := p.checkKey(env.Config, m); err != nil {
			return nil, err
		}
	}
	for _, m := range models {
		line := lines[m.Name]
		if line == nil {
			continue
		}
		rm, err := replay.Open(m.Name)
		if err != nil {
			return nil, cli.Usagef("record: %v", err)
		}
		for _, e := range exists[m.Name] {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			r, err := bench.PlayCase(ctx, rm, e.c)
			switch {
			case errors.Is(err, bench.ErrSetup):
				line.stale++
				p.add(m.Name, e.c, e.path)
			case r.Error != "":
				line.replayFailed++
				line.replayed++
			default:
				line.replayed++
			}
		}
		if err := p.checkKey(env.Config, m); err != nil {
			return nil, err
		}
	}
	if err := p.estimateCost(ctx, a, models, lines); err != nil {
		return nil, err
	}
	for _, name := range p.models {
		p.lines = append(p.lines, *lines[name])
	}
	return p, nil
}

func (p *recordPlan) add(model string, c bench.Case, path string) {
	p.toRecord[model] = append(p.toRecord[model], c)
	p.paths[model+"\x00"+path] = true
}

// checkKey refuses a model with a case to record and no key to call it.
func (p *recordPlan) checkKey(cfg providers.Config, m bench.Model) error {
	n := len(p.toRecord[m.Name])
	if n == 0 || cfg.HasKey(m.Ref.Provider) {
		return nil
	}
	return cli.Usagef("record: %s has %d case(s) to record and no API key: %s", m.Name, n, keyHint(m.Ref.Provider))
}

// records reports whether the case of model at path is to be recorded:
// the Env's ToRecord.
func (p *recordPlan) records(model, path string) bool { return p.paths[model+"\x00"+path] }

// count is the number of cases to record.
func (p *recordPlan) count() int {
	n := 0
	for _, cs := range p.toRecord {
		n += len(cs)
	}
	return n
}

// estimateCost plays each case to record with its suite's estimating agent
// in-process, for the calls and tokens a real model's recording takes
// (output × outputFactor), and prices them at each model's list price. A
// model with a thinking budget ("@thinking=8000") is counted as spending
// it in full on every call, as hallumaze estimate --models counts it: the
// most it can cost, so that --max-cost holds.
func (p *recordPlan) estimateCost(ctx context.Context, a *app, models []bench.Model, lines map[string]*planLine) error {
	agents, err := a.estimators()
	if err != nil {
		return err
	}
	for _, m := range models {
		line := lines[m.Name]
		if line == nil {
			continue
		}
		line.price, line.priced = p.prices.Lookup(m.Name)
		budget, _ := m.Ref.Settings.Thinking.Tokens()
		for _, c := range p.toRecord[m.Name] {
			agent, ok := agents[c.Suite]
			if !ok {
				continue
			}
			ct, err := agentTokens(ctx, agent, c)
			if err != nil {
				return fmt.Errorf("record: estimate: %w", err)
			}
			out := ct.out * outputFactor
			line.calls += ct.calls
			line.inTokens += ct.in
			line.outToken += out
			line.reasoning += budget * ct.calls
			if line.priced {
				billed := ct.billed(line.price, out)
				billed.Reasoning = budget * ct.calls
				cost := line.price.Cost(billed)
				line.cost += cost
				p.estimate[m.Name+"\x00"+c.Suite+"/"+c.Name] = cost
			}
		}
	}
	return nil
}

// estimators are, by suite, the agents whose token counts stand for a real
// model's (estimatingAgent), opened in-process.
func (a *app) estimators() (map[string]bench.Model, error) {
	env := bench.Env{Agents: suites.Agents(a.suites)}
	out := map[string]bench.Model{}
	for _, s := range a.suites {
		name := estimatingAgent(s)
		if name == "" {
			continue
		}
		m, err := env.Open(modelname.AgentName(name))
		if err != nil {
			return nil, err
		}
		out[s.Name] = m
	}
	return out, nil
}

// caseTokens are the tokens of a case played by an estimating agent.
type caseTokens struct {
	in, out, calls int
	// implicit and explicit are the input as a provider that caches
	// prompts bills it (pricing.Conversation), without cache writes and
	// with: a conversation of several calls asks for its prompts to be
	// cached (bench.Chat.SetCache), a single call does not.
	implicit, explicit pricing.Tokens
}

// billed is the case's tokens as the provider of price p bills them, with
// out output tokens: it writes to the cache where p has a cache-write
// price.
func (t caseTokens) billed(p pricing.Price, out int) pricing.Tokens {
	b := t.implicit
	if p.CacheWrite != nil {
		b = t.explicit
	}
	b.Output = out
	return b
}

func (t *caseTokens) add(u caseTokens) {
	t.in, t.out, t.calls = t.in+u.in, t.out+u.out, t.calls+u.calls
	t.implicit, t.explicit = t.implicit.Add(u.implicit), t.explicit.Add(u.explicit)
}

// agentTokens plays a case with an estimating agent: the tokens of its
// prompts and replies, and its calls.
func agentTokens(ctx context.Context, agent bench.Model, c bench.Case) (caseTokens, error) {
	if err := ctx.Err(); err != nil {
		return caseTokens{}, err
	}
	r := bench.Play(ctx, agent, c)
	if r.Error != "" {
		return caseTokens{}, fmt.Errorf("%s: %s", c.Name, r.Error)
	}
	t := caseTokens{in: r.Usage.InputTokens, out: r.Usage.OutputTokens, calls: len(r.Turns) / 2}
	t.implicit, t.explicit = pricing.Tokens{Input: t.in}, pricing.Tokens{Input: t.in}
	if t.calls > 1 {
		var inputs []int
		for _, turn := range r.Turns {
			if turn.Role == results.Assistant {
				inputs = append(inputs, turn.Usage.InputTokens)
			}
		}
		t.implicit, t.explicit = pricing.Conversation(inputs, false), pricing.Conversation(inputs, true)
	}
	return t, nil
}

// estimatingAgent is the agent whose token counts stand for a real model's
// in a suite: the one marked Estimate, else the first.
func estimatingAgent(s bench.Suite) string {
	agent := ""
	for _, ag := range s.Agents {
		if ag.Estimate {
			return ag.Name
		}
		if agent == "" {
			agent = ag.Name
		}
	}
	return agent
}

// total is the estimated cost of the whole plan, and whether every model
// with something to record has a price.
func (p *recordPlan) total() (float64, bool) {
	sum, priced := 0.0, true
	for _, l := range p.lines {
		if l.missing+l.stale == 0 {
			continue
		}
		sum += l.cost
		priced = priced && l.priced
	}
	return sum, priced
}

// write prints the plan: a line per model, what replays and what will be
// recorded, and the expected calls, tokens and cost.
func (p *recordPlan) write(w io.Writer) {
	for _, l := range p.lines {
		if l.missing+l.stale == 0 {
			fmt.Fprintf(w, "record %s: all %d case(s) replay from their cassettes: nothing to record\n", l.model, l.cases)
			continue
		}
		fmt.Fprintf(w, "record %s: %d case(s): %d replay from their cassettes, %d to record (%d missing, %d no longer matching their requests)\n",
			l.model, l.cases, l.replayed, l.missing+l.stale, l.missing, l.stale)
		cost := fmt.Sprintf("cost unknown: no price for %s in the price table (--prices FILE adds one)", l.model)
		if l.priced {
			cost = fmt.Sprintf("≈ $%.2f at %s", l.cost, priceText(l.model, l.price))
		}
		reasoning := ""
		if l.reasoning > 0 {
			reasoning = fmt.Sprintf(" and up to %d reasoning tokens (its thinking budget on every call)", l.reasoning)
		}
		fmt.Fprintf(w, "  ≈ %d call(s), ≈ %d input and %d output tokens (the reference agents' counts, output ×%d)%s: %s\n",
			l.calls, l.inTokens, l.outToken, outputFactor, reasoning, cost)
	}
}

// priceText names a model's price and its date.
func priceText(model string, p pricing.Price) string {
	s := fmt.Sprintf("%s's price ($%g/$%g per million input/output tokens", model, p.Input, p.Output)
	if p.AsOf != "" {
		s += ", as of " + p.AsOf
	}
	return s + ")"
}

// checkBudget refuses a plan whose estimate is over maxCost (0: no bound),
// before anything is called.
func (p *recordPlan) checkBudget(cmd string, maxCost float64) error {
	if maxCost <= 0 || p.count() == 0 {
		return nil
	}
	total, priced := p.total()
	if !priced {
		for _, l := range p.lines {
			if l.missing+l.stale > 0 && !l.priced {
				return cli.Usagef("%s: --max-cost cannot be kept: no price for %s in the price table (--prices FILE adds one); nothing was called", cmd, l.model)
			}
		}
	}
	if total > maxCost {
		return cli.Usagef("%s: the estimated cost, $%.2f, is over --max-cost $%.2f; nothing was called (record fewer cases with --suite or --filter, or raise --max-cost)", cmd, total, maxCost)
	}
	return nil
}

// budget keeps a recording within --max-cost while it runs: a case starts
// only when what was spent, what the cases in flight are expected to cost
// and its own estimate stay within the bound; after the first that does
// not, none starts.
type budget struct {
	max      float64
	mu       sync.Mutex
	spent    float64
	reserved float64
	stopped  bool
}

// start reserves a case's estimate, reporting whether it may start.
func (b *budget) start(est float64) bool {
	if b == nil {
		return true
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.stopped || b.spent+b.reserved+est > b.max {
		b.stopped = true
		return false
	}
	b.reserved += est
	return true
}

// done turns a case's reservation into what it cost.
func (b *budget) done(est, cost float64) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.reserved -= est
	b.spent += cost
}

// caseCost is what a recorded case cost at the model's price (0 without
// one).
func caseCost(r results.Result, prices pricing.Table) float64 {
	c, _ := report.CaseCost(r, prices)
	return c
}

// suitesOf reads a comma-separated list of suites, or all.
func (a *app) suitesOf(cmd, value string) ([]bench.Suite, error) {
	if value == "" || value == "all" {
		return a.suites, nil
	}
	var out []bench.Suite
	for _, name := range strings.Split(value, ",") {
		s, ok := bench.FindSuite(a.suites, strings.TrimSpace(name))
		if !ok {
			return nil, cli.Usagef("%s: unknown --suite %q (want %s, a comma-separated list of them, or all)", cmd, name, strings.Join(suites.Names(a.suites), ", "))
		}
		if !slices.ContainsFunc(out, func(t bench.Suite) bool { return t.Name == s.Name }) {
			out = append(out, s)
		}
	}
	return out, nil
}
