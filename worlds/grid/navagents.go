package grid

import (
	"fmt"
	"strings"
	"sync"

	"github.com/hallumaze/hallumaze/worlds"
	"github.com/hallumaze/hallumaze/worlds/grid/internal/read"
)

// WalkAgents answer the conversations of navigation episodes as the acting
// reference agents (worlds.ActPolicies), from the conversation alone: its
// messages are read back with the walk reader (worlds/grid/internal/read),
// which shares no code with the world that wrote them. They keep the
// messages they have read, so that a conversation re-read every turn is
// read once; a WalkAgents is safe for concurrent use.
type WalkAgents struct {
	mu    sync.Mutex
	parts map[string]*read.Walk
}

// maxParts bounds the messages a WalkAgents keeps; past it, it starts
// afresh.
const maxParts = 1 << 14

// NewWalkAgents returns agents with nothing read yet.
func NewWalkAgents() *WalkAgents { return &WalkAgents{parts: map[string]*read.Walk{}} }

// IsWalk reports whether a conversation's first message is a navigation
// episode's (the interactive one's opening, or the static one's walk).
func IsWalk(first string) bool {
	return strings.HasPrefix(first, "## Task\nYou walk through a level of a grid world") ||
		strings.HasPrefix(first, "## Task\nThe walk below was made in a level of a grid world")
}

// Reply is policy's reply to a conversation: turns are its messages in
// order, the user's first and last. During the walk it is one line
// action=…; after it, the answer to the last question, key=value.
func (a *WalkAgents) Reply(policy worlds.Policy, turns []string) (string, error) {
	if len(turns)%2 == 0 || !IsWalk(turns[0]) {
		return "", fmt.Errorf("grid: not a walk's conversation")
	}
	var parts []*read.Walk
	var intended []string
	for i, t := range turns {
		if i%2 == 1 {
			if r := worlds.ReadAction(MoveSpec, t); r.Read() && r.Action != worlds.Done {
				intended = append(intended, r.Action)
			}
			continue
		}
		if i > 0 && !strings.HasPrefix(t, "[") {
			continue // a fixed reply, or a question after the first
		}
		p, err := a.part(t)
		if err != nil {
			return "", err
		}
		parts = append(parts, p)
	}
	w, err := read.JoinWalk(parts...)
	if err != nil {
		return "", err
	}
	q, key, asked := worlds.ParseQuestion(turns[len(turns)-1])
	if !asked {
		if policy == worlds.Navigator {
			return "action=" + w.Navigate(), nil
		}
		return "action=" + w.RandomAction(turns[0]), nil
	}
	if policy == worlds.Confabulator {
		return key + "=" + w.Confabulate(q, intended), nil
	}
	ans, err := w.Answer(q)
	if err != nil {
		ans = worlds.Unknown
	}
	return key + "=" + ans, nil
}

// part reads one message of the walk, or finds it read.
func (a *WalkAgents) part(msg string) (*read.Walk, error) {
	a.mu.Lock()
	p, ok := a.parts[msg]
	a.mu.Unlock()
	if ok {
		return p, nil
	}
	p, err := read.ParseWalkPart(msg)
	if err != nil {
		return nil, err
	}
	a.mu.Lock()
	if len(a.parts) >= maxParts {
		a.parts = map[string]*read.Walk{}
	}
	a.parts[msg] = p
	a.mu.Unlock()
	return p, nil
}
