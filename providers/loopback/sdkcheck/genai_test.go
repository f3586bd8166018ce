package sdkcheck

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"google.golang.org/genai"
)

func genaiClient(t *testing.T, base, apiKey string) *genai.Client {
	t.Helper()
	c, err := genai.NewClient(context.Background(), &genai.ClientConfig{
		APIKey: apiKey, Backend: genai.BackendGeminiAPI, HTTPOptions: genai.HTTPOptions{BaseURL: base},
	})
	must(t, err)
	return c
}

// TestGenAI: genai against the loopback server.
func TestGenAI(t *testing.T) {
	base := serve(t)
	ctx := context.Background()
	client := genaiClient(t, base, key)
	budget := int32(1024)

	t.Run("plain call", func(t *testing.T) {
		r, err := client.Models.GenerateContent(ctx, "echo", genai.Text("hello"), nil)
		must(t, err)
		equal(t, "hello", r.Text())
		equal(t, genai.FinishReasonStop, r.Candidates[0].FinishReason)
	})
	t.Run("token limit", func(t *testing.T) {
		r, err := client.Models.GenerateContent(ctx, "long", genai.Text("go"), &genai.GenerateContentConfig{MaxOutputTokens: 5})
		must(t, err)
		equal(t, genai.FinishReasonMaxTokens, r.Candidates[0].FinishReason)
		equal(t, int32(5), r.UsageMetadata.CandidatesTokenCount)
	})
	t.Run("thinking budget", func(t *testing.T) {
		r, err := client.Models.GenerateContent(ctx, "checker", genai.Text(question), &genai.GenerateContentConfig{
			ThinkingConfig: &genai.ThinkingConfig{ThinkingBudget: &budget, IncludeThoughts: true}})
		must(t, err)
		parts := r.Candidates[0].Content.Parts
		if len(parts) != 2 || !parts[0].Thought {
			t.Fatalf("want a thought part and an answer part, got %+v", parts)
		}
		contains(t, parts[0].Text, "Effort low")
		contains(t, r.Text(), `"status": "ANSWER"`)
		positive(t, r.UsageMetadata.ThoughtsTokenCount)
	})
	t.Run("thinking level", func(t *testing.T) {
		r, err := client.Models.GenerateContent(ctx, "checker", genai.Text(question), &genai.GenerateContentConfig{
			ThinkingConfig: &genai.ThinkingConfig{ThinkingLevel: genai.ThinkingLevelHigh, IncludeThoughts: true}})
		must(t, err)
		contains(t, r.Candidates[0].Content.Parts[0].Text, "Effort high")
	})
	t.Run("stream", func(t *testing.T) {
		text := ""
		for r, err := range client.Models.GenerateContentStream(ctx, "long", genai.Text("go"), nil) {
			must(t, err)
			text += r.Text()
		}
		equal(t, long, text)
	})
	t.Run("models", func(t *testing.T) {
		n := 0
		for m, err := range client.Models.All(ctx) {
			must(t, err)
			if m != nil {
				n++
			}
		}
		equal(t, 3, n)
	})
	t.Run("wrong key", func(t *testing.T) {
		_, err := genaiClient(t, base, wrongKey).Models.GenerateContent(ctx, "echo", genai.Text("hi"), nil)
		e := genaiError(t, err, http.StatusBadRequest)
		equal(t, "INVALID_ARGUMENT", e.Status)
		contains(t, e.Message, "API key not valid")
	})
	t.Run("budget and level", func(t *testing.T) {
		_, err := client.Models.GenerateContent(ctx, "echo", genai.Text("hi"), &genai.GenerateContentConfig{
			ThinkingConfig: &genai.ThinkingConfig{ThinkingBudget: &budget, ThinkingLevel: genai.ThinkingLevelLow}})
		contains(t, genaiError(t, err, http.StatusBadRequest).Message, "not supported together")
	})
	t.Run("candidates", func(t *testing.T) {
		_, err := client.Models.GenerateContent(ctx, "echo", genai.Text("hi"), &genai.GenerateContentConfig{CandidateCount: 2})
		contains(t, genaiError(t, err, http.StatusBadRequest).Message, "returns one")
	})
	t.Run("tools", func(t *testing.T) {
		_, err := client.Models.GenerateContent(ctx, "echo", genai.Text("hi"), &genai.GenerateContentConfig{
			Tools: []*genai.Tool{{FunctionDeclarations: []*genai.FunctionDeclaration{{Name: "f"}}}}})
		contains(t, genaiError(t, err, http.StatusBadRequest).Message, "tools")
	})
	t.Run("countTokens", func(t *testing.T) {
		_, err := client.Models.CountTokens(ctx, "echo", genai.Text("hi"), nil)
		equal(t, "NOT_FOUND", genaiError(t, err, http.StatusNotFound).Status)
	})
}

// genaiError is err as the library's error of a status.
func genaiError(t *testing.T, err error, status int) genai.APIError {
	t.Helper()
	var e genai.APIError
	if !errors.As(err, &e) {
		var p *genai.APIError
		if !errors.As(err, &p) {
			t.Fatalf("want a genai.APIError, got %T %v", err, err)
		}
		e = *p
	}
	equal(t, status, e.Code)
	return e
}
