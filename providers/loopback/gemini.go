package loopback

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/providers/internal/wire"
)

// geminiProtocol serves POST /v1beta/models/{model}:generateContent.
//
// The systemInstruction's text parts are the system prompt; contents with
// role "model" are the assistant's turns, any other role the user's. Parts
// marked as thoughts in earlier turns are dropped, as the API drops them.
// Any action other than generateContent (streamGenerateContent,
// countTokens) is a 404. The reply's reasoning is returned as a part with
// "thought": true before the answer's part.
type geminiProtocol struct{}

func (geminiProtocol) decode(r *http.Request, body []byte) (string, providers.Request, error) {
	action := r.PathValue("action")
	i := strings.LastIndexByte(action, ':')
	if i < 0 || action[i+1:] != "generateContent" {
		return "", providers.Request{}, &statusError{
			status: http.StatusNotFound,
			msg:    fmt.Sprintf("unsupported path %q: want /v1beta/models/{model}:generateContent", r.URL.Path),
		}
	}
	model := action[:i]
	if model == "" {
		return "", providers.Request{}, errMissingModel
	}
	var in wire.GeminiRequest
	if err := json.Unmarshal(body, &in); err != nil {
		return "", providers.Request{}, fmt.Errorf("invalid JSON payload: %w", err)
	}
	req := providers.Request{Model: model}
	if in.SystemInstruction != nil {
		req.System = geminiText(in.SystemInstruction.Parts)
	}
	if g := in.GenerationConfig; g != nil {
		req.MaxTokens = g.MaxOutputTokens
		req.Temperature = g.Temperature
		req.Seed = g.Seed
	}
	for _, c := range in.Contents {
		role := providers.User
		if c.Role == "model" {
			role = providers.Assistant
		}
		req.Messages = append(req.Messages, providers.Message{Role: role, Content: geminiText(c.Parts)})
	}
	if len(req.Messages) == 0 {
		return "", providers.Request{}, fmt.Errorf("contents is not specified")
	}
	return model, req, nil
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

func (geminiProtocol) encode(id, model string, req providers.Request, reply providers.Reply) any {
	var parts []wire.GeminiPart
	if reply.Reasoning != "" {
		parts = append(parts, wire.GeminiPart{Text: reply.Reasoning, Thought: true})
	}
	parts = append(parts, wire.GeminiPart{Text: reply.Text})
	in := usage(req, reply).InputTokens
	text, thoughts := ApproxTokens(reply.Text), ApproxTokens(reply.Reasoning)
	return wire.GeminiResponse{
		Candidates: []wire.GeminiCandidate{{
			Content:      wire.GeminiContent{Role: "model", Parts: parts},
			FinishReason: stopReason(reply.StopReason, "STOP", "MAX_TOKENS"),
		}},
		UsageMetadata: &wire.GeminiUsageMetadata{
			PromptTokenCount:     in,
			CandidatesTokenCount: text,
			ThoughtsTokenCount:   thoughts,
			TotalTokenCount:      in + text + thoughts,
		},
		ModelVersion: model,
		ResponseID:   id,
	}
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
