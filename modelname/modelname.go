// Package modelname reads and writes the names of models, the one spelling
// every part of hallumaze uses for a model: its results, its cassette
// folder, the leaderboards, the gate, the price lookup, the command line and
// the config file.
//
// A name is a provider, a slash and the provider's model id, optionally
// followed by the model's settings after an "@":
//
//	openai/gpt-4o
//	openai/o4-mini@effort=high
//	anthropic/claude-sonnet-4-20250514@thinking=8000
//	google/gemini-2.5-flash@thinking=auto,temperature=1
//	openai-compatible/meta-llama/llama-3.1-8b-instruct@seed=7
//
// The settings are part of the model's identity: openai/o4-mini@effort=high
// and openai/o4-mini@effort=low are two models, compared as two models are.
// [Name.String] writes them in a canonical order with canonical values, so
// that one model has one name however it was typed; [Name.Base] is the name
// without them (what a price table lists).
//
// The spelling is safe in a shell word and as a file name: a settings suffix
// adds only lower-case letters, digits and ". _ - = , @".
package modelname

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// The providers a name can start with.
const (
	// Anthropic is the Anthropic messages API.
	Anthropic = "anthropic"
	// OpenAI is the OpenAI chat completions API.
	OpenAI = "openai"
	// Google is the Gemini generateContent API.
	Google = "google"
	// DeepSeek is DeepSeek's OpenAI-compatible API.
	DeepSeek = "deepseek"
	// Ollama is a local Ollama server's OpenAI-compatible API.
	Ollama = "ollama"
	// OpenAICompatible is any OpenAI-compatible server at a configured base
	// URL (vLLM, llama.cpp, LM Studio, OpenRouter, …).
	OpenAICompatible = "openai-compatible"
	// Agent is an in-process reference agent.
	Agent = "agent"
)

// Providers lists the known providers in the order the documentation gives
// them.
func Providers() []string {
	return []string{Anthropic, OpenAI, Google, DeepSeek, Ollama, OpenAICompatible, Agent}
}

// Known reports whether p is one of [Providers].
func Known(p string) bool { return slices.Contains(Providers(), p) }

// Name is a model's name taken apart: "openai/o4-mini@effort=high" is
// Name{Provider: "openai", ID: "o4-mini", Settings: Settings{Effort: "high"}}.
type Name struct {
	Provider string
	// ID is the provider's own model id.
	ID string
	// Settings are the model's own settings; the zero value is none.
	Settings Settings
}

// String is the canonical name: "provider/id", then "@" and the settings
// when there are any.
func (n Name) String() string { return n.Provider + "/" + n.Model() }

// Base is the name without the settings: "provider/id".
func (n Name) Base() string { return n.Provider + "/" + n.ID }

// Model is the name without the provider: "id", then "@" and the settings
// when there are any. It names the model's cassette folder.
func (n Name) Model() string {
	if n.Settings.IsZero() {
		return n.ID
	}
	return n.ID + "@" + n.Settings.String()
}

// Parse reads a model name: "provider/model" as the seed writes them
// ("anthropic/claude-sonnet-4-20250514", "openai/gpt-4o",
// "ollama/qwen3:8b", "agent/oracle"), optionally followed by "@" and the
// model's settings, comma-separated ("openai/o4-mini@effort=high,seed=7";
// see [ParseSettings]).
//
// The name splits at its first slash, so the model id may itself hold
// slashes and colons ("openai-compatible/meta-llama/llama-3.1-8b-instruct").
// The settings begin at the last "@" when what follows it holds an "=";
// otherwise the "@" belongs to the model id. The provider must be one of
// [Providers]; the model id must be non-empty and free of spaces and
// control characters. Whether the provider takes the settings is the
// provider's to say (providers.ParseName).
func Parse(s string) (Name, error) {
	provider, model, ok := strings.Cut(s, "/")
	if !ok {
		return Name{}, fmt.Errorf("parse model name %q: want provider/model, e.g. openai/gpt-4o", s)
	}
	if !Known(provider) {
		return Name{}, fmt.Errorf("parse model name %q: unknown provider %q (known: %s)",
			s, provider, strings.Join(Providers(), ", "))
	}
	var settings Settings
	if i := strings.LastIndexByte(model, '@'); i >= 0 && (i == len(model)-1 || strings.Contains(model[i+1:], "=")) {
		var err error
		if settings, err = ParseSettings(model[i+1:]); err != nil {
			return Name{}, fmt.Errorf("parse model name %q: %w", s, err)
		}
		model = model[:i]
	}
	if model == "" {
		return Name{}, fmt.Errorf("parse model name %q: empty model id", s)
	}
	if i := strings.IndexFunc(model, func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsControl(r) || r == unicode.ReplacementChar
	}); i >= 0 {
		return Name{}, fmt.Errorf("parse model name %q: model id has a space or control character at byte %d", s, i)
	}
	return Name{Provider: provider, ID: model, Settings: settings}, nil
}

// ParseList reads a comma-separated list of model names, as --models and
// -models take them. A piece with a slash starts a name; a piece without one
// that holds an "=" is one more setting of the name before it, so that
// "openai/o4-mini@effort=high,seed=7,anthropic/claude-sonnet-4@thinking=8000"
// is two models. Spaces around pieces and empty pieces are dropped.
func ParseList(s string) ([]Name, error) {
	var parts []string
	for p := range strings.SplitSeq(s, ",") {
		p = strings.TrimSpace(p)
		switch {
		case p == "":
		case !strings.Contains(p, "/") && strings.Contains(p, "=") && len(parts) > 0:
			last := &parts[len(parts)-1]
			if !settingsFollow(*last) {
				return nil, fmt.Errorf("parse model list: %q is a setting, and %s has no \"@\" for it to follow (write %s@%s)", p, *last, *last, p)
			}
			*last += "," + p
		default:
			parts = append(parts, p)
		}
	}
	out := make([]Name, 0, len(parts))
	for _, p := range parts {
		n, err := Parse(p)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

// settingsFollow reports whether a name already has its "@" of settings.
func settingsFollow(name string) bool {
	i := strings.LastIndexByte(name, '@')
	return i >= 0 && strings.Contains(name[i+1:], "=")
}

// Canonical is the canonical spelling of a name ([Name.String]), or the
// name as it was when it does not parse.
func Canonical(s string) string {
	n, err := Parse(s)
	if err != nil {
		return s
	}
	return n.String()
}

// BaseOf is the name without its settings ([Name.Base]), or the name as it
// was when it does not parse.
func BaseOf(s string) string {
	n, err := Parse(s)
	if err != nil {
		return s
	}
	return n.Base()
}

// AgentName is the model name of the reference agent called name:
// "agent/" and the name ("agent/oracle").
func AgentName(name string) string { return Agent + "/" + name }

// AgentOf reports the reference agent a model name names: the name after
// "agent/", with its settings when it has any ("agent/checker@effort=low"
// gives "checker@effort=low"), and false for a name of another provider or
// one that does not parse.
func AgentOf(s string) (string, bool) {
	n, err := Parse(s)
	if err != nil || n.Provider != Agent {
		return "", false
	}
	return n.Model(), true
}

// MarshalJSON writes the canonical name as a JSON string.
func (n Name) MarshalJSON() ([]byte, error) { return json.Marshal(n.String()) }

// UnmarshalJSON reads a name from a JSON string ("openai/o4-mini@effort=high")
// or from a block that gives the settings as members:
//
//	{"model": "openai/o4-mini", "effort": "high", "max_tokens": 16000}
//
// A setting given both in the block and after the name's "@" is an error;
// so is an unknown member.
func (n *Name) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err == nil {
		parsed, err := Parse(s)
		if err != nil {
			return err
		}
		*n = parsed
		return nil
	}
	var block struct {
		Model *string `json:"model"`
		Settings
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&block); err != nil {
		return fmt.Errorf("model block: want {\"model\": \"provider/model\", \"effort\": …}: %w", err)
	}
	if block.Model == nil {
		return errors.New(`model block: no "model" (want {"model": "provider/model", …})`)
	}
	parsed, err := Parse(*block.Model)
	if err != nil {
		return err
	}
	block.Settings.Effort = strings.ToLower(block.Settings.Effort)
	if err := block.Settings.Validate(); err != nil {
		return fmt.Errorf("model block %s: %w", *block.Model, err)
	}
	for _, k := range Keys() {
		if parsed.Settings.has(k) && block.Settings.has(k) {
			return fmt.Errorf("model block %s: %s is given twice, in the name and as a member", *block.Model, k)
		}
	}
	parsed.Settings = parsed.Settings.With(block.Settings)
	*n = parsed
	return nil
}
