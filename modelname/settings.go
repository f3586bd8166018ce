package modelname

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Settings are what a request asks of a model beside the conversation: how
// hard to reason, how much to think, how to sample, how long to answer. A
// zero field is unset: the provider's default, or the harness's default
// where it has one (see providers.Effective).
type Settings struct {
	// Effort is the reasoning effort ("low", "high", …; see [Efforts]).
	Effort string `json:"effort,omitempty"`
	// Thinking is the thinking budget: a number of tokens, "auto" (the
	// model decides) or "off".
	Thinking Thinking `json:"thinking,omitempty"`
	// Temperature is the sampling temperature, 0 to 2.
	Temperature *float64 `json:"temperature,omitempty"`
	// TopP is the nucleus-sampling mass, above 0 and at most 1.
	TopP *float64 `json:"top_p,omitempty"`
	// MaxTokens bounds the reply, reasoning included where the provider
	// counts it there.
	MaxTokens int `json:"max_tokens,omitempty"`
	// Seed is the sampling seed.
	Seed *int64 `json:"seed,omitempty"`
}

// The settings' keys, in their canonical order.
const (
	KeyEffort      = "effort"
	KeyThinking    = "thinking"
	KeyTemperature = "temperature"
	KeyTopP        = "top_p"
	KeyMaxTokens   = "max_tokens"
	KeySeed        = "seed"
)

// Keys lists the settings' keys in canonical order.
func Keys() []string {
	return []string{KeyEffort, KeyThinking, KeyTemperature, KeyTopP, KeyMaxTokens, KeySeed}
}

// Efforts lists the reasoning efforts any provider takes, from least to
// most. Each provider takes some of them (providers.ParseName says which).
func Efforts() []string {
	return []string{"none", "minimal", "low", "medium", "high", "xhigh", "max"}
}

// EffortRank orders efforts: its index in [Efforts], or -1.
func EffortRank(e string) int { return slices.Index(Efforts(), e) }

// MaxBudget bounds a thinking budget and a reply budget.
const MaxBudget = 1_000_000

// IsZero reports settings with nothing set.
func (s Settings) IsZero() bool { return s == Settings{} }

// Reasoning reports settings that ask for reasoning: an effort, or a
// thinking budget other than "off".
func (s Settings) Reasoning() bool {
	return s.Effort != "" && s.Effort != "none" || s.Thinking != "" && s.Thinking != ThinkingOff
}

// With returns s with every field that over sets replaced by over's.
func (s Settings) With(over Settings) Settings {
	if over.Effort != "" {
		s.Effort = over.Effort
	}
	if over.Thinking != "" {
		s.Thinking = over.Thinking
	}
	if over.Temperature != nil {
		s.Temperature = over.Temperature
	}
	if over.TopP != nil {
		s.TopP = over.TopP
	}
	if over.MaxTokens != 0 {
		s.MaxTokens = over.MaxTokens
	}
	if over.Seed != nil {
		s.Seed = over.Seed
	}
	return s
}

// Equal reports two settings that set the same values.
func (s Settings) Equal(t Settings) bool { return s.String() == t.String() }

// String writes the settings that are set as key=value pairs in canonical
// order, comma-separated ("effort=high,seed=7"); "" when none is.
func (s Settings) String() string {
	var parts []string
	add := func(k, v string) { parts = append(parts, k+"="+v) }
	if s.Effort != "" {
		add(KeyEffort, s.Effort)
	}
	if s.Thinking != "" {
		add(KeyThinking, string(s.Thinking))
	}
	if s.Temperature != nil {
		add(KeyTemperature, formatFloat(*s.Temperature))
	}
	if s.TopP != nil {
		add(KeyTopP, formatFloat(*s.TopP))
	}
	if s.MaxTokens != 0 {
		add(KeyMaxTokens, strconv.Itoa(s.MaxTokens))
	}
	if s.Seed != nil {
		add(KeySeed, strconv.FormatInt(*s.Seed, 10))
	}
	return strings.Join(parts, ",")
}

// formatFloat writes the shortest decimal that reads back as v.
func formatFloat(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// ParseSettings reads key=value pairs, comma-separated:
//
//	effort=LEVEL       none, minimal, low, medium, high, xhigh or max
//	thinking=BUDGET    a number of tokens (1 to 1,000,000), auto, or off (0)
//	temperature=T      0 to 2
//	top_p=P            above 0, at most 1
//	max_tokens=N       1 to 1,000,000
//	seed=S             a 64-bit integer
//
// Words are read in any case and written in lower case; a key given twice,
// an unknown key and a value out of range are errors that say what is
// allowed.
func ParseSettings(s string) (Settings, error) {
	var out Settings
	if strings.TrimSpace(s) == "" {
		return out, errors.New(`no settings after "@" (want key=value, e.g. effort=high)`)
	}
	seen := map[string]bool{}
	for pair := range strings.SplitSeq(s, ",") {
		k, v, ok := strings.Cut(pair, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" || v == "" {
			return Settings{}, fmt.Errorf("setting %q: want key=value, e.g. effort=high", pair)
		}
		if seen[k] {
			return Settings{}, fmt.Errorf("setting %s is given twice", k)
		}
		seen[k] = true
		if err := out.set(k, v); err != nil {
			return Settings{}, err
		}
	}
	return out, nil
}

// set reads one key's value.
func (s *Settings) set(k, v string) error {
	switch k {
	case KeyEffort:
		e := strings.ToLower(v)
		if EffortRank(e) < 0 {
			return fmt.Errorf("effort=%s: want one of %s", v, strings.Join(Efforts(), ", "))
		}
		s.Effort = e
	case KeyThinking:
		t, err := ParseThinking(v)
		if err != nil {
			return err
		}
		s.Thinking = t
	case KeyTemperature:
		f, err := parseFloat(k, v, 0, 2, true)
		if err != nil {
			return err
		}
		s.Temperature = &f
	case KeyTopP:
		f, err := parseFloat(k, v, 0, 1, false)
		if err != nil {
			return err
		}
		s.TopP = &f
	case KeyMaxTokens:
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxBudget {
			return fmt.Errorf("max_tokens=%s: want a whole number from 1 to %d", v, MaxBudget)
		}
		s.MaxTokens = n
	case KeySeed:
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return fmt.Errorf("seed=%s: want a 64-bit integer", v)
		}
		s.Seed = &n
	default:
		return fmt.Errorf("unknown setting %q (known: %s)", k, strings.Join(Keys(), ", "))
	}
	return nil
}

// parseFloat reads a number in [lo, hi], or (lo, hi] when loOpen is false.
func parseFloat(k, v string, lo, hi float64, loClosed bool) (float64, error) {
	f, err := strconv.ParseFloat(v, 64)
	bad := err != nil || math.IsNaN(f) || f > hi || f < lo || !loClosed && f == lo
	if bad {
		interval := fmt.Sprintf("[%g, %g]", lo, hi)
		if !loClosed {
			interval = fmt.Sprintf("(%g, %g]", lo, hi)
		}
		return 0, fmt.Errorf("%s=%s: want a number in %s", k, v, interval)
	}
	return f, nil
}

// Validate checks values set directly rather than parsed (a config block):
// the same ranges as [ParseSettings].
func (s Settings) Validate() error {
	if s.IsZero() {
		return nil
	}
	t, err := ParseSettings(s.String())
	if err != nil {
		return err
	}
	if !t.Equal(s) {
		return fmt.Errorf("settings %s: write them as %s", s, t)
	}
	return nil
}

// Thinking is a thinking budget: a number of tokens written in decimal,
// [ThinkingAuto] or [ThinkingOff]; "" is unset. In JSON it is a number, or
// the string "auto" or "off".
type Thinking string

// The thinking budgets that are not a number.
const (
	// ThinkingAuto lets the model decide how much to think.
	ThinkingAuto Thinking = "auto"
	// ThinkingOff asks the model not to think.
	ThinkingOff Thinking = "off"
)

// ParseThinking reads a budget: "auto", "off" (or 0), or a number of
// tokens.
func ParseThinking(v string) (Thinking, error) {
	switch w := Thinking(strings.ToLower(strings.TrimSpace(v))); w {
	case ThinkingAuto, ThinkingOff:
		return w, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err == nil && n == 0 {
		return ThinkingOff, nil
	}
	if err != nil || n < 1 || n > MaxBudget {
		return "", fmt.Errorf("thinking=%s: want a number of tokens from 1 to %d, auto or off", v, MaxBudget)
	}
	return Budget(n), nil
}

// Budget is the thinking budget of n tokens.
func Budget(n int) Thinking { return Thinking(strconv.Itoa(n)) }

// Tokens is the budget's number of tokens; false for "", auto and off.
func (t Thinking) Tokens() (int, bool) {
	n, err := strconv.Atoi(string(t))
	return n, err == nil
}

// MarshalJSON writes a number budget as a number, a word as a string.
func (t Thinking) MarshalJSON() ([]byte, error) {
	if n, ok := t.Tokens(); ok {
		return []byte(strconv.Itoa(n)), nil
	}
	return json.Marshal(string(t))
}

// UnmarshalJSON reads a number of tokens, "auto" or "off".
func (t *Thinking) UnmarshalJSON(data []byte) error {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	var s string
	switch x := v.(type) {
	case float64:
		if x != math.Trunc(x) {
			return fmt.Errorf("thinking: %v is not a whole number of tokens", x)
		}
		s = strconv.FormatFloat(x, 'f', -1, 64)
	case string:
		s = x
	default:
		return fmt.Errorf("thinking: want a number of tokens, \"auto\" or \"off\", not %s", data)
	}
	th, err := ParseThinking(s)
	if err != nil {
		return err
	}
	*t = th
	return nil
}

// has reports whether the setting of a key is set.
func (s Settings) has(k string) bool {
	switch k {
	case KeyEffort:
		return s.Effort != ""
	case KeyThinking:
		return s.Thinking != ""
	case KeyTemperature:
		return s.Temperature != nil
	case KeyTopP:
		return s.TopP != nil
	case KeyMaxTokens:
		return s.MaxTokens != 0
	case KeySeed:
		return s.Seed != nil
	}
	return false
}
