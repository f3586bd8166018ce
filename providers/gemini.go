package providers

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/hallumaze/hallumaze/modelname"
	"github.com/hallumaze/hallumaze/providers/internal/wire"
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
// token count (thoughtsTokenCount) is added to the output tokens and kept
// apart as the reasoning tokens. A thinking budget is sent as
// generationConfig.thinkingConfig.thinkingBudget (thinking=auto as -1,
// thinking=off as 0), an effort as its thinkingLevel ("LOW", "HIGH", …),
// with includeThoughts whenever the request asks for thinking. A blocked
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

// URL is the generateContent endpoint of c.BaseURL for a model id. A
// leading "models/" in the id is dropped.
func (c *Gemini) URL(model string) string {
	base := strings.TrimSuffix(strings.TrimRight(c.BaseURL, "/"), "/v1beta")
	model = strings.TrimPrefix(model, "models/")
	return joinURL(base, "v1beta/models/"+url.PathEscape(model)+":generateContent")
}

// wireRequest translates a Request into the protocol's body.
func (c *Gemini) wireRequest(req Request) wire.GeminiRequest {
	out := wire.GeminiRequest{
		Contents: make([]wire.GeminiContent, 0, len(req.Messages)),
		GenerationConfig: &wire.GeminiGenerationConfig{
			Temperature:     temperature(req),
			TopP:            req.TopP,
			MaxOutputTokens: maxTokens(req),
			Seed:            req.Seed,
			ThinkingConfig:  geminiThinking(req),
		},
	}
	if req.System != "" {
		out.SystemInstruction = &wire.GeminiContent{Parts: []wire.GeminiPart{{Text: req.System}}}
	}
	for _, m := range req.Messages {
		role := "user"
		if m.Role == Assistant {
			role = "model"
		}
		out.Contents = append(out.Contents, wire.GeminiContent{Role: role, Parts: []wire.GeminiPart{{Text: m.Content}}})
	}
	return out
}

// geminiThinking is the thinkingConfig of a request: a budget (a number of
// tokens, -1 for thinking=auto, 0 for thinking=off) or, for an effort, a
// thinking level; the thoughts are asked back (includeThoughts) whenever
// the request asks for thinking.
func geminiThinking(req Request) *wire.GeminiThinkingConfig {
	if req.Thinking == "" && req.Effort == "" {
		return nil
	}
	out := &wire.GeminiThinkingConfig{IncludeThoughts: req.Reasoning()}
	budget := func(n int) *int { return &n }
	switch req.Thinking {
	case "":
	case modelname.ThinkingAuto:
		out.ThinkingBudget = budget(-1)
	case modelname.ThinkingOff:
		out.ThinkingBudget = budget(0)
	default:
		n, _ := req.Thinking.Tokens()
		out.ThinkingBudget = budget(n)
	}
	if req.Effort != "" {
		out.ThinkingLevel = strings.ToUpper(req.Effort)
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
	}, req.Model, func(body wire.GeminiResponse) (Reply, error) {
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
func geminiReply(body wire.GeminiResponse) (reply Reply, blocked bool, err error) {
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
		reply.Usage = Usage{InputTokens: u.PromptTokenCount, OutputTokens: u.CandidatesTokenCount + u.ThoughtsTokenCount,
			ReasoningTokens: u.ThoughtsTokenCount, CachedInputTokens: u.CachedContentTokenCount}
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
