// Package providers talks to language models over their wire protocols.
//
// The harness consumes one small interface, [Model]: a system prompt and a
// conversation go in, a reply comes out. Each wire protocol (OpenAI chat
// completions, Anthropic messages, Gemini generateContent) is one thin
// net/http + encoding/json client in a file of its own, built with an
// injected *http.Client so that tests and cassettes sit underneath it.
//
// Clients never retry: retrying is the harness's decision (see [Retry]).
// A failure is an *[Error] that says whether trying again may help.
package providers

import (
	"context"
	"errors"
	"time"

	"github.com/hallumaze/hallumaze/modelname"
)

// Role is who said a message.
type Role string

// The two roles of a conversation. The system prompt is not a message: it is
// Request.System.
const (
	User      Role = "user"
	Assistant Role = "assistant"
)

// Message is one turn of a conversation.
type Message struct {
	Role    Role   `json:"role"`
	Content string `json:"content"`
}

// Request is one call to a model: the whole conversation so far.
type Request struct {
	// Model is the provider's own model id, without the "provider/" prefix
	// (for example "gpt-4o" or "claude-sonnet-4-20250514").
	Model    string    `json:"model"`
	System   string    `json:"system,omitempty"`
	Messages []Message `json:"messages"`
	// MaxTokens bounds the reply; 0 means the harness default (2500).
	MaxTokens int `json:"max_tokens,omitempty"`
	// Temperature is the sampling temperature; nil means 0 (greedy).
	Temperature *float64 `json:"temperature,omitempty"`
	// Seed is passed where the API accepts one.
	Seed *int64 `json:"seed,omitempty"`
	// Cache says the conversation goes on: its prompt so far is the start
	// of the next request's, worth keeping in the provider's prompt cache.
	// A protocol that caches only what the request marks (Anthropic's)
	// marks the last message; the others cache prefixes of their own
	// accord.
	Cache bool `json:"cache,omitempty"`
	// Effort is the reasoning effort ("low", "high", …), sent as the
	// provider's effort field; "" sends none.
	Effort string `json:"effort,omitempty"`
	// Thinking is the thinking budget (a number of tokens, "auto" or
	// "off"), sent as the provider's thinking field; "" sends none.
	Thinking modelname.Thinking `json:"thinking,omitempty"`
	// TopP is the nucleus-sampling mass; nil sends none.
	TopP *float64 `json:"top_p,omitempty"`
}

// Reasoning reports a request that asks the model to reason: an effort
// other than "none", or a thinking budget other than "off".
func (r Request) Reasoning() bool {
	return modelname.Settings{Effort: r.Effort, Thinking: r.Thinking}.Reasoning()
}

// Usage counts tokens as the provider reported them. InputTokens is the
// whole prompt; of it, CachedInputTokens were read from the provider's
// prompt cache and CacheWriteTokens written to it (Anthropic bills a write
// above the input price and a read far below).
type Usage struct {
	InputTokens int `json:"input_tokens"`
	// OutputTokens counts every token the model wrote, reasoning included:
	// what the providers bill at the output price.
	OutputTokens int `json:"output_tokens"`
	// ReasoningTokens is the part of OutputTokens that was reasoning or
	// thinking, where the provider reports it (OpenAI's and DeepSeek's
	// completion_tokens_details.reasoning_tokens, Gemini's
	// thoughtsTokenCount); Anthropic reports none apart, so it is 0 there.
	ReasoningTokens int `json:"reasoning_tokens,omitempty"`
	// CachedInputTokens and CacheWriteTokens are the part of
	// InputTokens read from and written to the provider's prompt cache.
	CachedInputTokens int `json:"cached_input_tokens,omitempty"`
	CacheWriteTokens  int `json:"cache_write_tokens,omitempty"`
}

// Reply is what a model answered.
type Reply struct {
	// Text is the answer, without reasoning or thinking text.
	Text string `json:"text"`
	// Reasoning is the reasoning or thinking text, where the API returns it.
	// It is recorded, never parsed as the answer.
	Reasoning string `json:"reasoning,omitempty"`
	// Model is the model id the provider says answered.
	Model string `json:"model"`
	// StopReason is the provider's reason for stopping, normalised to
	// "end", "max_tokens", or the provider's own word when it is neither.
	StopReason string        `json:"stop_reason"`
	Usage      Usage         `json:"usage"`
	Latency    time.Duration `json:"latency_ns"`
}

// Model is anything that answers a conversation: a wire-protocol client,
// a built-in reference agent, a test double.
type Model interface {
	Chat(ctx context.Context, req Request) (Reply, error)
}

// ModelFunc adapts a function to the Model interface.
type ModelFunc func(ctx context.Context, req Request) (Reply, error)

// Chat calls f.
func (f ModelFunc) Chat(ctx context.Context, req Request) (Reply, error) { return f(ctx, req) }

// ErrUnreadablePrompt is wrapped by the error of a model that cannot read
// the request it was given: a reference agent handed another suite's
// prompt, or no question at all. Asking again will not help; an agent of
// another suite may answer it.
var ErrUnreadablePrompt = errors.New("the agent cannot read this prompt")

// DefaultMaxTokens is the seed's default reply budget.
const DefaultMaxTokens = 2500

// The reference agents' effort scale (see [Request.EffortLevel]).
const (
	EffortLow    = "low"
	EffortMedium = "medium"
	EffortHigh   = "high"
)

// EffortLevel is the request's reasoning effort on the three-level scale
// the reference agents read: its effort (none and minimal read as low,
// xhigh and max as high), else its thinking budget (off, or at most 2,048
// tokens, is low; auto, or at most 8,192 tokens, medium; more, high); ""
// when the request sets neither, and an agent follows its usual policy.
func (r Request) EffortLevel() string {
	switch r.Effort {
	case "none", "minimal", "low":
		return EffortLow
	case "medium":
		return EffortMedium
	case "high", "xhigh", "max":
		return EffortHigh
	}
	switch r.Thinking {
	case "":
		return ""
	case modelname.ThinkingOff:
		return EffortLow
	case modelname.ThinkingAuto:
		return EffortMedium
	}
	n, _ := r.Thinking.Tokens()
	switch {
	case n <= 2048:
		return EffortLow
	case n <= 8192:
		return EffortMedium
	}
	return EffortHigh
}
