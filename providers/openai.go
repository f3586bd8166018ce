package providers

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
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
// temperature (0 unless the request says otherwise). The request's seed is
// sent when set. Reasoning text that the server returns beside the answer
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

// OpenAIChatRequest is the body of POST /v1/chat/completions, as far as
// this package uses it.
type OpenAIChatRequest struct {
	Model               string          `json:"model"`
	Messages            []OpenAIMessage `json:"messages"`
	MaxTokens           int             `json:"max_tokens,omitempty"`
	MaxCompletionTokens int             `json:"max_completion_tokens,omitempty"`
	Temperature         *float64        `json:"temperature,omitempty"`
	Seed                *int64          `json:"seed,omitempty"`
}

// OpenAIMessage is one message of a chat completion, sent or received.
// Role is "system", "developer", "user" or "assistant".
type OpenAIMessage struct {
	Role    string   `json:"role"`
	Content FlexText `json:"content"`
	// ReasoningContent is DeepSeek's reasoning text (deepseek-reasoner).
	ReasoningContent string `json:"reasoning_content,omitempty"`
	// Reasoning is the reasoning text of OpenRouter, vLLM and others.
	Reasoning string `json:"reasoning,omitempty"`
}

// OpenAIChatResponse is the body of a chat completion. Error is set only by
// servers that report a failure inside a 200 answer (OpenRouter does).
type OpenAIChatResponse struct {
	ID      string           `json:"id"`
	Object  string           `json:"object"`
	Created int64            `json:"created"`
	Model   string           `json:"model"`
	Choices []OpenAIChoice   `json:"choices"`
	Usage   *OpenAIUsage     `json:"usage,omitempty"`
	Error   *OpenAIErrorBody `json:"error,omitempty"`
}

// OpenAIChoice is one alternative answer.
type OpenAIChoice struct {
	Index        int           `json:"index"`
	Message      OpenAIMessage `json:"message"`
	FinishReason string        `json:"finish_reason"`
}

// OpenAIUsage counts tokens; reasoning tokens are part of CompletionTokens.
type OpenAIUsage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
	TotalTokens      int `json:"total_tokens"`
}

// OpenAIErrorResponse is the body of a failed call.
type OpenAIErrorResponse struct {
	Error OpenAIErrorBody `json:"error"`
}

// OpenAIErrorBody says what failed. Code is a string for OpenAI and a
// number for some compatible servers.
type OpenAIErrorBody struct {
	Message string  `json:"message"`
	Type    string  `json:"type"`
	Param   *string `json:"param"`
	Code    any     `json:"code"`
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
func (c *OpenAI) wireRequest(req Request) OpenAIChatRequest {
	out := OpenAIChatRequest{Model: req.Model, Seed: req.Seed}
	if req.System != "" {
		out.Messages = append(out.Messages, OpenAIMessage{Role: "system", Content: FlexText(req.System)})
	}
	for _, m := range req.Messages {
		out.Messages = append(out.Messages, OpenAIMessage{Role: string(m.Role), Content: FlexText(m.Content)})
	}
	if IsOpenAIReasoningModel(req.Model) {
		out.MaxCompletionTokens = maxTokens(req)
	} else {
		out.MaxTokens = maxTokens(req)
		out.Temperature = temperature(req)
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
func openAIReply(body OpenAIChatResponse) (Reply, error) {
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
	if body.Usage != nil {
		reply.Usage = Usage{InputTokens: body.Usage.PromptTokens, OutputTokens: body.Usage.CompletionTokens}
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
