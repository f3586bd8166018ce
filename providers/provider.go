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
}

// Usage counts tokens as the provider reported them. InputTokens is the
// whole prompt; of it, CachedInputTokens were read from the provider's
// prompt cache and CacheWriteTokens written to it (Anthropic bills a write
// above the input price and a read far below).
type Usage struct {
	InputTokens       int `json:"input_tokens"`
	OutputTokens      int `json:"output_tokens"`
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
