package providers

import (
	"cmp"
	"fmt"

	"github.com/hallumaze/hallumaze/modelname"
)

// The providers a model name can start with (see [modelname.Providers]).
const (
	// ProviderAnthropic is the Anthropic messages API.
	ProviderAnthropic = modelname.Anthropic
	// ProviderOpenAI is the OpenAI chat completions API.
	ProviderOpenAI = modelname.OpenAI
	// ProviderGoogle is the Gemini generateContent API.
	ProviderGoogle = modelname.Google
	// ProviderDeepSeek is DeepSeek's OpenAI-compatible API.
	ProviderDeepSeek = modelname.DeepSeek
	// ProviderOllama is a local Ollama server's OpenAI-compatible API.
	ProviderOllama = modelname.Ollama
	// ProviderOpenAICompatible is any OpenAI-compatible server at a
	// configured base URL (vLLM, llama.cpp, LM Studio, OpenRouter, …).
	ProviderOpenAICompatible = modelname.OpenAICompatible
	// ProviderAgent is an in-process reference agent.
	ProviderAgent = modelname.Agent
)

// Providers lists the known providers in the order the documentation gives
// them.
func Providers() []string { return modelname.Providers() }

// knownProvider reports whether p is one of [Providers].
func knownProvider(p string) bool { return modelname.Known(p) }

// Name is a model's name taken apart: "openai/o4-mini@effort=high" is
// Name{Provider: "openai", ID: "o4-mini", Settings: {Effort: "high"}}.
// See package modelname.
type Name = modelname.Name

// Settings are a model's own settings (see package modelname).
type Settings = modelname.Settings

// ParseName reads a model name, "provider/model" with the model's settings
// after an "@" when it has any ([modelname.Parse]: the one parser of model
// names), and checks that the provider takes those settings
// ([CheckSettings]): "anthropic/claude-sonnet-4-20250514", "openai/gpt-4o",
// "openai/o4-mini@effort=high", "google/gemini-2.5-flash@thinking=1024",
// "ollama/qwen3:8b", "openai-compatible/NAME", "agent/NAME".
func ParseName(s string) (Name, error) {
	n, err := modelname.Parse(s)
	if err != nil {
		return Name{}, err
	}
	if err := CheckSettings(n); err != nil {
		return Name{}, fmt.Errorf("model %s: %w", n, err)
	}
	return n, nil
}

// ParseNames reads a comma-separated list of model names
// ([modelname.ParseList]), each checked as [ParseName] checks it, in
// canonical spelling.
func ParseNames(s string) ([]string, error) {
	ns, err := modelname.ParseList(s)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(ns))
	for _, n := range ns {
		if err := CheckSettings(n); err != nil {
			return nil, fmt.Errorf("model %s: %w", n, err)
		}
		out = append(out, n.String())
	}
	return out, nil
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
