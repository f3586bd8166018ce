package wire

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
	Role    string   `json:"role"`
	Content FlexText `json:"content"`
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

// AnthropicUsage counts tokens. OutputTokens includes thinking, which
// OutputTokensDetails counts apart.
type AnthropicUsage struct {
	InputTokens         int                     `json:"input_tokens"`
	OutputTokens        int                     `json:"output_tokens"`
	OutputTokensDetails *AnthropicOutputDetails `json:"output_tokens_details,omitempty"`
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
