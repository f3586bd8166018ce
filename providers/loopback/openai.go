package loopback

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"

	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/providers/internal/wire"
)

// openAIProtocol serves POST /v1/chat/completions.
//
// System and developer messages, wherever they stand, become the system
// prompt (joined by blank lines); user and assistant messages the
// conversation. max_completion_tokens wins over max_tokens. Streaming is
// refused with a 400. The reply's reasoning is returned as DeepSeek does,
// in message.reasoning_content.
type openAIProtocol struct{}

func (openAIProtocol) decode(_ *http.Request, body []byte) (string, providers.Request, error) {
	var in wire.OpenAIChatRequest
	if err := decodeBody(body, &in); err != nil {
		return "", providers.Request{}, err
	}
	if in.Model == "" {
		return "", providers.Request{}, errMissingModel
	}
	req := providers.Request{
		Model:       in.Model,
		MaxTokens:   in.MaxTokens,
		Temperature: in.Temperature,
		Seed:        in.Seed,
	}
	if in.MaxCompletionTokens > 0 {
		req.MaxTokens = in.MaxCompletionTokens
	}
	var system []string
	for i, m := range in.Messages {
		switch m.Role {
		case "system", "developer":
			system = append(system, string(m.Content))
		case "user", "assistant":
			req.Messages = append(req.Messages, providers.Message{Role: providers.Role(m.Role), Content: string(m.Content)})
		default:
			return "", providers.Request{}, fmt.Errorf("messages[%d]: unsupported role %q", i, m.Role)
		}
	}
	if len(req.Messages) == 0 {
		return "", providers.Request{}, fmt.Errorf("messages: no user or assistant message")
	}
	req.System = strings.Join(system, "\n\n")
	return in.Model, req, nil
}

func (openAIProtocol) encode(id, model string, req providers.Request, reply providers.Reply) any {
	u := usage(req, reply)
	return wire.OpenAIChatResponse{
		ID:     "chatcmpl-" + id,
		Object: "chat.completion",
		Model:  model,
		Choices: []wire.OpenAIChoice{{
			Message: wire.OpenAIMessage{
				Role:             "assistant",
				Content:          wire.FlexText(reply.Text),
				ReasoningContent: reply.Reasoning,
			},
			FinishReason: stopReason(reply.StopReason, "stop", "length"),
		}},
		Usage: &wire.OpenAIUsage{
			PromptTokens:     u.InputTokens,
			CompletionTokens: u.OutputTokens,
			TotalTokens:      u.InputTokens + u.OutputTokens,
		},
	}
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
