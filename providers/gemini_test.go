package providers

import (
	"context"
	"errors"
	"net/http"
	"path/filepath"
	"testing"

	"github.com/hallumaze/hallumaze/internal/golden"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGeminiURL(t *testing.T) {
	tests := []struct {
		name, base, model, want string
	}{
		{"plain", "https://generativelanguage.googleapis.com", "gemini-2.5-flash",
			"https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent"},
		{"with v1beta", "https://generativelanguage.googleapis.com/v1beta/", "gemini-2.5-pro",
			"https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-pro:generateContent"},
		{"models prefix", "http://h", "models/gemini-2.5-flash", "http://h/v1beta/models/gemini-2.5-flash:generateContent"},
		{"escaped", "http://h", "a/b c", "http://h/v1beta/models/a%2Fb%20c:generateContent"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, NewGemini(nil, tt.base, "").URL(tt.model))
		})
	}
}

func TestGeminiRequest(t *testing.T) {
	tests := []struct {
		name   string
		golden string
		req    func() Request
	}{
		{"conversation", "gemini_request.json", conversation},
		{"defaults", "gemini_request_defaults.json", func() Request {
			return Request{Model: "gemini-2.5-flash", Messages: []Message{{Role: User, Content: "Hi"}}}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newCanned(t, http.StatusOK, nil, `{"candidates":[{"content":{"role":"model","parts":[{"text":"ok"}]},"finishReason":"STOP"}]}`)
			req := tt.req()
			_, err := NewGemini(srv.Client(), srv.URL, "AIza-test").Chat(context.Background(), req)
			require.NoError(t, err)
			got := srv.last(t)
			assert.Equal(t, "/v1beta/models/"+req.Model+":generateContent", got.Path)
			assert.Empty(t, got.Query, "the key never travels in the URL")
			assert.Equal(t, "AIza-test", got.Header.Get("X-Goog-Api-Key"))
			golden.Check(t, filepath.Join("golden", tt.golden), indentJSON(t, got.Body))
		})
	}
}

func TestGeminiReply(t *testing.T) {
	tests := []struct {
		name string
		body string
		want Reply
	}{
		{
			name: "text",
			body: `{"candidates":[{"content":{"role":"model","parts":[{"text":"FINAL"},{"text":"_PATH"}]},"finishReason":"STOP","index":0}],"usageMetadata":{"promptTokenCount":10,"candidatesTokenCount":3,"totalTokenCount":13},"modelVersion":"gemini-2.5-flash"}`,
			want: Reply{Text: "FINAL_PATH", Model: "gemini-2.5-flash", StopReason: "end", Usage: Usage{InputTokens: 10, OutputTokens: 3}},
		},
		{
			name: "thoughts apart and counted",
			body: `{"candidates":[{"content":{"role":"model","parts":[{"text":"thinking...","thought":true},{"text":"E"}]},"finishReason":"MAX_TOKENS"}],"usageMetadata":{"promptTokenCount":10,"candidatesTokenCount":1,"thoughtsTokenCount":40}}`,
			want: Reply{Text: "E", Reasoning: "thinking...", Model: "test-model", StopReason: "max_tokens", Usage: Usage{InputTokens: 10, OutputTokens: 41, ReasoningTokens: 40}},
		},
		{
			name: "cached content counted",
			body: `{"candidates":[{"content":{"role":"model","parts":[{"text":"E"}]},"finishReason":"STOP"}],"usageMetadata":{"promptTokenCount":3000,"candidatesTokenCount":1,"totalTokenCount":3001,"cachedContentTokenCount":2048}}`,
			want: Reply{Text: "E", Model: "test-model", StopReason: "end", Usage: Usage{InputTokens: 3000, OutputTokens: 1, CachedInputTokens: 2048}},
		},
		{
			name: "safety with text is an answer",
			body: `{"candidates":[{"content":{"parts":[{"text":"partial"}]},"finishReason":"SAFETY"}]}`,
			want: Reply{Text: "partial", Model: "test-model", StopReason: "SAFETY"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newCanned(t, http.StatusOK, nil, tt.body)
			got, err := NewGemini(srv.Client(), srv.URL, "AIza-test").Chat(context.Background(), conversation())
			require.NoError(t, err)
			got.Latency = 0
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("reply mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestGeminiErrors(t *testing.T) {
	tests := []struct {
		name      string
		status    int
		body      string
		wantMsg   string
		retryable bool
		blocked   bool
	}{
		{"prompt blocked", 200, `{"promptFeedback":{"blockReason":"SAFETY"}}`, "gemini: prompt blocked: SAFETY", false, true},
		{"prompt blocked with message", 200, `{"promptFeedback":{"blockReason":"OTHER","blockReasonMessage":"nope"}}`,
			"gemini: prompt blocked: OTHER: nope", false, true},
		{"no candidates", 200, `{"candidates":[]}`, "gemini: response has no candidates", false, false},
		{"recitation without text", 200, `{"candidates":[{"content":{"parts":[]},"finishReason":"RECITATION"}]}`,
			"gemini: response blocked: RECITATION", false, true},
		{"prohibited without text", 200, `{"candidates":[{"finishReason":"PROHIBITED_CONTENT"}]}`,
			"gemini: response blocked: PROHIBITED_CONTENT", false, true},
		{"invalid key", 400, `{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT"}}`,
			"gemini: HTTP 400: INVALID_ARGUMENT: API key not valid. Please pass a valid API key.", false, false},
		{"not found", 404, `{"error":{"code":404,"message":"models/gemini-9 is not found","status":"NOT_FOUND"}}`,
			"gemini: HTTP 404: NOT_FOUND: models/gemini-9 is not found", false, false},
		{"exhausted", 429, `{"error":{"code":429,"message":"Resource has been exhausted","status":"RESOURCE_EXHAUSTED"}}`,
			"gemini: HTTP 429: RESOURCE_EXHAUSTED: Resource has been exhausted", true, false},
		{"malformed", 200, `not json`, "gemini: decode response: invalid character", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newCanned(t, tt.status, nil, tt.body)
			_, err := NewGemini(srv.Client(), srv.URL, "AIza-test").Chat(context.Background(), conversation())
			var pe *Error
			require.True(t, errors.As(err, &pe), "want *Error, got %v", err)
			assert.Contains(t, err.Error(), tt.wantMsg)
			assert.Equal(t, tt.retryable, pe.Retryable)
			assert.Equal(t, tt.blocked, errors.Is(err, ErrBlocked))
		})
	}
}
