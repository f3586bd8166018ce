package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
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
		if s, ok := unquote(data); ok {
			*t = FlexText(s)
			return nil
		}
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

// unquote decodes a JSON string literal that the decoder calling
// UnmarshalJSON has already checked, without checking it again (replies are
// long, and a second full pass over them was a tenth of a call's cost). It
// reports false on anything it does not expect, and the caller falls back
// to encoding/json.
func unquote(data []byte) (string, bool) {
	if len(data) < 2 || data[0] != '"' || data[len(data)-1] != '"' {
		return "", false
	}
	data = data[1 : len(data)-1]
	if bytes.IndexByte(data, '\\') < 0 {
		if !utf8.Valid(data) {
			return "", false // encoding/json replaces bad bytes; let it
		}
		return string(data), true
	}
	b := make([]byte, 0, len(data))
	for i := 0; i < len(data); i++ {
		c := data[i]
		if c != '\\' {
			b = append(b, c)
			continue
		}
		i++
		if i >= len(data) {
			return "", false
		}
		switch data[i] {
		case '"', '\\', '/':
			b = append(b, data[i])
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			r, ok := hex4(data[i+1:])
			if !ok {
				return "", false
			}
			i += 4
			if utf16.IsSurrogate(r) {
				if i+6 >= len(data) || data[i+1] != '\\' || data[i+2] != 'u' {
					return "", false
				}
				r2, ok := hex4(data[i+3:])
				if !ok {
					return "", false
				}
				r = utf16.DecodeRune(r, r2)
				if r == utf8.RuneError {
					return "", false
				}
				i += 6
			}
			b = utf8.AppendRune(b, r)
		default:
			return "", false
		}
	}
	if !utf8.Valid(b) {
		return "", false
	}
	return string(b), true
}

// hex4 reads four hex digits.
func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// quote writes a part type for an error message.
func quote(s string) string {
	if s == "" {
		return `""`
	}
	return `"` + s + `"`
}
