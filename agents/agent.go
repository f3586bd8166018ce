package agents

import (
	"context"
	"fmt"

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
		return Model(name, abstainPolicy(name, p)), true
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
	return serve(ctx, a.name, req, a.reply)
}

// reply is the agent's policy ([Policy]).
func (a *Agent) reply(req providers.Request) (text, reasoning string, err error) {
	p, err := readPrompt(req, &a.cache)
	if err != nil {
		return "", "", err
	}
	if p.interactive {
		text = a.turn(p)
	} else {
		text = a.oneShot(p)
	}
	if a.kind == luredKind && p.effort != "" {
		reasoning = luredThoughts(p.effort)
	}
	return text, reasoning, nil
}
