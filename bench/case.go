package bench

import (
	"context"
	"fmt"
	"time"

	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/results"
)

// Case is one conversation with a model, and how to score it.
type Case struct {
	// Suite is the name of the suite the case belongs to; it names the
	// cassette folder.
	Suite string
	// Name identifies the case within its suite; slashes make subtest
	// levels ("size=7/seed=1/base"). It is also the cassette's file name.
	Name string
	// Tags describe the case for grouping and pairing in summaries
	// ("size": "7", "mirage": "on", ...).
	Tags map[string]string
	// Play holds the conversation through chat and scores it.
	Play func(ctx context.Context, chat *Chat) (Outcome, error)
}

// Outcome is what a case made of a conversation.
type Outcome struct {
	// Metrics are the case's scores by name; an undefined metric (a CE
	// without any stated confidence) is absent, never zero.
	Metrics map[string]float64
	// Detail is the suite's own score record, kept in results as JSON.
	Detail any
}

// Chat is a conversation with one model, recorded turn by turn.
type Chat struct {
	model  providers.Model
	system string
	seed   *int64
	cache  bool
	turns  []results.Turn
	usage  results.Usage
}

// NewChat starts a conversation with a system prompt.
func NewChat(m providers.Model, system string) *Chat {
	return &Chat{model: m, system: system}
}

// Say sends a user message and returns the model's reply text. The whole
// conversation so far is sent, as chat APIs expect.
func (c *Chat) Say(ctx context.Context, user string) (providers.Reply, error) {
	c.turns = append(c.turns, results.Turn{Role: results.User, Content: user})
	msgs := make([]providers.Message, len(c.turns))
	for i, t := range c.turns {
		msgs[i] = providers.Message{Role: providers.Role(t.Role), Content: t.Content}
	}
	rep, err := c.model.Chat(ctx, providers.Request{System: c.system, Messages: msgs, Seed: c.seed, Cache: c.cache})
	if err != nil {
		return rep, err
	}
	// A results file holds counts of tokens within results.MaxTokens, the
	// conversation's sums included: a provider's count beyond is refused.
	if u := rep.Usage; u.InputTokens < 0 || u.OutputTokens < 0 ||
		u.InputTokens > results.MaxTokens-c.usage.InputTokens || u.OutputTokens > results.MaxTokens-c.usage.OutputTokens {
		return rep, fmt.Errorf("the provider reported a usage of %d input and %d output tokens, not a count of tokens", u.InputTokens, u.OutputTokens)
	}
	c.turns = append(c.turns, results.Turn{
		Role:       results.Assistant,
		Content:    rep.Text,
		Reasoning:  rep.Reasoning,
		StopReason: rep.StopReason,
		Usage:      results.Usage(rep.Usage),
		LatencyMS:  float64(rep.Latency) / float64(time.Millisecond),
	})
	c.usage = c.usage.Add(results.Usage(rep.Usage))
	return rep, nil
}

// Turns returns the conversation so far.
func (c *Chat) Turns() []results.Turn { return c.turns }
