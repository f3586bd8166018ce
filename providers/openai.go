package providers

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/hallumaze/hallumaze/modelname"
	"github.com/hallumaze/hallumaze/providers/internal/wire"
)

// OpenAI is a client of the OpenAI chat completions protocol, which is also
// spoken by DeepSeek, OpenRouter, Gemini's OpenAI-compatible endpoint and
// the local servers (Ollama, vLLM, llama.cpp, LM Studio).
//
// BaseURL is the API root up to and including its version segment, as the
// OpenAI SDKs take it; the client appends "/chat/completions":
//
//	https://api.openai.com/v1                                 OpenAI
//	https://api.deepseek.com                                  DeepSeek (see below)
//	https://openrouter.ai/api/v1                              OpenRouter
//	https://generativelanguage.googleapis.com/v1beta/openai/  Gemini
//	http://localhost:11434/v1                                 Ollama
//	http://localhost:8000/v1                                  vLLM
//	http://localhost:8080/v1                                  llama.cpp
//	http://localhost:1234/v1                                  LM Studio
//
// A base URL with no path at all ("http://localhost:11434") gets "/v1"
// added, so a bare host works for every server above that has one.
//
// Reasoning models (see [IsOpenAIReasoningModel]) are sent
// max_completion_tokens and no temperature; other models max_tokens and a
// temperature (0 unless the request sets one, or none when it asks for
// reasoning or sets top_p). The request's seed, top_p and effort
// (reasoning_effort) are sent when set; DeepSeek is sent its thinking
// switch ({"thinking": {"type": "enabled"}} for thinking=auto, "disabled"
// for thinking=off). Reasoning tokens are read from
// usage.completion_tokens_details.reasoning_tokens. Reasoning text that the server returns beside the answer
// (DeepSeek's reasoning_content, OpenRouter's and vLLM's reasoning) or
// inline before it (a leading <think>…</think> block) goes to
// Reply.Reasoning.
type OpenAI struct {
	// HTTP sends the requests; nil means http.DefaultClient.
	HTTP *http.Client
	// BaseURL is the API root; see the type's documentation.
	BaseURL string
	// APIKey is sent as a Bearer token; empty sends no Authorization
	// header (local servers).
	APIKey string
	// Provider names the service in errors; empty means "openai".
	Provider string
}

// NewOpenAI returns a chat completions client.
func NewOpenAI(hc *http.Client, baseURL, apiKey string) *OpenAI {
	return &OpenAI{HTTP: hc, BaseURL: baseURL, APIKey: apiKey}
}

// IsOpenAIReasoningModel reports whether a model id names an OpenAI
// reasoning model, which takes max_completion_tokens and rejects a
// temperature: the o-series (o1, o3-mini, o4-mini: "o" then a digit) and the
// gpt-5 family. A routing prefix such as "openai/" is ignored.
func IsOpenAIReasoningModel(model string) bool {
	if i := strings.LastIndex(model, "/"); i >= 0 {
		model = model[i+1:]
	}
	model = strings.ToLower(model)
	if len(model) >= 2 && model[0] == 'o' && model[1] >= '0' && model[1] <= '9' {
		return true
	}
	return strings.HasPrefix(model, "gpt-5")
}

// URL is the chat completions endpoint of c.BaseURL.
func (c *OpenAI) URL() string {
	base := c.BaseURL
	if u, err := url.Parse(base); err == nil && strings.Trim(u.Path, "/") == "" {
		base = strings.TrimRight(base, "/") + "/v1"
	}
	return joinURL(base, "chat/completions")
}

func (c *OpenAI) provider() string {
	if c.Provider == "" {
		return "openai"
	}
	return c.Provider
}

// wireRequest translates a Request into the protocol's body.
func (c *OpenAI) wireRequest(req Request) wire.OpenAIChatRequest {
	out := wire.OpenAIChatRequest{Model: req.Model, Seed: req.Seed, TopP: req.TopP, ReasoningEffort: req.Effort}
	if req.System != "" {
		out.Messages = append(out.Messages, wire.OpenAIMessage{Role: "system", Content: wire.FlexText(req.System)})
	}
	for _, m := range req.Messages {
		out.Messages = append(out.Messages, wire.OpenAIMessage{Role: string(m.Role), Content: wire.FlexText(m.Content)})
	}
	if IsOpenAIReasoningModel(req.Model) {
		out.MaxCompletionTokens = maxTokens(req)
	} else {
		out.MaxTokens = maxTokens(req)
		out.Temperature = temperature(req)
	}
	if c.provider() == ProviderDeepSeek {
		out.Seed = nil // DeepSeek's API takes no seed
		switch req.Thinking {
		case modelname.ThinkingAuto:
			out.Thinking = &wire.OpenAIThinking{Type: "enabled"}
		case modelname.ThinkingOff:
			out.Thinking = &wire.OpenAIThinking{Type: "disabled"}
		}
	}
	return out
}

// Chat sends the conversation and returns the first choice.
func (c *OpenAI) Chat(ctx context.Context, req Request) (Reply, error) {
	header := http.Header{}
	if c.APIKey != "" {
		header.Set("Authorization", "Bearer "+c.APIKey)
	}
	provider := c.provider()
	return exchange(ctx, call{
		provider: provider,
		hc:       c.HTTP,
		url:      c.URL(),
		key:      c.APIKey,
		header:   header,
		body:     c.wireRequest(req),
	}, req.Model, openAIReply)
}

// openAIReply reads the answer out of a decoded chat completion.
func openAIReply(body wire.OpenAIChatResponse) (Reply, error) {
	if body.Error != nil && len(body.Choices) == 0 {
		return Reply{}, fmt.Errorf("error in response: %s", body.Error.Message)
	}
	if len(body.Choices) == 0 {
		return Reply{}, fmt.Errorf("response has no choices")
	}
	choice := body.Choices[0]
	reply := Reply{
		Text:       string(choice.Message.Content),
		Model:      body.Model,
		StopReason: openAIStopReason(choice.FinishReason),
	}
	reply.Reasoning = choice.Message.ReasoningContent
	if reply.Reasoning == "" {
		reply.Reasoning = choice.Message.Reasoning
	}
	if answer, thought := splitThink(reply.Text); thought != "" || answer != reply.Text {
		reply.Text = answer
		reply.Reasoning = strings.TrimSpace(strings.Join([]string{reply.Reasoning, thought}, "\n\n"))
	}
	if u := body.Usage; u != nil {
		reply.Usage = Usage{InputTokens: u.PromptTokens, OutputTokens: u.CompletionTokens, CachedInputTokens: u.PromptCacheHitTokens}
		if d := u.PromptTokensDetails; d != nil && d.CachedTokens > 0 {
			reply.Usage.CachedInputTokens = d.CachedTokens
		}
		if d := u.CompletionTokensDetails; d != nil {
			reply.Usage.ReasoningTokens = d.ReasoningTokens
		}
	}
	return reply, nil
}

// openAIStopReason normalises a finish_reason.
func openAIStopReason(reason string) string {
	switch reason {
	case "stop":
		return StopEnd
	case "length":
		return StopMaxTokens
	default:
		return reason
	}
}
