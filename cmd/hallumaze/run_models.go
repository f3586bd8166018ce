package main

import (
	"fmt"
	"iter"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/internal/redact"
	"github.com/hallumaze/hallumaze/modelname"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites"
)

// noKeyNote is printed, once, when the reference agents stand in for
// models because no key is set.
const noKeyNote = "No API key found: running the built-in reference agents. To benchmark a real model, set " +
	providers.EnvAnthropicKey + ", " + providers.EnvOpenAIKey + ", " + providers.EnvGoogleKey + " (or " + providers.EnvGeminiKey + ") or " +
	providers.EnvDeepSeekKey + ", or pass --models provider/model (with --config config.json for keys and base URLs)."

// noKeyNoteKorean is noKeyNote for a run in Korean (--lang ko).
const noKeyNoteKorean = "API 키가 없습니다: 내장 참조 에이전트로 실행합니다. 실제 모델을 평가하려면 " +
	"ANTHROPIC_API_KEY, OPENAI_API_KEY, GOOGLE_API_KEY (또는 GEMINI_API_KEY) 또는 DEEPSEEK_API_KEY를 설정하거나, " +
	"--models provider/model을 지정하세요 (키와 기본 URL은 --config config.json으로)."

// firstCases collects at most n of the run's first cases (building a case
// costs nothing until it is played).
func firstCases(cases iter.Seq[bench.Case], n int) []bench.Case {
	var out []bench.Case
	for c := range cases {
		out = append(out, c)
		if len(out) == n {
			break
		}
	}
	return out
}

// koreanCases reports a run in Korean: every case that names its language
// names Korean (--lang ko), and at least one does.
func koreanCases(cases []bench.Case) bool {
	var rs []results.Result
	for _, c := range cases {
		rs = append(rs, results.Result{Tags: c.Tags})
	}
	return koreanResults(rs)
}

// koreanResults reports results played in Korean: every result that names
// its language names Korean, and at least one does.
func koreanResults(rs []results.Result) bool {
	seen := false
	for _, r := range rs {
		lang, ok := r.Tags["lang"]
		if !ok {
			continue
		}
		if lang != "ko" {
			return false
		}
		seen = true
	}
	return seen
}

// keyVariable names the environment variable of a provider's key, "" for
// a provider that needs none.
func keyVariable(provider string) string {
	return map[string]string{
		providers.ProviderAnthropic: providers.EnvAnthropicKey,
		providers.ProviderOpenAI:    providers.EnvOpenAIKey,
		providers.ProviderGoogle:    providers.EnvGoogleKey + " (or " + providers.EnvGeminiKey + ")",
		providers.ProviderDeepSeek:  providers.EnvDeepSeekKey,
	}[provider]
}

// keyHint names what sets a provider's key: its environment variable and
// its config file key.
func keyHint(provider string) string {
	return fmt.Sprintf("set %s or %q in --config", keyVariable(provider), provider+"_api_key")
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
// the cassettes otherwise; with --record, the cases whose cassettes do not
// replay are recorded (the plan of the recording sets ToRecord).
func (a *app) env(o runOptions, cfg providers.Config) bench.Env {
	env := bench.Env{
		CassetteRoot: o.cassetteRoot,
		Config:       cfg,
		Agents:       suites.Agents(a.suites),
		Live:         true,
		Retry:        a.retry,
		Timeout:      o.timeout,
	}
	env.RecordHint = func(model string, c bench.Case) string {
		return a.runRecordCommand(o, map[string][]bench.Case{model: {c}})
	}
	env.RecordMissing = func(missing map[string][]bench.Case) string {
		return a.runRecordCommand(o, missing)
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
			for _, ag := range s.Agents {
				if name := modelname.AgentName(ag.Name); !ag.Extra && !slices.Contains(names, name) {
					names = append(names, name)
				}
			}
		}
	}
	seen := map[string]bool{}
	var out []bench.Model
	for _, name := range names {
		ref, err := providers.ParseName(name)
		if err != nil {
			return nil, false, cli.Usagef("run: %v", err)
		}
		name = ref.String()
		if seen[name] {
			return nil, false, cli.Usagef("run: model %s is named twice", name)
		}
		seen[name] = true
		switch {
		case ref.Provider == providers.ProviderAgent:
			all := suites.AgentNames(a.suites)
			if !slices.Contains(all, ref.ID) {
				return nil, false, cli.Usagef("run: unknown agent %q (want one of %s)", ref.ID, strings.Join(all, ", "))
			}
			if !slices.ContainsFunc(o.suites, func(s bench.Suite) bool { return suites.Plays(s, ref.ID) }) {
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
		case o.record:
			// recorded where its cassettes are missing: the plan of the
			// recording says whether it needs the key
		default:
			recorded := false
			for _, s := range o.suites {
				rec, _ := bench.RecordedModels(o.cassetteRoot, s.Name)
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
	ref, err := modelname.Parse(model)
	if err != nil || ref.Provider != providers.ProviderAgent {
		return true
	}
	s, found := bench.FindSuite(a.suites, c.Suite)
	return found && suites.Plays(s, ref.ID)
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
