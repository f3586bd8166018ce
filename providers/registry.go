package providers

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
)

// ErrNoKey is wrapped by the error [Open] returns when a provider's API key
// is not configured; the message names the variable to set.
var ErrNoKey = errors.New("no API key")

// Bound is a model opened by name. It passes each request on to its client
// after filling what the request leaves unset from the model's effective
// settings ([Effective]): the model id, the reply budget, the temperature,
// the seed, the reasoning effort, the thinking budget and top-p.
type Bound struct {
	// Name is the full model name in its canonical spelling,
	// "provider/model" with its settings after an "@" when it has any.
	Name string
	// Provider and ModelID are the provider and the provider's model id.
	Provider string
	ModelID  string
	// Client answers the filled-in requests: a wire-protocol client or an
	// agent.
	Client Model
	// Settings are what requests are filled with: the model's effective
	// settings.
	Settings Settings
}

// Chat fills the request's unset fields and calls the client. A Bound
// with no max_tokens of its own (an agent's, or one built by hand) fills
// [DefaultMaxTokens] only for a client that is not an agent: see
// [Effective].
func (b *Bound) Chat(ctx context.Context, req Request) (Reply, error) {
	s := b.Settings
	if req.Model == "" {
		req.Model = b.ModelID
	}
	if req.MaxTokens <= 0 {
		req.MaxTokens = s.MaxTokens
		if req.MaxTokens == 0 && b.Provider != ProviderAgent {
			req.MaxTokens = DefaultMaxTokens
		}
	}
	if req.Temperature == nil {
		req.Temperature = s.Temperature
	}
	if req.Seed == nil {
		req.Seed = s.Seed
	}
	if req.Effort == "" {
		req.Effort = s.Effort
	}
	if req.Thinking == "" {
		req.Thinking = s.Thinking
	}
	if req.TopP == nil {
		req.TopP = s.TopP
	}
	return b.Client.Chat(ctx, req)
}

// Bind wraps a model that answers for a name (an agent, a test double) in a
// [Bound] with the name's effective settings under cfg.
func Bind(n Name, m Model, cfg Config) *Bound {
	return &Bound{Name: n.String(), Provider: n.Provider, ModelID: n.ID, Client: m, Settings: Effective(n, cfg)}
}

// Open builds the model a name denotes (see [ParseName]) from cfg,
// sending its requests through hc (nil means http.DefaultClient; the
// caller's context bounds each call). It returns a *[Bound].
//
//	anthropic/…          Anthropic messages, key ANTHROPIC_API_KEY
//	openai/…             OpenAI chat completions, key OPENAI_API_KEY
//	google/…             Gemini generateContent, key GOOGLE_API_KEY or GEMINI_API_KEY
//	deepseek/…           chat completions at DeepSeek, key DEEPSEEK_API_KEY
//	ollama/…             chat completions at http://localhost:11434/v1, no key
//	openai-compatible/…  chat completions at base_urls["openai-compatible"], key optional
//	agent/…              cfg.Agents(name)
//
// A missing key is an error wrapping [ErrNoKey] that says which environment
// variable or config key to set. Open makes no network call.
func Open(name string, cfg Config, hc *http.Client) (Model, error) {
	n, err := ParseName(name)
	if err != nil {
		return nil, fmt.Errorf("open model: %w", err)
	}
	provider, model := n.Provider, n.ID
	bound := Bind(n, nil, cfg)
	if provider == ProviderAgent {
		if cfg.Agents == nil {
			return nil, fmt.Errorf("open %s: no reference agents are configured", name)
		}
		agent, ok := cfg.Agents(model)
		if !ok || agent == nil {
			return nil, fmt.Errorf("open %s: unknown agent %q", name, model)
		}
		bound.Client = agent
		return bound, nil
	}

	key, envName, fileKey, needed := cfg.keyFor(provider)
	if needed && key == "" {
		return nil, fmt.Errorf("open %s: %w: set %s or %q in the config file", n, ErrNoKey, envName, fileKey)
	}
	base := cmp.Or(cfg.BaseURLs[provider], DefaultBaseURL(provider))
	if base == "" {
		return nil, fmt.Errorf("open %s: no base URL: set %s or base_urls[%q] in the config file",
			name, EnvOpenAICompatibleBaseURL, provider)
	}
	if err := checkBaseURL(base); err != nil {
		return nil, fmt.Errorf("open %s: base URL: %w", name, err)
	}

	switch provider {
	case ProviderAnthropic:
		bound.Client = NewAnthropic(hc, base, key)
	case ProviderGoogle:
		bound.Client = NewGemini(hc, base, key)
	default: // openai, deepseek, ollama, openai-compatible
		c := NewOpenAI(hc, base, key)
		c.Provider = provider
		bound.Client = c
	}
	return bound, nil
}

// Endpoint is the URL a model's chat calls go to under cfg: its base URL
// there (else the provider's default) joined with the call's path, as the
// provider's client builds it. It needs no key and makes no call.
func Endpoint(name string, cfg Config) (string, error) {
	m, err := Open(name, cfg.WithPlaceholderKeys(), nil)
	if err != nil {
		return "", err
	}
	b := m.(*Bound)
	switch c := b.Client.(type) {
	case *OpenAI:
		return c.URL(), nil
	case *Anthropic:
		return c.URL(), nil
	case *Gemini:
		return c.URL(b.ModelID), nil
	}
	return "", fmt.Errorf("endpoint of %s: not a model called over HTTP", name)
}
