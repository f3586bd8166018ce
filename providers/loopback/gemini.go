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

// geminiProtocol serves POST /v1beta/models/{model}:generateContent and
// :streamGenerateContent.
//
// The systemInstruction's text parts are the system prompt; contents with
// role "model" are the assistant's turns, any other role the user's. Parts
// marked as thoughts in earlier turns are dropped, as the API drops them.
// Any other action (countTokens, embedContent) is a 404. maxOutputTokens
// cuts the reply (finishReason "MAX_TOKENS"); topP and thinkingConfig (a
// thinkingBudget, -1 for auto and 0 for off, or a thinkingLevel, not both)
// are passed on to the model; tools and a candidateCount other than 1 are
// refused with a 400. The reply's reasoning is counted in
// thoughtsTokenCount, and returned as a part with "thought": true before
// the answer's part when includeThoughts asks for it.
type geminiProtocol struct{}

func (geminiProtocol) decode(r *http.Request, body []byte) (call, error) {
	action := r.PathValue("action")
	i := strings.LastIndexByte(action, ':')
	if i < 0 || action[i+1:] != "generateContent" && action[i+1:] != "streamGenerateContent" {
		return call{}, &statusError{
			status: http.StatusNotFound,
			msg:    fmt.Sprintf("unsupported path %q: want /v1beta/models/{model}:generateContent or :streamGenerateContent", r.URL.Path),
		}
	}
	model := action[:i]
	if model == "" {
		return call{}, errMissingModel
	}
	var in wire.GeminiRequest
	if err := json.Unmarshal(body, &in); err != nil {
		return call{}, fmt.Errorf("invalid JSON payload: %w", err)
	}
	var refused struct {
		Tools            json.RawMessage `json:"tools"`
		GenerationConfig *struct {
			CandidateCount *int `json:"candidateCount"`
		} `json:"generationConfig"`
	}
	if err := json.Unmarshal(body, &refused); err != nil {
		return call{}, fmt.Errorf("invalid JSON payload: %w", err)
	}
	if given(refused.Tools) {
		return call{}, errors.New("tools: this server answers in text only; function calling and tools are not supported")
	}
	if g := refused.GenerationConfig; g != nil && g.CandidateCount != nil && *g.CandidateCount != 1 {
		return call{}, fmt.Errorf("generationConfig.candidateCount: %d candidates asked for; this server returns one", *g.CandidateCount)
	}
	req := providers.Request{Model: model}
	if in.SystemInstruction != nil {
		req.System = geminiText(in.SystemInstruction.Parts)
	}
	reasoning := counted
	if g := in.GenerationConfig; g != nil {
		req.MaxTokens = g.MaxOutputTokens
		req.Temperature = g.Temperature
		req.TopP = g.TopP
		req.Seed = g.Seed
		if tc := g.ThinkingConfig; tc != nil {
			if err := geminiThinking(&req, tc); err != nil {
				return call{}, err
			}
			if tc.IncludeThoughts {
				reasoning = shown
			}
		}
	}
	for _, c := range in.Contents {
		role := providers.User
		if c.Role == "model" {
			role = providers.Assistant
		}
		req.Messages = append(req.Messages, providers.Message{Role: role, Content: geminiText(c.Parts)})
	}
	if len(req.Messages) == 0 {
		return call{}, fmt.Errorf("contents is not specified")
	}
	return call{
		model:     model,
		req:       req,
		reasoning: reasoning,
		stream:    action[i+1:] == "streamGenerateContent",
		sse:       r.URL.Query().Get("alt") == "sse",
	}, nil
}

// geminiLevels are the thinking levels, as the API spells them.
var geminiLevels = []string{"MINIMAL", "LOW", "MEDIUM", "HIGH"}

// geminiThinking reads a thinkingConfig into the request: a budget (-1 is
// auto, 0 is off) or a level (the effort), not both, as the API checks.
func geminiThinking(req *providers.Request, tc *wire.GeminiThinkingConfig) error {
	if tc.ThinkingBudget != nil && tc.ThinkingLevel != "" {
		return errors.New("generationConfig.thinkingConfig: thinking_budget and thinking_level are not supported together")
	}
	if b := tc.ThinkingBudget; b != nil {
		switch {
		case *b == -1:
			req.Thinking = modelname.ThinkingAuto
		case *b == 0:
			req.Thinking = modelname.ThinkingOff
		case *b > 0 && *b <= modelname.MaxBudget:
			req.Thinking = modelname.Budget(*b)
		default:
			return fmt.Errorf("generationConfig.thinkingConfig.thinkingBudget: %d is not -1, 0 or a number of tokens", *b)
		}
	}
	if l := tc.ThinkingLevel; l != "" {
		if !slices.Contains(geminiLevels, strings.ToUpper(l)) {
			return fmt.Errorf("generationConfig.thinkingConfig.thinkingLevel: invalid value %q (want %s)", l, strings.Join(geminiLevels, ", "))
		}
		req.Effort = strings.ToLower(l)
	}
	return nil
}

// geminiText joins the non-thought text of parts.
func geminiText(parts []wire.GeminiPart) string {
	var b strings.Builder
	for _, p := range parts {
		if !p.Thought {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

func (geminiProtocol) encode(id string, c call, reply providers.Reply) any {
	var parts []wire.GeminiPart
	if reply.Reasoning != "" && c.reasoning == shown {
		parts = append(parts, wire.GeminiPart{Text: reply.Reasoning, Thought: true})
	}
	parts = append(parts, wire.GeminiPart{Text: reply.Text})
	return geminiChunk(id, c, reply, parts, true)
}

// geminiChunk is a response holding parts; the last (or only) one has the
// finish reason and the usage.
func geminiChunk(id string, c call, reply providers.Reply, parts []wire.GeminiPart, last bool) wire.GeminiResponse {
	out := wire.GeminiResponse{
		Candidates:   []wire.GeminiCandidate{{Content: wire.GeminiContent{Role: "model", Parts: parts}}},
		ModelVersion: reply.Model,
		ResponseID:   id,
	}
	if last {
		in := usage(c.req, reply).InputTokens
		text, thoughts := ApproxTokens(reply.Text), ApproxTokens(reply.Reasoning)
		out.Candidates[0].FinishReason = stopReason(reply.StopReason, "STOP", "MAX_TOKENS")
		out.UsageMetadata = &wire.GeminiUsageMetadata{
			PromptTokenCount:     in,
			CandidatesTokenCount: text,
			ThoughtsTokenCount:   thoughts,
			TotalTokenCount:      in + text + thoughts,
		}
		out.UsageMetadata.CachedContentTokenCount = cachedPrefix(c.req)
	}
	return out
}

// stream sends the reply as GenerateContentResponse chunks of one part
// each (the reasoning's pieces as thoughts, then the answer's), the last
// with the finish reason and the usage: server-sent events ("data:" lines)
// with alt=sse, else one JSON array written an element at a time, as the
// API does.
func (geminiProtocol) stream(w http.ResponseWriter, id string, c call, reply providers.Reply) {
	var parts []wire.GeminiPart
	if c.reasoning == shown {
		for _, p := range split(reply.Reasoning, streamChunks) {
			parts = append(parts, wire.GeminiPart{Text: p, Thought: true})
		}
	}
	for _, p := range split(reply.Text, streamChunks) {
		parts = append(parts, wire.GeminiPart{Text: p})
	}
	if len(parts) == 0 {
		parts = []wire.GeminiPart{{}}
	}
	if c.sse {
		e := newSSE(w)
		for i, p := range parts {
			e.send("", geminiChunk(id, c, reply, []wire.GeminiPart{p}, i == len(parts)-1))
		}
		return
	}
	e := newEvents(w, "application/json")
	for i, p := range parts {
		data, err := json.Marshal(geminiChunk(id, c, reply, []wire.GeminiPart{p}, i == len(parts)-1))
		if err != nil {
			e.fail(err)
			return
		}
		sep := ",\r\n"
		if i == 0 {
			sep = "["
		}
		e.write(append([]byte(sep), data...))
	}
	e.write([]byte("]"))
}

func (geminiProtocol) errorBody(status int, msg string) any {
	return wire.GeminiErrorResponse{Error: wire.GeminiErrorBody{Code: status, Message: msg, Status: grpcStatus(status)}}
}

func (geminiProtocol) notFound(model string) string {
	return fmt.Sprintf("models/%s is not found for API version v1beta, or is not supported for generateContent.", model)
}

// grpcStatus is the status word Google APIs put beside an HTTP status.
func grpcStatus(status int) string {
	switch status {
	case http.StatusBadRequest, http.StatusRequestEntityTooLarge:
		return "INVALID_ARGUMENT"
	case http.StatusUnauthorized:
		return "UNAUTHENTICATED"
	case http.StatusForbidden:
		return "PERMISSION_DENIED"
	case http.StatusNotFound:
		return "NOT_FOUND"
	case http.StatusMethodNotAllowed:
		return "UNIMPLEMENTED"
	case http.StatusTooManyRequests:
		return "RESOURCE_EXHAUSTED"
	case http.StatusServiceUnavailable:
		return "UNAVAILABLE"
	case http.StatusGatewayTimeout:
		return "DEADLINE_EXCEEDED"
	}
	if status >= 500 {
		return "INTERNAL"
	}
	return "FAILED_PRECONDITION"
}
