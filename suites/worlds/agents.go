package worlds

import (
	"fmt"

	"github.com/hallumaze/hallumaze/agents"
	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/providers"
	hw "github.com/hallumaze/hallumaze/worlds"
)

// referenceAgents are the HalluWorld reference agents: oracle, credulous,
// always-unknown, guesser and prior (the question-only baseline), each
// reading only the request, as a model would. The oracle stands for a model in hallumaze estimate.
func referenceAgents() []bench.Agent {
	var out []bench.Agent
	for _, p := range hw.Policies {
		out = append(out, bench.Agent{Name: string(p), Model: agents.Model(string(p), policy(p)), Estimate: p == hw.Oracle})
	}
	// The cross-suite personas, played on request.
	for _, name := range agents.PersonaNames() {
		out = append(out, bench.Agent{Name: name, Model: agents.Model(name, persona(name)), Extra: true})
	}
	return out
}

// policy answers a HalluWorld probe with one policy. It knows the world
// from the system prompt (each world's rules paragraph); a request of no
// world is an error wrapping [providers.ErrUnreadablePrompt], so another
// suite's agent of the same name may answer it.
func policy(p hw.Policy) agents.Policy {
	return func(req providers.Request) (string, string, error) {
		if len(req.Messages) == 0 || req.Messages[len(req.Messages)-1].Role != providers.User {
			return "", "", fmt.Errorf("no question: %w", providers.ErrUnreadablePrompt)
		}
		ws, err := Worlds()
		if err != nil {
			return "", "", err
		}
		for _, w := range ws {
			if req.System != hw.System(w.Rules()) {
				continue
			}
			user := req.Messages[len(req.Messages)-1].Content
			if _, err := hw.ParseMessage(user); err != nil {
				return "", "", fmt.Errorf("%w: %w", providers.ErrUnreadablePrompt, err)
			}
			played, reasoning := atEffort(p, req.EffortLevel())
			return w.Reply(played, user), reasoning, nil
		}
		return "", "", fmt.Errorf("the system prompt is no HalluWorld world's: %w", providers.ErrUnreadablePrompt)
	}
}
