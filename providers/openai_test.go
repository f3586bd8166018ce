package providers

import (
	"context"
	"errors"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"github.com/hallumaze/hallumaze/internal/golden"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOpenAIURL(t *testing.T) {
	tests := []struct {
		name, base, want string
	}{
		{"openai", "https://api.openai.com/v1", "https://api.openai.com/v1/chat/completions"},
		{"trailing slash", "https://api.openai.com/v1/", "https://api.openai.com/v1/chat/completions"},
		{"bare host gets v1", "http://localhost:11434", "http://localhost:11434/v1/chat/completions"},
		{"bare host with slash", "http://localhost:11434/", "http://localhost:11434/v1/chat/completions"},
		{"ollama", "http://localhost:11434/v1", "http://localhost:11434/v1/chat/completions"},
		{"openrouter", "https://openrouter.ai/api/v1", "https://openrouter.ai/api/v1/chat/completions"},
		{"gemini compat", "https://generativelanguage.googleapis.com/v1beta/openai/",
			"https://generativelanguage.googleapis.com/v1beta/openai/chat/completions"},
		{"deepseek", "https://api.deepseek.com", "https://api.deepseek.com/v1/chat/completions"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, NewOpenAI(nil, tt.base, "").URL())
		})
	}
}

func TestIsOpenAIReasoningModel(t *testing.T) {
	tests := []struct {
		model string
		want  bool
	}{
		{"o1", true}, {"o1-mini", true}, {"o3-mini", true}, {"o4-mini", true}, {"O3", true},
		{"gpt-5", true}, {"gpt-5-mini", true}, {"openai/o3-mini", true},
		{"gpt-4o", false}, {"gpt-4.1", false}, {"omni", false}, {"o", false},
		{"deepseek-reasoner", false}, {"llama3.1", false}, {"", false},
	}
	for _, tt := range tests {
		t.Run(tt.model, func(t *testing.T) {
			assert.Equal(t, tt.want, IsOpenAIReasoningModel(tt.model))
		})
	}
}

func TestOpenAIRequest(t *testing.T) {
	tests := []struct {
		name   string
		golden string
		req    func() Request
	}{
		{"chat model", "openai_request.json", conversation},
		{"reasoning model", "openai_request_reasoning.json", func() Request {
			r := conversation()
			r.Model = "o3-mini"
			return r
		}},
		{"defaults", "openai_request_defaults.json", func() Request {
			return Request{Model: "gpt-4o", Messages: []Message{{Role: User, Content: "Hi"}}}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newCanned(t, http.StatusOK, nil, `{"model":"m","choices":[{"message":{"role":"assistant","content":"ok"},"finish_reason":"stop"}]}`)
			_, err := NewOpenAI(srv.Client(), srv.URL+"/v1", "sk-test").Chat(context.Background(), tt.req())
			require.NoError(t, err)
			got := srv.last(t)
			assert.Equal(t, http.MethodPost, got.Method)
			assert.Equal(t, "/v1/chat/completions", got.Path)
			assert.Equal(t, "Bearer sk-test", got.Header.Get("Authorization"))
			assert.Equal(t, "application/json", got.Header.Get("Content-Type"))
			golden.Check(t, filepath.Join("golden", tt.golden), indentJSON(t, got.Body))
		})
	}
}

func TestOpenAINoKeyNoAuthorization(t *testing.T) {
	srv := newCanned(t, http.StatusOK, nil, `{"choices":[{"message":{"content":"ok"},"finish_reason":"stop"}]}`)
	reply, err := NewOpenAI(srv.Client(), srv.URL, "").Chat(context.Background(), conversation())
	require.NoError(t, err)
	assert.Empty(t, srv.last(t).Header.Values("Authorization"))
	assert.Equal(t, "test-model", reply.Model, "the requested model stands in for a missing one")
}

func TestOpenAIReply(t *testing.T) {
	tests := []struct {
		name string
		body string
		want Reply
	}{
		{
			name: "plain",
			body: `{"id":"x","model":"gpt-4o-2024-08-06","choices":[{"index":0,"message":{"role":"assistant","content":"FINAL_PATH: E"},"finish_reason":"stop"}],"usage":{"prompt_tokens":12,"completion_tokens":5,"total_tokens":17}}`,
			want: Reply{Text: "FINAL_PATH: E", Model: "gpt-4o-2024-08-06", StopReason: "end", Usage: Usage{InputTokens: 12, OutputTokens: 5}},
		},
		{
			name: "deepseek reasoning_content",
			body: `{"model":"deepseek-reasoner","choices":[{"message":{"role":"assistant","content":"E","reasoning_content":"Let me think."},"finish_reason":"stop"}],"usage":{"prompt_tokens":3,"completion_tokens":9}}`,
			want: Reply{Text: "E", Reasoning: "Let me think.", Model: "deepseek-reasoner", StopReason: "end", Usage: Usage{InputTokens: 3, OutputTokens: 9}},
		},
		{
			name: "cached prompt tokens",
			body: `{"model":"gpt-4o","choices":[{"message":{"role":"assistant","content":"E"},"finish_reason":"stop"}],"usage":{"prompt_tokens":2006,"completion_tokens":300,"total_tokens":2306,"prompt_tokens_details":{"cached_tokens":1920,"audio_tokens":0}}}`,
			want: Reply{Text: "E", Model: "gpt-4o", StopReason: "end", Usage: Usage{InputTokens: 2006, OutputTokens: 300, CachedInputTokens: 1920}},
		},
		{
			name: "deepseek cache hit tokens",
			body: `{"model":"deepseek-chat","choices":[{"message":{"role":"assistant","content":"E"},"finish_reason":"stop"}],"usage":{"prompt_tokens":100,"completion_tokens":1,"prompt_cache_hit_tokens":64,"prompt_cache_miss_tokens":36}}`,
			want: Reply{Text: "E", Model: "deepseek-chat", StopReason: "end", Usage: Usage{InputTokens: 100, OutputTokens: 1, CachedInputTokens: 64}},
		},
		{
			name: "openrouter reasoning",
			body: `{"model":"r","choices":[{"message":{"role":"assistant","content":"E","reasoning":"Hmm."},"finish_reason":"length"}]}`,
			want: Reply{Text: "E", Reasoning: "Hmm.", Model: "r", StopReason: "max_tokens"},
		},
		{
			name: "inline think block",
			body: `{"model":"qwen3","choices":[{"message":{"role":"assistant","content":"<think>\nwest is a wall\n</think>\n\nE"},"finish_reason":"stop"}]}`,
			want: Reply{Text: "E", Reasoning: "west is a wall", Model: "qwen3", StopReason: "end"},
		},
		{
			name: "content parts and other finish reason",
			body: `{"model":"m","choices":[{"message":{"role":"assistant","content":[{"type":"text","text":"a"},{"type":"text","text":"b"}]},"finish_reason":"content_filter"}]}`,
			want: Reply{Text: "ab", Model: "m", StopReason: "content_filter"},
		},
		{
			name: "null content",
			body: `{"model":"m","choices":[{"message":{"role":"assistant","content":null},"finish_reason":"stop"}]}`,
			want: Reply{Model: "m", StopReason: "end"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newCanned(t, http.StatusOK, nil, tt.body)
			got, err := NewOpenAI(srv.Client(), srv.URL, "sk-test-key").Chat(context.Background(), conversation())
			require.NoError(t, err)
			assert.Positive(t, got.Latency)
			got.Latency = 0
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("reply mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestOpenAIErrors(t *testing.T) {
	tests := []struct {
		name       string
		status     int
		header     http.Header
		body       string
		wantMsg    string
		retryable  bool
		retryAfter time.Duration
	}{
		{"not found", 404, nil, `{"error":{"message":"The model 'x' does not exist","type":"invalid_request_error","param":null,"code":"model_not_found"}}`,
			"openai: HTTP 404: invalid_request_error: The model 'x' does not exist", false, 0},
		{"bad request", 400, nil, `{"error":{"message":"max_tokens is too large","type":"invalid_request_error"}}`,
			"openai: HTTP 400: invalid_request_error: max_tokens is too large", false, 0},
		{"rate limited", 429, http.Header{"Retry-After": {"7"}}, `{"error":{"message":"Rate limit reached","type":"requests"}}`,
			"openai: HTTP 429: requests: Rate limit reached (retry after 7s)", true, 7 * time.Second},
		{"rate limited ms", 429, http.Header{"Retry-After-Ms": {"1500"}}, `{"error":{"message":"slow down"}}`,
			"openai: HTTP 429: slow down (retry after 1.5s)", true, 1500 * time.Millisecond},
		{"server error", 500, nil, `{"error":{"message":"The server had an error","type":"server_error"}}`,
			"openai: HTTP 500: server_error: The server had an error", true, 0},
		{"ollama string error", 404, nil, `{"error":"model \"llama9\" not found, try pulling it first"}`,
			`openai: HTTP 404: model "llama9" not found, try pulling it first`, false, 0},
		{"html gateway", 502, nil, `<html>Bad Gateway</html>`, "openai: HTTP 502: <html>Bad Gateway</html>", true, 0},
		{"empty body", 503, nil, ``, "openai: HTTP 503: service unavailable", true, 0},
		{"no choices", 200, nil, `{"model":"m","choices":[]}`, "openai: response has no choices", false, 0},
		{"error inside 200", 200, nil, `{"error":{"message":"upstream timed out","code":502}}`,
			"openai: error in response: upstream timed out", false, 0},
		{"malformed", 200, nil, `{"choices": [`, "openai: decode response: unexpected end of JSON input", false, 0},
		{"wrong type", 200, nil, `{"choices": 3}`, "openai: decode response: json: cannot unmarshal", false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newCanned(t, tt.status, tt.header, tt.body)
			_, err := NewOpenAI(srv.Client(), srv.URL, "sk-test-key").Chat(context.Background(), conversation())
			require.Error(t, err)
			var pe *Error
			require.True(t, errors.As(err, &pe), "want *Error, got %T", err)
			assert.Contains(t, err.Error(), tt.wantMsg)
			assert.Equal(t, tt.status, pe.Status)
			assert.Equal(t, tt.retryable, pe.Retryable)
			assert.Equal(t, tt.retryAfter, pe.RetryAfter)
			assert.Equal(t, "openai", pe.Provider)
		})
	}
}
