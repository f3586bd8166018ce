package agents

import (
	"context"
	"fmt"

	"github.com/hallumaze/hallumaze/modelname"
	"github.com/hallumaze/hallumaze/providers"
)

// Policy is a reference policy as the harness plays it: it reads the
// request alone, as a model would, and writes its reply and, where it
// reasons aloud, its reasoning. A request that is not for it (another
// suite's prompt, a conversation it cannot read) is an error wrapping
// [providers.ErrUnreadablePrompt], so that another suite's agent of the
// same name may answer it. The policies themselves live beside their
// domain (abstain.Checker, a world's Reply, grid.WalkAgents); Model is the
// one way every suite serves them.
type Policy func(req providers.Request) (text, reasoning string, err error)

// Model serves a policy as the model agent/name ([modelname.AgentName]):
// the reply's model is that name, its stop reason "end", and its usage the
// approximation every reference agent reports (⌈bytes/4⌉ of the system
// prompt and every message in, of the reply and the reasoning out, the
// reasoning's also apart). Its errors begin with the model's name.
func Model(name string, p Policy) providers.Model { return served{name: name, policy: p} }

type served struct {
	name   string
	policy Policy
}

func (s served) Chat(ctx context.Context, req providers.Request) (providers.Reply, error) {
	return serve(ctx, s.name, req, s.policy)
}

// serve is one reply of a policy served as agent/name.
func serve(ctx context.Context, name string, req providers.Request, p Policy) (providers.Reply, error) {
	model := modelname.AgentName(name)
	if err := ctx.Err(); err != nil {
		return providers.Reply{}, fmt.Errorf("%s: %w", model, err)
	}
	text, reasoning, err := p(req)
	if err != nil {
		return providers.Reply{}, fmt.Errorf("%s: %w", model, err)
	}
	return providers.Reply{
		Text:       text,
		Reasoning:  reasoning,
		Model:      model,
		StopReason: providers.StopEnd,
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

// LastUser is the content of the request's last user message, "" when it
// has none.
func LastUser(req providers.Request) string {
	for i := len(req.Messages) - 1; i >= 0; i-- {
		if req.Messages[i].Role == providers.User {
			return req.Messages[i].Content
		}
	}
	return ""
}
