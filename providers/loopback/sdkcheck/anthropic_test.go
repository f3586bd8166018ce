package sdkcheck

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/anthropics/anthropic-sdk-go"
	"github.com/anthropics/anthropic-sdk-go/option"
)

func anthropicClient(base, apiKey string) anthropic.Client {
	return anthropic.NewClient(option.WithBaseURL(base), option.WithAPIKey(apiKey), option.WithMaxRetries(0))
}

func userTurn(text string) []anthropic.MessageParam {
	return []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock(text))}
}

// TestAnthropic: anthropic-sdk-go against the loopback server.
func TestAnthropic(t *testing.T) {
	base := serve(t)
	ctx := context.Background()
	client := anthropicClient(base, key)

	t.Run("plain call", func(t *testing.T) {
		m, err := client.Messages.New(ctx, anthropic.MessageNewParams{Model: "echo", MaxTokens: 100, Messages: userTurn("hello")})
		must(t, err)
		equal(t, 1, len(m.Content))
		equal(t, "hello", m.Content[0].Text)
		equal(t, anthropic.StopReasonEndTurn, m.StopReason)
	})
	t.Run("token limit", func(t *testing.T) {
		m, err := client.Messages.New(ctx, anthropic.MessageNewParams{Model: "long", MaxTokens: 5, Messages: userTurn("go")})
		must(t, err)
		equal(t, anthropic.StopReasonMaxTokens, m.StopReason)
		equal(t, int64(5), m.Usage.OutputTokens)
	})
	thinking := anthropic.MessageNewParams{Model: "checker", MaxTokens: 4000, Messages: userTurn(question), Thinking: anthropic.ThinkingConfigParamOfEnabled(2048)}
	t.Run("thinking", func(t *testing.T) {
		m, err := client.Messages.New(ctx, thinking)
		must(t, err)
		if len(m.Content) != 2 {
			t.Fatalf("%d blocks, want a thinking block and a text block", len(m.Content))
		}
		th := m.Content[0].AsThinking()
		equal(t, "thinking", string(m.Content[0].Type))
		contains(t, th.Thinking, "Effort low")
		if th.Signature == "" {
			t.Error("a thinking block without a signature")
		}
		contains(t, m.Content[1].AsText().Text, `"status": "ANSWER"`)
		positive(t, m.Usage.OutputTokensDetails.ThinkingTokens)
	})
	t.Run("thinking streamed", func(t *testing.T) {
		s := client.Messages.NewStreaming(ctx, thinking)
		var m anthropic.Message
		for s.Next() {
			must(t, m.Accumulate(s.Current()))
		}
		must(t, s.Err())
		equal(t, 2, len(m.Content))
		contains(t, m.Content[0].AsThinking().Thinking, "Effort low")
		if m.Content[0].AsThinking().Signature == "" {
			t.Error("a streamed thinking block without a signature")
		}
		contains(t, m.Content[1].AsText().Text, `"status": "ANSWER"`)
	})
	t.Run("models", func(t *testing.T) {
		page, err := client.Models.List(ctx, anthropic.ModelListParams{})
		must(t, err)
		equal(t, 3, len(page.Data))
	})
	t.Run("wrong key", func(t *testing.T) {
		wrong := anthropicClient(base, wrongKey)
		_, err := wrong.Messages.New(ctx, anthropic.MessageNewParams{Model: "echo", MaxTokens: 10, Messages: userTurn("hi")})
		contains(t, anthropicError(t, err, http.StatusUnauthorized).RawJSON(), `"type":"authentication_error"`)
	})
	t.Run("budget above max_tokens", func(t *testing.T) {
		p := thinking
		p.MaxTokens = 2048
		_, err := client.Messages.New(ctx, p)
		contains(t, anthropicError(t, err, http.StatusBadRequest).RawJSON(), "must be greater than `thinking.budget_tokens`")
	})
	t.Run("tools", func(t *testing.T) {
		_, err := client.Messages.New(ctx, anthropic.MessageNewParams{Model: "echo", MaxTokens: 10, Messages: userTurn("hi"),
			Tools: []anthropic.ToolUnionParam{anthropic.ToolUnionParamOfTool(anthropic.ToolInputSchemaParam{}, "f")}})
		contains(t, anthropicError(t, err, http.StatusBadRequest).RawJSON(), "tool use is not supported")
	})
	t.Run("count_tokens", func(t *testing.T) {
		_, err := client.Messages.CountTokens(ctx, anthropic.MessageCountTokensParams{Model: "echo", Messages: userTurn("hi")})
		contains(t, anthropicError(t, err, http.StatusNotFound).RawJSON(), `"type":"not_found_error"`)
	})
}

// anthropicError is err as the library's error of a status.
func anthropicError(t *testing.T, err error, status int) *anthropic.Error {
	t.Helper()
	var e *anthropic.Error
	if !errors.As(err, &e) {
		t.Fatalf("want an *anthropic.Error, got %v", err)
	}
	equal(t, status, e.StatusCode)
	return e
}
