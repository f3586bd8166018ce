package walkers

import "errors"

// ErrNoMaze reports a request whose prompt holds no readable maze.
var ErrNoMaze = errors.New("the prompt holds no maze")

// kind selects a walker's policy.
type kind int

const (
	oracleKind kind = iota
	explorerKind
	randomKind
	luredKind
	followerKind
)

// Names returns the names of the reference walkers, in order of decreasing
// skill: oracle, explorer, random, lured. The harness serves them as the
// models "agent/NAME". The hint follower ("follower", see [HintNames]) is
// found by name like them but kept apart: it stands for a model in the
// Ariadne experiment only.
func Names() []string {
	return []string{"oracle", "explorer", "random", "lured"}
}

// HintNames returns the names of the reference walkers whose walk hints
// change: the follower, which takes every hint's direction and remembers
// it. The Ariadne experiment plays them beside [Names].
func HintNames() []string { return []string{"follower"} }

// Lookup returns the reference walker of the given name, or false when
// there is none. Walkers hold no state between calls but a cache of the
// mazes they read, and are safe for concurrent use.
func Lookup(name string) (*Walker, bool) {
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
	return &Walker{name: name, kind: k}, true
}

// Walker is a reference walker. Its zero value is not usable; get one from
// [Lookup].
type Walker struct {
	name  string
	kind  kind
	cache mazeCache
}

// Name returns the walker's name.
func (a *Walker) Name() string { return a.name }

// Reply answers the conversation: in the one-shot protocol the whole walk
// and the final block, in the interactive protocol the next move (or the
// final block). The lured walker, asked for an effort, also gives its
// reasoning. A request whose prompt holds no maze gives an error that
// wraps [ErrNoMaze].
func (a *Walker) Reply(req Request) (text, reasoning string, err error) {
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
