package bench

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hallumaze/hallumaze/cassettes"
	"github.com/hallumaze/hallumaze/internal/redact"
	"github.com/hallumaze/hallumaze/modelname"
	"github.com/hallumaze/hallumaze/providers"
)

// Model is a model the harness can run cases against.
type Model struct {
	// Name is "provider/model", with the model's settings after an "@" when
	// it has any, in canonical spelling ("openai/o4-mini@effort=high").
	Name string
	// Ref is Name taken apart, parsed once when the model was opened.
	Ref providers.Name
	// Settings are what the model runs with, its defaults included
	// (providers.Effective); its results record them.
	Settings providers.Settings
	// Agent reports an in-process reference agent (no HTTP, no cassette).
	Agent bool
	// secrets are the keys of the configuration, kept out of results.
	secrets *redact.Secrets
	open    func(c Case) (providers.Model, Done, error)
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
	// regular expression (see cassettes.MatchRecord), recorded again when
	// they exist. Empty replays everything.
	Record string
	// ToRecord, when set, selects more cassettes to record: those of the
	// model whose path it reports (hallumaze record: the missing ones).
	ToRecord func(model, path string) bool
	// KeepBaseURL notes, in each recorded request, the base URL the
	// recording really reached (its key parameters and user information
	// removed). By default a cassette holds nothing of it.
	KeepBaseURL bool
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
	// Timeout bounds each attempt of a live call; 0 means the config's
	// timeout for the provider, else [DefaultTimeout].
	Timeout time.Duration
	// Live calls a provider directly, without a cassette, when its key is
	// set and its cassette is not being recorded (hallumaze run). Tests
	// leave it off: they replay.
	Live bool
	// HTTP is the client of live calls; nil means http.DefaultClient.
	HTTP *http.Client
	// RecordHint, when set, says how to record a case's missing cassette:
	// the command, for the error that replay gives without it.
	RecordHint func(model string, c Case) string
	// RecordMissing, when set, gives the one command that records every
	// case listed, by model, for a report of many missing cassettes; ""
	// when there is none.
	RecordMissing func(missing map[string][]Case) string
}

// Open makes the Model of a name (see providers.ParseName): a name with
// settings ("openai/o4-mini@effort=high") is a model of its own, with its
// own name in results and its own cassette folder.
func (e Env) Open(name string) (Model, error) {
	ref, err := providers.ParseName(name)
	if err != nil {
		return Model{}, err
	}
	name = ref.String()
	m := Model{Name: name, Ref: ref, Settings: providers.Effective(ref, e.Config)}
	if ref.Provider == providers.ProviderAgent {
		if e.Agents == nil {
			return Model{}, fmt.Errorf("model %s: no reference agents", name)
		}
		agent, ok := e.Agents(ref.ID)
		if !ok {
			return Model{}, fmt.Errorf("model %s: unknown agent %q", name, ref.ID)
		}
		bound := providers.Bind(ref, agent, e.Config)
		m.Agent = true
		m.open = func(Case) (providers.Model, Done, error) { return bound, noDone, nil }
		return m, nil
	}
	m.secrets = redact.New(e.Config.Secrets()...)
	m.open = func(c Case) (providers.Model, Done, error) { return e.openRecorded(ref, c) }
	return m, nil
}

// CassettePath is the cassette of a case of a model:
// <root>/<suite>/<provider>/<model id and settings>/<case>.yaml, the
// model's settings in their canonical spelling (a model without settings
// keeps the folder of its id).
func (e Env) CassettePath(m Model, c Case) string { return e.cassettePath(m.Ref, c) }

// cassettePath is CassettePath of a name taken apart.
func (e Env) cassettePath(ref providers.Name, c Case) string {
	return cassettes.Path(e.CassetteRoot, c.Suite, ref.Provider, ref.Model(), c.Name)
}

// openRecorded opens a provider model whose traffic goes through the case's
// cassette: replayed by default, recorded when the case is to be recorded.
// Either way the client is built for the provider's canonical API root
// (see rebaseTransport): a recording reaches the configured server through
// the transport, and replay needs no base URL.
func (e Env) openRecorded(ref providers.Name, c Case) (providers.Model, Done, error) {
	name, provider := ref.String(), ref.Provider
	path := e.cassettePath(ref, c)
	record := e.recording(name, path)
	if e.Live && !record && e.Config.HasKey(provider) {
		cfg := e.Config
		cfg.Agents = e.Agents
		m, err := providers.Open(name, cfg, e.HTTP)
		if err != nil {
			return nil, nil, err
		}
		return providers.Retry(m, e.retryPolicy(provider)), noDone, nil
	}
	cfg := e.Config
	cfg.Agents = e.Agents
	if !record || e.Transport != nil {
		// Replay never sends a key, and the loopback server takes any:
		// fill the missing ones so the clients can be built.
		cfg = cfg.WithPlaceholderKeys()
	}
	opts := cassettes.Options{
		Record:         record,
		RecordHintFunc: func() string { return e.recordHint(name, c) },
		Secrets:        e.Config.Secrets(),
		Transport:      e.Transport,
	}
	if record && e.Transport == nil {
		next := http.DefaultTransport
		if e.HTTP != nil && e.HTTP.Transport != nil {
			next = e.HTTP.Transport
		}
		tr, err := rebaseTransport(name, cfg, next)
		if err != nil {
			return nil, nil, err
		}
		opts.Transport = tr
		if e.KeepBaseURL {
			opts.BaseURL = cmp.Or(cfg.BaseURLs[provider], providers.DefaultBaseURL(provider))
		}
	}
	rec, err := cassettes.Open(path, opts)
	if err != nil {
		return nil, nil, err
	}
	m, err := providers.Open(name, canonicalConfig(cfg, provider), rec.Client())
	if err != nil {
		rec.Close()
		return nil, nil, err
	}
	if record {
		m = providers.Retry(m, e.retryPolicy(provider))
	}
	return m, func(played bool) error {
		if !played {
			rec.Discard()
		}
		return rec.Close()
	}, nil
}

// DefaultTimeout bounds each attempt of a live call when neither the
// command nor the config file says otherwise.
const DefaultTimeout = 10 * time.Minute

// retryPolicy is the retry policy of a provider's live calls, with its
// attempt timeout.
func (e Env) retryPolicy(provider string) providers.RetryPolicy {
	p := e.Retry
	switch d, ok := e.Config.TimeoutFor(provider); {
	case e.Timeout > 0:
		p.AttemptTimeout = e.Timeout
	case ok:
		p.AttemptTimeout = d
	default:
		p.AttemptTimeout = DefaultTimeout
	}
	return p
}

// Replayed reports whether a case of m is replayed from its cassette (not
// an agent, not live, not being recorded), and the cassette's path.
func (e Env) Replayed(m Model, c Case) (string, bool) {
	if m.Agent {
		return "", false
	}
	path := e.CassettePath(m, c)
	if e.recording(m.Name, path) || (e.Live && e.Config.HasKey(m.Ref.Provider)) {
		return "", false
	}
	return path, true
}

// CheckReplay checks, before any case runs, that a replayed case's
// cassette exists and loads. Its error wraps [ErrSetup] and names the
// file; the caller, which sees every case, gives the one command that
// records them ([Env.RecordMissing]). Which server recorded the cassette
// does not matter: it replays under any base URL.
func (e Env) CheckReplay(m Model, c Case) error {
	path, ok := e.Replayed(m, c)
	if !ok {
		return nil
	}
	if _, err := cassettes.Check(path); err != nil {
		return fmt.Errorf("%w: %w", ErrSetup, err)
	}
	return nil
}

// RecordCommand is the one command that records the cases of each model
// listed: RecordMissing's, else a description of it.
func (e Env) RecordCommand(missing map[string][]Case) string {
	if e.RecordMissing != nil {
		if cmd := e.RecordMissing(missing); cmd != "" {
			return cmd
		}
	}
	return "hallumaze record --models MODEL (with its key), or hallumaze run --record with the flags that make these cases"
}

// recording reports whether the case of model whose cassette is at path
// is to be recorded: its path matches Record, or ToRecord says so.
func (e Env) recording(model, path string) bool {
	if e.ToRecord != nil && e.ToRecord(model, path) {
		return true
	}
	if e.Record == "" {
		return false
	}
	ok, err := cassettes.MatchRecord(e.Record, path)
	return err == nil && ok
}

// recordHint is the command that records a case's cassette.
func (e Env) recordHint(model string, c Case) string {
	if e.RecordHint != nil {
		return e.RecordHint(model, c)
	}
	return fmt.Sprintf("hallumaze run --record --models %s (with its key), with the flags that make case %s/%s", model, c.Suite, c.Name)
}

// CassettePath is the cassette file of a case of a model named
// "provider/model", with its settings when it has any, under the cassettes
// folder root: [Env.CassettePath] of a model not yet opened.
func CassettePath(root, model string, c Case) (string, error) {
	ref, err := providers.ParseName(model)
	if err != nil {
		return "", err
	}
	return Env{CassetteRoot: root}.cassettePath(ref, c), nil
}

// RecordedModels lists the models with committed cassettes for a suite:
// the folders cassettes/<suite>/<provider>/<model>/ that hold a cassette,
// by their canonical names ("openai/o4-mini@effort=high" for the folder
// cassettes/<suite>/openai/o4-mini@effort=high/).
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
			names = append(names, modelname.Canonical(unescape(p.Name())+"/"+unescape(m.Name())))
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
