package providers

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// Gemini is a client of Google's generateContent protocol.
//
// BaseURL is the API root without a version segment
// ("https://generativelanguage.googleapis.com"); the client appends
// "/v1beta/models/{model}:generateContent". A base URL that already ends in
// "/v1beta" is accepted too. The key travels in the x-goog-api-key header,
// never in the URL, so it cannot leak through logged or recorded URLs.
//
// The system prompt is the systemInstruction; the assistant's turns have
// role "model". Parts marked "thought": true go to Reply.Reasoning and their
// token count (thoughtsTokenCount) is added to the output tokens. A blocked
// prompt, an answer with no candidates, or a candidate stopped for SAFETY,
// RECITATION, BLOCKLIST, PROHIBITED_CONTENT or SPII with no text is an
// *Error wrapping [ErrBlocked] (or saying there was no candidate) that names
// the reason.
type Gemini struct {
	// HTTP sends the requests; nil means http.DefaultClient.
	HTTP *http.Client
	// BaseURL is the API root; see the type's documentation.
	BaseURL string
	// APIKey is sent in the x-goog-api-key header.
	APIKey string
}

// NewGemini returns a generateContent client.
func NewGemini(hc *http.Client, baseURL, apiKey string) *Gemini {
	return &Gemini{HTTP: hc, BaseURL: baseURL, APIKey: apiKey}
}

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
	Temperature     *float64 `json:"temperature,omitempty"`
	MaxOutputTokens int      `json:"maxOutputTokens,omitempty"`
	Seed            *int64   `json:"seed,omitempty"`
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
type GeminiUsageMetadata struct {
	PromptTokenCount     int `json:"promptTokenCount"`
	CandidatesTokenCount int `json:"candidatesTokenCount"`
	ThoughtsTokenCount   int `json:"thoughtsTokenCount,omitempty"`
	TotalTokenCount      int `json:"totalTokenCount"`
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

// URL is the generateContent endpoint of c.BaseURL for a model id. A
// leading "models/" in the id is dropped.
func (c *Gemini) URL(model string) string {
	base := strings.TrimSuffix(strings.TrimRight(c.BaseURL, "/"), "/v1beta")
	model = strings.TrimPrefix(model, "models/")
	return joinURL(base, "v1beta/models/"+url.PathEscape(model)+":generateContent")
}

// wireRequest translates a Request into the protocol's body.
func (c *Gemini) wireRequest(req Request) GeminiRequest {
	out := GeminiRequest{
		Contents: make([]GeminiContent, 0, len(req.Messages)),
		GenerationConfig: &GeminiGenerationConfig{
			Temperature:     temperature(req),
			MaxOutputTokens: maxTokens(req),
			Seed:            req.Seed,
		},
	}
	if req.System != "" {
		out.SystemInstruction = &GeminiContent{Parts: []GeminiPart{{Text: req.System}}}
	}
	for _, m := range req.Messages {
		role := "user"
		if m.Role == Assistant {
			role = "model"
		}
		out.Contents = append(out.Contents, GeminiContent{Role: role, Parts: []GeminiPart{{Text: m.Content}}})
	}
	return out
}

// Chat sends the conversation and returns the first candidate.
func (c *Gemini) Chat(ctx context.Context, req Request) (Reply, error) {
	const provider = "gemini"
	header := http.Header{}
	header.Set("X-Goog-Api-Key", c.APIKey)
	return exchange(ctx, call{
		provider: provider,
		hc:       c.HTTP,
		url:      c.URL(req.Model),
		key:      c.APIKey,
		header:   header,
		body:     c.wireRequest(req),
	}, req.Model, func(body GeminiResponse) (Reply, error) {
		reply, blocked, err := geminiReply(body)
		if err != nil && blocked {
			return Reply{}, blockedError{err}
		}
		return reply, err
	})
}

// blockedError is a withheld answer: its text is the reason, and it wraps
// ErrBlocked.
type blockedError struct{ reason error }

func (e blockedError) Error() string { return e.reason.Error() }
func (e blockedError) Unwrap() error { return ErrBlocked }

// geminiBlocking says whether a finish reason means the answer was
// withheld rather than finished.
func geminiBlocking(reason string) bool {
	switch reason {
	case "SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII":
		return true
	}
	return false
}

// geminiReply reads the answer out of a decoded response. blocked says the
// error is a safety or policy refusal.
func geminiReply(body GeminiResponse) (reply Reply, blocked bool, err error) {
	if fb := body.PromptFeedback; fb != nil && fb.BlockReason != "" {
		msg := "prompt blocked: " + fb.BlockReason
		if fb.BlockReasonMessage != "" {
			msg += ": " + fb.BlockReasonMessage
		}
		return Reply{}, true, fmt.Errorf("%s", msg)
	}
	if len(body.Candidates) == 0 {
		return Reply{}, false, fmt.Errorf("response has no candidates")
	}
	cand := body.Candidates[0]
	var text, reasoning strings.Builder
	for _, p := range cand.Content.Parts {
		if p.Thought {
			reasoning.WriteString(p.Text)
		} else {
			text.WriteString(p.Text)
		}
	}
	if text.Len() == 0 && geminiBlocking(cand.FinishReason) {
		msg := "response blocked: " + cand.FinishReason
		if cand.FinishMessage != "" {
			msg += ": " + cand.FinishMessage
		}
		return Reply{}, true, fmt.Errorf("%s", msg)
	}
	reply = Reply{
		Text:       text.String(),
		Reasoning:  reasoning.String(),
		Model:      body.ModelVersion,
		StopReason: geminiStopReason(cand.FinishReason),
	}
	if u := body.UsageMetadata; u != nil {
		reply.Usage = Usage{InputTokens: u.PromptTokenCount, OutputTokens: u.CandidatesTokenCount + u.ThoughtsTokenCount}
	}
	return reply, false, nil
}

// geminiStopReason normalises a finishReason.
func geminiStopReason(reason string) string {
	switch reason {
	case "STOP":
		return StopEnd
	case "MAX_TOKENS":
		return StopMaxTokens
	default:
		return reason
	}
}
