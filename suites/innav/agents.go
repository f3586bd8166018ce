package innav

import (
	"context"
	"fmt"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/modelname"
	"github.com/hallumaze/hallumaze/providers"
	hw "github.com/hallumaze/hallumaze/worlds"
	"github.com/hallumaze/hallumaze/worlds/grid"
	"github.com/hallumaze/hallumaze/worlds/terminal"
)

// referenceAgents are the acting reference agents: the navigator (acts well,
// answers truly), the walker (acts at random, answers truly from what it
// saw) and the confabulator (acts as the walker, answers anyway where it
// saw nothing, and reports its own actions as it meant them). Each reads
// only the conversation. The navigator stands for a model in hallumaze
// estimate.
func referenceAgents() []bench.Agent {
	walks := grid.NewWalkAgents()
	var out []bench.Agent
	for _, p := range hw.ActPolicies {
		out = append(out, bench.Agent{Name: string(p), Model: agent{policy: p, walks: walks}, Estimate: p == hw.Navigator})
	}
	return out
}

// agent plays one policy. A conversation of no episode it knows is an
// error wrapping providers.ErrUnreadablePrompt, so that another suite's
// agent of the same name may answer it.
type agent struct {
	policy hw.Policy
	walks  *grid.WalkAgents
}

func (a agent) Chat(ctx context.Context, req providers.Request) (providers.Reply, error) {
	if err := ctx.Err(); err != nil {
		return providers.Reply{}, err
	}
	name := modelname.AgentName(string(a.policy))
	n := len(req.Messages)
	if n == 0 || req.Messages[n-1].Role != providers.User {
		return providers.Reply{}, fmt.Errorf("%s: no message to answer: %w", name, providers.ErrUnreadablePrompt)
	}
	turns := make([]string, n)
	in := len(req.System)
	for i, m := range req.Messages {
		if (m.Role == providers.User) != (i%2 == 0) {
			return providers.Reply{}, fmt.Errorf("%s: the conversation does not alternate: %w", name, providers.ErrUnreadablePrompt)
		}
		turns[i] = m.Content
		in += len(m.Content)
	}
	var text string
	var err error
	switch {
	case grid.IsWalk(turns[0]):
		text, err = a.walks.Reply(a.policy, turns)
	case terminal.IsSession(turns[0]):
		text, err = terminal.SessionReply(a.policy, turns)
	default:
		return providers.Reply{}, fmt.Errorf("%s: not an episode of HalluWorld InNav: %w", name, providers.ErrUnreadablePrompt)
	}
	if err != nil {
		return providers.Reply{}, fmt.Errorf("%s: %w: %w", name, providers.ErrUnreadablePrompt, err)
	}
	return providers.Reply{
		Text:       text,
		Model:      name,
		StopReason: providers.StopEnd,
		Usage:      providers.Usage{InputTokens: (in + 3) / 4, OutputTokens: (len(text) + 3) / 4},
	}, nil
}
