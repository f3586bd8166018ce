package main

import (
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/internal/redact"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/suites"
)

// noKeyNote is printed, once, when the reference agents stand in for
// models because no key is set.
const noKeyNote = "No API key found: running the built-in reference agents. To benchmark a real model, set " +
	providers.EnvAnthropicKey + ", " + providers.EnvOpenAIKey + ", " + providers.EnvGoogleKey + " (or " + providers.EnvGeminiKey + ") or " +
	providers.EnvDeepSeekKey + ", or pass --models provider/model (with --config config.json for keys and base URLs)."

// keyHint names what sets a provider's key: its environment variable and
// its config file key.
func keyHint(provider string) string {
	env := map[string]string{
		providers.ProviderAnthropic: providers.EnvAnthropicKey,
		providers.ProviderOpenAI:    providers.EnvOpenAIKey,
		providers.ProviderGoogle:    providers.EnvGoogleKey + " (or " + providers.EnvGeminiKey + ")",
		providers.ProviderDeepSeek:  providers.EnvDeepSeekKey,
	}[provider]
	return fmt.Sprintf("set %s or %q in --config", env, provider+"_api_key")
}

// loadConfig reads the config file and completes it from the environment
// and the flags; the keys it holds join the secrets kept out of messages.
func (a *app) loadConfig(o runOptions) (providers.Config, error) {
	cfg := providers.Config{}
	if o.configPath != "" {
		c, err := providers.LoadConfig(o.configPath)
		if err != nil {
			return cfg, cli.Usagef("run: --config: %v", err)
		}
		cfg = c
	}
	getenv := a.getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	cfg = cfg.WithEnv(getenv)
	if o.maxTokens > 0 {
		cfg.MaxTokens = o.maxTokens
	}
	if len(o.baseURLs) > 0 {
		urls := maps.Clone(cfg.BaseURLs)
		if urls == nil {
			urls = map[string]string{}
		}
		maps.Copy(urls, o.baseURLs)
		cfg.BaseURLs = urls
	}
	// The keys, and the credentials of the base URLs (--base-url's too),
	// before any message that could name them.
	a.addSecrets(cfg)
	if len(o.baseURLs) > 0 {
		if err := cfg.Validate(); err != nil {
			return cfg, cli.Usagef("run: --base-url: %v", err)
		}
	}
	return cfg, nil
}

// env is how the run opens models: live where a key is set, replayed from
// the cassettes otherwise, recording with --record.
func (a *app) env(o runOptions, cfg providers.Config) bench.Env {
	env := bench.Env{
		CassetteRoot: o.cassetteRoot,
		Config:       cfg,
		Agents:       suites.Agents(a.suites),
		Live:         true,
		Retry:        a.retry,
		Timeout:      o.timeout,
		RecordHint:   suites.RecordHint(a.suites),
	}
	if o.record {
		env.Record = "."
	}
	return env
}

// resolveModels picks the models of a run and opens them, before any call.
// It reports whether the reference agents stand in for missing keys. A
// model is played live when its provider has a key (or needs none),
// replayed from its cassettes when it has none but was recorded, and
// refused otherwise.
func (a *app) resolveModels(o runOptions, cfg providers.Config, env bench.Env) ([]bench.Model, bool, error) {
	names := o.models
	fallback := false
	if len(names) == 0 {
		names = cfg.ModelNames()
	}
	if len(names) == 0 {
		if o.record {
			return nil, false, cli.Usagef("run: --record saves the cassettes of live calls, and no model with a key was named: set a provider's key (%s) or pass --models; the reference agents are recorded through their wire protocols with make record-agents", providers.EnvOpenAIKey)
		}
		fallback = true
		for _, s := range o.suites {
			for _, ag := range s.Agents() {
				if name := "agent/" + ag.Name; !slices.Contains(names, name) {
					names = append(names, name)
				}
			}
		}
	}
	seen := map[string]bool{}
	var out []bench.Model
	for _, name := range names {
		if seen[name] {
			return nil, false, cli.Usagef("run: model %s is named twice", name)
		}
		seen[name] = true
		ref, err := providers.ParseName(name)
		if err != nil {
			return nil, false, cli.Usagef("run: %v", err)
		}
		switch {
		case ref.Provider == providers.ProviderAgent:
			all := suites.AgentNames(a.suites)
			if !slices.Contains(all, ref.ID) {
				return nil, false, cli.Usagef("run: unknown agent %q (want one of %s)", ref.ID, strings.Join(all, ", "))
			}
			if !slices.ContainsFunc(o.suites, func(s suites.Suite) bool { return suites.Plays(s, ref.ID) }) {
				return nil, false, cli.Usagef("run: %s plays no case of the suites of this run (%s)", name, strings.Join(suites.Names(o.suites), ", "))
			}
			if o.record {
				return nil, false, cli.Usagef("run: --record: %s runs in-process and has no traffic to record; make record-agents records the agents through their wire protocols", name)
			}
		case cfg.HasKey(ref.Provider):
			// Open checks the base URL and settings without calling.
			live := cfg
			live.Agents = env.Agents
			if _, err := providers.Open(name, live, nil); err != nil {
				return nil, false, cli.Usagef("run: %v", err)
			}
		default:
			if o.record {
				return nil, false, cli.Usagef("run: --record: %s has no API key to call it with: %s", name, keyHint(ref.Provider))
			}
			recorded := false
			for _, s := range o.suites {
				rec, _ := bench.RecordedModels(o.cassetteRoot, s.Name())
				recorded = recorded || slices.Contains(rec, name)
			}
			if !recorded {
				return nil, false, cli.Usagef("run: %s: no API key: %s (or replay committed cassettes of it)", name, keyHint(ref.Provider))
			}
		}
		m, err := env.Open(name)
		if err != nil {
			return nil, false, cli.Usagef("run: %v", err)
		}
		out = append(out, m)
	}
	return out, fallback, nil
}

// plays reports whether a model plays a case: a reference agent plays only
// the suites it answers.
func (a *app) plays(model string, c bench.Case) bool {
	name, ok := strings.CutPrefix(model, "agent/")
	if !ok {
		return true
	}
	s, found := bench.FindSuite(a.suites, c.Suite)
	return found && suites.Plays(s, name)
}

// resultKey identifies a case of a model in a run.
func resultKey(model, suite, name string) string {
	return model + "\x00" + suite + "/" + name
}

// addSecrets adds the keys of cfg to those kept out of messages.
func (a *app) addSecrets(cfg providers.Config) {
	a.secretList = append(a.secretList, cfg.Secrets()...)
	a.secrets = redact.New(a.secretList...)
}
