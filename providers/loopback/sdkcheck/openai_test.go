package sdkcheck

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"
	"github.com/openai/openai-go/v3/shared"
)

func openAIClient(base, apiKey string) openai.Client {
	return openai.NewClient(option.WithBaseURL(base+"/v1/"), option.WithAPIKey(apiKey), option.WithMaxRetries(0))
}

func userMessage(text string) []openai.ChatCompletionMessageParamUnion {
	return []openai.ChatCompletionMessageParamUnion{openai.UserMessage(text)}
}

// TestOpenAI: openai-go against the loopback server.
func TestOpenAI(t *testing.T) {
	base := serve(t)
	ctx := context.Background()
	client := openAIClient(base, key)

	t.Run("plain call", func(t *testing.T) {
		c, err := client.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{Model: "echo", Messages: userMessage("hello")})
		must(t, err)
		equal(t, "hello", c.Choices[0].Message.Content)
		equal(t, "stop", string(c.Choices[0].FinishReason))
		positive(t, c.Usage.PromptTokens)
	})
	t.Run("token limit", func(t *testing.T) {
		c, err := client.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{Model: "long", Messages: userMessage("go"), MaxCompletionTokens: openai.Int(5)})
		must(t, err)
		equal(t, "length", string(c.Choices[0].FinishReason))
		equal(t, int64(5), c.Usage.CompletionTokens)
		equal(t, long[:20], c.Choices[0].Message.Content)
	})
	t.Run("reasoning effort", func(t *testing.T) {
		c, err := client.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{Model: "checker", Messages: userMessage(question), ReasoningEffort: shared.ReasoningEffortHigh})
		must(t, err)
		positive(t, c.Usage.CompletionTokensDetails.ReasoningTokens)
		contains(t, c.Choices[0].Message.RawJSON(), `"reasoning_content":"Effort high`)
		contains(t, c.Choices[0].Message.Content, `"status": "ANSWER"`)
	})
	t.Run("stream", func(t *testing.T) {
		s := client.Chat.Completions.NewStreaming(ctx, openai.ChatCompletionNewParams{Model: "long", Messages: userMessage("go"),
			StreamOptions: openai.ChatCompletionStreamOptionsParam{IncludeUsage: openai.Bool(true)}})
		var acc openai.ChatCompletionAccumulator
		for s.Next() {
			acc.AddChunk(s.Current())
		}
		must(t, s.Err())
		equal(t, long, acc.Choices[0].Message.Content)
		positive(t, acc.Usage.CompletionTokens)
	})
	t.Run("models", func(t *testing.T) {
		page, err := client.Models.List(ctx)
		must(t, err)
		equal(t, 3, len(page.Data))
	})
	t.Run("wrong key", func(t *testing.T) {
		wrong := openAIClient(base, wrongKey)
		_, err := wrong.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{Model: "echo", Messages: userMessage("hi")})
		e := openAIError(t, err, http.StatusUnauthorized)
		equal(t, "invalid_api_key", e.Code)
	})
	t.Run("n above 1", func(t *testing.T) {
		_, err := client.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{Model: "echo", Messages: userMessage("hi"), N: openai.Int(2)})
		contains(t, openAIError(t, err, http.StatusBadRequest).Message, "returns one choice")
	})
	t.Run("tools", func(t *testing.T) {
		_, err := client.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{Model: "echo", Messages: userMessage("hi"),
			Tools: []openai.ChatCompletionToolUnionParam{openai.ChatCompletionFunctionTool(shared.FunctionDefinitionParam{Name: "f"})}})
		contains(t, openAIError(t, err, http.StatusBadRequest).Message, "tools")
	})
	t.Run("responses API", func(t *testing.T) {
		_, err := client.Responses.New(ctx, responses.ResponseNewParams{Model: "echo", Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("hi")}})
		contains(t, openAIError(t, err, http.StatusNotFound).Message, "Invalid URL (POST /v1/responses)")
	})
}

// openAIError is err as the library's error of a status.
func openAIError(t *testing.T, err error, status int) *openai.Error {
	t.Helper()
	var e *openai.Error
	if !errors.As(err, &e) {
		t.Fatalf("want an *openai.Error, got %v", err)
	}
	equal(t, status, e.StatusCode)
	return e
}
