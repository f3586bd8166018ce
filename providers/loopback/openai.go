package loopback

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/hallumaze/hallumaze/modelname"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/providers/internal/wire"
)

// openAIProtocol serves POST /v1/chat/completions.
//
// System and developer messages, wherever they stand, become the system
// prompt (joined by blank lines); user and assistant messages the
// conversation. max_completion_tokens wins over max_tokens, and the reply
// is cut to it (finish_reason "length"). reasoning_effort, top_p and
// DeepSeek's thinking switch are passed on to the model; n other than 1,
// tools and functions are refused with a 400. The reply's reasoning is
// returned as DeepSeek does, in message.reasoning_content, and counted in
// usage.completion_tokens_details.reasoning_tokens.
type openAIProtocol struct{}

// openAIInput is a chat completion request with the members the server
// refuses: more than one choice, and tools.
type openAIInput struct {
	wire.OpenAIChatRequest
	N         *int            `json:"n"`
	Tools     json.RawMessage `json:"tools"`
	Functions json.RawMessage `json:"functions"`
}

func (openAIProtocol) decode(_ *http.Request, body []byte) (call, error) {
	var in openAIInput
	so, err := decodeBody(body, &in)
	if err != nil {
		return call{}, err
	}
	if in.Model == "" {
		return call{}, errMissingModel
	}
	if in.N != nil && *in.N != 1 {
		return call{}, fmt.Errorf("n: %d choices asked for; this server returns one choice (n must be 1)", *in.N)
	}
	if given(in.Tools) || given(in.Functions) {
		return call{}, errors.New("tools: this server answers in text only; tools and function calling are not supported")
	}
	req := providers.Request{
		Model:       in.Model,
		MaxTokens:   in.MaxTokens,
		Temperature: in.Temperature,
		TopP:        in.TopP,
		Seed:        in.Seed,
	}
	if in.MaxCompletionTokens > 0 {
		req.MaxTokens = in.MaxCompletionTokens
	}
	if e := in.ReasoningEffort; e != "" {
		if modelname.EffortRank(e) < 0 {
			return call{}, fmt.Errorf("reasoning_effort: invalid value %q (supported values: %s)", e, strings.Join(modelname.Efforts(), ", "))
		}
		req.Effort = e
	}
	if th := in.Thinking; th != nil {
		switch th.Type {
		case "enabled":
			req.Thinking = modelname.ThinkingAuto
		case "disabled":
			req.Thinking = modelname.ThinkingOff
		default:
			return call{}, fmt.Errorf("thinking.type: invalid value %q (want enabled or disabled)", th.Type)
		}
	}
	var system []string
	for i, m := range in.Messages {
		switch m.Role {
		case "system", "developer":
			system = append(system, string(m.Content))
		case "user", "assistant":
			req.Messages = append(req.Messages, providers.Message{Role: providers.Role(m.Role), Content: string(m.Content)})
		default:
			return call{}, fmt.Errorf("messages[%d]: unsupported role %q", i, m.Role)
		}
	}
	if len(req.Messages) == 0 {
		return call{}, fmt.Errorf("messages: no user or assistant message")
	}
	req.System = strings.Join(system, "\n\n")
	c := call{model: in.Model, req: req, stream: so.Stream}
	if so.Stream && so.StreamOptions != nil {
		c.usage = so.StreamOptions.IncludeUsage
	}
	return c, nil
}

func (openAIProtocol) encode(id string, c call, reply providers.Reply) any {
	u := openAIUsage(c.req, reply)
	return wire.OpenAIChatResponse{
		ID:     "chatcmpl-" + id,
		Object: "chat.completion",
		Model:  reply.Model,
		Choices: []wire.OpenAIChoice{{
			Message: wire.OpenAIMessage{
				Role:             "assistant",
				Content:          wire.FlexText(reply.Text),
				ReasoningContent: reply.Reasoning,
			},
			FinishReason: stopReason(reply.StopReason, "stop", "length"),
		}},
		Usage: u,
	}
}

// openAIUsage counts a call's tokens in the protocol's shape, the
// reasoning tokens in completion_tokens_details when there are any.
func openAIUsage(req providers.Request, reply providers.Reply) *wire.OpenAIUsage {
	u := usage(req, reply)
	out := &wire.OpenAIUsage{
		PromptTokens:     u.InputTokens,
		CompletionTokens: u.OutputTokens,
		TotalTokens:      u.InputTokens + u.OutputTokens,
	}
	if p := cachedPrefix(req); p > 0 {
		// OpenAI caches the first 1,024 tokens, then steps of 128.
		out.PromptTokensDetails = &wire.OpenAIPromptTokensDetails{CachedTokens: cacheMin + (p-cacheMin)/128*128}
	}
	if u.ReasoningTokens > 0 {
		out.CompletionTokensDetails = &wire.OpenAICompletionDetails{ReasoningTokens: u.ReasoningTokens}
	}
	return out
}

// given reports a member that is there and not null or empty.
func given(raw json.RawMessage) bool {
	t := strings.TrimSpace(string(raw))
	return t != "" && t != "null" && t != "[]" && t != "{}"
}

// openAIChunk is one event of a streamed chat completion.
type openAIChunk struct {
	ID      string              `json:"id"`
	Object  string              `json:"object"`
	Created int64               `json:"created"`
	Model   string              `json:"model"`
	Choices []openAIChunkChoice `json:"choices"`
	// Usage is left out unless the request set include_usage; then it is
	// null on every chunk but the last, which has the counts and no
	// choice. A nil *wire.OpenAIUsage in it is written as null.
	Usage any `json:"usage,omitempty"`
}

// openAIChunkChoice is the one choice of a chunk; FinishReason is null
// until the last.
type openAIChunkChoice struct {
	Index        int         `json:"index"`
	Delta        openAIDelta `json:"delta"`
	FinishReason *string     `json:"finish_reason"`
}

// openAIDelta is what a chunk adds to the message.
type openAIDelta struct {
	Role             string  `json:"role,omitempty"`
	Content          *string `json:"content,omitempty"`
	ReasoningContent string  `json:"reasoning_content,omitempty"`
}

// stream sends the reply as chat.completion.chunk events: the role, the
// reasoning's pieces, the answer's pieces, the finish reason, the usage
// when asked for, and "data: [DONE]".
func (openAIProtocol) stream(w http.ResponseWriter, id string, c call, reply providers.Reply) {
	e := newSSE(w)
	chunk := func(d openAIDelta, finish *string) openAIChunk {
		ch := openAIChunk{
			ID: "chatcmpl-" + id, Object: "chat.completion.chunk", Model: reply.Model,
			Choices: []openAIChunkChoice{{Delta: d, FinishReason: finish}},
		}
		if c.usage {
			ch.Usage = (*wire.OpenAIUsage)(nil)
		}
		return ch
	}
	empty := ""
	e.send("", chunk(openAIDelta{Role: "assistant", Content: &empty}, nil))
	for _, p := range split(reply.Reasoning, streamChunks) {
		e.send("", chunk(openAIDelta{ReasoningContent: p}, nil))
	}
	for _, p := range split(reply.Text, streamChunks) {
		e.send("", chunk(openAIDelta{Content: &p}, nil))
	}
	finish := stopReason(reply.StopReason, "stop", "length")
	e.send("", chunk(openAIDelta{}, &finish))
	if c.usage {
		e.send("", openAIChunk{
			ID: "chatcmpl-" + id, Object: "chat.completion.chunk", Model: reply.Model,
			Choices: []openAIChunkChoice{}, Usage: openAIUsage(c.req, reply),
		})
	}
	e.write([]byte("data: [DONE]\n\n"))
}

func (openAIProtocol) errorBody(status int, msg string) any {
	body := wire.OpenAIErrorBody{Message: msg, Type: "invalid_request_error"}
	switch {
	case status == http.StatusNotFound:
		body.Code = "model_not_found"
	case status == http.StatusTooManyRequests:
		body.Type = "rate_limit_error"
	case status >= 500:
		body.Type = "server_error"
	}
	return wire.OpenAIErrorResponse{Error: body}
}

func (openAIProtocol) notFound(model string) string {
	return fmt.Sprintf("The model `%s` does not exist or you do not have access to it.", model)
}

// isJSONObject reports whether body starts like a JSON object.
func isJSONObject(body []byte) bool {
	body = bytes.TrimSpace(body)
	return len(body) > 0 && body[0] == '{'
}
