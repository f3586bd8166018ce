package bench

import (
	"context"
	"encoding/json"
	"time"

	"github.com/hallumaze/hallumaze/providers"
)

// Case is one conversation with a model, and how to score it.
type Case struct {
	// Suite groups cases ("maze", "abstain") and names the cassette folder.
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

// Turn is one message of a conversation, with what the provider said of
// it when the model wrote it.
type Turn struct {
	Role       providers.Role  `json:"role"`
	Content    string          `json:"content"`
	Reasoning  string          `json:"reasoning,omitempty"`
	StopReason string          `json:"stop_reason,omitempty"`
	Usage      providers.Usage `json:"usage,omitzero"`
	LatencyMS  float64         `json:"latency_ms,omitempty"`
}

// Chat is a conversation with one model, recorded turn by turn.
type Chat struct {
	model  providers.Model
	system string
	turns  []Turn
	usage  providers.Usage
}

// NewChat starts a conversation with a system prompt.
func NewChat(m providers.Model, system string) *Chat {
	return &Chat{model: m, system: system}
}

// Say sends a user message and returns the model's reply text. The whole
// conversation so far is sent, as chat APIs expect.
func (c *Chat) Say(ctx context.Context, user string) (providers.Reply, error) {
	c.turns = append(c.turns, Turn{Role: providers.User, Content: user})
	msgs := make([]providers.Message, len(c.turns))
	for i, t := range c.turns {
		msgs[i] = providers.Message{Role: t.Role, Content: t.Content}
	}
	rep, err := c.model.Chat(ctx, providers.Request{System: c.system, Messages: msgs})
	if err != nil {
		return rep, err
	}
	c.turns = append(c.turns, Turn{
		Role:       providers.Assistant,
		Content:    rep.Text,
		Reasoning:  rep.Reasoning,
		StopReason: rep.StopReason,
		Usage:      rep.Usage,
		LatencyMS:  float64(rep.Latency) / float64(time.Millisecond),
	})
	c.usage.InputTokens += rep.Usage.InputTokens
	c.usage.OutputTokens += rep.Usage.OutputTokens
	return rep, nil
}

// Turns returns the conversation so far.
func (c *Chat) Turns() []Turn { return c.turns }

// Result is one case played by one model: the record a results file holds
// per line.
type Result struct {
	Suite   string             `json:"suite"`
	Model   string             `json:"model"`
	Case    string             `json:"case"`
	Tags    map[string]string  `json:"tags,omitempty"`
	Metrics map[string]float64 `json:"metrics,omitempty"`
	Detail  json.RawMessage    `json:"detail,omitempty"`
	System  string             `json:"system,omitempty"`
	Turns   []Turn             `json:"turns,omitempty"`
	Usage   providers.Usage    `json:"usage"`
	// Error is set when the case could not be played (a provider failure
	// after retries, a missing cassette). Such a result is reported apart
	// and never scored as the model's failure.
	Error    string  `json:"error,omitempty"`
	Duration float64 `json:"duration_s"`
}

// Key identifies the case a result belongs to, across models.
func (r Result) Key() string { return r.Suite + "/" + r.Case }
