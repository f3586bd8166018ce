// Package suites is the list of benchmark families hallumaze runs. Each is
// a domain package (mazes, abstain, worlds) and an adapter beside this
// package that presents it to the harness ([bench.Suite]) and to the
// reports ([report.Summarizer]). The command line and the benchmark tests
// take their suites from [All]; nothing else names a suite.
package suites

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites/abstain"
	"github.com/hallumaze/hallumaze/suites/innav"
	"github.com/hallumaze/hallumaze/suites/maze"
	"github.com/hallumaze/hallumaze/suites/worlds"
)

// All returns the suites, in the order their outputs appear. A new suite
// is one more value here: its flags, cases, agents, experiments, gate
// rules, report section and commands all come from it.
func All() []bench.Suite {
	return []bench.Suite{maze.New(), abstain.New(), worlds.New(), innav.New()}
}

// Names lists the suites' names.
func Names(ss []bench.Suite) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = s.Name
	}
	return out
}

// Summarizers are the suites as the report sees them.
func Summarizers(ss []bench.Suite) []report.Summarizer {
	out := make([]report.Summarizer, len(ss))
	for i, s := range ss {
		if s.Accumulate != nil {
			out[i] = streamer{summarizer{s}}
		} else {
			out[i] = summarizer{s}
		}
	}
	return out
}

// streamer is a suite that summarizes as it reads, as a [report.Streamer].
type streamer struct{ summarizer }

func (s streamer) Accumulate(opts report.Options) report.Accumulator { return s.s.Accumulate(opts) }

// summarizer is a suite as a [report.Summarizer]; a suite without a
// Summarize function has an empty section.
type summarizer struct{ s bench.Suite }

func (s summarizer) Name() string { return s.s.Name }

func (s summarizer) Summarize(rs []results.Result, opts report.Options) (report.Section, error) {
	if s.s.Summarize == nil {
		return report.Section{}, nil
	}
	return s.s.Summarize(rs, opts)
}

// Metrics are every suite's declarations.
func Metrics(ss []bench.Suite) results.Metrics {
	var out results.Metrics
	for _, s := range ss {
		out = append(out, s.Metrics...)
	}
	return out
}

// Gate merges every suite's gate rules and floors.
func Gate(ss []bench.Suite) *bench.GateFile {
	gs := make([]bench.GateFile, len(ss))
	for i, s := range ss {
		gs[i] = s.Gate
	}
	return bench.MergeGates(gs...)
}

// AgentNames lists every reference agent once, in the suites' order.
func AgentNames(ss []bench.Suite) []string {
	var out []string
	for _, s := range ss {
		for _, a := range s.Agents {
			if !slices.Contains(out, a.Name) {
				out = append(out, a.Name)
			}
		}
	}
	return out
}

// Plays reports whether the reference agent name plays the suite.
func Plays(s bench.Suite, agent string) bool {
	return slices.ContainsFunc(s.Agents, func(a bench.Agent) bool { return a.Name == agent })
}

// Agents looks up a reference agent by name. An agent that several suites
// offer under one name (each suite's "oracle") answers each request with
// the first suite's agent that can read it: an agent that cannot read a
// prompt returns an error wrapping [providers.ErrUnreadablePrompt] and the next is asked.
func Agents(ss []bench.Suite) func(name string) (providers.Model, bool) {
	return func(name string) (providers.Model, bool) {
		var ms []providers.Model
		for _, s := range ss {
			for _, a := range s.Agents {
				if a.Name == name {
					ms = append(ms, a.Model)
				}
			}
		}
		switch len(ms) {
		case 0:
			return nil, false
		case 1:
			return ms[0], true
		}
		return chain(ms), true
	}
}

// chain asks each agent in turn until one can read the request.
type chain []providers.Model

func (c chain) Chat(ctx context.Context, req providers.Request) (providers.Reply, error) {
	var errs []error
	for _, m := range c {
		rep, err := m.Chat(ctx, req)
		if err == nil || !errors.Is(err, providers.ErrUnreadablePrompt) {
			return rep, err
		}
		errs = append(errs, err)
	}
	return providers.Reply{}, fmt.Errorf("no reference agent of that name reads this prompt: %w", errors.Join(errs...))
}
