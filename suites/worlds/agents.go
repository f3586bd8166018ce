package worlds

import (
	"context"
	"fmt"

	"github.com/hallumaze/hallumaze/agents"
	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/modelname"
	"github.com/hallumaze/hallumaze/providers"
	hw "github.com/hallumaze/hallumaze/worlds"
)

// referenceAgents are the HalluWorld reference agents: oracle, credulous,
// always-unknown, guesser and prior (the question-only baseline), each
// reading only the request, as a model would. The oracle stands for a model in hallumaze estimate.
func referenceAgents() []bench.Agent {
	var out []bench.Agent
	for _, p := range hw.Policies {
		out = append(out, bench.Agent{Name: string(p), Model: agent{policy: p}, Estimate: p == hw.Oracle})
	}
	// The cross-suite personas, played on request.
	for _, name := range agents.PersonaNames() {
		out = append(out, bench.Agent{Name: name, Model: persona{name: name}, Extra: true})
	}
	return out
}

// agent answers a HalluWorld probe with one policy. It knows the world from
// the system prompt (each world's rules paragraph); a request of no world
// is an error wrapping [providers.ErrUnreadablePrompt], so another suite's
// agent of the same name may answer it.
type agent struct{ policy hw.Policy }

func (a agent) Chat(ctx context.Context, req providers.Request) (providers.Reply, error) {
	if err := ctx.Err(); err != nil {
		return providers.Reply{}, err
	}
	name := modelname.AgentName(string(a.policy))
	if len(req.Messages) == 0 || req.Messages[len(req.Messages)-1].Role != providers.User {
		return providers.Reply{}, fmt.Errorf("%s: no question: %w", name, providers.ErrUnreadablePrompt)
	}
	ws, err := Worlds()
	if err != nil {
		return providers.Reply{}, fmt.Errorf("%s: %w", name, err)
	}
	for _, w := range ws {
		if req.System != hw.System(w.Rules()) {
			continue
		}
		user := req.Messages[len(req.Messages)-1].Content
		if _, err := hw.ParseMessage(user); err != nil {
			return providers.Reply{}, fmt.Errorf("%s: %w: %w", name, providers.ErrUnreadablePrompt, err)
		}
		policy, reasoning := atEffort(a.policy, req.EffortLevel())
		text := w.Reply(policy, user)
		in := len(req.System)
		for _, m := range req.Messages {
			in += len(m.Content)
		}
		thought := (len(reasoning) + 3) / 4
		return providers.Reply{
			Text:       text,
			Reasoning:  reasoning,
			Model:      name,
			StopReason: providers.StopEnd,
			Usage:      providers.Usage{InputTokens: (in + 3) / 4, OutputTokens: (len(text)+3)/4 + thought, ReasoningTokens: thought},
		}, nil
	}
	return providers.Reply{}, fmt.Errorf("%s: the system prompt is no HalluWorld world's: %w", name, providers.ErrUnreadablePrompt)
}
