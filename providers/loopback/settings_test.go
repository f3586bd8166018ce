package loopback_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/modelname"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/providers/loopback"
)

// TestSettingsReachTheModel: each client's settings, sent as its protocol's
// own fields, reach the served model as the settings they were, and a
// model asked to think gives its reasoning back, counted apart.
func TestSettingsReachTheModel(t *testing.T) {
	tests := []struct {
		client string
		req    providers.Request
		// want is what the model sees of the settings.
		want providers.Request
	}{
		{"openai", providers.Request{Effort: "high", TopP: ptr(0.5)}, providers.Request{Effort: "high", TopP: ptr(0.5)}},
		{"anthropic", providers.Request{Thinking: "2048", MaxTokens: 4000}, providers.Request{Thinking: "2048", MaxTokens: 4000}},
		{"anthropic", providers.Request{Thinking: modelname.ThinkingAuto, Effort: "low"}, providers.Request{Thinking: modelname.ThinkingAuto, Effort: "low"}},
		{"gemini", providers.Request{Thinking: "1024", TopP: ptr(0.9)}, providers.Request{Thinking: "1024", TopP: ptr(0.9)}},
		{"gemini", providers.Request{Thinking: modelname.ThinkingAuto}, providers.Request{Thinking: modelname.ThinkingAuto}},
		{"gemini", providers.Request{Effort: "low"}, providers.Request{Effort: "low"}},
	}
	for _, tt := range tests {
		t.Run(tt.client+"/"+modelname.Settings{Effort: tt.req.Effort, Thinking: tt.req.Thinking, TopP: tt.req.TopP}.String(), func(t *testing.T) {
			model := &recorder{answer: func(req providers.Request) (providers.Reply, error) {
				return providers.Reply{Text: "STEP 1: E", Reasoning: "the east is open"}, nil
			}}
			srv := newServer(t, map[string]providers.Model{"m": model})
			req := tt.req
			req.Model = "m"
			req.Messages = []providers.Message{{Role: providers.User, Content: "Where to?"}}
			if req.MaxTokens == 0 {
				req.MaxTokens = 3000
			}
			rep, err := clientOf(tt.client)(srv.Client(), srv.URL).Chat(context.Background(), req)
			require.NoError(t, err)
			require.Len(t, model.got, 1)
			got := model.got[0]
			assert.Equal(t, tt.want.Effort, got.Effort)
			assert.Equal(t, tt.want.Thinking, got.Thinking)
			assert.Equal(t, tt.want.TopP, got.TopP)
			assert.Equal(t, "STEP 1: E", rep.Text)
			assert.Equal(t, "the east is open", rep.Reasoning)
			assert.Equal(t, loopback.ApproxTokens("the east is open"), rep.Usage.ReasoningTokens)
			assert.Equal(t, loopback.ApproxTokens("the east is open")+loopback.ApproxTokens("STEP 1: E"), rep.Usage.OutputTokens)
		})
	}
}

// TestThinkingWithoutReasoning: a model asked to think that writes no
// reasoning still gives a thinking block back, as the protocols always do.
func TestThinkingWithoutReasoning(t *testing.T) {
	srv := newServer(t, map[string]providers.Model{"echo": echo})
	for _, c := range clients {
		t.Run(c.name, func(t *testing.T) {
			rep, err := c.open(srv.Client(), srv.URL).Chat(context.Background(), providers.Request{
				Model: "echo", MaxTokens: 4000, Thinking: "2048", Effort: "high",
				Messages: []providers.Message{{Role: providers.User, Content: "hi"}},
			})
			if c.name == "gemini" {
				// Gemini takes a budget or a level, not both.
				require.ErrorContains(t, err, "not supported together")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, "hi", rep.Text)
			assert.Equal(t, loopback.NoReasoning, rep.Reasoning)
		})
	}
}

// TestTokenLimit: a reply longer than the call's token limit is cut to it,
// with each protocol's length stop.
func TestTokenLimit(t *testing.T) {
	long := strings.Repeat("STEP 1: (0,1) east\n", 30)
	model := providers.ModelFunc(func(context.Context, providers.Request) (providers.Reply, error) {
		return providers.Reply{Text: long}, nil
	})
	srv := newServer(t, map[string]providers.Model{"m": model})
	for _, c := range clients {
		t.Run(c.name, func(t *testing.T) {
			rep, err := c.open(srv.Client(), srv.URL).Chat(context.Background(), providers.Request{
				Model: "m", MaxTokens: 5, Messages: []providers.Message{{Role: providers.User, Content: "go"}},
			})
			require.NoError(t, err)
			assert.Equal(t, providers.StopMaxTokens, rep.StopReason)
			assert.Equal(t, long[:20], rep.Text)
			assert.Equal(t, 5, rep.Usage.OutputTokens)
		})
	}
	raw := []struct{ path, body, stop string }{
		{"/v1/chat/completions", `{"model":"m","max_tokens":5,"messages":[{"role":"user","content":"go"}]}`, `"finish_reason":"length"`},
		{"/v1/chat/completions", `{"model":"m","max_completion_tokens":5,"messages":[{"role":"user","content":"go"}]}`, `"finish_reason":"length"`},
		{"/v1/messages", `{"model":"m","max_tokens":5,"messages":[{"role":"user","content":"go"}]}`, `"stop_reason":"max_tokens"`},
		{"/v1beta/models/m:generateContent", `{"contents":[{"parts":[{"text":"go"}]}],"generationConfig":{"maxOutputTokens":5}}`, `"finishReason":"MAX_TOKENS"`},
		{"/v1/chat/completions", `{"model":"m","messages":[{"role":"user","content":"go"}]}`, `"finish_reason":"stop"`},
	}
	for _, tt := range raw {
		t.Run(tt.path, func(t *testing.T) {
			status, body := do(t, http.MethodPost, srv.URL+tt.path, tt.body, nil)
			assert.Equal(t, http.StatusOK, status)
			assert.Contains(t, body, tt.stop)
		})
	}
	// The reasoning comes first and is cut first.
	thinker := providers.ModelFunc(func(context.Context, providers.Request) (providers.Reply, error) {
		return providers.Reply{Text: "FINAL", Reasoning: strings.Repeat("hmm ", 20)}, nil
	})
	srv = newServer(t, map[string]providers.Model{"m": thinker})
	rep, err := providers.NewOpenAI(srv.Client(), srv.URL, "").Chat(context.Background(), providers.Request{
		Model: "m", MaxTokens: 3, Messages: []providers.Message{{Role: providers.User, Content: "go"}},
	})
	require.NoError(t, err)
	assert.Equal(t, "hmm hmm hmm ", rep.Reasoning)
	assert.Empty(t, rep.Text)
	assert.Equal(t, providers.StopMaxTokens, rep.StopReason)
}

// TestRequireKey: started with a key, the server answers a request with
// another key, or none, as each provider does, and serves the right one.
func TestRequireKey(t *testing.T) {
	srv := serve(t, loopback.New(map[string]providers.Model{"echo": echo}, loopback.RequireKey("sk-right-key")))
	openai := `{"model":"echo","messages":[{"role":"user","content":"hi"}]}`
	anthropic := `{"model":"echo","max_tokens":10,"messages":[{"role":"user","content":"hi"}]}`
	gemini := `{"contents":[{"parts":[{"text":"hi"}]}]}`
	tests := []struct {
		name, path, body string
		header           map[string]string
		status           int
		want             string
	}{
		{"openai right", "/v1/chat/completions", openai, map[string]string{"Authorization": "Bearer sk-right-key"}, 200, `"content":"hi"`},
		{"openai wrong", "/v1/chat/completions", openai, map[string]string{"Authorization": "Bearer sk-wrong"}, 401, `"code":"invalid_api_key"`},
		{"openai none", "/v1/chat/completions", openai, nil, 401, `You didn't provide an API key`},
		{"openai models", "/v1/models", "", map[string]string{"Authorization": "Bearer sk-wrong"}, 401, `"type":"invalid_request_error"`},
		{"anthropic right", "/v1/messages", anthropic, map[string]string{"x-api-key": "sk-right-key", "anthropic-version": "2023-06-01"}, 200, `"text":"hi"`},
		{"anthropic wrong", "/v1/messages", anthropic, map[string]string{"x-api-key": "sk-wrong", "anthropic-version": "2023-06-01"}, 401, `{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}`},
		{"anthropic none", "/v1/messages", anthropic, map[string]string{"anthropic-version": "2023-06-01"}, 401, `"authentication_error"`},
		{"anthropic models", "/v1/models", "", map[string]string{"x-api-key": "sk-wrong", "anthropic-version": "2023-06-01"}, 401, `"authentication_error"`},
		{"gemini right header", "/v1beta/models/echo:generateContent", gemini, map[string]string{"x-goog-api-key": "sk-right-key"}, 200, `"text":"hi"`},
		{"gemini right query", "/v1beta/models/echo:generateContent?key=sk-right-key", gemini, nil, 200, `"text":"hi"`},
		{"gemini wrong", "/v1beta/models/echo:generateContent", gemini, map[string]string{"x-goog-api-key": "sk-wrong"}, 400, `"reason":"API_KEY_INVALID"`},
		{"gemini none", "/v1beta/models/echo:generateContent", gemini, nil, 403, `"status":"PERMISSION_DENIED"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			method := http.MethodPost
			if tt.body == "" {
				method = http.MethodGet
			}
			status, body := do(t, method, srv+tt.path, tt.body, tt.header)
			assert.Equal(t, tt.status, status, body)
			assert.Contains(t, body, tt.want)
			assert.NotContains(t, body, "sk-wrong", "a key given is never echoed")
		})
	}
	// The clients read each answer as a failure of the key, never retried.
	for _, c := range clients {
		_, err := c.open(http.DefaultClient, srv).Chat(context.Background(), providers.Request{
			Model: "echo", MaxTokens: 10, Messages: []providers.Message{{Role: providers.User, Content: "hi"}},
		})
		var pe *providers.Error
		require.ErrorAs(t, err, &pe, c.name)
		assert.False(t, pe.Retryable, c.name)
		assert.Contains(t, []int{400, 401}, pe.Status, c.name)
	}
}

// TestUnservedPaths: a path the server does not serve gets a JSON 404 in
// its protocol's error shape.
func TestUnservedPaths(t *testing.T) {
	srv := serve(t, loopback.New(map[string]providers.Model{"echo": echo}))
	tests := []struct {
		name, method, path string
		header             map[string]string
		want               string
	}{
		{"openai responses", "POST", "/v1/responses", nil, `"type":"invalid_request_error","param":null,"code":null`},
		{"openai embeddings", "POST", "/v1/embeddings", nil, `Invalid URL (POST /v1/embeddings)`},
		{"anthropic count_tokens", "POST", "/v1/messages/count_tokens", map[string]string{"anthropic-version": "2023-06-01"}, `{"type":"error","error":{"type":"not_found_error"`},
		{"anthropic batches", "POST", "/v1/messages/batches", nil, `"not_found_error"`},
		{"gemini files", "GET", "/v1beta/files", nil, `"status":"NOT_FOUND"`},
		{"root", "GET", "/", nil, `"invalid_request_error"`},
		{"trailing slash", "POST", "/v1/chat/completions/", nil, `Invalid URL`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := do(t, tt.method, srv+tt.path, `{}`, tt.header)
			assert.Equal(t, http.StatusNotFound, status)
			assert.Contains(t, body, tt.want)
		})
	}
}

// TestRefusedRequests: what the server does not do (several choices,
// tools) and settings out of each protocol's bounds are refused with a
// 400 that says why, as the providers refuse them.
func TestRefusedRequests(t *testing.T) {
	srv := serve(t, loopback.New(map[string]providers.Model{"echo": echo}))
	msgs := `"messages":[{"role":"user","content":"hi"}]`
	contents := `"contents":[{"parts":[{"text":"hi"}]}]`
	tests := []struct {
		name, path, body, want string
	}{
		{"openai n", "/v1/chat/completions", `{"model":"echo","n":3,` + msgs + `}`, "this server returns one choice"},
		{"openai tools", "/v1/chat/completions", `{"model":"echo","tools":[{"type":"function","function":{"name":"f"}}],` + msgs + `}`, "tools and function calling are not supported"},
		{"openai functions", "/v1/chat/completions", `{"model":"echo","functions":[{"name":"f"}],` + msgs + `}`, "not supported"},
		{"openai effort", "/v1/chat/completions", `{"model":"echo","reasoning_effort":"extreme",` + msgs + `}`, "reasoning_effort: invalid value"},
		{"deepseek thinking", "/v1/chat/completions", `{"model":"echo","thinking":{"type":"on"},` + msgs + `}`, "thinking.type"},
		{"anthropic no max_tokens", "/v1/messages", `{"model":"echo",` + msgs + `}`, "max_tokens: Field required"},
		{"anthropic tools", "/v1/messages", `{"model":"echo","max_tokens":9,"tools":[{"name":"f"}],` + msgs + `}`, "tool use is not supported"},
		{"anthropic small budget", "/v1/messages", `{"model":"echo","max_tokens":9000,"thinking":{"type":"enabled","budget_tokens":100},` + msgs + `}`, "greater than or equal to 1024"},
		{"anthropic budget over max", "/v1/messages", `{"model":"echo","max_tokens":2000,"thinking":{"type":"enabled","budget_tokens":2000},` + msgs + `}`, "`max_tokens` must be greater than `thinking.budget_tokens`"},
		{"anthropic temperature", "/v1/messages", `{"model":"echo","max_tokens":4000,"temperature":0,"thinking":{"type":"enabled","budget_tokens":2000},` + msgs + `}`, "may only be set to 1"},
		{"anthropic top_p", "/v1/messages", `{"model":"echo","max_tokens":4000,"top_p":0.5,"thinking":{"type":"adaptive"},` + msgs + `}`, "top_p"},
		{"anthropic hot", "/v1/messages", `{"model":"echo","max_tokens":40,"temperature":1.5,` + msgs + `}`, "between 0 and 1"},
		{"anthropic effort", "/v1/messages", `{"model":"echo","max_tokens":40,"output_config":{"effort":"minimal"},` + msgs + `}`, "output_config.effort"},
		{"anthropic thinking type", "/v1/messages", `{"model":"echo","max_tokens":40,"thinking":{"type":"on"},` + msgs + `}`, "thinking.type"},
		{"gemini tools", "/v1beta/models/echo:generateContent", `{"tools":[{"functionDeclarations":[]}],` + contents + `}`, "tools are not supported"},
		{"gemini candidates", "/v1beta/models/echo:generateContent", `{"generationConfig":{"candidateCount":2},` + contents + `}`, "returns one"},
		{"gemini budget and level", "/v1beta/models/echo:generateContent", `{"generationConfig":{"thinkingConfig":{"thinkingBudget":1024,"thinkingLevel":"LOW"}},` + contents + `}`, "not supported together"},
		{"gemini level", "/v1beta/models/echo:generateContent", `{"generationConfig":{"thinkingConfig":{"thinkingLevel":"EXTREME"}},` + contents + `}`, "thinkingLevel: invalid value"},
		{"gemini budget", "/v1beta/models/echo:generateContent", `{"generationConfig":{"thinkingConfig":{"thinkingBudget":-5}},` + contents + `}`, "thinkingBudget"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := do(t, http.MethodPost, srv+tt.path, tt.body, nil)
			assert.Equal(t, http.StatusBadRequest, status, body)
			assert.Contains(t, body, tt.want)
		})
	}
	// One choice, asked for, is fine.
	status, body := do(t, http.MethodPost, srv+"/v1/chat/completions", `{"model":"echo","n":1,"tools":[],`+msgs+`}`, nil)
	assert.Equal(t, http.StatusOK, status, body)
}

// clientOf is the client of a protocol by name.
func clientOf(name string) func(hc *http.Client, base string) providers.Model {
	for _, c := range clients {
		if c.name == name {
			return c.open
		}
	}
	panic("no client " + name)
}

// serve serves h until the test ends and returns its URL.
func serve(t *testing.T, h http.Handler) string {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

// do sends a request with headers and returns the status and the body.
func do(t *testing.T, method, url, body string, header map[string]string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	require.NoError(t, err)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	assert.Equal(t, "application/json", resp.Header.Get("Content-Type"))
	return resp.StatusCode, string(data)
}

func ptr[T any](v T) *T { return &v }
