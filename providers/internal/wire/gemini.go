package wire

// GeminiRequest is the body of POST …/models/{model}:generateContent, as far
// as this package uses it. The model is in the path, not the body.
type GeminiRequest struct {
	Contents          []GeminiContent         `json:"contents"`
	SystemInstruction *GeminiContent          `json:"systemInstruction,omitempty"`
	GenerationConfig  *GeminiGenerationConfig `json:"generationConfig,omitempty"`
}

// GeminiContent is one turn: Role "user" or "model" (empty in a
// systemInstruction), and its parts.
type GeminiContent struct {
	Role  string       `json:"role,omitempty"`
	Parts []GeminiPart `json:"parts"`
}

// GeminiPart is one piece of a turn. Thought marks reasoning text.
type GeminiPart struct {
	Text             string `json:"text,omitempty"`
	Thought          bool   `json:"thought,omitempty"`
	ThoughtSignature string `json:"thoughtSignature,omitempty"`
}

// GeminiGenerationConfig holds the sampling parameters.
type GeminiGenerationConfig struct {
	Temperature     *float64              `json:"temperature,omitempty"`
	TopP            *float64              `json:"topP,omitempty"`
	MaxOutputTokens int                   `json:"maxOutputTokens,omitempty"`
	Seed            *int64                `json:"seed,omitempty"`
	ThinkingConfig  *GeminiThinkingConfig `json:"thinkingConfig,omitempty"`
}

// GeminiThinkingConfig asks for thinking: a budget (Gemini 2.5: a number of
// tokens, -1 for the model to decide, 0 for none) or a level (Gemini 3:
// "LOW", "HIGH", …), and whether the thoughts come back as parts.
type GeminiThinkingConfig struct {
	ThinkingBudget  *int   `json:"thinkingBudget,omitempty"`
	ThinkingLevel   string `json:"thinkingLevel,omitempty"`
	IncludeThoughts bool   `json:"includeThoughts,omitempty"`
}

// GeminiResponse is the body of a successful call.
type GeminiResponse struct {
	Candidates     []GeminiCandidate     `json:"candidates"`
	PromptFeedback *GeminiPromptFeedback `json:"promptFeedback,omitempty"`
	UsageMetadata  *GeminiUsageMetadata  `json:"usageMetadata,omitempty"`
	ModelVersion   string                `json:"modelVersion,omitempty"`
	ResponseID     string                `json:"responseId,omitempty"`
}

// GeminiCandidate is one alternative answer.
type GeminiCandidate struct {
	Content       GeminiContent `json:"content"`
	FinishReason  string        `json:"finishReason,omitempty"`
	FinishMessage string        `json:"finishMessage,omitempty"`
	Index         int           `json:"index"`
}

// GeminiPromptFeedback says whether the prompt itself was blocked.
type GeminiPromptFeedback struct {
	BlockReason        string `json:"blockReason,omitempty"`
	BlockReasonMessage string `json:"blockReasonMessage,omitempty"`
}

// GeminiUsageMetadata counts tokens; thoughts are counted apart from the
// candidates.
// The prompt tokens read from a cache (implicit or explicit context
// caching) are part of PromptTokenCount and counted in
// CachedContentTokenCount.
type GeminiUsageMetadata struct {
	PromptTokenCount        int `json:"promptTokenCount"`
	CandidatesTokenCount    int `json:"candidatesTokenCount"`
	ThoughtsTokenCount      int `json:"thoughtsTokenCount,omitempty"`
	TotalTokenCount         int `json:"totalTokenCount"`
	CachedContentTokenCount int `json:"cachedContentTokenCount,omitempty"`
}

// GeminiErrorResponse is the body of a failed call:
// {"error": {"code": 404, "message": "…", "status": "NOT_FOUND"}}.
type GeminiErrorResponse struct {
	Error GeminiErrorBody `json:"error"`
}

// GeminiErrorBody says what failed.
type GeminiErrorBody struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Status  string `json:"status"`
}
