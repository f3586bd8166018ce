package providers

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/hallumaze/hallumaze/modelname"
	"github.com/hallumaze/hallumaze/providers/internal/wire"
)

// AnthropicVersion is the anthropic-version header every request carries.
const AnthropicVersion = "2023-06-01"

// Anthropic is a client of the Anthropic messages protocol.
//
// BaseURL is the API root without a version segment, as the Anthropic SDKs
// take it ("https://api.anthropic.com"); the client appends
// "/v1/messages". A base URL that already ends in "/v1" is accepted too.
//
// The system prompt is the top-level "system" field. A request that asks
// for its prefix to be cached (Request.Cache) sends its messages as text
// blocks and marks the last one with cache_control, so that the next
// request of the conversation reads all of this one from Anthropic's
// prompt cache. The answer is the text blocks
// of the reply, joined; thinking blocks go to Reply.Reasoning,
// and a redacted_thinking block (whose content is encrypted) is recorded
// there as "[redacted thinking]". The protocol takes no seed.
//
// A thinking budget of N tokens is sent as {"thinking": {"type":
// "enabled", "budget_tokens": N}}, thinking=auto as {"type": "adaptive"},
// thinking=off as {"type": "disabled"}; an effort as {"output_config":
// {"effort": …}}. A request that asks for reasoning or sets top_p is sent no
// default temperature (Anthropic takes none but 1 with thinking).
type Anthropic struct {
	// HTTP sends the requests; nil means http.DefaultClient.
	HTTP *http.Client
	// BaseURL is the API root; see the type's documentation.
	BaseURL string
	// APIKey is sent in the x-api-key header.
	APIKey string
}

// NewAnthropic returns a messages client.
func NewAnthropic(hc *http.Client, baseURL, apiKey string) *Anthropic {
	return &Anthropic{HTTP: hc, BaseURL: baseURL, APIKey: apiKey}
}

// redactedThinking stands in Reply.Reasoning for an encrypted thinking block.
const redactedThinking = "[redacted thinking]"

// URL is the messages endpoint of c.BaseURL.
func (c *Anthropic) URL() string {
	base := strings.TrimSuffix(strings.TrimRight(c.BaseURL, "/"), "/v1")
	return joinURL(base, "v1/messages")
}

// wireRequest translates a Request into the protocol's body.
func (c *Anthropic) wireRequest(req Request) wire.AnthropicRequest {
	out := wire.AnthropicRequest{
		Model:       req.Model,
		System:      wire.FlexText(req.System),
		MaxTokens:   maxTokens(req),
		Temperature: temperature(req),
		TopP:        req.TopP,
		Messages:    make([]wire.AnthropicMessage, 0, len(req.Messages)),
	}
	if budget, ok := req.Thinking.Tokens(); ok {
		out.Thinking = &wire.AnthropicThinking{Type: "enabled", BudgetTokens: budget}
	}
	switch req.Thinking {
	case modelname.ThinkingAuto:
		out.Thinking = &wire.AnthropicThinking{Type: "adaptive"}
	case modelname.ThinkingOff:
		out.Thinking = &wire.AnthropicThinking{Type: "disabled"}
	}
	if req.Effort != "" {
		out.OutputConfig = &wire.AnthropicOutputConfig{Effort: req.Effort}
	}
	for _, m := range req.Messages {
		// A conversation that caches sends every message as a text block,
		// so that a request's body starts with the previous one's, all but
		// the mark.
		out.Messages = append(out.Messages, wire.AnthropicMessage{Role: string(m.Role), Content: wire.AnthropicContent{Text: m.Content, Block: req.Cache}})
	}
	if req.Cache && len(out.Messages) > 0 {
		// The last message ends the prefix to cache: the next request of
		// the conversation starts with all of this one.
		out.Messages[len(out.Messages)-1].Content.Cache = true
	}
	return out
}

// Chat sends the conversation and returns the reply.
func (c *Anthropic) Chat(ctx context.Context, req Request) (Reply, error) {
	const provider = "anthropic"
	header := http.Header{}
	header.Set("X-Api-Key", c.APIKey)
	header.Set("Anthropic-Version", AnthropicVersion)
	return exchange(ctx, call{
		provider: provider,
		hc:       c.HTTP,
		url:      c.URL(),
		key:      c.APIKey,
		header:   header,
		body:     c.wireRequest(req),
	}, req.Model, anthropicReply)
}

// anthropicReply reads the answer out of a decoded messages response.
func anthropicReply(body wire.AnthropicResponse) (Reply, error) {
	if body.Error != nil {
		return Reply{}, fmt.Errorf("error in response: %s", body.Error.Message)
	}
	if body.Type == "error" {
		return Reply{}, errors.New("error in response")
	}
	var text, reasoning []string
	for _, block := range body.Content {
		switch block.Type {
		case "text":
			text = append(text, block.Text)
		case "thinking":
			reasoning = append(reasoning, block.Thinking)
		case "redacted_thinking":
			reasoning = append(reasoning, redactedThinking)
		}
	}
	return Reply{
		Text:       strings.Join(text, ""),
		Reasoning:  strings.Join(reasoning, "\n\n"),
		Model:      body.Model,
		StopReason: anthropicStopReason(body.StopReason),
		Usage:      anthropicUsage(body.Usage),
	}, nil
}

// anthropicUsage counts the whole input: Anthropic's input_tokens leaves
// out what was read from or written to the prompt cache. The thinking
// tokens are read apart where the answer counts them
// (usage.output_tokens_details.thinking_tokens).
func anthropicUsage(u wire.AnthropicUsage) Usage {
	out := Usage{InputTokens: u.InputTokens + u.CacheReadInputTokens + u.CacheCreationInputTokens, OutputTokens: u.OutputTokens,
		CachedInputTokens: u.CacheReadInputTokens, CacheWriteTokens: u.CacheCreationInputTokens}
	if d := u.OutputTokensDetails; d != nil {
		out.ReasoningTokens = d.ThinkingTokens
	}
	return out
}

// anthropicStopReason normalises a stop_reason.
func anthropicStopReason(reason string) string {
	switch reason {
	case "end_turn":
		return StopEnd
	case "max_tokens":
		return StopMaxTokens
	default:
		return reason
	}
}
