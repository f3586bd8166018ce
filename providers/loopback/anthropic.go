package loopback

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/modelname"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/providers/internal/wire"
)

// anthropicProtocol serves POST /v1/messages.
//
// The top-level system (a string or text blocks) is the system prompt;
// message content may be a string or text blocks. max_tokens is required,
// as the hosted API requires it, and the reply is cut to it (stop_reason
// "max_tokens"). thinking ({"type": "enabled", "budget_tokens": N} with
// N ≥ 1024 and below max_tokens, "adaptive" or "disabled"),
// output_config.effort and top_p are passed on to the model, checked as
// the hosted API checks them (no temperature but 1 with thinking, top_p
// from 0.95); tools are refused with a 400. With thinking on, the reply's
// reasoning is returned as a signed thinking block before the text block
// and counted in usage.output_tokens_details.thinking_tokens; without it
// the model's reasoning is not sent.
type anthropicProtocol struct{}

// anthropicInput is a messages request with the member the server
// refuses: tools.
type anthropicInput struct {
	wire.AnthropicRequest
	Tools json.RawMessage `json:"tools"`
}

// anthropicEfforts are the efforts of output_config.
var anthropicEfforts = []string{"low", "medium", "high", "xhigh", "max"}

func (anthropicProtocol) decode(_ *http.Request, body []byte) (call, error) {
	var in anthropicInput
	so, err := decodeBody(body, &in)
	if err != nil {
		return call{}, err
	}
	if in.Model == "" {
		return call{}, errMissingModel
	}
	if given(in.Tools) {
		return call{}, errors.New("tools: this server answers in text only; tool use is not supported")
	}
	req := providers.Request{
		Model:       in.Model,
		System:      string(in.System),
		MaxTokens:   in.MaxTokens,
		Temperature: in.Temperature,
		TopP:        in.TopP,
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
	if in.MaxTokens < 1 {
		return call{}, fmt.Errorf("max_tokens: Field required (a number of tokens, at least 1)")
	}
	if t := in.Temperature; t != nil && (*t < 0 || *t > 1) {
		return call{}, fmt.Errorf("temperature: Input should be between 0 and 1")
	}
	c := call{model: in.Model, req: req, stream: so.Stream, reasoning: dropped}
	if err := anthropicThinking(&c, in.AnthropicRequest); err != nil {
		return call{}, err
	}
	if oc := in.OutputConfig; oc != nil && oc.Effort != "" {
		if !slices.Contains(anthropicEfforts, oc.Effort) {
			return call{}, fmt.Errorf("output_config.effort: Input should be %s", strings.Join(anthropicEfforts, ", "))
		}
		c.req.Effort = oc.Effort
	}
	return c, nil
}

// anthropicThinking reads the thinking member into the call, checked as the
// hosted API checks it.
func anthropicThinking(c *call, in wire.AnthropicRequest) error {
	th := in.Thinking
	if th == nil {
		return nil
	}
	switch th.Type {
	case "enabled":
		if th.BudgetTokens < providers.AnthropicMinBudget {
			return fmt.Errorf("thinking.enabled.budget_tokens: Input should be greater than or equal to %d", providers.AnthropicMinBudget)
		}
		if in.MaxTokens <= th.BudgetTokens {
			return fmt.Errorf("`max_tokens` must be greater than `thinking.budget_tokens`")
		}
		c.req.Thinking = modelname.Budget(th.BudgetTokens)
	case "adaptive":
		c.req.Thinking = modelname.ThinkingAuto
	case "disabled":
		c.req.Thinking = modelname.ThinkingOff
		return nil
	default:
		return fmt.Errorf("thinking.type: Input should be 'enabled', 'adaptive' or 'disabled'")
	}
	if t := in.Temperature; t != nil && *t != 1 {
		return fmt.Errorf("`temperature` may only be set to 1 when thinking is enabled")
	}
	if p := in.TopP; p != nil && *p < 0.95 {
		return fmt.Errorf("`top_p` must be greater than or equal to 0.95 or unset when thinking is enabled")
	}
	c.reasoning = shown
	return nil
}

func (anthropicProtocol) encode(id string, c call, reply providers.Reply) any {
	var content []wire.AnthropicBlock
	if reply.Reasoning != "" {
		content = append(content, wire.AnthropicBlock{Type: "thinking", Thinking: reply.Reasoning, Signature: signature(reply.Reasoning)})
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
// cacheMin tokens; input_tokens is the input neither read nor written. The
// thinking tokens go in output_tokens_details when there are any.
func anthropicUsage(req providers.Request, reply providers.Reply) wire.AnthropicUsage {
	u := usage(req, reply)
	out := wire.AnthropicUsage{InputTokens: u.InputTokens, OutputTokens: u.OutputTokens}
	if u.ReasoningTokens > 0 {
		out.OutputTokensDetails = &wire.AnthropicOutputDetails{ThinkingTokens: u.ReasoningTokens}
	}
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
		start := map[string]any{"type": kind, field: ""}
		if kind == "thinking" {
			start["signature"] = ""
		}
		e.send("content_block_start", anthropicBlockStart{Type: "content_block_start", Index: index, ContentBlock: start})
		for _, p := range split(text, streamChunks) {
			e.send("content_block_delta", anthropicBlockDelta{Type: "content_block_delta", Index: index,
				Delta: map[string]string{"type": deltaKind, field: p}})
		}
		if kind == "thinking" {
			e.send("content_block_delta", anthropicBlockDelta{Type: "content_block_delta", Index: index,
				Delta: map[string]string{"type": "signature_delta", "signature": signature(text)}})
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
