package loopback

import (
	"fmt"
	"net/http"

	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/providers/internal/wire"
)

// anthropicProtocol serves POST /v1/messages.
//
// The top-level system (a string or text blocks) is the system prompt;
// message content may be a string or text blocks. A missing max_tokens,
// which the hosted API rejects, means the harness default here. Streaming
// is refused with a 400. The reply's reasoning is returned as a thinking
// block before the text block.
type anthropicProtocol struct{}

func (anthropicProtocol) decode(_ *http.Request, body []byte) (string, providers.Request, error) {
	var in wire.AnthropicRequest
	if err := decodeBody(body, &in); err != nil {
		return "", providers.Request{}, err
	}
	if in.Model == "" {
		return "", providers.Request{}, errMissingModel
	}
	if in.MaxTokens < 0 {
		return "", providers.Request{}, fmt.Errorf("max_tokens: %d is negative", in.MaxTokens)
	}
	req := providers.Request{
		Model:       in.Model,
		System:      string(in.System),
		MaxTokens:   in.MaxTokens,
		Temperature: in.Temperature,
	}
	for i, m := range in.Messages {
		if m.Role != "user" && m.Role != "assistant" {
			return "", providers.Request{}, fmt.Errorf("messages.%d.role: unsupported role %q", i, m.Role)
		}
		req.Messages = append(req.Messages, providers.Message{Role: providers.Role(m.Role), Content: string(m.Content)})
	}
	if len(req.Messages) == 0 {
		return "", providers.Request{}, fmt.Errorf("messages: at least one message is required")
	}
	return in.Model, req, nil
}

func (anthropicProtocol) encode(id, model string, req providers.Request, reply providers.Reply) any {
	var content []wire.AnthropicBlock
	if reply.Reasoning != "" {
		content = append(content, wire.AnthropicBlock{Type: "thinking", Thinking: reply.Reasoning})
	}
	content = append(content, wire.AnthropicBlock{Type: "text", Text: reply.Text})
	u := usage(req, reply)
	return wire.AnthropicResponse{
		ID:         "msg_" + id,
		Type:       "message",
		Role:       "assistant",
		Model:      model,
		Content:    content,
		StopReason: stopReason(reply.StopReason, "end_turn", "max_tokens"),
		Usage:      wire.AnthropicUsage{InputTokens: u.InputTokens, OutputTokens: u.OutputTokens},
	}
}

func (anthropicProtocol) errorBody(status int, msg string) any {
	kind := "invalid_request_error"
	switch {
	case status == http.StatusNotFound:
		kind = "not_found_error"
	case status == http.StatusRequestEntityTooLarge:
		kind = "request_too_large"
	case status == http.StatusTooManyRequests:
		kind = "rate_limit_error"
	case status == 529:
		kind = "overloaded_error"
	case status >= 500:
		kind = "api_error"
	}
	return wire.AnthropicErrorResponse{Type: "error", Error: wire.AnthropicErrorBody{Type: kind, Message: msg}}
}

func (anthropicProtocol) notFound(model string) string {
	return "model: " + model
}
