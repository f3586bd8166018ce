package agents

import (
	"context"
	"fmt"
	"strings"

	"github.com/hallumaze/hallumaze/abstain"
	"github.com/hallumaze/hallumaze/modelname"
	"github.com/hallumaze/hallumaze/providers"
)

// The Missing Piece reference policies, served as models: each reads the
// question from the last user message (the suite's prompt is the question,
// a blank line and a reminder of the contract) and answers in the strict
// JSON contract.
//
//   - always-answer: the seed's Always-Answer baseline: it answers from the
//     numbers it finds and never abstains.
//   - always-abstain: always INSUFFICIENT.
//   - checker: a careful solver that rebuilds the facts from the text and
//     abstains when an input is missing or the facts conflict. Asked for a
//     reasoning effort (or a thinking budget), it checks its work as much as
//     the effort says and gives its reasoning ([abstain.CheckerAt]): the
//     reference of the Effort experiment.
var abstainPolicies = map[string]func(question string) string{
	"always-answer":  abstain.AlwaysAnswer,
	"always-abstain": abstain.AlwaysAbstain,
	"checker":        abstain.Checker,
}

// AbstainNames returns the names of the Missing Piece reference policies.
func AbstainNames() []string { return []string{"always-answer", "always-abstain", "checker"} }

// abstainAgent serves one policy.
type abstainAgent struct {
	name   string
	policy func(string) string
}

func (a abstainAgent) Chat(ctx context.Context, req providers.Request) (providers.Reply, error) {
	if err := ctx.Err(); err != nil {
		return providers.Reply{}, err
	}
	var question string
	for i := len(req.Messages) - 1; i >= 0; i-- {
		if req.Messages[i].Role == providers.User {
			question = req.Messages[i].Content
			break
		}
	}
	if strings.TrimSpace(question) == "" {
		return providers.Reply{}, fmt.Errorf("agent/%s: %w", a.name, fmt.Errorf("the request holds no question: %w", providers.ErrUnreadablePrompt))
	}
	q := abstain.QuestionOf(question)
	text, reasoning := a.policy(q), ""
	if effort := req.EffortLevel(); effort != "" && a.name == "checker" {
		text, reasoning = abstain.CheckerAt(q, effort)
	}
	return providers.Reply{
		Text:       text,
		Reasoning:  reasoning,
		Model:      modelname.AgentName(a.name),
		StopReason: providers.StopEnd,
		Usage:      usageOf(req, text, reasoning),
	}, nil
}
