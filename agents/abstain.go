package agents

import (
	"fmt"
	"strings"

	"github.com/hallumaze/hallumaze/abstain"
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

// abstainPolicy serves a Missing Piece policy: it reads the question from
// the last user message; the checker, asked for a reasoning effort, checks
// its work as much as the effort says ([abstain.CheckerAt]).
func abstainPolicy(name string, policy func(question string) string) Policy {
	return func(req providers.Request) (string, string, error) {
		question := LastUser(req)
		if strings.TrimSpace(question) == "" {
			return "", "", fmt.Errorf("the request holds no question: %w", providers.ErrUnreadablePrompt)
		}
		q := abstain.QuestionOf(question)
		if effort := req.EffortLevel(); effort != "" && name == "checker" {
			text, reasoning := abstain.CheckerAt(q, effort)
			return text, reasoning, nil
		}
		return policy(q), "", nil
	}
}
