package providers

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
)

// FlexText is message text on the wire. It is always sent as a JSON string,
// but read from any of the shapes the protocols allow for text content:
//
//	"plain text"
//	null
//	[{"type": "text", "text": "part one"}, {"type": "text", "text": "part two"}]
//
// The parts of an array are joined with no separator, as the APIs read
// them. Parts that are not text (images, tool calls) are an error: this
// package speaks text only.
type FlexText string

// UnmarshalJSON reads a string, null, or an array of text parts.
func (t *FlexText) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	switch {
	case bytes.Equal(data, []byte("null")):
		*t = ""
		return nil
	case len(data) > 0 && data[0] == '"':
		var s string
		if err := json.Unmarshal(data, &s); err != nil {
			return err
		}
		*t = FlexText(s)
		return nil
	case len(data) > 0 && data[0] == '[':
		var parts []struct {
			Type string  `json:"type"`
			Text *string `json:"text"`
		}
		if err := json.Unmarshal(data, &parts); err != nil {
			return err
		}
		var b strings.Builder
		for _, p := range parts {
			if p.Text == nil || (p.Type != "" && p.Type != "text") {
				return errors.New("content part of type " + quote(p.Type) + " is not text")
			}
			b.WriteString(*p.Text)
		}
		*t = FlexText(b.String())
		return nil
	default:
		return errors.New("content is neither a string nor an array of text parts")
	}
}

// quote writes a part type for an error message.
func quote(s string) string {
	if s == "" {
		return `""`
	}
	return `"` + s + `"`
}

// The normalised stop reasons of [Reply.StopReason]. A provider's other
// reasons ("content_filter", "refusal", "SAFETY", …) are kept as it sent them.
const (
	// StopEnd is a reply that ended where the model chose to end it.
	StopEnd = "end"
	// StopMaxTokens is a reply cut off by the token budget.
	StopMaxTokens = "max_tokens"
)
