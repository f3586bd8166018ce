package providers

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func TestErrorString(t *testing.T) {
	inner := errors.New("boom")
	tests := []struct {
		name string
		err  *Error
		want string
	}{
		{"status and message", &Error{Provider: "openai", Status: 404, Message: "no such model"}, "openai: HTTP 404: no such model"},
		{"retry after", &Error{Provider: "anthropic", Status: 429, Message: "slow", RetryAfter: 2 * time.Second}, "anthropic: HTTP 429: slow (retry after 2s)"},
		{"ok status is not shown", &Error{Provider: "gemini", Status: 200, Message: "decode response: x"}, "gemini: decode response: x"},
		{"falls back to err", &Error{Provider: "openai", Err: inner}, "openai: boom"},
		{"falls back to status text", &Error{Provider: "openai", Status: 502}, "openai: HTTP 502: bad gateway"},
		{"no provider", &Error{Message: "m"}, "providers: m"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.err.Error())
		})
	}
	wrapped := fmt.Errorf("case 3: %w", &Error{Provider: "openai", Err: inner, Retryable: true})
	assert.ErrorIs(t, wrapped, inner)
	assert.True(t, IsRetryable(wrapped))
	assert.False(t, IsRetryable(inner))
}

func TestErrorMessage(t *testing.T) {
	tests := []struct {
		name, body, want string
	}{
		{"openai", `{"error":{"message":"m","type":"invalid_request_error"}}`, "invalid_request_error: m"},
		{"anthropic", `{"type":"error","error":{"type":"not_found_error","message":"model: x"}}`, "not_found_error: model: x"},
		{"gemini", `{"error":{"code":404,"message":"gone","status":"NOT_FOUND"}}`, "NOT_FOUND: gone"},
		{"error string", `{"error":"model not found"}`, "model not found"},
		{"message only", `{"message":"bad"}`, "bad"},
		{"detail", `{"detail":"Not Found"}`, "Not Found"},
		{"error without message", `{"error":{"code":1}}`, `{"error":{"code":1}}`},
		{"plain text", "upstream connect error\n", "upstream connect error"},
		{"long text shortened", strings.Repeat("x", 400), strings.Repeat("x", maxErrorText) + "…"},
		{"invalid utf8", "bad \xff byte", "bad \uFFFD byte"},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, errorMessage([]byte(tt.body)))
		})
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 3, 22, 14, 30, 0, 0, time.UTC)
	tests := []struct {
		name   string
		status int
		header http.Header
		want   time.Duration
	}{
		{"none", 429, nil, 0},
		{"seconds", 503, http.Header{"Retry-After": {"12"}}, 12 * time.Second},
		{"fractional seconds", 429, http.Header{"Retry-After": {"0.5"}}, 500 * time.Millisecond},
		{"http date", 429, http.Header{"Retry-After": {now.Add(30 * time.Second).Format(http.TimeFormat)}}, 30 * time.Second},
		{"past date", 429, http.Header{"Retry-After": {now.Add(-time.Hour).Format(http.TimeFormat)}}, 0},
		{"garbage", 429, http.Header{"Retry-After": {"soon"}}, 0},
		{"negative", 429, http.Header{"Retry-After": {"-3"}}, 0},
		{"ms wins", 429, http.Header{"Retry-After-Ms": {"250"}, "Retry-After": {"1"}}, 250 * time.Millisecond},
		{"openai reset headers", 429, http.Header{"X-Ratelimit-Reset-Requests": {"1s"}, "X-Ratelimit-Reset-Tokens": {"6m0s"}}, 6 * time.Minute},
		{"anthropic reset header", 429, http.Header{"Anthropic-Ratelimit-Requests-Reset": {now.Add(20 * time.Second).Format(time.RFC3339)}}, 20 * time.Second},
		{"reset headers ignored off 429", 500, http.Header{"X-Ratelimit-Reset-Requests": {"1s"}}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, retryAfter(tt.header, tt.status, now))
		})
	}
}

type timeoutErr struct{}

func (timeoutErr) Error() string   { return "i/o timeout" }
func (timeoutErr) Timeout() bool   { return true }
func (timeoutErr) Temporary() bool { return true }

var _ net.Error = timeoutErr{}

func TestTransient(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"eof", fmt.Errorf("post: %w", io.EOF), true},
		{"unexpected eof", io.ErrUnexpectedEOF, true},
		{"reset", &net.OpError{Op: "read", Err: syscall.ECONNRESET}, true},
		{"timeout", timeoutErr{}, true},
		{"deadline", context.DeadlineExceeded, true},
		{"canceled", fmt.Errorf("x: %w", context.Canceled), false},
		{"refused", &net.OpError{Op: "dial", Err: syscall.ECONNREFUSED}, false},
		{"other", errors.New("tls: bad certificate"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, transient(tt.err))
		})
	}
}

// TestKeyNeverInErrors runs every client against servers that echo the
// request headers back, in error bodies and in malformed success bodies,
// and checks that the key appears in no error text.
func TestKeyNeverInErrors(t *testing.T) {
	const key = "sk-fake-SECRET-0123456789"
	clients := map[string]func(hc *http.Client, base string) Model{
		"openai":    func(hc *http.Client, base string) Model { return NewOpenAI(hc, base, key) },
		"anthropic": func(hc *http.Client, base string) Model { return NewAnthropic(hc, base, key) },
		"gemini":    func(hc *http.Client, base string) Model { return NewGemini(hc, base, key) },
	}
	echo := func(status int, wrap string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			var headers strings.Builder
			for k, v := range r.Header {
				fmt.Fprintf(&headers, "%s: %s; ", k, strings.Join(v, ","))
			}
			w.WriteHeader(status)
			fmt.Fprintf(w, wrap, headers.String())
		}
	}
	servers := map[string]http.HandlerFunc{
		"401 json":          echo(401, `{"error":{"message":"bad credentials in %s","type":"authentication_error"}}`),
		"400 plain":         echo(400, `rejected headers %s`),
		"500 anthropic":     echo(500, `{"type":"error","error":{"type":"api_error","message":"%s"}}`),
		"429 gemini":        echo(429, `{"error":{"code":429,"message":"%s","status":"RESOURCE_EXHAUSTED"}}`),
		"200 malformed":     echo(200, `{"choices": "%s`),
		"200 error in body": echo(200, `{"error":{"message":"%s"},"promptFeedback":{"blockReason":"%[1]s"}}`),
	}
	for cname, newClient := range clients {
		for sname, handler := range servers {
			t.Run(cname+"/"+sname, func(t *testing.T) {
				srv := httptest.NewServer(handler)
				defer srv.Close()
				_, err := newClient(srv.Client(), srv.URL).Chat(context.Background(), conversation())
				require.Error(t, err)
				assert.NotContains(t, err.Error(), key)
				assert.NotContains(t, fmt.Sprintf("%+v", err), key)
			})
		}
	}
}

func TestRedactProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		key := rapid.StringMatching(`[A-Za-z0-9_-]{1,40}`).Draw(t, "key")
		if strings.Contains(redactedText, key) {
			t.Skip("the key is part of the replacement text")
		}
		parts := rapid.SliceOf(rapid.String()).Draw(t, "parts")
		text := strings.Join(parts, key)
		got := redact(text, key)
		if strings.Contains(got, key) {
			t.Fatalf("redact(%q) = %q still holds the key", text, got)
		}
		if !strings.Contains(text, key) && got != text {
			t.Fatalf("redact changed a text without the key: %q -> %q", text, got)
		}
	})
}
