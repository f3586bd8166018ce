package agents

import (
	"errors"
	"fmt"

	"github.com/hallumaze/hallumaze/mazes/walkers"
	"github.com/hallumaze/hallumaze/providers"
)

// Names returns the names of the HalluMaze reference walkers
// ([walkers.Names]), in order of decreasing skill: oracle, explorer,
// random, lured. The harness calls them "agent/NAME". The hint follower
// ([HintNames]) is looked up by name like them but kept apart: it stands
// for a model in the Ariadne experiment only.
func Names() []string { return walkers.Names() }

// HintNames returns the names of the reference walkers whose walk hints
// change ([walkers.HintNames]): the follower. The Ariadne experiment plays
// them beside [Names].
func HintNames() []string { return walkers.HintNames() }

// Lookup returns the reference agent of the given name (without the
// "agent/" prefix), or false when there is none: a Missing Piece policy or
// a HalluMaze walker, served as a model. Agents hold no state between
// calls and are safe for concurrent use.
func Lookup(name string) (providers.Model, bool) {
	if p, ok := abstainPolicies[name]; ok {
		return Model(name, abstainPolicy(name, p)), true
	}
	w, ok := walkers.Lookup(name)
	if !ok {
		return nil, false
	}
	return Model(name, walkerPolicy(w)), true
}

// walkerPolicy serves a maze walker: it reads the request as the walker's
// own ([walkers.Request]), and a prompt that holds no maze is an error
// wrapping [providers.ErrUnreadablePrompt] (and [walkers.ErrNoMaze]).
func walkerPolicy(w *walkers.Walker) Policy {
	return func(req providers.Request) (string, string, error) {
		wr := walkers.Request{System: req.System, Effort: req.EffortLevel()}
		if req.Seed != nil {
			wr.Seed = *req.Seed
		}
		for _, m := range req.Messages {
			wr.Messages = append(wr.Messages, walkers.Message{Reply: m.Role == providers.Assistant, Content: m.Content})
		}
		text, reasoning, err := w.Reply(wr)
		if errors.Is(err, walkers.ErrNoMaze) {
			err = fmt.Errorf("%w: %w", providers.ErrUnreadablePrompt, err)
		}
		return text, reasoning, err
	}
}
