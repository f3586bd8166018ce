package providers

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// maxResponseBytes bounds how much of a response body a client reads.
const maxResponseBytes = 32 << 20

// call is one JSON POST to a provider.
type call struct {
	provider string
	hc       *http.Client
	url      string
	// key is the API key, used only to redact it from error text; the
	// header that carries it is in header.
	key    string
	header http.Header
	body   any
}

// response is a 2xx answer read in full.
type response struct {
	status  int
	body    []byte
	latency time.Duration
}

// do sends the call and reads the whole response. A non-2xx status, a
// transport failure or an unreadable body is returned as an *Error.
func (c call) do(ctx context.Context) (response, error) {
	payload, err := json.Marshal(c.body)
	if err != nil {
		return response{}, &Error{Provider: c.provider, Message: "encode request: " + err.Error(), Err: err}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(payload))
	if err != nil {
		err = redactErr(err, c.key)
		return response{}, &Error{Provider: c.provider, Message: "build request: " + err.Error(), Err: err}
	}
	for name, values := range c.header {
		req.Header[name] = values
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")

	hc := c.hc
	if hc == nil {
		hc = http.DefaultClient
	}
	start := time.Now()
	resp, err := hc.Do(req)
	if err != nil {
		return response{}, transportError(ctx, c.provider, "send request", err, c.key)
	}
	defer resp.Body.Close()
	body, err := readBody(resp)
	latency := time.Since(start)
	if err != nil {
		e := transportError(ctx, c.provider, "read response", err, c.key)
		e.Status = resp.StatusCode
		return response{}, e
	}
	if len(body) > maxResponseBytes {
		return response{}, &Error{
			Provider: c.provider,
			Status:   resp.StatusCode,
			Message:  fmt.Sprintf("read response: body larger than %d bytes", maxResponseBytes),
		}
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return response{}, statusError(c.provider, resp, body, c.key, time.Now())
	}
	return response{status: resp.StatusCode, body: body, latency: latency}, nil
}

// readBody reads a response's body, up to one byte past maxResponseBytes,
// into room made once when the response says its length.
func readBody(resp *http.Response) ([]byte, error) {
	r := io.LimitReader(resp.Body, maxResponseBytes+1)
	if n := resp.ContentLength; n > 0 && n <= maxResponseBytes {
		buf := bytes.NewBuffer(make([]byte, 0, int(n)+bytes.MinRead))
		_, err := buf.ReadFrom(r)
		return buf.Bytes(), err
	}
	return io.ReadAll(r)
}

// decode unmarshals a 2xx body into v, or returns the *Error that says the
// body was malformed or truncated.
func (r response) decode(provider, key string, v any) error {
	if err := json.Unmarshal(r.body, v); err != nil {
		err = redactErr(err, key)
		return &Error{Provider: provider, Status: r.status, Message: "decode response: " + err.Error(), Err: err}
	}
	return nil
}

// bodyError is the *Error for a well-formed 2xx body that still carries no
// answer (no choices, a blocked prompt, an error object).
func (r response) bodyError(provider, key, msg string, err error) *Error {
	return &Error{Provider: provider, Status: r.status, Message: redact(msg, key), Err: err}
}

// joinURL joins a base URL and a path with exactly one slash between them.
func joinURL(base, path string) string {
	return strings.TrimRight(base, "/") + "/" + strings.TrimLeft(path, "/")
}

// maxTokens is the reply budget of a request: its own or the default.
func maxTokens(req Request) int {
	if req.MaxTokens > 0 {
		return req.MaxTokens
	}
	return DefaultMaxTokens
}

// temperature is the sampling temperature of a request: its own; else 0
// (greedy, the harness's default) for a request that asks for no reasoning
// and sets no top_p; else none, leaving the provider's default.
func temperature(req Request) *float64 {
	if req.Temperature != nil {
		t := *req.Temperature
		return &t
	}
	if req.Reasoning() || req.TopP != nil {
		return nil
	}
	t := 0.0
	return &t
}

// splitThink separates a leading <think>…</think> block, which reasoning
// models served by llama.cpp, Ollama or vLLM put inline in the answer, from
// the answer itself. Text without a leading <think> is all answer; an
// unclosed block (a reply cut off while thinking) is all reasoning.
func splitThink(text string) (answer, reasoning string) {
	trimmed := strings.TrimLeft(text, " \t\r\n")
	const open, closing = "<think>", "</think>"
	if !strings.HasPrefix(trimmed, open) {
		return text, ""
	}
	rest := trimmed[len(open):]
	end := strings.Index(rest, closing)
	if end < 0 {
		return "", strings.TrimSpace(rest)
	}
	return strings.TrimLeft(rest[end+len(closing):], " \t\r\n"), strings.TrimSpace(rest[:end])
}

// exchange makes a call, decodes the response body into a T and reads the
// reply out of it with read. A reply read fails with an error naming the
// provider; an error of read that wraps ErrBlocked keeps wrapping it. The
// reply's model defaults to the requested one, and its latency is the
// call's.
func exchange[T any](ctx context.Context, c call, model string, read func(T) (Reply, error)) (Reply, error) {
	resp, err := c.do(ctx)
	if err != nil {
		return Reply{}, err
	}
	var body T
	if err := resp.decode(c.provider, c.key, &body); err != nil {
		return Reply{}, err
	}
	reply, err := read(body)
	if err != nil {
		var wrapped error
		if errors.Is(err, ErrBlocked) {
			wrapped = ErrBlocked
		}
		return Reply{}, resp.bodyError(c.provider, c.key, err.Error(), wrapped)
	}
	if reply.Model == "" {
		reply.Model = model
	}
	reply.Latency = resp.latency
	return reply, nil
}
