package results

import (
	"encoding/json"
	"strings"

	"github.com/hallumaze/hallumaze/modelname"
)

// The roles of a conversation's turns.
const (
	User      = "user"
	Assistant = "assistant"
)

// Usage counts tokens as the provider reported them. InputTokens is the
// whole prompt; of it, CachedInputTokens were read from the provider's
// prompt cache and CacheWriteTokens written to it.
type Usage struct {
	InputTokens int `json:"input_tokens"`
	// OutputTokens counts every token the model wrote, its reasoning
	// included, as the providers bill them.
	OutputTokens int `json:"output_tokens"`
	// ReasoningTokens is the part of OutputTokens spent on reasoning or
	// thinking, where the provider reports it apart; absent when none.
	ReasoningTokens   int `json:"reasoning_tokens,omitempty"`
	CachedInputTokens int `json:"cached_input_tokens,omitempty"`
	CacheWriteTokens  int `json:"cache_write_tokens,omitempty"`
}

// Add sums two counts.
func (u Usage) Add(v Usage) Usage {
	return Usage{
		InputTokens:       u.InputTokens + v.InputTokens,
		OutputTokens:      u.OutputTokens + v.OutputTokens,
		ReasoningTokens:   u.ReasoningTokens + v.ReasoningTokens,
		CachedInputTokens: u.CachedInputTokens + v.CachedInputTokens,
		CacheWriteTokens:  u.CacheWriteTokens + v.CacheWriteTokens,
	}
}

// Turn is one message of a conversation, with what the provider said of it
// when the model wrote it.
type Turn struct {
	// Role is User or Assistant.
	Role       string  `json:"role"`
	Content    string  `json:"content"`
	Reasoning  string  `json:"reasoning,omitempty"`
	StopReason string  `json:"stop_reason,omitempty"`
	Usage      Usage   `json:"usage,omitzero"`
	LatencyMS  float64 `json:"latency_ms,omitempty"`
	// Truncated reports that Content or Reasoning is held cut (see
	// [MaxText]); ContentBytes and ReasoningBytes are then the true
	// lengths of the ones that were cut.
	Truncated      bool `json:"truncated,omitempty"`
	ContentBytes   int  `json:"content_bytes,omitempty"`
	ReasoningBytes int  `json:"reasoning_bytes,omitempty"`
}

// Result is one case played by one model: the record a results file holds
// per line.
type Result struct {
	// Suite is the benchmark family the case belongs to.
	Suite string `json:"suite"`
	// Model is "provider/model", with the model's settings after an "@"
	// when it has any ("openai/o4-mini@effort=high"): a model with other
	// settings is another model.
	Model string `json:"model"`
	// Settings are what the model ran with, its defaults included
	// (providers.Effective): the reply budget, the temperature, the seed,
	// the effort and thinking budget. Absent in results written before
	// settings were recorded, and for a model that takes none.
	Settings *modelname.Settings `json:"settings,omitempty"`
	// Case names the case within its suite.
	Case string `json:"case"`
	// Tags describe the case for grouping and pairing ("size": "7").
	Tags map[string]string `json:"tags,omitempty"`
	// Metrics are the case's scores by name, each declared by its suite;
	// an undefined metric is absent, never zero.
	Metrics map[string]float64 `json:"metrics,omitempty"`
	// Detail is the suite's own score record; only the suite decodes it.
	Detail json.RawMessage `json:"detail,omitempty"`
	// Record is the score record as the suite made it, when the case was
	// played by this process: the suite's summary of the run reads it
	// instead of decoding Detail again. It is never written, so a result
	// read from a file has none; it says what Detail says, or is nil. When
	// it is set, Detail holds json.Marshal's bytes of it, which Marshal
	// writes as they are (json.Marshal would compact them again).
	Record any    `json:"-"`
	System string `json:"system,omitempty"`
	// SystemBytes is the true length of System when it is held cut (see
	// [MaxText]), else 0.
	SystemBytes int    `json:"system_bytes,omitempty"`
	Turns       []Turn `json:"turns,omitempty"`
	// TurnsOmitted counts the turns left out of a conversation too long
	// for a results line even with every text cut ([Encode]); the scores
	// were computed from the whole conversation before.
	TurnsOmitted int   `json:"turns_omitted,omitempty"`
	Usage        Usage `json:"usage"`
	// Error is set when the case could not be played (a provider failure
	// after retries, a missing cassette). Such a result is reported apart
	// and never scored as the model's failure.
	Error    string  `json:"error,omitempty"`
	Duration float64 `json:"duration_s"`
}

// Key identifies the case a result belongs to, across models.
func (r Result) Key() string { return r.Suite + "/" + r.Case }

// LastReply is the content of the conversation's last assistant turn, or "".
func (r Result) LastReply() string {
	for i := len(r.Turns) - 1; i >= 0; i-- {
		if r.Turns[i].Role == Assistant {
			return r.Turns[i].Content
		}
	}
	return ""
}

// OfModel keeps the results of one model.
func OfModel(rs []Result, model string) []Result {
	return keep(rs, func(r Result) bool { return r.Model == model })
}

// OfSuite keeps the results of one suite.
func OfSuite(rs []Result, suite string) []Result {
	return keep(rs, func(r Result) bool { return r.Suite == suite })
}

// keep is the results ok keeps, in order; nil when it keeps none.
func keep(rs []Result, ok func(Result) bool) []Result {
	var out []Result
	for _, r := range rs {
		if ok(r) {
			out = append(out, r)
		}
	}
	return out
}

// IsHuman reports whether a result is a human control group's: its model is
// "human/…" or it is tagged human=true.
func IsHuman(r Result) bool {
	return strings.HasPrefix(r.Model, "human/") || r.Tags["human"] == "true"
}
