package agents

import (
	"context"
	"fmt"

	"github.com/hallumaze/hallumaze/modelname"
	"github.com/hallumaze/hallumaze/providers"
)

// ErrNoMaze reports a request whose prompt holds no readable maze.
var ErrNoMaze = fmt.Errorf("the prompt holds no maze: %w", providers.ErrUnreadablePrompt)

// kind selects an agent's policy.
type kind int

const (
	oracleKind kind = iota
	explorerKind
	randomKind
	luredKind
	followerKind
)

// Names returns the names of the reference agents, in order of decreasing
// skill: oracle, explorer, random, lured. The harness calls them
// "agent/NAME". The hint follower ("follower", see [HintNames]) is looked
// up by name like them but kept apart: it stands for a model in the Ariadne
// experiment only.
func Names() []string {
	return []string{"oracle", "explorer", "random", "lured"}
}

// HintNames returns the names of the reference agents whose walk hints
// change: the follower, which takes every hint's direction and remembers
// it. The Ariadne experiment plays them beside [Names].
func HintNames() []string { return []string{"follower"} }

// Lookup returns the reference agent of the given name (without the
// "agent/" prefix), or false when there is none. Agents hold no state
// between calls and are safe for concurrent use.
func Lookup(name string) (providers.Model, bool) {
	if p, ok := abstainPolicies[name]; ok {
		return abstainAgent{name: name, policy: p}, true
	}
	a, ok := lookup(name)
	if !ok {
		return nil, false
	}
	return a, true
}

func lookup(name string) (*Agent, bool) {
	var k kind
	switch name {
	case "oracle":
		k = oracleKind
	case "explorer":
		k = explorerKind
	case "random":
		k = randomKind
	case "lured":
		k = luredKind
	case "follower":
		k = followerKind
	default:
		return nil, false
	}
	return &Agent{name: name, kind: k}, true
}

// Agent is a reference agent. Its zero value is not usable; get one from
// [Lookup].
type Agent struct {
	name  string
	kind  kind
	cache mazeCache
}

// Name returns the agent's name, without the "agent/" prefix.
func (a *Agent) Name() string { return a.name }

// Chat answers the conversation: in the one-shot protocol the whole walk
// and the final block, in the interactive protocol the next move (or the
// final block). A request whose prompt holds no maze gives an error that
// wraps [ErrNoMaze].
func (a *Agent) Chat(ctx context.Context, req providers.Request) (providers.Reply, error) {
	if err := ctx.Err(); err != nil {
		return providers.Reply{}, fmt.Errorf("agent/%s: %w", a.name, err)
	}
	p, err := readPrompt(req, &a.cache)
	if err != nil {
		return providers.Reply{}, fmt.Errorf("agent/%s: %w", a.name, err)
	}
	var text, reasoning string
	if p.interactive {
		text = a.turn(p)
	} else {
		text = a.oneShot(p)
	}
	if a.kind == luredKind && p.effort != "" {
		reasoning = luredThoughts(p.effort)
	}
	return providers.Reply{
		Text:       text,
		Reasoning:  reasoning,
		Model:      modelname.AgentName(a.name),
		StopReason: "end",
		Usage:      usageOf(req, text, reasoning),
	}, nil
}

// usageOf approximates token counts: ⌈bytes/4⌉ of the system prompt and
// every message in, of the reply and the reasoning out, the reasoning's
// also apart.
func usageOf(req providers.Request, reply, reasoning string) providers.Usage {
	in := len(req.System)
	for _, m := range req.Messages {
		in += len(m.Content)
	}
	r := approxTokens(len(reasoning))
	return providers.Usage{InputTokens: approxTokens(in), OutputTokens: approxTokens(len(reply)) + r, ReasoningTokens: r}
}

// approxTokens counts ⌈n/4⌉ tokens for n bytes.
func approxTokens(n int) int { return (n + 3) / 4 }
