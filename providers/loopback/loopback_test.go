package loopback_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/providers/loopback"
)

// clients builds each wire-protocol client against a base URL.
var clients = []struct {
	name string
	open func(hc *http.Client, base string) providers.Model
}{
	{"openai", func(hc *http.Client, base string) providers.Model { return providers.NewOpenAI(hc, base, "sk-loop") }},
	{"anthropic", func(hc *http.Client, base string) providers.Model {
		return providers.NewAnthropic(hc, base, "sk-ant-loop")
	}},
	{"gemini", func(hc *http.Client, base string) providers.Model { return providers.NewGemini(hc, base, "AIza-loop") }},
}

// recorder is a model that records the requests it gets and answers from
// a function of them.
type recorder struct {
	mu     sync.Mutex
	got    []providers.Request
	answer func(providers.Request) (providers.Reply, error)
}

func (r *recorder) Chat(_ context.Context, req providers.Request) (providers.Reply, error) {
	r.mu.Lock()
	r.got = append(r.got, req)
	r.mu.Unlock()
	return r.answer(req)
}

func newServer(t testing.TB, models map[string]providers.Model) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(loopback.New(models))
	t.Cleanup(srv.Close)
	return srv
}

func TestRoundTrip(t *testing.T) {
	temp, seed := 0.0, int64(42)
	req := providers.Request{
		Model:  "oracle",
		System: "You are in a maze.",
		Messages: []providers.Message{
			{Role: providers.User, Content: "Where are you?"},
			{Role: providers.Assistant, Content: "At (0,0)."},
			{Role: providers.User, Content: "Move east."},
		},
		MaxTokens:   123,
		Temperature: &temp,
		Seed:        &seed,
	}
	replies := []struct {
		name  string
		reply providers.Reply
	}{
		{"end", providers.Reply{Text: "STEP 1: (0,1)", StopReason: providers.StopEnd}},
		{"max tokens with reasoning", providers.Reply{Text: "E", Reasoning: "west is a wall", StopReason: providers.StopMaxTokens}},
		{"model named", providers.Reply{Text: "x", Model: "oracle-v2", StopReason: "refusal"}},
	}
	for _, c := range clients {
		for _, r := range replies {
			t.Run(c.name+"/"+r.name, func(t *testing.T) {
				model := &recorder{answer: func(providers.Request) (providers.Reply, error) { return r.reply, nil }}
				srv := newServer(t, map[string]providers.Model{"oracle": model})
				got, err := c.open(srv.Client(), srv.URL).Chat(context.Background(), req)
				require.NoError(t, err)

				wantReq := req
				if c.name == "anthropic" {
					wantReq.Seed = nil // the messages protocol has no seed
				}
				require.Len(t, model.got, 1)
				if diff := cmp.Diff(wantReq, model.got[0]); diff != "" {
					t.Errorf("request as the model saw it (-want +got):\n%s", diff)
				}

				want := r.reply
				if want.Model == "" {
					want.Model = "oracle"
				}
				// Unasked, Anthropic has no thinking and Gemini counts
				// the thoughts but does not send them.
				switch c.name {
				case "anthropic":
					want.Reasoning = ""
				case "gemini":
					want.Reasoning = ""
				}
				in := 0
				for _, s := range []string{req.System, "Where are you?", "At (0,0).", "Move east."} {
					in += loopback.ApproxTokens(s)
				}
				counted := r.reply.Reasoning
				if c.name == "anthropic" {
					counted = ""
				}
				want.Usage = providers.Usage{
					InputTokens:     in,
					OutputTokens:    loopback.ApproxTokens(r.reply.Text) + loopback.ApproxTokens(counted),
					ReasoningTokens: loopback.ApproxTokens(counted),
				}
				if diff := cmp.Diff(want, got, cmpopts.IgnoreFields(providers.Reply{}, "Latency")); diff != "" {
					t.Errorf("reply mismatch (-want +got):\n%s", diff)
				}
			})
		}
	}
}

func TestUnknownModel(t *testing.T) {
	srv := newServer(t, map[string]providers.Model{})
	wantMsg := map[string]string{
		"openai":    "The model `nobody` does not exist",
		"anthropic": "not_found_error: model: nobody",
		"gemini":    "NOT_FOUND: models/nobody is not found",
	}
	for _, c := range clients {
		t.Run(c.name, func(t *testing.T) {
			_, err := c.open(srv.Client(), srv.URL).Chat(context.Background(), providers.Request{
				Model: "nobody", Messages: []providers.Message{{Role: providers.User, Content: "hi"}},
			})
			var pe *providers.Error
			require.True(t, errors.As(err, &pe), "want *providers.Error, got %v", err)
			assert.Equal(t, http.StatusNotFound, pe.Status)
			assert.False(t, pe.Retryable)
			assert.Contains(t, pe.Message, wantMsg[c.name])
		})
	}
}

func TestModelErrorStatus(t *testing.T) {
	models := map[string]providers.Model{
		"broken": providers.ModelFunc(func(context.Context, providers.Request) (providers.Reply, error) {
			return providers.Reply{}, errors.New("agent crashed")
		}),
		"busy": providers.ModelFunc(func(context.Context, providers.Request) (providers.Reply, error) {
			return providers.Reply{}, &providers.Error{Provider: "agent", Status: 429, Message: "busy"}
		}),
	}
	srv := newServer(t, models)
	tests := []struct {
		model     string
		status    int
		retryable bool
	}{
		{"broken", 500, true},
		{"busy", 429, true},
	}
	for _, c := range clients {
		for _, tt := range tests {
			t.Run(c.name+"/"+tt.model, func(t *testing.T) {
				_, err := c.open(srv.Client(), srv.URL).Chat(context.Background(), providers.Request{
					Model: tt.model, Messages: []providers.Message{{Role: providers.User, Content: "hi"}},
				})
				var pe *providers.Error
				require.True(t, errors.As(err, &pe), "want *providers.Error, got %v", err)
				assert.Equal(t, tt.status, pe.Status)
				assert.Equal(t, tt.retryable, pe.Retryable)
				assert.Contains(t, pe.Message, "model "+tt.model)
			})
		}
	}
}

// post sends a raw request and decodes the JSON answer into a generic map.
func post(t *testing.T, srv *httptest.Server, method, path, body string) (int, http.Header, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer anything")
	resp, err := srv.Client().Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	var out map[string]any
	require.NoError(t, json.Unmarshal(data, &out), "body %q is not a JSON object", data)
	return resp.StatusCode, resp.Header, out
}

// echo answers with the last message.
var echo = providers.ModelFunc(func(_ context.Context, req providers.Request) (providers.Reply, error) {
	return providers.Reply{Text: req.Messages[len(req.Messages)-1].Content}, nil
})

func TestRawRequests(t *testing.T) {
	srv := newServer(t, map[string]providers.Model{"echo": echo})
	const gem = "/v1beta/models/echo:generateContent"
	tests := []struct {
		name, method, path, body string
		status                   int
		// wantErr is part of error.message, where all three shapes put it.
		wantErr string
	}{
		{"openai ok", "POST", "/v1/chat/completions", `{"model":"echo","messages":[{"role":"user","content":"hi"}]}`, 200, ""},
		{"openai content parts", "POST", "/v1/chat/completions", `{"model":"echo","messages":[{"role":"developer","content":"s"},{"role":"user","content":[{"type":"text","text":"hi"}]}]}`, 200, ""},
		{"openai malformed", "POST", "/v1/chat/completions", `{"model":`, 400, "parse request body"},
		{"openai not object", "POST", "/v1/chat/completions", `null`, 400, "not a JSON object"},
		{"openai no messages", "POST", "/v1/chat/completions", `{"model":"echo","messages":[]}`, 400, "no user or assistant message"},
		{"openai tool role", "POST", "/v1/chat/completions", `{"model":"echo","messages":[{"role":"tool","content":"x"}]}`, 400, `unsupported role "tool"`},
		{"openai stream not a bool", "POST", "/v1/chat/completions", `{"model":"echo","stream":"yes","messages":[{"role":"user","content":"hi"}]}`, 400, "parse request body"},
		{"openai stream unknown model", "POST", "/v1/chat/completions", `{"model":"other","stream":true,"messages":[{"role":"user","content":"hi"}]}`, 404, "does not exist"},
		{"anthropic stream no messages", "POST", "/v1/messages", `{"model":"echo","stream":true,"messages":[]}`, 400, "at least one message"},
		{"openai no model", "POST", "/v1/chat/completions", `{"messages":[{"role":"user","content":"hi"}]}`, 400, "names no model"},
		{"openai get", "GET", "/v1/chat/completions", ``, 405, "method GET"},
		{"anthropic ok", "POST", "/v1/messages", `{"model":"echo","system":[{"type":"text","text":"s"}],"max_tokens":5,"messages":[{"role":"user","content":"hi"}]}`, 200, ""},
		{"anthropic malformed", "POST", "/v1/messages", `{"model": "echo",`, 400, "parse request body"},
		{"anthropic image", "POST", "/v1/messages", `{"model":"echo","messages":[{"role":"user","content":[{"type":"image"}]}]}`, 400, "is not text"},
		{"anthropic get", "GET", "/v1/messages", ``, 405, "use POST"},
		{"gemini ok", "POST", gem, `{"contents":[{"parts":[{"text":"hi"}]}]}`, 200, ""},
		{"gemini escaped colon", "POST", "/v1beta/models/echo%3AgenerateContent", `{"contents":[{"parts":[{"text":"hi"}]}]}`, 200, ""},
		{"gemini malformed", "POST", gem, `{"contents":[`, 400, "invalid JSON payload"},
		{"gemini no contents", "POST", gem, `{}`, 400, "contents is not specified"},
		{"gemini count tokens", "POST", "/v1beta/models/echo:countTokens", `{}`, 404, "unsupported path"},
		{"gemini stream no contents", "POST", "/v1beta/models/echo:streamGenerateContent?alt=sse", `{}`, 400, "contents is not specified"},
		{"gemini no action", "POST", "/v1beta/models/echo", `{}`, 404, "unsupported path"},
		{"gemini unknown model", "POST", "/v1beta/models/other:generateContent", `{"contents":[{"parts":[{"text":"hi"}]}]}`, 404, "models/other is not found"},
		{"gemini get", "GET", gem, ``, 405, "method GET"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, header, body := post(t, srv, tt.method, tt.path, tt.body)
			assert.Equal(t, tt.status, status, "body: %v", body)
			assert.Equal(t, "application/json", header.Get("Content-Type"))
			if tt.wantErr == "" {
				assert.NotContains(t, body, "error")
				return
			}
			if tt.status == 405 {
				assert.Equal(t, "POST", header.Get("Allow"))
			}
			e, ok := body["error"].(map[string]any)
			require.True(t, ok, "no error object in %v", body)
			assert.Contains(t, e["message"], tt.wantErr)
		})
	}
}

func TestErrorShapes(t *testing.T) {
	srv := newServer(t, nil)
	_, _, oai := post(t, srv, "POST", "/v1/chat/completions", `{"model":"x","messages":[{"role":"user","content":"hi"}]}`)
	assert.Equal(t, map[string]any{"error": map[string]any{
		"message": "The model `x` does not exist or you do not have access to it.",
		"type":    "invalid_request_error", "param": nil, "code": "model_not_found",
	}}, oai)
	_, _, ant := post(t, srv, "POST", "/v1/messages", `{"model":"x","max_tokens":10,"messages":[{"role":"user","content":"hi"}]}`)
	assert.Equal(t, map[string]any{"type": "error", "error": map[string]any{"type": "not_found_error", "message": "model: x"}}, ant)
	_, _, gem := post(t, srv, "POST", "/v1beta/models/x:generateContent", `{"contents":[{"parts":[{"text":"hi"}]}]}`)
	assert.Equal(t, map[string]any{"error": map[string]any{
		"code": 404.0, "status": "NOT_FOUND",
		"message": "models/x is not found for API version v1beta, or is not supported for generateContent.",
	}}, gem)
}

func TestDeterministicAnswers(t *testing.T) {
	srv := newServer(t, map[string]providers.Model{"echo": echo})
	body := `{"model":"echo","messages":[{"role":"user","content":"same"}]}`
	read := func() string {
		resp, err := srv.Client().Post(srv.URL+"/v1/chat/completions", "application/json", strings.NewReader(body))
		require.NoError(t, err)
		defer resp.Body.Close()
		data, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return string(data)
	}
	first := read()
	assert.Equal(t, first, read())
	assert.Contains(t, first, `"id":"chatcmpl-`)
}

func TestApproxTokens(t *testing.T) {
	tests := []struct {
		text string
		want int
	}{{"", 0}, {"a", 1}, {"abcd", 1}, {"abcde", 2}, {"미로", 2}}
	for _, tt := range tests {
		assert.Equal(t, tt.want, loopback.ApproxTokens(tt.text), "ApproxTokens(%q)", tt.text)
	}
	rapid.Check(t, func(t *rapid.T) {
		a := rapid.String().Draw(t, "a")
		b := rapid.String().Draw(t, "b")
		n := loopback.ApproxTokens(a)
		if n*4 < len(a) || (n-1)*4 >= len(a) && len(a) > 0 {
			t.Fatalf("ApproxTokens(%q) = %d is not ceil(%d/4)", a, n, len(a))
		}
		if loopback.ApproxTokens(a+b) > n+loopback.ApproxTokens(b) {
			t.Fatal("the count of a concatenation exceeds the sum of the counts")
		}
	})
}
