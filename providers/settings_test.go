package providers

import (
	"context"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/internal/golden"
)

func TestCheckSettings(t *testing.T) {
	tests := []struct {
		name string
		err  string // "" when the provider takes the settings
	}{
		{"openai/gpt-4o@temperature=0.5,top_p=0.9,max_tokens=100,seed=3", ""},
		{"openai/o4-mini@effort=high", ""},
		{"openai/gpt-5@effort=minimal,max_tokens=30000", ""},
		{"openai/gpt-4o@effort=high", "not one of OpenAI's reasoning models"},
		{"openai/o4-mini@thinking=8000", "takes no thinking budget; set effort"},
		{"openai/o4-mini@temperature=1", "reasoning models reject temperature and top_p"},
		{"openai/o3@top_p=0.5", "top_p: OpenAI's reasoning models"},
		{"deepseek/deepseek-reasoner@effort=high", ""},
		{"deepseek/deepseek-chat@thinking=auto", ""},
		{"deepseek/deepseek-reasoner@thinking=off,temperature=0.3", ""},
		{"deepseek/deepseek-chat@temperature=0.3", ""},
		{"deepseek/deepseek-reasoner@thinking=8000", "takes no thinking budget"},
		{"deepseek/deepseek-reasoner@effort=none", "deepseek takes effort minimal"},
		{"deepseek/deepseek-chat@effort=low,thinking=off", "an effort only while thinking"},
		{"deepseek/deepseek-reasoner@temperature=0.3", "ignores temperature and top_p while thinking"},
		{"deepseek/deepseek-chat@seed=1", "takes no seed"},
		{"ollama/qwen3:8b@effort=low,temperature=0.6,top_p=0.95,seed=1", ""},
		{"openai-compatible/gpt-oss-20b@effort=high", ""},
		{"ollama/qwen3:8b@thinking=100", "takes no thinking budget"},
		{"anthropic/claude-sonnet-4@thinking=8000", ""},
		{"anthropic/claude-sonnet-4@thinking=8000,temperature=1,max_tokens=12000", ""},
		{"anthropic/claude-opus-4-6@effort=max,thinking=auto", ""},
		{"anthropic/claude-sonnet-4@thinking=off,temperature=0.2", ""},
		{"anthropic/claude-sonnet-4@thinking=512", "smallest thinking budget is 1024"},
		{"anthropic/claude-sonnet-4@thinking=8000,max_tokens=8000", "max_tokens above the thinking budget"},
		{"anthropic/claude-sonnet-4@thinking=2000,temperature=0", "takes no temperature but 1"},
		{"anthropic/claude-sonnet-4@thinking=auto,top_p=0.5", "top_p from 0.95 to 1"},
		{"anthropic/claude-sonnet-4@temperature=1.5", "temperature from 0 to 1"},
		{"anthropic/claude-sonnet-4@temperature=0.5,top_p=0.9", "one or the other"},
		{"anthropic/claude-sonnet-4@seed=1", "takes no seed"},
		{"anthropic/claude-sonnet-4@effort=minimal", "anthropic takes effort low, medium, high, xhigh, max"},
		{"google/gemini-2.5-flash@thinking=off", ""},
		{"google/gemini-2.5-flash@thinking=auto,temperature=1,top_p=0.9,seed=1", ""},
		{"google/gemini-3-pro-preview@effort=low", ""},
		{"google/gemini-3-pro-preview@effort=low,thinking=1024", "not both"},
		{"google/gemini-2.5-flash@effort=xhigh", "google takes effort minimal, low, medium, high"},
		{"agent/checker@effort=low", ""},
		{"agent/checker@thinking=4096,seed=2", ""},
		{"agent/checker@effort=max", "agent takes effort low, medium, high"},
		{"agent/oracle@temperature=1", "reference agents are deterministic"},
		{"agent/oracle@max_tokens=10", "max_tokens: the reference agents"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, err := ParseName(tt.name)
			if tt.err == "" {
				require.NoError(t, err)
				assert.Equal(t, tt.name, n.String())
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.err)
			assert.True(t, strings.HasPrefix(err.Error(), "model "+tt.name+": "), err.Error())
		})
	}
}

func TestEffective(t *testing.T) {
	cfg := Config{MaxTokens: 3000, Temperature: ptr(0.2), Seed: ptr(int64(9))}
	tests := []struct {
		name string
		cfg  Config
		want string
	}{
		{"openai/gpt-4o", Config{}, "temperature=0,max_tokens=2500"},
		{"openai/gpt-4o", cfg, "temperature=0.2,max_tokens=3000,seed=9"},
		{"openai/gpt-4o@max_tokens=10,temperature=1", cfg, "temperature=1,max_tokens=10,seed=9"},
		{"openai/gpt-4o@top_p=0.5", cfg, "top_p=0.5,max_tokens=3000,seed=9"},
		{"openai/o4-mini", cfg, "max_tokens=3000,seed=9"},
		{"openai/o4-mini@effort=low", Config{}, "effort=low,max_tokens=2500"},
		{"deepseek/deepseek-reasoner", cfg, "temperature=0.2,max_tokens=3000"},
		{"anthropic/claude-sonnet-4", cfg, "temperature=0.2,max_tokens=3000"},
		{"anthropic/claude-sonnet-4@thinking=8000", Config{}, "thinking=8000,max_tokens=10500"},
		{"anthropic/claude-sonnet-4@thinking=8000,max_tokens=9000", Config{}, "thinking=8000,max_tokens=9000"},
		{"anthropic/claude-sonnet-4@thinking=auto", cfg, "thinking=auto,max_tokens=3000"},
		{"anthropic/claude-sonnet-4@thinking=off", Config{}, "thinking=off,temperature=0,max_tokens=2500"},
		{"google/gemini-2.5-flash@thinking=1024", cfg, "thinking=1024,max_tokens=4024,seed=9"},
		{"agent/checker", cfg, ""},
		{"agent/checker@seed=2", cfg, "seed=2"},
		{"agent/checker@effort=low", Config{}, "effort=low"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, err := ParseName(tt.name)
			require.NoError(t, err)
			assert.Equal(t, tt.want, Effective(n, tt.cfg).String())
		})
	}
}

// TestSettingsOnTheWire: a model's settings become its provider's own wire
// fields, from the name through Open to the request body, pinned by golden
// files.
func TestSettingsOnTheWire(t *testing.T) {
	tests := []struct {
		name, golden, path string
	}{
		{"openai/o4-mini@effort=high", "settings_openai_effort.json", "/v1/chat/completions"},
		{"openai/gpt-4o@top_p=0.9,seed=7,max_tokens=400", "settings_openai_sampling.json", "/v1/chat/completions"},
		{"deepseek/deepseek-chat@thinking=auto,effort=high", "settings_deepseek_thinking.json", "/v1/chat/completions"},
		{"deepseek/deepseek-reasoner@thinking=off", "settings_deepseek_off.json", "/v1/chat/completions"},
		{"anthropic/claude-sonnet-4@thinking=8000", "settings_anthropic_thinking.json", "/v1/messages"},
		{"anthropic/claude-opus-4-6@effort=low,thinking=auto", "settings_anthropic_adaptive.json", "/v1/messages"},
		{"google/gemini-2.5-flash@thinking=1024,top_p=0.8", "settings_gemini_budget.json", "/v1beta/models/gemini-2.5-flash:generateContent"},
		{"google/gemini-3-pro-preview@effort=low", "settings_gemini_level.json", "/v1beta/models/gemini-3-pro-preview:generateContent"},
		{"google/gemini-2.5-flash@thinking=off", "settings_gemini_off.json", "/v1beta/models/gemini-2.5-flash:generateContent"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newCanned(t, http.StatusOK, nil, `{}`)
			n, err := ParseName(tt.name)
			require.NoError(t, err)
			cfg := Config{BaseURLs: map[string]string{n.Provider: srv.URL}}.WithPlaceholderKeys()
			m, err := Open(tt.name, cfg, srv.Client())
			require.NoError(t, err)
			_, _ = m.Chat(context.Background(), Request{System: "Be brief.", Messages: []Message{{Role: User, Content: "Hi"}}})
			got := srv.last(t)
			assert.Equal(t, tt.path, got.Path)
			golden.Check(t, filepath.Join("golden", tt.golden), indentJSON(t, got.Body))
		})
	}
}

// TestReasoningTokens: each protocol's count of reasoning tokens is read
// apart from, and within, the output tokens.
func TestReasoningTokens(t *testing.T) {
	tests := []struct {
		name, provider, body string
		want                 Usage
	}{
		{"openai", ProviderOpenAI, `{"choices":[{"message":{"content":"E"},"finish_reason":"stop"}],"usage":{"prompt_tokens":10,"completion_tokens":300,"total_tokens":310,"completion_tokens_details":{"reasoning_tokens":256}}}`,
			Usage{InputTokens: 10, OutputTokens: 300, ReasoningTokens: 256}},
		{"anthropic", ProviderAnthropic, `{"type":"message","content":[{"type":"thinking","thinking":"hm","signature":"s"},{"type":"text","text":"E"}],"stop_reason":"end_turn","usage":{"input_tokens":10,"output_tokens":90,"output_tokens_details":{"thinking_tokens":80}}}`,
			Usage{InputTokens: 10, OutputTokens: 90, ReasoningTokens: 80}},
		{"gemini", ProviderGoogle, `{"candidates":[{"content":{"parts":[{"text":"E"}]},"finishReason":"STOP"}],"usageMetadata":{"promptTokenCount":10,"candidatesTokenCount":2,"thoughtsTokenCount":50}}`,
			Usage{InputTokens: 10, OutputTokens: 52, ReasoningTokens: 50}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newCanned(t, http.StatusOK, nil, tt.body)
			cfg := Config{BaseURLs: map[string]string{tt.provider: srv.URL}}.WithPlaceholderKeys()
			m, err := Open(tt.provider+"/m", cfg, srv.Client())
			require.NoError(t, err)
			rep, err := m.Chat(context.Background(), Request{Messages: []Message{{Role: User, Content: "Hi"}}})
			require.NoError(t, err)
			assert.Equal(t, tt.want, rep.Usage)
			assert.Equal(t, "E", rep.Text)
		})
	}
}

// TestConfigModelBlocks: the config file names models with their settings,
// as names or blocks, and a setting a provider does not take is an error
// that names the entry.
func TestConfigModelBlocks(t *testing.T) {
	c, err := ReadConfig(strings.NewReader(`{"models": [
		"openai/gpt-4o",
		"openai/o4-mini@effort=high",
		{"model": "openai/o4-mini", "effort": "low"},
		{"model": "anthropic/claude-sonnet-4-20250514", "thinking": 8000, "max_tokens": 12000}
	]}`))
	require.NoError(t, err)
	assert.Equal(t, []string{"openai/gpt-4o", "openai/o4-mini@effort=high", "openai/o4-mini@effort=low",
		"anthropic/claude-sonnet-4-20250514@thinking=8000,max_tokens=12000"}, c.ModelNames())

	for _, bad := range []struct{ in, err string }{
		{`{"models": [{"model": "openai/gpt-4o", "effort": "high"}]}`, "models[0]: model openai/gpt-4o@effort=high: effort: gpt-4o is not one of OpenAI's reasoning models"},
		{`{"models": [{"model": "openai/o4-mini", "effort": "hgh"}]}`, "effort=hgh: want one of"},
		{`{"models": [{"model": "openai/o4-mini", "reasoning_effort": "high"}]}`, `unknown field "reasoning_effort"`},
		{`{"models": ["openai/o4-mini@effort=high", {"model": "openai/o4-mini", "effort": "high"}]}`, "models[1]: openai/o4-mini@effort=high is models[0] again"},
	} {
		_, err := ReadConfig(strings.NewReader(bad.in))
		require.Error(t, err, bad.in)
		assert.Contains(t, err.Error(), bad.err)
	}
}
