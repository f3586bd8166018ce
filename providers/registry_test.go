package providers

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOpen(t *testing.T) {
	keys := Config{AnthropicAPIKey: "a", OpenAIAPIKey: "o", GoogleAPIKey: "g", DeepSeekAPIKey: "d"}
	tests := []struct {
		name   string
		model  string
		cfg    Config
		client Model
	}{
		{"anthropic", "anthropic/claude-sonnet-4-20250514", keys, &Anthropic{BaseURL: "https://api.anthropic.com", APIKey: "a"}},
		{"openai", "openai/gpt-4o", keys, &OpenAI{BaseURL: "https://api.openai.com/v1", APIKey: "o", Provider: "openai"}},
		{"google", "google/gemini-2.5-flash", keys, &Gemini{BaseURL: "https://generativelanguage.googleapis.com", APIKey: "g"}},
		{"deepseek", "deepseek/deepseek-chat", keys, &OpenAI{BaseURL: "https://api.deepseek.com", APIKey: "d", Provider: "deepseek"}},
		{"ollama needs no key", "ollama/llama3.1", Config{}, &OpenAI{BaseURL: "http://localhost:11434", Provider: "ollama"}},
		{"base url override", "openai/gpt-4o", Config{OpenAIAPIKey: "o", BaseURLs: map[string]string{"openai": "http://127.0.0.1:9/v1"}},
			&OpenAI{BaseURL: "http://127.0.0.1:9/v1", APIKey: "o", Provider: "openai"}},
		{"openai compatible", "openai-compatible/meta-llama/llama-3.1-8b-instruct",
			Config{BaseURLs: map[string]string{"openai-compatible": "https://openrouter.ai/api/v1"}, OpenAICompatibleAPIKey: "or"},
			&OpenAI{BaseURL: "https://openrouter.ai/api/v1", APIKey: "or", Provider: "openai-compatible"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Open(tt.model, tt.cfg, nil)
			require.NoError(t, err)
			b, ok := m.(*Bound)
			require.True(t, ok, "Open returns a *Bound, got %T", m)
			assert.Equal(t, tt.model, b.Name)
			if diff := cmp.Diff(tt.client, b.Client); diff != "" {
				t.Errorf("client mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestOpenErrors(t *testing.T) {
	tests := []struct {
		name, model string
		cfg         Config
		want        string
		noKey       bool
	}{
		{"anthropic key", "anthropic/claude-sonnet-4-20250514", Config{}, "set ANTHROPIC_API_KEY or \"anthropic_api_key\"", true},
		{"openai key", "openai/gpt-4o", Config{}, "set OPENAI_API_KEY", true},
		{"google key", "google/gemini-2.5-flash", Config{}, "set GOOGLE_API_KEY (or GEMINI_API_KEY)", true},
		{"deepseek key", "deepseek/deepseek-reasoner", Config{}, "set DEEPSEEK_API_KEY", true},
		{"compatible base url", "openai-compatible/x", Config{}, "set OPENAI_COMPATIBLE_BASE_URL", false},
		{"bad name", "gpt-4o", Config{}, "want provider/model", false},
		{"no agents", "agent/oracle", Config{}, "no reference agents", false},
		{"unknown agent", "agent/nobody", Config{Agents: func(string) (Model, bool) { return nil, false }}, `unknown agent "nobody"`, false},
		{"bad base url", "ollama/x", Config{BaseURLs: map[string]string{"ollama": "::"}}, "base URL", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Open(tt.model, tt.cfg, nil)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
			assert.Equal(t, tt.noKey, errors.Is(err, ErrNoKey))
		})
	}
}

func TestBoundFillsDefaults(t *testing.T) {
	var got []Request
	fake := ModelFunc(func(_ context.Context, req Request) (Reply, error) {
		got = append(got, req)
		return Reply{Text: "ok"}, nil
	})
	cfg := Config{
		Agents:      func(name string) (Model, bool) { return fake, name == "oracle" },
		MaxTokens:   300,
		Temperature: ptr(0.7),
		Seed:        ptr(int64(7)),
	}
	hi := []Message{{Role: User, Content: "hi"}}
	call := func(name string, req Request) {
		t.Helper()
		n, err := ParseName(name)
		require.NoError(t, err)
		_, err = Bind(n, fake, cfg).Chat(context.Background(), req)
		require.NoError(t, err)
	}
	call("openai/gpt-4o", Request{Messages: hi})
	call("openai/gpt-4o", Request{Model: "other", MaxTokens: 5, Temperature: ptr(0.0), Seed: ptr(int64(1))})
	call("openai/gpt-4o@temperature=1,seed=3,max_tokens=900", Request{Messages: hi})
	call("google/gemini-2.5-flash@thinking=1024", Request{Messages: hi})
	call("anthropic/claude-sonnet-4@effort=low", Request{Messages: hi})
	call("openai/o4-mini@effort=high", Request{Messages: hi})
	// An agent gets its own settings and none of the config's defaults.
	m, err := Open("agent/oracle@effort=high", cfg, http.DefaultClient)
	require.NoError(t, err)
	_, err = m.Chat(context.Background(), Request{Messages: hi})
	require.NoError(t, err)

	want := []Request{
		{Model: "gpt-4o", Messages: hi, MaxTokens: 300, Temperature: ptr(0.7), Seed: ptr(int64(7))},
		{Model: "other", MaxTokens: 5, Temperature: ptr(0.0), Seed: ptr(int64(1))},
		{Model: "gpt-4o", Messages: hi, MaxTokens: 900, Temperature: ptr(1.0), Seed: ptr(int64(3))},
		// A thinking budget adds to the reply budget; a model that
		// reasons gets the provider's own temperature.
		{Model: "gemini-2.5-flash", Messages: hi, MaxTokens: 1324, Seed: ptr(int64(7)), Thinking: "1024"},
		// Anthropic takes no seed.
		{Model: "claude-sonnet-4", Messages: hi, MaxTokens: 300, Effort: "low"},
		// OpenAI's reasoning models take no temperature.
		{Model: "o4-mini", Messages: hi, MaxTokens: 300, Seed: ptr(int64(7)), Effort: "high"},
		{Model: "oracle", Messages: hi, Effort: "high"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("requests mismatch (-want +got):\n%s", diff)
	}
	assert.Equal(t, "agent/oracle@effort=high", m.(*Bound).Name)

	plain := &Bound{ModelID: "m", Client: fake}
	_, err = plain.Chat(context.Background(), Request{})
	require.NoError(t, err)
	assert.Equal(t, DefaultMaxTokens, got[len(got)-1].MaxTokens)
}
