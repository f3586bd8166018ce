package agents

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/providers"
)

// allNames is every maze agent: the reference walkers and the hint
// follower.
func allNames() []string { return append(Names(), HintNames()...) }

// agent returns the named reference agent.
func agent(t testing.TB, name string) providers.Model {
	t.Helper()
	a, ok := Lookup(name)
	require.True(t, ok, "agent %q", name)
	return a
}

// oneShotRequest is the request of a one-shot case.
func oneShotRequest(name string, m *mazes.Maze, opt mazes.PromptOptions) providers.Request {
	opt.Protocol = mazes.OneShot
	p := mazes.BuildPrompt(m, opt)
	return providers.Request{Model: name, System: p.System, Messages: []providers.Message{{Role: providers.User, Content: p.User}}}
}
