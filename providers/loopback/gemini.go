package loopback

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/providers/internal/wire"
)

// geminiProtocol serves POST /v1beta/models/{model}:generateContent and
// :streamGenerateContent.
//
// The systemInstruction's text parts are the system prompt; contents with
// role "model" are the assistant's turns, any other role the user's. Parts
// marked as thoughts in earlier turns are dropped, as the API drops them.
// Any other action (countTokens, embedContent) is a 404. The reply's
// reasoning is returned as a part with "thought": true before the answer's
// part.
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
		return call{}, fmt.Errorf("contents is not specified")
	}
	return call{
		model:  model,
		req:    req,
		stream: action[i+1:] == "streamGenerateContent",
		sse:    r.URL.Query().Get("alt") == "sse",
	}, nil
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
	if reply.Reasoning != "" {
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
	for _, p := range split(reply.Reasoning, streamChunks) {
		parts = append(parts, wire.GeminiPart{Text: p, Thought: true})
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
