package innav

import (
	"fmt"

	"github.com/hallumaze/hallumaze/agents"
	"github.com/hallumaze/hallumaze/bench"
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
		out = append(out, bench.Agent{Name: string(p), Model: agents.Model(string(p), policy(p, walks)), Estimate: p == hw.Navigator})
	}
	return out
}

// policy plays one acting policy. A conversation of no episode it knows is
// an error wrapping providers.ErrUnreadablePrompt, so that another suite's
// agent of the same name may answer it.
func policy(p hw.Policy, walks *grid.WalkAgents) agents.Policy {
	return func(req providers.Request) (string, string, error) {
		n := len(req.Messages)
		if n == 0 || req.Messages[n-1].Role != providers.User {
			return "", "", fmt.Errorf("no message to answer: %w", providers.ErrUnreadablePrompt)
		}
		turns := make([]string, n)
		for i, m := range req.Messages {
			if (m.Role == providers.User) != (i%2 == 0) {
				return "", "", fmt.Errorf("the conversation does not alternate: %w", providers.ErrUnreadablePrompt)
			}
			turns[i] = m.Content
		}
		var text string
		var err error
		switch {
		case grid.IsWalk(turns[0]):
			text, err = walks.Reply(p, turns)
		case terminal.IsSession(turns[0]):
			text, err = terminal.SessionReply(p, turns)
		default:
			return "", "", fmt.Errorf("not an episode of HalluWorld InNav: %w", providers.ErrUnreadablePrompt)
		}
		if err != nil {
			return "", "", fmt.Errorf("%w: %w", providers.ErrUnreadablePrompt, err)
		}
		return text, "", nil
	}
}
