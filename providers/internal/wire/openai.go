package wire

// OpenAIChatRequest is the body of POST /v1/chat/completions, as far as
// this package uses it.
type OpenAIChatRequest struct {
	Model               string          `json:"model"`
	Messages            []OpenAIMessage `json:"messages"`
	MaxTokens           int             `json:"max_tokens,omitempty"`
	MaxCompletionTokens int             `json:"max_completion_tokens,omitempty"`
	Temperature         *float64        `json:"temperature,omitempty"`
	TopP                *float64        `json:"top_p,omitempty"`
	Seed                *int64          `json:"seed,omitempty"`
	// ReasoningEffort is the reasoning models' effort ("low", "high", …).
	ReasoningEffort string `json:"reasoning_effort,omitempty"`
	// Thinking is DeepSeek's thinking-mode switch.
	Thinking *OpenAIThinking `json:"thinking,omitempty"`
}

// OpenAIThinking is DeepSeek's {"type": "enabled"} or {"type": "disabled"}.
type OpenAIThinking struct {
	Type string `json:"type"`
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

// OpenAIUsage counts tokens; reasoning tokens are part of CompletionTokens,
// and counted apart in CompletionTokensDetails. The prompt tokens read
// from the provider's prompt cache are part of PromptTokens: OpenAI gives
// them in prompt_tokens_details.cached_tokens, DeepSeek in
// prompt_cache_hit_tokens.
type OpenAIUsage struct {
	PromptTokens            int                        `json:"prompt_tokens"`
	CompletionTokens        int                        `json:"completion_tokens"`
	TotalTokens             int                        `json:"total_tokens"`
	PromptTokensDetails     *OpenAIPromptTokensDetails `json:"prompt_tokens_details,omitempty"`
	PromptCacheHitTokens    int                        `json:"prompt_cache_hit_tokens,omitempty"`
	CompletionTokensDetails *OpenAICompletionDetails   `json:"completion_tokens_details,omitempty"`
}

// OpenAIPromptTokensDetails breaks the prompt tokens down.
type OpenAIPromptTokensDetails struct {
	CachedTokens int `json:"cached_tokens"`
}

// OpenAICompletionDetails breaks the completion tokens down.
type OpenAICompletionDetails struct {
	ReasoningTokens int `json:"reasoning_tokens"`
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
