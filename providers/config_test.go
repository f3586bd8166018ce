package providers

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hallumaze/hallumaze/pricing"
)

func TestParseName(t *testing.T) {
	tests := []struct {
		name, in, provider, model, err string
	}{
		{"anthropic", "anthropic/claude-sonnet-4-20250514", "anthropic", "claude-sonnet-4-20250514", ""},
		{"openai", "openai/gpt-4o", "openai", "gpt-4o", ""},
		{"google", "google/gemini-2.5-flash", "google", "gemini-2.5-flash", ""},
		{"deepseek", "deepseek/deepseek-reasoner", "deepseek", "deepseek-reasoner", ""},
		{"ollama tag", "ollama/qwen3:8b", "ollama", "qwen3:8b", ""},
		{"slashes in model", "openai-compatible/meta-llama/llama-3.1-8b-instruct", "openai-compatible", "meta-llama/llama-3.1-8b-instruct", ""},
		{"agent", "agent/oracle", "agent", "oracle", ""},
		{"no slash", "gpt-4o", "", "", "want provider/model"},
		{"unknown provider", "mistral/large", "", "", `unknown provider "mistral"`},
		{"upper case provider", "OpenAI/gpt-4o", "", "", `unknown provider "OpenAI"`},
		{"empty model", "openai/", "", "", "empty model id"},
		{"space", "openai/gpt 4o", "", "", "space or control character at byte 3"},
		{"newline", "openai/gpt-4o\n", "", "", "space or control character"},
		{"empty", "", "", "", "want provider/model"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, err := ParseName(tt.in)
			p, m := n.Provider, n.ID
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.provider, p)
			assert.Equal(t, tt.model, m)
		})
	}
}

func TestParseNameRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		provider := rapid.SampledFrom(Providers()).Draw(t, "provider")
		model := rapid.StringMatching(`[a-zA-Z0-9][a-zA-Z0-9._:/-]{0,40}`).Draw(t, "model")
		n, err := ParseName(provider + "/" + model)
		if err != nil {
			t.Fatalf("ParseName(%q): %v", provider+"/"+model, err)
		}
		p, m := n.Provider, n.ID
		if p != provider || m != model {
			t.Fatalf("got %q, %q; want %q, %q", p, m, provider, model)
		}
	})
}

func TestReadConfig(t *testing.T) {
	tests := []struct {
		name string
		json string
		want Config
		err  string
	}{
		{
			name: "full",
			json: `{"anthropic_api_key":" sk-ant \n","openai_api_key":"sk-o","google_api_key":"AIza","deepseek_api_key":"sk-d",
				"openai_model":"gpt-4.1","base_urls":{"ollama":"http://gpu:11434"},
				"models":["anthropic/claude-sonnet-4-20250514","agent/oracle"],"max_tokens":1000,"temperature":0.5,"seed":42}`,
			want: Config{
				AnthropicAPIKey: "sk-ant", OpenAIAPIKey: "sk-o", GoogleAPIKey: "AIza", DeepSeekAPIKey: "sk-d",
				OpenAIModel: "gpt-4.1", BaseURLs: map[string]string{"ollama": "http://gpu:11434"},
				Models:    []string{"anthropic/claude-sonnet-4-20250514", "agent/oracle"},
				MaxTokens: 1000, Temperature: ptr(0.5), Seed: ptr(int64(42)),
			},
		},
		{name: "empty object", json: `{}`, want: Config{}},
		{name: "unknown key", json: `{"anthropic_key":"x"}`, err: `unknown field "anthropic_key"`},
		{name: "trailing data", json: `{} {}`, err: "data after the JSON object"},
		{name: "bad model", json: `{"models":["gpt-4o"]}`, err: "models[0]"},
		{name: "bad base url", json: `{"base_urls":{"ollama":"localhost:11434"}}`, err: `base_urls["ollama"]`},
		{name: "base url for unknown provider", json: `{"base_urls":{"mistral":"http://x"}}`, err: `unknown provider "mistral"`},
		{name: "negative max tokens", json: `{"max_tokens":-1}`, err: "max_tokens"},
		{name: "max tokens beyond any reply", json: `{"max_tokens":1000000000}`, err: "max_tokens: 1000000000 is not in 0..1000000"},
		{name: "temperature out of range", json: `{"temperature":3}`, err: "temperature"},
		{name: "wrong type", json: `{"max_tokens":"many"}`, err: "max_tokens"},
		{name: "not json", json: `max_tokens = 3`, err: "read config"},
		{
			name: "prices",
			json: `{"prices":{"openai/gpt-4o":{"input":1,"output":2,"as_of":"2026-01-31"},"ollama/llama3.1":{"input":0,"output":0,"source":"own GPU"}}}`,
			want: Config{Prices: pricing.Table{
				"openai/gpt-4o":   {Input: 1, Output: 2, AsOf: "2026-01-31", Source: "config prices"},
				"ollama/llama3.1": {Source: "own GPU"},
			}},
		},
		{name: "empty prices", json: `{"prices":{}}`, want: Config{Prices: pricing.Table{}}},
		{name: "unknown price field", json: `{"prices":{"openai/gpt-4o":{"input":1,"output":2,"cache":1}}}`, err: `price "openai/gpt-4o": json: unknown field "cache"`},
		{name: "negative price", json: `{"prices":{"openai/gpt-4o":{"input":-1,"output":2}}}`, err: `price "openai/gpt-4o": input: -1 is not a finite price`},
		{name: "price without output", json: `{"prices":{"openai/gpt-4o":{"input":1}}}`, err: `price "openai/gpt-4o": want both an input and an output price`},
		{name: "price key without provider", json: `{"prices":{"gpt-4o":{"input":1,"output":2}}}`, err: `price "gpt-4o": the key is not provider/model`},
		{name: "prices not an object", json: `{"prices":[1]}`, err: "prices: want an object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadConfig(strings.NewReader(tt.json))
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				return
			}
			require.NoError(t, err)
			if diff := cmp.Diff(tt.want, got, cmpopts.IgnoreFields(Config{}, "Agents")); diff != "" {
				t.Errorf("config mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// The example config of the repository reads, price overrides included.
func TestConfigExample(t *testing.T) {
	c, err := LoadConfig(filepath.Join("..", "config.example.json"))
	require.NoError(t, err)
	p, ok := c.Prices.Lookup("openai/gpt-4o")
	require.True(t, ok)
	assert.Equal(t, "2025-10-01", p.AsOf)
	assert.Contains(t, c.ModelNames(), "openai/o4-mini@effort=high,max_tokens=16000", "a block of settings is a model's name")
	assert.Contains(t, c.ModelNames(), "anthropic/claude-sonnet-4-20250514@thinking=8000")
}

func TestValidatePrices(t *testing.T) {
	c := Config{Prices: pricing.Table{"openai/gpt-4o": {Input: math.Inf(1), Output: 1}}}
	assert.ErrorContains(t, c.Validate(), `config: prices: price "openai/gpt-4o": input: +Inf`)
}

func TestLoadConfig(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "config.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"max_tokens": 10, "nope": 1}`), 0o600))
	_, err := LoadConfig(path)
	require.Error(t, err)
	assert.Contains(t, err.Error(), path)
	assert.Contains(t, err.Error(), `"nope"`)

	_, err = LoadConfig(filepath.Join(dir, "missing.json"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "load config")
}

func TestWithEnv(t *testing.T) {
	env := map[string]string{
		"ANTHROPIC_API_KEY": "env-ant",
		"OPENAI_API_KEY":    "env-oai",
		"GEMINI_API_KEY":    "env-gem",
		"DEEPSEEK_API_KEY":  " env-ds ",
		"ANTHROPIC_MODEL":   "claude-opus-4-20250514",
		"OLLAMA_HOST":       "127.0.0.1:11500",
		"OPENAI_BASE_URL":   "http://proxy/v1",
	}
	file := Config{OpenAIAPIKey: "file-oai", BaseURLs: map[string]string{"openai": "http://file/v1"}}
	got := file.WithEnv(func(k string) string { return env[k] })
	want := Config{
		AnthropicAPIKey: "env-ant",
		OpenAIAPIKey:    "file-oai",
		GoogleAPIKey:    "env-gem",
		DeepSeekAPIKey:  "env-ds",
		AnthropicModel:  "claude-opus-4-20250514",
		BaseURLs:        map[string]string{"openai": "http://file/v1", "ollama": "http://127.0.0.1:11500"},
	}
	if diff := cmp.Diff(want, got, cmpopts.IgnoreFields(Config{}, "Agents")); diff != "" {
		t.Errorf("config mismatch (-want +got):\n%s", diff)
	}
	assert.Len(t, file.BaseURLs, 1, "WithEnv must not write into the receiver's map")

	both := Config{}.WithEnv(func(k string) string {
		return map[string]string{"GOOGLE_API_KEY": "g", "GEMINI_API_KEY": "m"}[k]
	})
	assert.Equal(t, "g", both.GoogleAPIKey, "GOOGLE_API_KEY is preferred")
}

func TestAvailableAndModelNames(t *testing.T) {
	tests := []struct {
		name      string
		cfg       Config
		available []string
		models    []string
	}{
		{"nothing", Config{}, nil, nil},
		{"two keys", Config{OpenAIAPIKey: "k", DeepSeekAPIKey: "k", OpenAIModel: "gpt-4.1"},
			[]string{"openai", "deepseek"}, []string{"openai/gpt-4.1", "deepseek/deepseek-reasoner"}},
		{"all keys", Config{AnthropicAPIKey: "k", OpenAIAPIKey: "k", GoogleAPIKey: "k", DeepSeekAPIKey: "k"},
			[]string{"anthropic", "openai", "google", "deepseek"},
			[]string{"anthropic/claude-sonnet-4-20250514", "openai/gpt-4o", "google/gemini-2.5-flash", "deepseek/deepseek-reasoner"}},
		{"explicit models win", Config{AnthropicAPIKey: "k", Models: []string{"agent/oracle"}},
			[]string{"anthropic"}, []string{"agent/oracle"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.available, Available(tt.cfg))
			assert.Equal(t, tt.models, tt.cfg.ModelNames())
		})
	}
}

// The credentials written into a base URL are secrets, in every form they
// are sent or echoed in.
func TestSecretsOfBaseURLs(t *testing.T) {
	c := Config{OpenAIAPIKey: "sk-key-1234567890", BaseURLs: map[string]string{
		"openai-compatible": "http://bob:p%40ssw0rd@gpu-box:8000/v1",
		"ollama":            "http://gpu-box:11434",
		"deepseek":          "https://tok3n-abcdefgh@proxy.example.test",
	}}
	got := c.Secrets()
	for _, want := range []string{
		"sk-key-1234567890",
		"p@ssw0rd", "p%40ssw0rd", "bob:p@ssw0rd", "bob:p%40ssw0rd", "//bob:p%40ssw0rd@",
		"Ym9iOnBAc3N3MHJk", // base64("bob:p@ssw0rd"), as basic auth sends it
		"tok3n-abcdefgh", "dG9rM24tYWJjZGVmZ2g=",
	} {
		assert.Contains(t, got, want)
	}
	assert.Len(t, Config{BaseURLs: map[string]string{"ollama": "http://gpu-box:11434"}}.Secrets(), 0)
}
