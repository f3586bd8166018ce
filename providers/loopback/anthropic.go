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
// which the hosted API rejects, means the harness default here. The reply's
// reasoning is returned as a thinking block before the text block.
type anthropicProtocol struct{}

func (anthropicProtocol) decode(_ *http.Request, body []byte) (call, error) {
	var in wire.AnthropicRequest
	so, err := decodeBody(body, &in)
	if err != nil {
		return call{}, err
	}
	if in.Model == "" {
		return call{}, errMissingModel
	}
	if in.MaxTokens < 0 {
		return call{}, fmt.Errorf("max_tokens: %d is negative", in.MaxTokens)
	}
	req := providers.Request{
		Model:       in.Model,
		System:      string(in.System),
		MaxTokens:   in.MaxTokens,
		Temperature: in.Temperature,
	}
	for i, m := range in.Messages {
		if m.Role != "user" && m.Role != "assistant" {
			return call{}, fmt.Errorf("messages.%d.role: unsupported role %q", i, m.Role)
		}
		req.Messages = append(req.Messages, providers.Message{Role: providers.Role(m.Role), Content: m.Content.Text})
		req.Cache = req.Cache || m.Content.Cache
	}
	if len(req.Messages) == 0 {
		return call{}, fmt.Errorf("messages: at least one message is required")
	}
	return call{model: in.Model, req: req, stream: so.Stream}, nil
}

func (anthropicProtocol) encode(id string, c call, reply providers.Reply) any {
	var content []wire.AnthropicBlock
	if reply.Reasoning != "" {
		content = append(content, wire.AnthropicBlock{Type: "thinking", Thinking: reply.Reasoning})
	}
	content = append(content, wire.AnthropicBlock{Type: "text", Text: reply.Text})
	return wire.AnthropicResponse{
		ID:         "msg_" + id,
		Type:       "message",
		Role:       "assistant",
		Model:      reply.Model,
		Content:    content,
		StopReason: stopReason(reply.StopReason, "end_turn", "max_tokens"),
		Usage:      anthropicUsage(c.req, reply),
	}
}

// anthropicUsage counts a call's tokens as Anthropic does: a request that
// marks its content for caching reads the conversation's previous request
// from the cache and writes the rest of its input, once the input comes to
// cacheMin tokens; input_tokens is the input neither read nor written.
func anthropicUsage(req providers.Request, reply providers.Reply) wire.AnthropicUsage {
	u := usage(req, reply)
	out := wire.AnthropicUsage{InputTokens: u.InputTokens, OutputTokens: u.OutputTokens}
	if !req.Cache || u.InputTokens < cacheMin {
		return out
	}
	out.CacheReadInputTokens = cachedPrefix(req)
	out.CacheCreationInputTokens = u.InputTokens - out.CacheReadInputTokens
	out.InputTokens = 0
	return out
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

// The events of a streamed message. Every event's data carries its type.
type (
	anthropicMessageStart struct {
		Type    string                `json:"type"`
		Message anthropicStartMessage `json:"message"`
	}
	// anthropicStartMessage is the message as message_start opens it: no
	// content and no stop reason yet, the input tokens counted.
	anthropicStartMessage struct {
		ID           string              `json:"id"`
		Type         string              `json:"type"`
		Role         string              `json:"role"`
		Model        string              `json:"model"`
		Content      []any               `json:"content"`
		StopReason   *string             `json:"stop_reason"`
		StopSequence *string             `json:"stop_sequence"`
		Usage        wire.AnthropicUsage `json:"usage"`
	}
	anthropicBlockStart struct {
		Type         string         `json:"type"`
		Index        int            `json:"index"`
		ContentBlock map[string]any `json:"content_block"`
	}
	anthropicBlockDelta struct {
		Type  string            `json:"type"`
		Index int               `json:"index"`
		Delta map[string]string `json:"delta"`
	}
	anthropicBlockStop struct {
		Type  string `json:"type"`
		Index int    `json:"index"`
	}
	anthropicMessageDelta struct {
		Type  string               `json:"type"`
		Delta anthropicStopDelta   `json:"delta"`
		Usage anthropicOutputUsage `json:"usage"`
	}
	anthropicStopDelta struct {
		StopReason   string  `json:"stop_reason"`
		StopSequence *string `json:"stop_sequence"`
	}
	// anthropicOutputUsage is message_delta's usage: the output tokens of
	// the whole message so far.
	anthropicOutputUsage struct {
		OutputTokens int `json:"output_tokens"`
	}
	anthropicEvent struct {
		Type string `json:"type"`
	}
)

// stream sends the reply as the messages API's events: message_start (with
// the input tokens), a ping, a thinking block when there is reasoning and
// the text block, each as content_block_start, its deltas and
// content_block_stop, then message_delta (the stop reason and the output
// tokens) and message_stop.
func (anthropicProtocol) stream(w http.ResponseWriter, id string, c call, reply providers.Reply) {
	e := newSSE(w)
	u := anthropicUsage(c.req, reply)
	start := u
	start.OutputTokens = 0
	e.send("message_start", anthropicMessageStart{Type: "message_start", Message: anthropicStartMessage{
		ID: "msg_" + id, Type: "message", Role: "assistant", Model: reply.Model, Content: []any{},
		Usage: start,
	}})
	e.send("ping", anthropicEvent{Type: "ping"})
	index := 0
	block := func(kind, field, deltaKind, text string) {
		e.send("content_block_start", anthropicBlockStart{Type: "content_block_start", Index: index,
			ContentBlock: map[string]any{"type": kind, field: ""}})
		for _, p := range split(text, streamChunks) {
			e.send("content_block_delta", anthropicBlockDelta{Type: "content_block_delta", Index: index,
				Delta: map[string]string{"type": deltaKind, field: p}})
		}
		e.send("content_block_stop", anthropicBlockStop{Type: "content_block_stop", Index: index})
		index++
	}
	if reply.Reasoning != "" {
		block("thinking", "thinking", "thinking_delta", reply.Reasoning)
	}
	block("text", "text", "text_delta", reply.Text)
	e.send("message_delta", anthropicMessageDelta{Type: "message_delta",
		Delta: anthropicStopDelta{StopReason: stopReason(reply.StopReason, "end_turn", "max_tokens")},
		Usage: anthropicOutputUsage{OutputTokens: u.OutputTokens}})
	e.send("message_stop", anthropicEvent{Type: "message_stop"})
}
