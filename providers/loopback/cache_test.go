package loopback_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/providers/loopback"
)

// cacheConversation is a conversation whose previous request (the system
// prompt and the first user message) comes to more than 1,024 tokens.
func cacheConversation(turns int) providers.Request {
	req := providers.Request{Model: "echo", System: strings.Repeat("You are in a maze. ", 250)}
	for i := 0; i < turns; i++ {
		req.Messages = append(req.Messages, providers.Message{Role: providers.User, Content: fmt.Sprintf("Turn %d: where are you?", i)})
		if i < turns-1 {
			req.Messages = append(req.Messages, providers.Message{Role: providers.Assistant, Content: "STEP 1: E"})
		}
	}
	return req
}

// inputTokens is the loopback server's count of a request's input.
func inputTokens(req providers.Request) (all, previous int) {
	all = loopback.ApproxTokens(req.System)
	for i, m := range req.Messages {
		all += loopback.ApproxTokens(m.Content)
		if i == len(req.Messages)-3 {
			previous = all
		}
	}
	return all, previous
}

// Each provider's client reads the cached input tokens the loopback server
// reports in that provider's own usage fields: the conversation's previous
// request counts as cached, OpenAI's in steps of 128 tokens past 1,024,
// Anthropic's only when the request marks it (and the rest of the input is
// written to the cache).
func TestPromptCacheUsage(t *testing.T) {
	second := cacheConversation(2)
	all, previous := inputTokens(second)
	require.GreaterOrEqual(t, previous, 1024)
	tests := []struct {
		client        string
		cache         bool
		req           providers.Request
		cached, wrote int
	}{
		{client: "openai", req: second, cached: 1024 + (previous-1024)/128*128},
		{client: "openai", req: second, cache: true, cached: 1024 + (previous-1024)/128*128},
		{client: "gemini", req: second, cached: previous},
		{client: "anthropic", req: second},
		{client: "anthropic", req: second, cache: true, cached: previous, wrote: all - previous},
		{client: "openai", req: cacheConversation(1)},
		{client: "anthropic", req: cacheConversation(1), cache: true, wrote: loopback.ApproxTokens(second.System) + loopback.ApproxTokens(second.Messages[0].Content)},
		{client: "gemini", req: providers.Request{Model: "echo", System: "short", Messages: second.Messages}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/cache=%v/%d", tt.client, tt.cache, len(tt.req.Messages)), func(t *testing.T) {
			srv := newServer(t, map[string]providers.Model{"echo": echo})
			var m providers.Model
			for _, c := range clients {
				if c.name == tt.client {
					m = c.open(srv.Client(), srv.URL)
				}
			}
			req := tt.req
			req.Cache = tt.cache
			rep, err := m.Chat(context.Background(), req)
			require.NoError(t, err)
			in, _ := inputTokens(req)
			assert.Equal(t, in, rep.Usage.InputTokens, "the input counts the cached tokens too")
			assert.Equal(t, tt.cached, rep.Usage.CachedInputTokens, "cached")
			assert.Equal(t, tt.wrote, rep.Usage.CacheWriteTokens, "written")
		})
	}
}

// The Anthropic client marks the last message of a request that asks for
// caching, and only then; such a request sends every message as a block, so
// that the next one starts with it.
func TestAnthropicCacheControl(t *testing.T) {
	for _, cache := range []bool{false, true} {
		var body string
		srv := newServer(t, nil)
		hc := &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
			data, err := io.ReadAll(r.Body)
			if err != nil {
				return nil, err
			}
			body = string(data)
			return nil, fmt.Errorf("not sent")
		})}
		req := cacheConversation(2)
		req.Cache = cache
		_, _ = providers.NewAnthropic(hc, srv.URL, "sk-ant-loop").Chat(context.Background(), req)
		if !cache {
			assert.NotContains(t, body, "cache_control")
			continue
		}
		assert.Equal(t, 1, strings.Count(body, `"cache_control":{"type":"ephemeral"}`), body)
		assert.Contains(t, body, `"content":[{"type":"text","text":"Turn 1: where are you?","cache_control":{"type":"ephemeral"}}]`)
		assert.Contains(t, body, `"content":[{"type":"text","text":"Turn 0: where are you?"}]`, "the messages before it as blocks too")
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// A streamed answer reports the cached tokens where the protocol's plain
// answer does.
func TestPromptCacheStreamed(t *testing.T) {
	srv := newServer(t, map[string]providers.Model{"echo": echo})
	system := strings.Repeat("You are in a maze. ", 250)
	req := providers.Request{System: system, Messages: []providers.Message{{Content: "Where are you?"}, {Content: "STEP 1: E"}, {Content: "And now?"}}}
	all, previous := inputTokens(req)
	tests := []struct {
		path, body, want string
	}{
		{"/v1/chat/completions",
			`{"model":"echo","stream":true,"stream_options":{"include_usage":true},"messages":[{"role":"system","content":"` + system + `"},` +
				`{"role":"user","content":"Where are you?"},{"role":"assistant","content":"STEP 1: E"},{"role":"user","content":"And now?"}]}`,
			fmt.Sprintf(`"prompt_tokens_details":{"cached_tokens":%d}`, 1024+(previous-1024)/128*128)},
		{"/v1/messages",
			`{"model":"echo","max_tokens":10,"stream":true,"system":"` + system + `","messages":[` +
				`{"role":"user","content":"Where are you?"},{"role":"assistant","content":"STEP 1: E"},` +
				`{"role":"user","content":[{"type":"text","text":"And now?","cache_control":{"type":"ephemeral"}}]}]}`,
			fmt.Sprintf(`"input_tokens":0,"output_tokens":0,"cache_creation_input_tokens":%d,"cache_read_input_tokens":%d`, all-previous, previous)},
		{"/v1beta/models/echo:streamGenerateContent?alt=sse",
			`{"systemInstruction":{"parts":[{"text":"` + system + `"}]},"contents":[{"role":"user","parts":[{"text":"Where are you?"}]},` +
				`{"role":"model","parts":[{"text":"STEP 1: E"}]},{"role":"user","parts":[{"text":"And now?"}]}]}`,
			fmt.Sprintf(`"cachedContentTokenCount":%d`, previous)},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			r, err := http.NewRequest(http.MethodPost, srv.URL+tt.path, strings.NewReader(tt.body))
			require.NoError(t, err)
			resp, err := srv.Client().Do(r)
			require.NoError(t, err)
			defer resp.Body.Close()
			data, err := io.ReadAll(resp.Body)
			require.NoError(t, err)
			require.Equal(t, http.StatusOK, resp.StatusCode, "%s", data)
			assert.Contains(t, string(data), tt.want)
		})
	}
}
