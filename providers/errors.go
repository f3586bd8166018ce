package providers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Error is a failed call to a provider. Every error a wire-protocol client
// returns is an *Error; use [errors.As] to get at it.
//
// Retryable says whether the same request may succeed later: HTTP 429, 5xx
// (including Anthropic's 529 "overloaded"), connection resets, early EOFs
// and timeouts are retryable; other 4xx statuses, undecodable bodies and
// content blocks are not. RetryAfter is the wait the provider asked for
// (Retry-After and the rate-limit reset headers), or 0.
//
// Message is the provider's own error text where its JSON error body had
// one. It never contains the API key: any occurrence of the key in text the
// server sent back is replaced by "[REDACTED]".
type Error struct {
	Provider   string
	Status     int
	Retryable  bool
	RetryAfter time.Duration
	Message    string
	Err        error
}

// Error formats the failure as "provider: HTTP status: message".
func (e *Error) Error() string {
	var b strings.Builder
	provider := e.Provider
	if provider == "" {
		provider = "providers"
	}
	b.WriteString(provider)
	b.WriteString(": ")
	if e.Status != 0 && (e.Status < 200 || e.Status > 299) {
		fmt.Fprintf(&b, "HTTP %d: ", e.Status)
	}
	msg := e.Message
	if msg == "" && e.Err != nil {
		msg = e.Err.Error()
	}
	if msg == "" {
		msg = strings.ToLower(http.StatusText(e.Status))
	}
	b.WriteString(msg)
	if e.RetryAfter > 0 {
		fmt.Fprintf(&b, " (retry after %s)", e.RetryAfter)
	}
	return b.String()
}

// Unwrap returns the underlying error, if any.
func (e *Error) Unwrap() error { return e.Err }

// IsRetryable reports whether err is, or wraps, a retryable *[Error].
func IsRetryable(err error) bool {
	var pe *Error
	return errors.As(err, &pe) && pe.Retryable
}

// ErrBlocked is wrapped by the *Error a client returns when the provider
// refused to answer for safety or policy reasons (Gemini's blockReason and
// SAFETY-like finish reasons with no text). Such a refusal is not retryable.
var ErrBlocked = errors.New("blocked by the provider")

// redactedText is what replaces an API key in error text.
const redactedText = "[REDACTED]"

// redact replaces every occurrence of key in s.
func redact(s, key string) string {
	if key == "" {
		return s
	}
	return strings.ReplaceAll(s, key, redactedText)
}

// redactedError hides the key in the text of an underlying error while
// keeping errors.Is and errors.As working through Unwrap.
type redactedError struct {
	err error
	msg string
}

func (r *redactedError) Error() string { return r.msg }
func (r *redactedError) Unwrap() error { return r.err }

// redactErr returns err, or a wrapper whose text has the key removed when the
// text of err contains it.
func redactErr(err error, key string) error {
	if err == nil || key == "" || !strings.Contains(err.Error(), key) {
		return err
	}
	return &redactedError{err: err, msg: redact(err.Error(), key)}
}

// statusRetryable says whether an HTTP status is worth retrying.
func statusRetryable(status int) bool {
	return status == http.StatusTooManyRequests || status == http.StatusRequestTimeout || status >= 500
}

// statusError builds the *Error for a non-2xx response.
func statusError(provider string, resp *http.Response, body []byte, key string, now time.Time) *Error {
	msg := redact(errorMessage(body), key)
	if msg == "" {
		msg = strings.ToLower(http.StatusText(resp.StatusCode))
	}
	e := &Error{
		Provider:  provider,
		Status:    resp.StatusCode,
		Retryable: statusRetryable(resp.StatusCode),
		Message:   msg,
	}
	if e.Retryable {
		e.RetryAfter = retryAfter(resp.Header, resp.StatusCode, now)
	}
	return e
}

// maxErrorText bounds the raw body quoted when an error body is not JSON.
const maxErrorText = 300

// errorMessage extracts the provider's own message from an error body. It
// understands the shapes of all three protocols and their imitators:
//
//	OpenAI:    {"error": {"message": "...", "type": "...", "code": ...}}
//	Anthropic: {"type": "error", "error": {"type": "...", "message": "..."}}
//	Gemini:    {"error": {"code": 404, "message": "...", "status": "NOT_FOUND"}}
//	Ollama and others: {"error": "..."} or {"message": "..."} or {"detail": "..."}
//
// A body that is none of these is quoted, shortened, as it came.
func errorMessage(body []byte) string {
	var shape struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"`
		Detail  json.RawMessage `json:"detail"`
	}
	if err := json.Unmarshal(body, &shape); err == nil {
		if msg := errorObjectMessage(shape.Error); msg != "" {
			return msg
		}
		if shape.Message != "" {
			return shape.Message
		}
		var detail string
		if json.Unmarshal(shape.Detail, &detail) == nil && detail != "" {
			return detail
		}
	}
	text := strings.TrimSpace(strings.ToValidUTF8(string(body), "\uFFFD"))
	if len(text) > maxErrorText {
		text = strings.ToValidUTF8(text[:maxErrorText], "") + "…"
	}
	return text
}

// errorObjectMessage reads the "error" member of an error body: a string, or
// an object with a message and a type or status.
func errorObjectMessage(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var obj struct {
		Message string `json:"message"`
		Type    string `json:"type"`
		Status  string `json:"status"`
	}
	if json.Unmarshal(raw, &obj) != nil || obj.Message == "" {
		return ""
	}
	kind := obj.Type
	if kind == "" {
		kind = obj.Status
	}
	if kind == "" {
		return obj.Message
	}
	return kind + ": " + obj.Message
}

// retryAfter reads the wait a response asks for: retry-after-ms (OpenAI),
// Retry-After in seconds or as an HTTP date, and, on a 429 without either,
// the latest of the OpenAI (x-ratelimit-reset-*: "1s", "6m0s") and Anthropic
// (anthropic-ratelimit-*-reset: RFC 3339 times) rate-limit reset headers.
func retryAfter(h http.Header, status int, now time.Time) time.Duration {
	if v := h.Get("Retry-After-Ms"); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms > 0 && ms < 1e12 {
			return time.Duration(ms * float64(time.Millisecond))
		}
	}
	if d, ok := parseRetryAfter(h.Get("Retry-After"), now); ok {
		return d
	}
	if status != http.StatusTooManyRequests {
		return 0
	}
	var longest time.Duration
	for name, values := range h {
		if len(values) == 0 {
			continue
		}
		lower := strings.ToLower(name)
		var d time.Duration
		switch {
		case strings.HasPrefix(lower, "x-ratelimit-reset-"):
			d, _ = time.ParseDuration(values[0])
		case strings.HasPrefix(lower, "anthropic-ratelimit-") && strings.HasSuffix(lower, "-reset"):
			if t, err := time.Parse(time.RFC3339, values[0]); err == nil {
				d = t.Sub(now)
			}
		}
		longest = max(longest, d)
	}
	return longest
}

// parseRetryAfter parses a Retry-After value: delay-seconds or an HTTP date.
// A date in the past means no wait.
func parseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.ParseFloat(v, 64); err == nil {
		if !(secs >= 0 && secs <= 1e9) { // also rejects NaN
			return 0, false
		}
		return time.Duration(secs * float64(time.Second)), true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

// transportError builds the *Error for a request that got no complete
// response: a refused or reset connection, an early EOF, a timeout, or a
// cancelled context.
func transportError(ctx context.Context, provider, doing string, err error, key string) *Error {
	err = redactErr(err, key)
	return &Error{
		Provider:  provider,
		Retryable: ctx.Err() == nil && transient(err),
		Message:   doing + ": " + err.Error(),
		Err:       err,
	}
}

// transient says whether a transport failure may go away on its own.
// A refused connection is not transient: the server is not there, and
// retrying only delays the message that says so.
func transient(err error) bool {
	if errors.Is(err, context.Canceled) {
		return false
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.ECONNABORTED) ||
		errors.Is(err, syscall.EPIPE) || errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return true
	}
	return strings.Contains(err.Error(), "server closed idle connection")
}
