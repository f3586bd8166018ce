package providers

import (
	"cmp"
	"fmt"
	"strings"
	"unicode"
)

// The providers a model name can start with.
const (
	// ProviderAnthropic is the Anthropic messages API.
	ProviderAnthropic = "anthropic"
	// ProviderOpenAI is the OpenAI chat completions API.
	ProviderOpenAI = "openai"
	// ProviderGoogle is the Gemini generateContent API.
	ProviderGoogle = "google"
	// ProviderDeepSeek is DeepSeek's OpenAI-compatible API.
	ProviderDeepSeek = "deepseek"
	// ProviderOllama is a local Ollama server's OpenAI-compatible API.
	ProviderOllama = "ollama"
	// ProviderOpenAICompatible is any OpenAI-compatible server at a
	// configured base URL (vLLM, llama.cpp, LM Studio, OpenRouter, …).
	ProviderOpenAICompatible = "openai-compatible"
	// ProviderAgent is an in-process reference agent.
	ProviderAgent = "agent"
)

// Providers lists the known providers in the order the documentation gives
// them.
func Providers() []string {
	return []string{
		ProviderAnthropic, ProviderOpenAI, ProviderGoogle, ProviderDeepSeek,
		ProviderOllama, ProviderOpenAICompatible, ProviderAgent,
	}
}

// knownProvider reports whether p is one of [Providers].
func knownProvider(p string) bool {
	for _, q := range Providers() {
		if p == q {
			return true
		}
	}
	return false
}

// Name is a model's name taken apart: "openai/gpt-4o" is
// Name{Provider: "openai", ID: "gpt-4o"}.
type Name struct {
	Provider string
	// ID is the provider's own model id.
	ID string
}

// String is "provider/id".
func (n Name) String() string { return n.Provider + "/" + n.ID }

// ParseName reads a model name of the form "provider/model", as the
// seed writes them: "anthropic/claude-sonnet-4-20250514", "openai/gpt-4o",
// "google/gemini-2.5-flash", "deepseek/deepseek-reasoner",
// "ollama/llama3.1", "openai-compatible/NAME", "agent/NAME".
//
// The name splits at its first slash, so the model id may itself hold
// slashes and colons ("openai-compatible/meta-llama/llama-3.1-8b-instruct",
// "ollama/qwen3:8b"). The provider must be one of [Providers]; the model id
// must be non-empty and free of spaces and control characters.
func ParseName(s string) (Name, error) {
	provider, model, ok := strings.Cut(s, "/")
	if !ok {
		return Name{}, fmt.Errorf("parse model name %q: want provider/model, e.g. openai/gpt-4o", s)
	}
	if !knownProvider(provider) {
		return Name{}, fmt.Errorf("parse model name %q: unknown provider %q (known: %s)",
			s, provider, strings.Join(Providers(), ", "))
	}
	if model == "" {
		return Name{}, fmt.Errorf("parse model name %q: empty model id", s)
	}
	if i := strings.IndexFunc(model, func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsControl(r) || r == unicode.ReplacementChar
	}); i >= 0 {
		return Name{}, fmt.Errorf("parse model name %q: model id has a space or control character at byte %d", s, i)
	}
	return Name{Provider: provider, ID: model}, nil
}

// DefaultModel is the model id used for a provider when the configuration
// names none: ANTHROPIC_MODEL / OPENAI_MODEL (Config.AnthropicModel,
// Config.OpenAIModel) where set, otherwise the seed's recommended model.
// It reports false for providers without a default.
func DefaultModel(provider string, cfg Config) (string, bool) {
	switch provider {
	case ProviderAnthropic:
		return cmp.Or(cfg.AnthropicModel, "claude-sonnet-4-20250514"), true
	case ProviderOpenAI:
		return cmp.Or(cfg.OpenAIModel, "gpt-4o"), true
	case ProviderGoogle:
		return "gemini-2.5-flash", true
	case ProviderDeepSeek:
		return "deepseek-reasoner", true
	case ProviderOllama:
		return "llama3.1", true
	}
	return "", false
}

// DefaultBaseURL is the API root a provider's client uses unless the
// configuration overrides it. openai-compatible and agent have none.
func DefaultBaseURL(provider string) string {
	switch provider {
	case ProviderAnthropic:
		return "https://api.anthropic.com"
	case ProviderOpenAI:
		return "https://api.openai.com/v1"
	case ProviderGoogle:
		return "https://generativelanguage.googleapis.com"
	case ProviderDeepSeek:
		return "https://api.deepseek.com"
	case ProviderOllama:
		return "http://localhost:11434"
	}
	return ""
}

// CanonicalBaseURL is the API root a provider's cassettes are recorded and
// replayed against: its default base URL, or for openai-compatible, which
// has none, http://openai-compatible.invalid/v1 (a name that never
// resolves). A recording made through another server (a gateway, a local
// OpenAI-compatible server, hallumaze serve) keeps the requests as the
// client would have made them to this root, so the cassette neither holds
// that server's address nor depends on it to replay.
func CanonicalBaseURL(provider string) string {
	if provider == ProviderOpenAICompatible {
		return "http://openai-compatible.invalid/v1"
	}
	return DefaultBaseURL(provider)
}
