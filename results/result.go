package results

import "encoding/json"

// The roles of a conversation's turns.
const (
	User      = "user"
	Assistant = "assistant"
)

// Usage counts tokens as the provider reported them. InputTokens is the
// whole prompt; of it, CachedInputTokens were read from the provider's
// prompt cache and CacheWriteTokens written to it.
type Usage struct {
	InputTokens       int `json:"input_tokens"`
	OutputTokens      int `json:"output_tokens"`
	CachedInputTokens int `json:"cached_input_tokens,omitempty"`
	CacheWriteTokens  int `json:"cache_write_tokens,omitempty"`
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
}

// Result is one case played by one model: the record a results file holds
// per line.
type Result struct {
	// Suite is the benchmark family the case belongs to.
	Suite string `json:"suite"`
	// Model is "provider/model".
	Model string `json:"model"`
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
	Turns  []Turn `json:"turns,omitempty"`
	Usage  Usage  `json:"usage"`
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
	var out []Result
	for _, r := range rs {
		if r.Model == model {
			out = append(out, r)
		}
	}
	return out
}

// OfSuite keeps the results of one suite.
func OfSuite(rs []Result, suite string) []Result {
	var out []Result
	for _, r := range rs {
		if r.Suite == suite {
			out = append(out, r)
		}
	}
	return out
}
