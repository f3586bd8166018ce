package providers

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/modelname"
)

// What each provider takes, and the wire field each setting becomes:
//
//	provider           effort                          thinking                          temperature top_p seed
//	openai             reasoning_effort (reasoning     —                                 non-reasoning models only   yes
//	                   models: none … max)
//	deepseek           reasoning_effort (minimal …     thinking.type: auto = enabled,    not while thinking          —
//	                   max)                            off = disabled
//	ollama,            reasoning_effort (any)          —                                 yes         yes   yes
//	openai-compatible
//	anthropic          output_config.effort (low …     thinking: N = enabled with        0–1, not with thinking      —
//	                   max)                            budget_tokens N (≥ 1024), auto =  (but 1), not with top_p
//	                                                   adaptive, off = disabled
//	google             thinkingConfig.thinkingLevel    thinkingConfig.thinkingBudget:    yes         yes   yes
//	                   (minimal … high)                N, auto = -1, off = 0
//	agent              the agent's policy (low …       read as an effort (see agents)    —           —     yes
//	                   high)
//
// max_tokens is every provider's reply budget (max_tokens,
// max_completion_tokens, maxOutputTokens); in-process agents are not cut
// by it, so an agent takes none.

// effortsOf lists the efforts a provider takes for a model; nil when it
// takes none.
func effortsOf(n Name) []string {
	switch n.Provider {
	case ProviderOpenAI:
		if !IsOpenAIReasoningModel(n.ID) {
			return nil
		}
		return modelname.Efforts()
	case ProviderDeepSeek:
		return []string{"minimal", "low", "medium", "high", "xhigh", "max"}
	case ProviderOllama, ProviderOpenAICompatible:
		return modelname.Efforts()
	case ProviderAnthropic:
		return []string{"low", "medium", "high", "xhigh", "max"}
	case ProviderGoogle:
		return []string{"minimal", "low", "medium", "high"}
	case ProviderAgent:
		return []string{"low", "medium", "high"}
	}
	return nil
}

// AnthropicMinBudget is the smallest thinking budget Anthropic takes.
const AnthropicMinBudget = 1024

// CheckSettings says whether a model's provider takes its settings, with an
// error that names the setting, the provider and what it takes instead.
func CheckSettings(n Name) error {
	s := n.Settings
	if s.IsZero() {
		return nil
	}
	if s.Effort != "" {
		takes := effortsOf(n)
		switch {
		case takes == nil && n.Provider == ProviderOpenAI:
			return fmt.Errorf("effort: %s is not one of OpenAI's reasoning models (o1, o3, o4-mini, the gpt-5 family), which alone take reasoning_effort", n.ID)
		case !slices.Contains(takes, s.Effort):
			return fmt.Errorf("effort=%s: %s takes effort %s", s.Effort, n.Provider, strings.Join(takes, ", "))
		}
	}
	budget, numeric := s.Thinking.Tokens()
	thinks := s.Thinking != "" && s.Thinking != modelname.ThinkingOff
	switch n.Provider {
	case ProviderOpenAI, ProviderOllama, ProviderOpenAICompatible:
		if s.Thinking != "" {
			return fmt.Errorf("thinking: the chat completions API of %s takes no thinking budget; set effort=… (reasoning_effort)", n.Provider)
		}
		if n.Provider == ProviderOpenAI && IsOpenAIReasoningModel(n.ID) && (s.Temperature != nil || s.TopP != nil) {
			return fmt.Errorf("%s: OpenAI's reasoning models reject temperature and top_p", firstSet(s, modelname.KeyTemperature, modelname.KeyTopP))
		}
	case ProviderDeepSeek:
		if numeric {
			return fmt.Errorf("thinking=%d: DeepSeek takes no thinking budget: thinking=auto turns thinking on, thinking=off turns it off, effort=… sets how hard it thinks", budget)
		}
		if s.Effort != "" && s.Thinking == modelname.ThinkingOff {
			return fmt.Errorf("effort=%s with thinking=off: DeepSeek takes an effort only while thinking", s.Effort)
		}
		if deepSeekThinks(n) && (s.Temperature != nil || s.TopP != nil) {
			return fmt.Errorf("%s: DeepSeek ignores temperature and top_p while thinking (%s thinks)", firstSet(s, modelname.KeyTemperature, modelname.KeyTopP), n)
		}
		if s.Seed != nil {
			return fmt.Errorf("seed: DeepSeek's API takes no seed")
		}
	case ProviderAnthropic:
		if numeric && budget < AnthropicMinBudget {
			return fmt.Errorf("thinking=%d: Anthropic's smallest thinking budget is %d tokens", budget, AnthropicMinBudget)
		}
		if numeric && s.MaxTokens != 0 && s.MaxTokens <= budget {
			return fmt.Errorf("max_tokens=%d: Anthropic needs max_tokens above the thinking budget (%d), which it counts within max_tokens", s.MaxTokens, budget)
		}
		if t := s.Temperature; t != nil && *t > 1 {
			return fmt.Errorf("temperature=%g: Anthropic takes a temperature from 0 to 1", *t)
		}
		if thinks && s.Temperature != nil && *s.Temperature != 1 {
			return fmt.Errorf("temperature=%g: with thinking Anthropic takes no temperature but 1", *s.Temperature)
		}
		if thinks && s.TopP != nil && *s.TopP < 0.95 {
			return fmt.Errorf("top_p=%g: with thinking Anthropic takes top_p from 0.95 to 1", *s.TopP)
		}
		if s.Temperature != nil && s.TopP != nil {
			return fmt.Errorf("temperature and top_p: Anthropic takes one or the other")
		}
		if s.Seed != nil {
			return fmt.Errorf("seed: Anthropic's messages API takes no seed")
		}
	case ProviderGoogle:
		if s.Effort != "" && s.Thinking != "" {
			return fmt.Errorf("effort and thinking: Gemini takes a thinking level (effort, Gemini 3) or a thinking budget (Gemini 2.5), not both")
		}
	case ProviderAgent:
		if k := firstSet(s, modelname.KeyTemperature, modelname.KeyTopP, modelname.KeyMaxTokens); k != "" {
			return fmt.Errorf("%s: the reference agents are deterministic and run in-process; they take effort, thinking and seed (%s served by hallumaze serve takes it)", k, k)
		}
	}
	return nil
}

// firstSet names the first of keys that s sets, or "".
func firstSet(s Settings, keys ...string) string {
	for _, k := range keys {
		set := false
		switch k {
		case modelname.KeyTemperature:
			set = s.Temperature != nil
		case modelname.KeyTopP:
			set = s.TopP != nil
		case modelname.KeyMaxTokens:
			set = s.MaxTokens != 0
		}
		if set {
			return k
		}
	}
	return ""
}

// deepSeekThinks reports whether a DeepSeek model runs in thinking mode:
// deepseek-reasoner unless thinking=off, any model with thinking=auto or an
// effort.
func deepSeekThinks(n Name) bool {
	s := n.Settings
	if s.Thinking == modelname.ThinkingOff {
		return false
	}
	return strings.Contains(n.ID, "reasoner") || s.Thinking == modelname.ThinkingAuto || s.Effort != ""
}

// sendsTemperature reports whether a provider's client sends a temperature
// for a model: every one but OpenAI's reasoning models and the agents.
func sendsTemperature(n Name) bool {
	switch n.Provider {
	case ProviderAgent:
		return false
	case ProviderOpenAI:
		return !IsOpenAIReasoningModel(n.ID)
	}
	return true
}

// TakesSeed reports whether a provider's API takes a sampling seed:
// Anthropic's and DeepSeek's do not.
func TakesSeed(provider string) bool {
	return provider != ProviderAnthropic && provider != ProviderDeepSeek
}

// Effective is what a model runs with: its own settings, then the config's
// defaults (max_tokens, temperature, seed), then the harness's
// (max_tokens 2500, temperature 0), each where the provider takes it. It
// is what each request is filled with ([Bound]) and what a result records.
//
//   - max_tokens: the model's own, else the config's or 2500 — plus, with a
//     thinking budget of N tokens, N, since the providers that take a
//     budget count thinking within the reply budget. In-process agents
//     have none.
//   - temperature: the model's own; else, for a model that asks for no
//     reasoning (no effort, no thinking) and sets no top_p, the config's or
//     0 (greedy), where the provider takes one. A model that reasons gets
//     the provider's own default.
//   - seed: the model's own, else the config's, where the API takes one.
//
// A reference agent runs with its own settings only: the config's defaults
// are for providers.
func Effective(n Name, cfg Config) Settings {
	s := n.Settings
	out := Settings(s)
	if n.Provider == ProviderAgent {
		return out // the agents take their own settings and no defaults
	}
	if out.MaxTokens == 0 {
		out.MaxTokens = cmp.Or(cfg.MaxTokens, DefaultMaxTokens)
		if budget, ok := s.Thinking.Tokens(); ok {
			out.MaxTokens += budget
		}
	}
	if out.Temperature == nil && sendsTemperature(n) && !s.Reasoning() && s.TopP == nil {
		t := 0.0
		if cfg.Temperature != nil {
			t = *cfg.Temperature
		}
		out.Temperature = &t
	}
	if out.Seed == nil && TakesSeed(n.Provider) {
		out.Seed = cfg.Seed
	}
	return out
}
