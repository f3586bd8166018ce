package wire

import (
	"bytes"
	"encoding/json"
)

// AnthropicRequest is the body of POST /v1/messages, as far as this
// package uses it.
type AnthropicRequest struct {
	Model       string             `json:"model"`
	System      FlexText           `json:"system,omitempty"`
	Messages    []AnthropicMessage `json:"messages"`
	MaxTokens   int                `json:"max_tokens"`
	Temperature *float64           `json:"temperature,omitempty"`
	TopP        *float64           `json:"top_p,omitempty"`
	// Thinking turns extended thinking on ("enabled" with a budget, or
	// "adaptive") or off ("disabled").
	Thinking *AnthropicThinking `json:"thinking,omitempty"`
	// OutputConfig carries the effort.
	OutputConfig *AnthropicOutputConfig `json:"output_config,omitempty"`
}

// AnthropicThinking is the thinking member of a request.
type AnthropicThinking struct {
	Type         string `json:"type"`
	BudgetTokens int    `json:"budget_tokens,omitempty"`
}

// AnthropicOutputConfig is the output_config member of a request.
type AnthropicOutputConfig struct {
	Effort string `json:"effort,omitempty"`
}

// AnthropicMessage is one turn; Role is "user" or "assistant".
type AnthropicMessage struct {
	Role    string           `json:"role"`
	Content AnthropicContent `json:"content"`
}

// AnthropicContent is a message's text. It is sent as a JSON string, or,
// when Block is set, as one text block; Cache marks the block
// {"cache_control":{"type":"ephemeral"}}: the end of the prefix Anthropic
// keeps in its prompt cache for the requests that follow. It reads any
// shape FlexText reads; Block tells that it was an array of parts, and
// Cache that one of them was so marked.
type AnthropicContent struct {
	Text  string
	Block bool
	Cache bool
}

// MarshalJSON writes the text as a string, or as one text block, marked
// when Cache is set.
func (c AnthropicContent) MarshalJSON() ([]byte, error) {
	if !c.Block && !c.Cache {
		return json.Marshal(c.Text)
	}
	b := anthropicTextBlock{Type: "text", Text: c.Text}
	if c.Cache {
		b.CacheControl = &anthropicCacheControl{Type: "ephemeral"}
	}
	return json.Marshal([]anthropicTextBlock{b})
}

// UnmarshalJSON reads a string, null or an array of text parts, noting a
// cache_control mark on any part.
func (c *AnthropicContent) UnmarshalJSON(data []byte) error {
	var t FlexText
	if err := t.UnmarshalJSON(data); err != nil {
		return err
	}
	*c = AnthropicContent{Text: string(t)}
	if d := bytes.TrimSpace(data); len(d) > 0 && d[0] == '[' {
		c.Block = true
		var parts []struct {
			CacheControl *anthropicCacheControl `json:"cache_control"`
		}
		if err := json.Unmarshal(d, &parts); err != nil {
			return err
		}
		for _, p := range parts {
			c.Cache = c.Cache || p.CacheControl != nil
		}
	}
	return nil
}

type anthropicTextBlock struct {
	Type         string                 `json:"type"`
	Text         string                 `json:"text"`
	CacheControl *anthropicCacheControl `json:"cache_control,omitempty"`
}

type anthropicCacheControl struct {
	Type string `json:"type"`
}

// AnthropicResponse is the body of a successful call.
type AnthropicResponse struct {
	ID           string           `json:"id"`
	Type         string           `json:"type"`
	Role         string           `json:"role"`
	Model        string           `json:"model"`
	Content      []AnthropicBlock `json:"content"`
	StopReason   string           `json:"stop_reason"`
	StopSequence *string          `json:"stop_sequence"`
	Usage        AnthropicUsage   `json:"usage"`
	// Error is set only when a server reports a failure inside a 200
	// answer, in the error shape.
	Error *AnthropicErrorBody `json:"error,omitempty"`
}

// AnthropicBlock is one content block of a reply: "text", "thinking" or
// "redacted_thinking" (other types are ignored).
type AnthropicBlock struct {
	Type      string `json:"type"`
	Text      string `json:"text,omitempty"`
	Thinking  string `json:"thinking,omitempty"`
	Signature string `json:"signature,omitempty"`
	Data      string `json:"data,omitempty"`
}

// AnthropicUsage counts tokens. InputTokens are the input tokens neither
// read from nor written to the prompt cache: the whole input is their sum
// with CacheCreationInputTokens (written) and CacheReadInputTokens (read).
// OutputTokens includes thinking, which OutputTokensDetails counts apart.
type AnthropicUsage struct {
	InputTokens              int                     `json:"input_tokens"`
	OutputTokens             int                     `json:"output_tokens"`
	CacheCreationInputTokens int                     `json:"cache_creation_input_tokens,omitempty"`
	CacheReadInputTokens     int                     `json:"cache_read_input_tokens,omitempty"`
	OutputTokensDetails      *AnthropicOutputDetails `json:"output_tokens_details,omitempty"`
}

// AnthropicOutputDetails breaks the output tokens down.
type AnthropicOutputDetails struct {
	ThinkingTokens int `json:"thinking_tokens"`
}

// AnthropicErrorResponse is the body of a failed call:
// {"type": "error", "error": {"type": "not_found_error", "message": "…"}}.
type AnthropicErrorResponse struct {
	Type  string             `json:"type"`
	Error AnthropicErrorBody `json:"error"`
}

// AnthropicErrorBody says what failed.
type AnthropicErrorBody struct {
	Type    string `json:"type"`
	Message string `json:"message"`
}
