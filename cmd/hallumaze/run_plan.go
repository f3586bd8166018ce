package main

import (
	"context"
	"fmt"
	"iter"
	"os"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/abstain"
	"github.com/hallumaze/hallumaze/agents"
	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/providers"
)

// keyHint names what sets a provider's key: its environment variable and
// its config file key.
func keyHint(provider string) string {
	env := map[string]string{
		providers.ProviderAnthropic: providers.EnvAnthropicKey,
		providers.ProviderOpenAI:    providers.EnvOpenAIKey,
		providers.ProviderGoogle:    providers.EnvGoogleKey + " (or " + providers.EnvGeminiKey + ")",
		providers.ProviderDeepSeek:  providers.EnvDeepSeekKey,
	}[provider]
	return fmt.Sprintf("set %s or %q in --config", env, provider+"_api_key")
}

// resolveModels picks the models of a run and opens them, before any call.
// It reports whether the reference agents stand in for missing keys. A
// model is played live when its provider has a key (or needs none),
// replayed from its cassettes when it has none but was recorded, and
// refused otherwise.
func resolveModels(o runOptions, cfg providers.Config) ([]bench.Model, bool, error) {
	env := bench.Env{
		CassetteRoot: o.cassetteRoot,
		Config:       cfg,
		Agents:       agents.Lookup,
		Live:         true,
		Retry:        o.retry,
	}
	if o.record {
		env.Record = "."
	}
	names := o.models
	fallback := false
	if len(names) == 0 {
		names = cfg.ModelNames()
	}
	if len(names) == 0 {
		fallback = true
		for _, suite := range o.suites() {
			for _, a := range agents.ForSuite(suite) {
				names = append(names, "agent/"+a)
			}
		}
	}
	seen := map[string]bool{}
	var out []bench.Model
	for _, name := range names {
		if seen[name] {
			return nil, false, usagef("run: model %s is named twice", name)
		}
		seen[name] = true
		provider, id, err := providers.ParseModelName(name)
		if err != nil {
			return nil, false, usagef("run: %v", err)
		}
		switch {
		case provider == providers.ProviderAgent:
			if _, ok := agents.Lookup(id); !ok {
				return nil, false, usagef("run: unknown agent %q (want one of %s)", id,
					strings.Join(append(agents.Names(), agents.AbstainNames()...), ", "))
			}
			if !agentPlaysAny(id, o.suites()) {
				return nil, false, usagef("run: %s plays no case of --suite %s", name, o.suite)
			}
		case bench.HasKey(cfg, provider):
			// Open checks the base URL and settings without calling.
			live := cfg
			live.Agents = agents.Lookup
			if _, err := providers.Open(name, live, nil); err != nil {
				return nil, false, usagef("run: %v", err)
			}
		default:
			recorded := false
			for _, suite := range o.suites() {
				names, _ := bench.RecordedModels(o.cassetteRoot, suite)
				recorded = recorded || contains(names, name)
			}
			if !recorded || o.record {
				return nil, false, usagef("run: %s: no API key: %s (or replay committed cassettes of it)", name, keyHint(provider))
			}
		}
		m, err := env.Open(name)
		if err != nil {
			return nil, false, usagef("run: %v", err)
		}
		out = append(out, m)
	}
	return out, fallback, nil
}

func agentPlaysAny(agent string, suites []string) bool {
	for _, s := range suites {
		if slices.Contains(agents.ForSuite(s), agent) {
			return true
		}
	}
	return false
}

// casePlan is the cases of a run, built one at a time as the sweep
// reaches them: a run of a million mazes holds one maze per case in
// flight, not a million.
type casePlan struct {
	suites    []string
	maze      bench.MazeSpec // the framing; Size, Seed and Run vary
	sizes     []int
	runs      int
	seed      uint64
	seedGiven bool
	items     []abstain.Item
	shard     *bench.Shard
}

// newPlan checks the settings of the cases and loads the abstain items.
func newPlan(o runOptions) (casePlan, error) {
	p := casePlan{
		suites: o.suites(),
		maze: bench.MazeSpec{
			Size: o.sizes[0], Algorithm: o.algorithm, Lang: o.lang,
			NoMirage: o.noMirage, NoConf: o.noConf, Protocol: o.protocol, Group: o.group,
		},
		sizes: o.sizes,
		runs:  o.runs, seed: o.seed, seedGiven: o.seedGiven, shard: o.shard,
	}
	for _, suite := range p.suites {
		switch suite {
		case "maze":
			// Every run shares the framing; the first tells whether it holds.
			if _, err := bench.MazeCase(p.mazeSpec(0)); err != nil {
				return p, usagef("run: %v", err)
			}
		case "abstain":
			items, err := abstainItems(o)
			if err != nil {
				return p, err
			}
			p.items = items
		}
	}
	return p, nil
}

// abstainItems loads the Missing Piece items: the standard items (of
// --seed, else the standard set), an item file, or UMWP. --runs repeats
// nothing here, as the items are fixed.
func abstainItems(o runOptions) ([]abstain.Item, error) {
	switch {
	case o.items != "":
		f, err := os.Open(o.items)
		if err != nil {
			return nil, usagef("run: --items: %v", err)
		}
		defer f.Close()
		items, err := abstain.ReadItems(f)
		if err != nil {
			return nil, usagef("run: --items %s: %v", o.items, err)
		}
		return items, nil
	case o.umwp != "":
		items, err := abstain.LoadUMWP(o.umwp)
		if err != nil {
			return nil, usagef("run: --umwp: %v", err)
		}
		return items, nil
	}
	seed := abstain.DefaultSeed
	if o.seedGiven {
		seed = o.seed
	}
	return abstain.Standard(seed), nil
}

// mazeSpec is the maze of run r (0-based): with --seed, the same maze
// every run (sample r); without, the maze of seed r+1.
func (p casePlan) mazeSpec(r int) bench.MazeSpec {
	s := p.maze
	if p.seedGiven {
		s.Seed, s.Run = p.seed, r
	} else {
		s.Seed = uint64(r + 1)
	}
	return s
}

// cases yields this shard's cases, suite by suite, building each maze only
// when its case is played.
func (p casePlan) cases() iter.Seq[bench.Case] {
	return func(yield func(bench.Case) bool) {
		for _, suite := range p.suites {
			switch suite {
			case "maze":
				for _, n := range p.sizes {
					for r := 0; r < p.runs; r++ {
						spec := p.mazeSpec(r)
						spec.Size = n
						name := spec.Name()
						if !p.shard.Has("maze", name) {
							continue
						}
						if !yield(lazyMazeCase(spec, name)) {
							return
						}
					}
				}
			case "abstain":
				for _, it := range p.items {
					c := bench.AbstainCase(it)
					if !p.shard.Has(c.Suite, c.Name) {
						continue
					}
					if !yield(c) {
						return
					}
				}
			}
		}
	}
}

// lazyMazeCase is bench.MazeCase(spec) with the maze generated when the
// case is played (its time counts in the case's duration).
func lazyMazeCase(spec bench.MazeSpec, name string) bench.Case {
	return bench.Case{
		Suite: "maze",
		Name:  name,
		Tags:  spec.Tags(),
		Play: func(ctx context.Context, chat *bench.Chat) (bench.Outcome, error) {
			c, err := bench.MazeCase(spec)
			if err != nil {
				return bench.Outcome{}, err
			}
			return c.Play(ctx, chat)
		},
	}
}

// plays reports whether a model plays a case: a reference agent plays only
// the suites it answers.
func plays(model string, c bench.Case) bool {
	if name, ok := strings.CutPrefix(model, "agent/"); ok {
		return slices.Contains(agents.ForSuite(c.Suite), name)
	}
	return true
}

// resultKey identifies a case of a model in a run.
func resultKey(model, suite, name string) string {
	return model + "\x00" + suite + "/" + name
}
