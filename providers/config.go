package providers

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/hallumaze/hallumaze/internal/files"
	"github.com/hallumaze/hallumaze/modelname"
	"github.com/hallumaze/hallumaze/pricing"
)

// Config is what [Open] needs to reach the providers: keys, base URLs,
// default models and request defaults. It is read from the JSON config
// file ([ReadConfig], [LoadConfig]) and completed from the environment
// ([Config.WithEnv]). A config file looks like this (every field optional):
//
//	{
//	  "anthropic_api_key": "sk-ant-…",
//	  "openai_api_key": "sk-…",
//	  "google_api_key": "AIza…",
//	  "deepseek_api_key": "sk-…",
//	  "openai_compatible_api_key": "…",
//	  "anthropic_model": "claude-sonnet-4-20250514",
//	  "openai_model": "gpt-4o",
//	  "base_urls": {"ollama": "http://gpu-box:11434", "openai-compatible": "http://localhost:8000/v1"},
//	  "models": ["anthropic/claude-sonnet-4-20250514", "openai/gpt-4o", "agent/oracle",
//	             "openai/o4-mini@effort=high", {"model": "anthropic/claude-sonnet-4-20250514", "thinking": 8000}],
//	  "max_tokens": 2500,
//	  "temperature": 0,
//	  "seed": 42,
//	  "prices": {"openai/gpt-4o": {"input": 2.5, "output": 10, "as_of": "2025-10-01"}}
//	}
//
// Unknown keys are an error, so a misspelt key is not silently ignored.
type Config struct {
	AnthropicAPIKey        string `json:"anthropic_api_key,omitempty"`
	OpenAIAPIKey           string `json:"openai_api_key,omitempty"`
	GoogleAPIKey           string `json:"google_api_key,omitempty"`
	DeepSeekAPIKey         string `json:"deepseek_api_key,omitempty"`
	OpenAICompatibleAPIKey string `json:"openai_compatible_api_key,omitempty"`

	// AnthropicModel and OpenAIModel are the models used for a provider
	// listed without one (see [DefaultModel]).
	AnthropicModel string `json:"anthropic_model,omitempty"`
	OpenAIModel    string `json:"openai_model,omitempty"`

	// BaseURLs overrides a provider's API root, keyed by provider name.
	// openai-compatible has no default and needs one here.
	BaseURLs map[string]string `json:"base_urls,omitempty"`

	// Models are the model names to run ("provider/model", with the
	// model's settings after an "@"); empty means the default model of
	// every provider that has a key (see [Config.ModelNames]). In the file
	// an entry is a name or a block of the model's settings (see
	// [ModelList]).
	Models ModelList `json:"models,omitempty"`

	// MaxTokens, Temperature and Seed fill requests that leave them unset;
	// MaxTokens 0 means [DefaultMaxTokens], Temperature nil means 0.
	MaxTokens   int      `json:"max_tokens,omitempty"`
	Temperature *float64 `json:"temperature,omitempty"`
	Seed        *int64   `json:"seed,omitempty"`

	// Timeout bounds each attempt of a call ("10m", "90s"); Timeouts sets
	// it per provider ({"ollama": "30m"}). Empty means the command's
	// --timeout (10 minutes by default).
	Timeout  string            `json:"timeout,omitempty"`
	Timeouts map[string]string `json:"timeouts,omitempty"`

	// Prices overrides or adds entries of the price table the run's cost is
	// reckoned with, in the price file's format ([pricing.Table]); entries
	// that name no source are "config prices".
	Prices pricing.Table `json:"prices,omitempty"`

	// Agents looks up the in-process reference agents that "agent/NAME"
	// names. It is not part of the file.
	Agents func(name string) (Model, bool) `json:"-"`
}

// ReadConfig decodes a JSON config file. Unknown keys, trailing data and
// invalid values are errors that say which key is wrong.
func ReadConfig(r io.Reader) (Config, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxConfigBytes+1))
	if err != nil {
		return Config{}, fmt.Errorf("read config: %w", err)
	}
	if len(data) > maxConfigBytes {
		return Config{}, fmt.Errorf("read config: larger than %d bytes", maxConfigBytes)
	}
	if t := bytes.TrimSpace(data); len(t) == 0 || t[0] != '{' {
		return Config{}, errors.New("read config: want a JSON object ({...})")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var c Config
	if err := dec.Decode(&c); err != nil {
		return Config{}, fmt.Errorf("read config: %w", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return Config{}, errors.New("read config: data after the JSON object")
	}
	c.trimKeys()
	c.Prices = c.Prices.WithSource("config prices")
	if err := c.Validate(); err != nil {
		return Config{}, err
	}
	return c, nil
}

// LoadConfig reads the config file at path.
func LoadConfig(path string) (Config, error) {
	data, err := files.ReadFile(path, maxConfigBytes)
	if err != nil {
		return Config{}, fmt.Errorf("load config: %w", err)
	}
	c, err := ReadConfig(bytes.NewReader(data))
	if err != nil {
		return Config{}, fmt.Errorf("%s: %w", path, err)
	}
	return c, nil
}

// trimKeys drops the whitespace that editors and shells leave around keys.
func (c *Config) trimKeys() {
	for _, k := range []*string{
		&c.AnthropicAPIKey, &c.OpenAIAPIKey, &c.GoogleAPIKey, &c.DeepSeekAPIKey, &c.OpenAICompatibleAPIKey,
	} {
		*k = strings.TrimSpace(*k)
	}
}

// Validate checks the model names, base URLs and request defaults.
func (c Config) Validate() error {
	seen := map[string]int{}
	for i, name := range c.Models {
		n, err := ParseName(name)
		if err != nil {
			return fmt.Errorf("config: models[%d]: %w", i, err)
		}
		if j, dup := seen[n.String()]; dup {
			return fmt.Errorf("config: models[%d]: %s is models[%d] again", i, n, j)
		}
		seen[n.String()] = i
	}
	providers := make([]string, 0, len(c.BaseURLs))
	for p := range c.BaseURLs {
		providers = append(providers, p)
	}
	slices.Sort(providers)
	for _, p := range providers {
		if !knownProvider(p) || p == ProviderAgent {
			return fmt.Errorf("config: base_urls: unknown provider %q", p)
		}
		if err := checkBaseURL(c.BaseURLs[p]); err != nil {
			return fmt.Errorf("config: base_urls[%q]: %w", p, err)
		}
	}
	if c.MaxTokens < 0 || c.MaxTokens > MaxMaxTokens {
		return fmt.Errorf("config: max_tokens: %d is not in 0..%d", c.MaxTokens, MaxMaxTokens)
	}
	if t := c.Temperature; t != nil && (*t < 0 || *t > 2) {
		return fmt.Errorf("config: temperature: %g is outside [0, 2]", *t)
	}
	if c.Timeout != "" {
		if _, err := parseTimeout(c.Timeout); err != nil {
			return fmt.Errorf("config: timeout: %w", err)
		}
	}
	for _, p := range slices.Sorted(maps.Keys(c.Timeouts)) {
		if !knownProvider(p) || p == ProviderAgent {
			return fmt.Errorf("config: timeouts: unknown provider %q", p)
		}
		if _, err := parseTimeout(c.Timeouts[p]); err != nil {
			return fmt.Errorf("config: timeouts[%q]: %w", p, err)
		}
	}
	if err := c.Prices.Validate(); err != nil {
		return fmt.Errorf("config: prices: %w", err)
	}
	return nil
}

// MaxMaxTokens bounds a reply's token budget (max_tokens, --max-tokens):
// a million, more than any model writes in one reply.
const MaxMaxTokens = 1_000_000

// maxConfigBytes bounds a config file.
const maxConfigBytes = 1 << 20

// parseTimeout reads a positive duration ("10m").
func parseTimeout(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("%q is not a duration such as 90s or 10m", s)
	}
	if d <= 0 {
		return 0, fmt.Errorf("%q is not positive", s)
	}
	return d, nil
}

// TimeoutFor is the attempt timeout the config sets for a provider: its own
// in Timeouts, else Timeout; false when it sets none.
func (c Config) TimeoutFor(provider string) (time.Duration, bool) {
	for _, s := range []string{c.Timeouts[provider], c.Timeout} {
		if s != "" {
			if d, err := parseTimeout(s); err == nil {
				return d, true
			}
		}
	}
	return 0, false
}

// checkBaseURL accepts absolute http and https URLs.
func checkBaseURL(s string) error {
	u, err := url.Parse(s)
	if err != nil {
		return err
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%q is not an absolute http(s) URL", s)
	}
	return nil
}

// The environment variables [Config.WithEnv] reads.
const (
	EnvAnthropicKey            = "ANTHROPIC_API_KEY"
	EnvOpenAIKey               = "OPENAI_API_KEY"
	EnvGoogleKey               = "GOOGLE_API_KEY"
	EnvGeminiKey               = "GEMINI_API_KEY"
	EnvDeepSeekKey             = "DEEPSEEK_API_KEY"
	EnvOpenAICompatibleKey     = "OPENAI_COMPATIBLE_API_KEY"
	EnvAnthropicModel          = "ANTHROPIC_MODEL"
	EnvOpenAIModel             = "OPENAI_MODEL"
	EnvAnthropicBaseURL        = "ANTHROPIC_BASE_URL"
	EnvOpenAIBaseURL           = "OPENAI_BASE_URL"
	EnvGeminiBaseURL           = "GEMINI_BASE_URL"
	EnvDeepSeekBaseURL         = "DEEPSEEK_BASE_URL"
	EnvOllamaHost              = "OLLAMA_HOST"
	EnvOpenAICompatibleBaseURL = "OPENAI_COMPATIBLE_BASE_URL"
)

// WithEnv returns c with its empty fields filled from the environment, read
// through getenv (os.Getenv in a program, a map in a test). Values from the
// config file win over the environment. GOOGLE_API_KEY is preferred to
// GEMINI_API_KEY when both are set. OLLAMA_HOST may be a bare host:port, as
// Ollama itself accepts it.
func (c Config) WithEnv(getenv func(string) string) Config {
	env := func(name string) string { return strings.TrimSpace(getenv(name)) }
	fill := func(field *string, names ...string) {
		for _, n := range names {
			if *field == "" {
				*field = env(n)
			}
		}
	}
	fill(&c.AnthropicAPIKey, EnvAnthropicKey)
	fill(&c.OpenAIAPIKey, EnvOpenAIKey)
	fill(&c.GoogleAPIKey, EnvGoogleKey, EnvGeminiKey)
	fill(&c.DeepSeekAPIKey, EnvDeepSeekKey)
	fill(&c.OpenAICompatibleAPIKey, EnvOpenAICompatibleKey)
	fill(&c.AnthropicModel, EnvAnthropicModel)
	fill(&c.OpenAIModel, EnvOpenAIModel)

	// A copy, so that WithEnv never writes into the map of the receiver.
	urls := maps.Clone(c.BaseURLs)
	if urls == nil {
		urls = map[string]string{}
	}
	for provider, name := range map[string]string{
		ProviderAnthropic:        EnvAnthropicBaseURL,
		ProviderOpenAI:           EnvOpenAIBaseURL,
		ProviderGoogle:           EnvGeminiBaseURL,
		ProviderDeepSeek:         EnvDeepSeekBaseURL,
		ProviderOllama:           EnvOllamaHost,
		ProviderOpenAICompatible: EnvOpenAICompatibleBaseURL,
	} {
		v := env(name)
		if v == "" || urls[provider] != "" {
			continue
		}
		if provider == ProviderOllama && !strings.Contains(v, "://") {
			v = "http://" + v
		}
		urls[provider] = v
	}
	if len(urls) > 0 {
		c.BaseURLs = urls
	}
	return c
}

// keyFor returns the configured key of a provider, the name of the
// environment variable and the config key that set it, and whether the
// provider needs a key at all.
func (c Config) keyFor(provider string) (key, envName, fileKey string, needed bool) {
	switch provider {
	case ProviderAnthropic:
		return c.AnthropicAPIKey, EnvAnthropicKey, "anthropic_api_key", true
	case ProviderOpenAI:
		return c.OpenAIAPIKey, EnvOpenAIKey, "openai_api_key", true
	case ProviderGoogle:
		return c.GoogleAPIKey, EnvGoogleKey + " (or " + EnvGeminiKey + ")", "google_api_key", true
	case ProviderDeepSeek:
		return c.DeepSeekAPIKey, EnvDeepSeekKey, "deepseek_api_key", true
	case ProviderOpenAICompatible:
		return c.OpenAICompatibleAPIKey, EnvOpenAICompatibleKey, "openai_compatible_api_key", false
	}
	return "", "", "", false
}

// Available lists the keyed providers (anthropic, openai, google,
// deepseek) that have a key in cfg, in that order.
func Available(cfg Config) []string {
	var out []string
	for _, p := range []string{ProviderAnthropic, ProviderOpenAI, ProviderGoogle, ProviderDeepSeek} {
		if key, _, _, _ := cfg.keyFor(p); key != "" {
			out = append(out, p)
		}
	}
	return out
}

// ModelNames is the list of models to run: c.Models when set, otherwise
// the default model of every available provider ("anthropic/" +
// DefaultModel, …). It is empty when there is neither; callers then fall
// back to the reference agents.
func (c Config) ModelNames() []string {
	if len(c.Models) > 0 {
		return slices.Clone([]string(c.Models))
	}
	var out []string
	for _, p := range Available(c) {
		m, _ := DefaultModel(p, c)
		out = append(out, p+"/"+m)
	}
	return out
}

// HasKey reports whether c holds what a provider needs to be called live:
// its key, or nothing for the local servers that take none.
func (c Config) HasKey(provider string) bool {
	switch provider {
	case ProviderOllama, ProviderOpenAICompatible:
		return true
	}
	key, _, _, needed := c.keyFor(provider)
	return needed && key != ""
}

// Secrets are the keys c holds, to be kept out of every file and message,
// and the credentials written into its base URLs
// (http://user:password@host/v1): the password, user:password as written
// and unescaped, and its base64 form, which is what an HTTP client sends
// in an Authorization: Basic header and a server may echo.
func (c Config) Secrets() []string {
	var out []string
	for _, k := range []string{c.AnthropicAPIKey, c.OpenAIAPIKey, c.GoogleAPIKey, c.DeepSeekAPIKey, c.OpenAICompatibleAPIKey} {
		if k != "" {
			out = append(out, k)
		}
	}
	for _, p := range slices.Sorted(maps.Keys(c.BaseURLs)) {
		out = append(out, userinfoSecrets(c.BaseURLs[p])...)
	}
	return out
}

// userinfoSecrets are the forms of the credentials of a URL's user
// information: none when it has none.
func userinfoSecrets(raw string) []string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.User == nil {
		return nil
	}
	name := u.User.Username()
	pass, hasPass := u.User.Password()
	plain := name
	if hasPass {
		plain += ":" + pass
	}
	out := []string{
		plain,
		u.User.String(),              // as written in the URL, escaped
		"//" + u.User.String() + "@", // in a URL, however short the password
		base64.StdEncoding.EncodeToString([]byte(plain)),
		base64.RawURLEncoding.EncodeToString([]byte(plain)),
	}
	if hasPass {
		out = append(out, pass, url.QueryEscape(pass))
	}
	return out
}

// PlaceholderKey stands in for a key where none is sent: when replaying a
// cassette, and against the loopback server of the reference agents.
const PlaceholderKey = "replay-placeholder"

// WithPlaceholderKeys fills every missing key with [PlaceholderKey], so that
// clients can be built for replay.
func (c Config) WithPlaceholderKeys() Config {
	for _, k := range []*string{&c.AnthropicAPIKey, &c.OpenAIAPIKey, &c.GoogleAPIKey, &c.DeepSeekAPIKey, &c.OpenAICompatibleAPIKey} {
		if *k == "" {
			*k = PlaceholderKey
		}
	}
	return c
}

// ModelList is the config file's list of models. An entry is a model name,
// with the model's settings after an "@" if it has any, or a block that
// gives the settings as members:
//
//	"models": [
//	  "openai/gpt-4o",
//	  "openai/o4-mini@effort=high",
//	  {"model": "openai/o4-mini", "effort": "low"},
//	  {"model": "anthropic/claude-sonnet-4-20250514", "thinking": 8000, "max_tokens": 12000},
//	  {"model": "google/gemini-2.5-flash", "thinking": "auto", "temperature": 1}
//	]
//
// The members of a block are effort, thinking, temperature, top_p,
// max_tokens and seed (see package modelname). Each entry is kept as its
// canonical name ("anthropic/claude-sonnet-4-20250514@thinking=8000,max_tokens=12000").
type ModelList []string

// UnmarshalJSON reads names and blocks, and keeps their canonical names.
func (l *ModelList) UnmarshalJSON(data []byte) error {
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return fmt.Errorf("models: want a list of names and blocks: %w", err)
	}
	out := make(ModelList, 0, len(raw))
	for i, r := range raw {
		var n modelname.Name
		if err := json.Unmarshal(r, &n); err != nil {
			return fmt.Errorf("models[%d]: %w", i, err)
		}
		out = append(out, n.String())
	}
	*l = out
	return nil
}
