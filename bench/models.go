package bench

import (
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/cassettes"
	"github.com/hallumaze/hallumaze/providers"
)

// Model is a model the harness can run cases against.
type Model struct {
	// Name is "provider/model".
	Name string
	// Agent reports an in-process reference agent (no HTTP, no cassette).
	Agent bool
	open  func(c Case) (providers.Model, Done, error)
}

// Done ends a case's use of a model; played reports whether the case was
// played through. A recording keeps only cases played through: a case that
// failed (a provider error after retries) saves no cassette, so replay
// later skips it with the command that records it instead of replaying the
// failure.
type Done func(played bool) error

// noDone is the Done of a model with nothing to end.
func noDone(bool) error { return nil }

// Open returns the model for one case and a function that ends it (saving
// the case's cassette when recording).
func (m Model) Open(c Case) (providers.Model, Done, error) { return m.open(c) }

// Env says how models are opened: where cassettes live, which are
// recorded, the keys and settings of the providers, and the agents.
type Env struct {
	// CassetteRoot is the cassettes/ folder of the repository.
	CassetteRoot string
	// Record selects the cassettes to record: those whose path matches this
	// regular expression (see cassettes.MatchRecord). Empty replays
	// everything.
	Record string
	// Config holds keys, base URLs and request defaults.
	Config providers.Config
	// Agents looks up the in-process reference agents.
	Agents func(name string) (providers.Model, bool)
	// Transport carries recorded traffic; nil means the network. Pointing it
	// at a loopback server of the agents records their cassettes without
	// keys (see [LoopbackTransport]).
	Transport http.RoundTripper
	// Retry is the policy for live calls.
	Retry providers.RetryPolicy
	// Live calls a provider directly, without a cassette, when its key is
	// set and its cassette is not being recorded (hallumaze run). Tests
	// leave it off: they replay.
	Live bool
	// HTTP is the client of live calls; nil means http.DefaultClient.
	HTTP *http.Client
}

// Open makes the Model of a name.
func (e Env) Open(name string) (Model, error) {
	provider, id, err := providers.ParseModelName(name)
	if err != nil {
		return Model{}, err
	}
	if provider == providers.ProviderAgent {
		if e.Agents == nil {
			return Model{}, fmt.Errorf("model %s: no reference agents", name)
		}
		agent, ok := e.Agents(id)
		if !ok {
			return Model{}, fmt.Errorf("model %s: unknown agent %q", name, id)
		}
		return Model{Name: name, Agent: true, open: func(Case) (providers.Model, Done, error) {
			return agent, noDone, nil
		}}, nil
	}
	return Model{Name: name, open: func(c Case) (providers.Model, Done, error) {
		return e.openRecorded(name, provider, id, c)
	}}, nil
}

// openRecorded opens a provider model whose traffic goes through the case's
// cassette: replayed by default, recorded when Record matches.
func (e Env) openRecorded(name, provider, id string, c Case) (providers.Model, Done, error) {
	path := cassettes.Path(e.CassetteRoot, c.Suite, provider, id, c.Name)
	record := e.matchRecord(path)
	if e.Live && !record && HasKey(e.Config, provider) {
		cfg := e.Config
		cfg.Agents = e.Agents
		m, err := providers.Open(name, cfg, e.HTTP)
		if err != nil {
			return nil, nil, err
		}
		return providers.Retry(m, e.Retry), noDone, nil
	}
	cfg := e.Config
	cfg.Agents = e.Agents
	if !record || e.Transport != nil {
		// Replay never sends a key, and the loopback server takes any:
		// fill the missing ones so the clients can be built.
		cfg = withPlaceholderKeys(cfg)
	}
	rec, err := cassettes.Open(path, cassettes.Options{
		Record:     record,
		RecordHint: recordHint(name, c),
		Secrets:    secrets(e.Config),
		Transport:  e.Transport,
	})
	if err != nil {
		return nil, nil, err
	}
	m, err := providers.Open(name, cfg, rec.Client())
	if err != nil {
		rec.Close()
		return nil, nil, err
	}
	if record {
		m = providers.Retry(m, e.Retry)
	}
	return m, func(played bool) error {
		if !played {
			rec.Discard()
		}
		return rec.Close()
	}, nil
}

// matchRecord reports whether the cassette at path is to be recorded.
func (e Env) matchRecord(path string) bool {
	if e.Record == "" {
		return false
	}
	ok, err := cassettes.MatchRecord(e.Record, path)
	return err == nil && ok
}

// recordHint is the command that records a case's cassette.
func recordHint(model string, c Case) string {
	return fmt.Sprintf("make record MODEL=%s SUITE=%s RUN='%s'", model, c.Suite, c.Name)
}

// placeholderKey stands in for a key where none is sent: in replay, and
// against the loopback server.
const placeholderKey = "replay-placeholder"

func withPlaceholderKeys(cfg providers.Config) providers.Config {
	for _, k := range []*string{&cfg.AnthropicAPIKey, &cfg.OpenAIAPIKey, &cfg.GoogleAPIKey, &cfg.DeepSeekAPIKey, &cfg.OpenAICompatibleAPIKey} {
		if *k == "" {
			*k = placeholderKey
		}
	}
	return cfg
}

// HasKey reports whether cfg holds what a provider needs to be called live:
// its key, or nothing for the local servers that take none.
func HasKey(cfg providers.Config, provider string) bool {
	switch provider {
	case providers.ProviderAnthropic:
		return cfg.AnthropicAPIKey != ""
	case providers.ProviderOpenAI:
		return cfg.OpenAIAPIKey != ""
	case providers.ProviderGoogle:
		return cfg.GoogleAPIKey != ""
	case providers.ProviderDeepSeek:
		return cfg.DeepSeekAPIKey != ""
	case providers.ProviderOllama, providers.ProviderOpenAICompatible:
		return true
	}
	return false
}

func secrets(cfg providers.Config) []string {
	var out []string
	for _, k := range []string{cfg.AnthropicAPIKey, cfg.OpenAIAPIKey, cfg.GoogleAPIKey, cfg.DeepSeekAPIKey, cfg.OpenAICompatibleAPIKey} {
		if k != "" {
			out = append(out, k)
		}
	}
	return out
}

// RecordedModels lists the models with committed cassettes for a suite:
// the folders cassettes/<suite>/<provider>/<model>/ that hold a cassette.
func RecordedModels(root, suite string) ([]string, error) {
	dir := filepath.Join(root, suite)
	providerDirs, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list recorded models: %w", err)
	}
	var names []string
	for _, p := range providerDirs {
		if !p.IsDir() {
			continue
		}
		modelDirs, err := os.ReadDir(filepath.Join(dir, p.Name()))
		if err != nil {
			return nil, fmt.Errorf("list recorded models: %w", err)
		}
		for _, m := range modelDirs {
			if !m.IsDir() || !hasCassette(filepath.Join(dir, p.Name(), m.Name())) {
				continue
			}
			names = append(names, unescape(p.Name())+"/"+unescape(m.Name()))
		}
	}
	slices.Sort(names)
	return names, nil
}

func hasCassette(dir string) bool {
	found := false
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".yaml") {
			found = true
			return filepath.SkipAll
		}
		return nil
	})
	return found
}

func unescape(s string) string {
	if u, err := url.PathUnescape(s); err == nil {
		return u
	}
	return s
}

// TestName turns a model name into one subtest level: "openai/gpt-4o"
// becomes "openai-gpt-4o".
func TestName(model string) string {
	return strings.NewReplacer("/", "-", " ", "_").Replace(model)
}
