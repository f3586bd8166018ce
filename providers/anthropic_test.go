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

func TestAnthropicURL(t *testing.T) {
	tests := []struct {
		name, base, want string
	}{
		{"sdk style", "https://api.anthropic.com", "https://api.anthropic.com/v1/messages"},
		{"trailing slash", "https://api.anthropic.com/", "https://api.anthropic.com/v1/messages"},
		{"with v1", "https://api.anthropic.com/v1", "https://api.anthropic.com/v1/messages"},
		{"proxy path", "http://127.0.0.1:8080/anthropic", "http://127.0.0.1:8080/anthropic/v1/messages"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, NewAnthropic(nil, tt.base, "").URL())
		})
	}
}

func TestAnthropicRequest(t *testing.T) {
	tests := []struct {
		name   string
		golden string
		req    func() Request
	}{
		{"conversation", "anthropic_request.json", conversation},
		{"defaults", "anthropic_request_defaults.json", func() Request {
			return Request{Model: "claude-sonnet-4-20250514", Messages: []Message{{Role: User, Content: "Hi"}}}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newCanned(t, http.StatusOK, nil, `{"type":"message","content":[{"type":"text","text":"ok"}],"stop_reason":"end_turn"}`)
			_, err := NewAnthropic(srv.Client(), srv.URL, "sk-ant-test").Chat(context.Background(), tt.req())
			require.NoError(t, err)
			got := srv.last(t)
			assert.Equal(t, "/v1/messages", got.Path)
			assert.Equal(t, "sk-ant-test", got.Header.Get("X-Api-Key"))
			assert.Equal(t, "2023-06-01", got.Header.Get("Anthropic-Version"))
			assert.Equal(t, "application/json", got.Header.Get("Content-Type"))
			assert.Empty(t, got.Header.Values("Authorization"))
			golden.Check(t, filepath.Join("golden", tt.golden), indentJSON(t, got.Body))
		})
	}
}

func TestAnthropicReply(t *testing.T) {
	tests := []struct {
		name string
		body string
		want Reply
	}{
		{
			name: "text",
			body: `{"id":"msg_1","type":"message","role":"assistant","model":"claude-sonnet-4-20250514","content":[{"type":"text","text":"STEP 1: E"}],"stop_reason":"end_turn","stop_sequence":null,"usage":{"input_tokens":20,"output_tokens":4}}`,
			want: Reply{Text: "STEP 1: E", Model: "claude-sonnet-4-20250514", StopReason: "end", Usage: Usage{InputTokens: 20, OutputTokens: 4}},
		},
		{
			name: "cache read and written",
			body: `{"type":"message","model":"c","content":[{"type":"text","text":"E"}],"stop_reason":"end_turn","usage":{"input_tokens":5,"cache_creation_input_tokens":200,"cache_read_input_tokens":1800,"output_tokens":3}}`,
			want: Reply{Text: "E", Model: "c", StopReason: "end", Usage: Usage{InputTokens: 2005, OutputTokens: 3, CachedInputTokens: 1800, CacheWriteTokens: 200}},
		},
		{
			name: "thinking kept apart",
			body: `{"type":"message","model":"c","content":[{"type":"thinking","thinking":"a wall to the west","signature":"sig"},{"type":"redacted_thinking","data":"ENCRYPTED"},{"type":"text","text":"E"},{"type":"text","text":"."}],"stop_reason":"max_tokens","usage":{"input_tokens":1,"output_tokens":2}}`,
			want: Reply{Text: "E.", Reasoning: "a wall to the west\n\n[redacted thinking]", Model: "c", StopReason: "max_tokens", Usage: Usage{InputTokens: 1, OutputTokens: 2}},
		},
		{
			name: "other stop reason kept",
			body: `{"type":"message","model":"c","content":[{"type":"text","text":""}],"stop_reason":"refusal"}`,
			want: Reply{Model: "c", StopReason: "refusal"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newCanned(t, http.StatusOK, nil, tt.body)
			got, err := NewAnthropic(srv.Client(), srv.URL, "sk-ant-test").Chat(context.Background(), conversation())
			require.NoError(t, err)
			got.Latency = 0
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("reply mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestAnthropicErrors(t *testing.T) {
	tests := []struct {
		name       string
		status     int
		header     http.Header
		body       string
		wantMsg    string
		retryable  bool
		retryAfter time.Duration
	}{
		{"not found", 404, nil, `{"type":"error","error":{"type":"not_found_error","message":"model: claude-9"}}`,
			"anthropic: HTTP 404: not_found_error: model: claude-9", false, 0},
		{"overloaded", 529, nil, `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`,
			"anthropic: HTTP 529: overloaded_error: Overloaded", true, 0},
		{"rate limit with retry-after", 429, http.Header{"Retry-After": {"3"}},
			`{"type":"error","error":{"type":"rate_limit_error","message":"slow down"}}`,
			"anthropic: HTTP 429: rate_limit_error: slow down (retry after 3s)", true, 3 * time.Second},
		{"unauthorized", 401, nil, `{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}`,
			"anthropic: HTTP 401: authentication_error: invalid x-api-key", false, 0},
		{"truncated", 200, nil, `{"type":"message","content":[{"type":"te`, "anthropic: decode response: unexpected end of JSON input", false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newCanned(t, tt.status, tt.header, tt.body)
			_, err := NewAnthropic(srv.Client(), srv.URL, "sk-ant-test").Chat(context.Background(), conversation())
			var pe *Error
			require.True(t, errors.As(err, &pe), "want *Error, got %v", err)
			assert.Equal(t, tt.wantMsg, err.Error())
			assert.Equal(t, tt.retryable, pe.Retryable)
			assert.Equal(t, tt.retryAfter, pe.RetryAfter)
		})
	}
}
