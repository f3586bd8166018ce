package results

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"sync/atomic"
	"unicode/utf8"

	"github.com/hallumaze/hallumaze/internal/jsonnum"
)

// Marshal encodes a result as its line of a results file: the bytes
// json.Marshal gives (its field order and omissions, map keys sorted,
// strings with HTML characters escaped, numbers in the shortest form that
// reads back exactly, the detail compacted), written by hand, a few times
// faster. Where the types have a field the encoder does not know (a
// field added since), it falls back to json.Marshal, so it is never wrong
// about a field; TestMarshalIsJSON holds the two to the same bytes.
func Marshal(r Result) ([]byte, error) { return AppendMarshal(nil, r) }

// AppendMarshal appends Marshal's bytes of r to dst; on an error dst is
// returned as it was.
func AppendMarshal(dst []byte, r Result) ([]byte, error) {
	if !encoderKnowsFields {
		line, err := json.Marshal(r)
		if err != nil {
			return dst, err
		}
		return append(dst, line...), nil
	}
	if dst == nil {
		dst = make([]byte, 0, sizeOf(r))
	}
	e := encoder{buf: dst}
	e.result(r)
	if e.err != nil {
		return dst[:len(dst):len(dst)], e.err
	}
	return e.buf, nil
}

// sizeOf is about the length of a result's line: its texts with an
// eighth more for their escapes, and the rest.
func sizeOf(r Result) int {
	n := len(r.System) + len(r.Detail) + 32*(len(r.Metrics)+len(r.Tags))
	for _, t := range r.Turns {
		n += len(t.Content) + len(t.Reasoning) + 128
	}
	return n + n/8 + 512
}

// encoderKnowsFields reports that Result, Turn and Usage have the fields
// the encoder writes, with the same JSON names, and no other.
var encoderKnowsFields = func() bool {
	return jsonFields(reflect.TypeFor[Result]()) == "suite model settings,omitempty case tags,omitempty metrics,omitempty detail,omitempty - system,omitempty system_bytes,omitempty turns,omitempty turns_omitted,omitempty usage error,omitempty duration_s" &&
		jsonFields(reflect.TypeFor[Turn]()) == "role content reasoning,omitempty stop_reason,omitempty usage,omitzero latency_ms,omitempty truncated,omitempty content_bytes,omitempty reasoning_bytes,omitempty" &&
		jsonFields(reflect.TypeFor[Usage]()) == "input_tokens output_tokens reasoning_tokens,omitempty cached_input_tokens,omitempty cache_write_tokens,omitempty"
}()

func jsonFields(t reflect.Type) string {
	var b bytes.Buffer
	for i := range t.NumField() {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.Field(i).Tag.Get("json"))
	}
	return b.String()
}

type encoder struct {
	buf []byte
	err error
}

// object writes open (the member's name and its brace), m's members in the
// order of their keys, each value by value, and the closing brace; nothing
// when m is empty. order remembers the keys of the last map written.
func object[V any](e *encoder, open string, m map[string]V, value func(V), order *atomic.Pointer[[]string]) {
	if len(m) == 0 {
		return
	}
	e.buf = append(e.buf, open...)
	for i, k := range sortedKeys(m, order) {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		e.buf = appendJSONString(e.buf, k)
		e.buf = append(e.buf, ':')
		value(m[k])
	}
	e.buf = append(e.buf, '}')
}

// tagOrder and metricOrder are the sorted keys of the last tags and
// metrics written. The results of a run mostly share their keys, and
// checking that a map has the keys remembered costs a fraction of sorting
// them again.
var tagOrder, metricOrder atomic.Pointer[[]string]

// sortedKeys is m's keys in order: the remembered ones when m has exactly
// those, else m's own sorted, then remembered.
func sortedKeys[V any](m map[string]V, order *atomic.Pointer[[]string]) []string {
	if last := order.Load(); last != nil && len(*last) == len(m) {
		same := true
		for _, k := range *last {
			if _, ok := m[k]; !ok {
				same = false
				break
			}
		}
		if same {
			return *last
		}
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	order.Store(&keys)
	return keys
}

func (e *encoder) string(s string) { e.buf = appendJSONString(e.buf, s) }

func (e *encoder) result(r Result) {
	e.buf = append(e.buf, `{"suite":`...)
	e.buf = appendJSONString(e.buf, r.Suite)
	e.buf = append(e.buf, `,"model":`...)
	e.buf = appendJSONString(e.buf, r.Model)
	if r.Settings != nil {
		// A few numbers and words, once per case: json.Marshal's own.
		b, err := json.Marshal(r.Settings)
		if err != nil && e.err == nil {
			e.err = err
		}
		e.buf = append(append(e.buf, `,"settings":`...), b...)
	}
	e.buf = append(e.buf, `,"case":`...)
	e.buf = appendJSONString(e.buf, r.Case)
	object(e, `,"tags":{`, r.Tags, e.string, &tagOrder)
	object(e, `,"metrics":{`, r.Metrics, e.float, &metricOrder)
	if len(r.Detail) > 0 {
		e.buf = append(e.buf, `,"detail":`...)
		if r.Record != nil {
			// json.Marshal's bytes of the record: compact and escaped
			// already.
			e.buf = append(e.buf, r.Detail...)
		} else {
			e.raw(r.Detail)
		}
	}
	if r.System != "" {
		e.buf = append(e.buf, `,"system":`...)
		e.buf = appendJSONString(e.buf, r.System)
	}
	e.int(`,"system_bytes":`, r.SystemBytes)
	if len(r.Turns) > 0 {
		e.buf = append(e.buf, `,"turns":[`...)
		for i, t := range r.Turns {
			if i > 0 {
				e.buf = append(e.buf, ',')
			}
			e.turn(t)
		}
		e.buf = append(e.buf, ']')
	}
	e.int(`,"turns_omitted":`, r.TurnsOmitted)
	e.buf = append(e.buf, `,"usage":`...)
	e.usage(r.Usage)
	if r.Error != "" {
		e.buf = append(e.buf, `,"error":`...)
		e.buf = appendJSONString(e.buf, r.Error)
	}
	e.buf = append(e.buf, `,"duration_s":`...)
	e.float(r.Duration)
	e.buf = append(e.buf, '}')
}

func (e *encoder) turn(t Turn) {
	e.buf = append(e.buf, `{"role":`...)
	e.buf = appendJSONString(e.buf, t.Role)
	e.buf = append(e.buf, `,"content":`...)
	e.buf = appendJSONString(e.buf, t.Content)
	if t.Reasoning != "" {
		e.buf = append(e.buf, `,"reasoning":`...)
		e.buf = appendJSONString(e.buf, t.Reasoning)
	}
	if t.StopReason != "" {
		e.buf = append(e.buf, `,"stop_reason":`...)
		e.buf = appendJSONString(e.buf, t.StopReason)
	}
	if t.Usage != (Usage{}) {
		e.buf = append(e.buf, `,"usage":`...)
		e.usage(t.Usage)
	}
	if t.LatencyMS != 0 {
		e.buf = append(e.buf, `,"latency_ms":`...)
		e.float(t.LatencyMS)
	}
	if t.Truncated {
		e.buf = append(e.buf, `,"truncated":true`...)
	}
	e.int(`,"content_bytes":`, t.ContentBytes)
	e.int(`,"reasoning_bytes":`, t.ReasoningBytes)
	e.buf = append(e.buf, '}')
}

func (e *encoder) usage(u Usage) {
	e.buf = append(e.buf, `{"input_tokens":`...)
	e.buf = strconv.AppendInt(e.buf, int64(u.InputTokens), 10)
	e.buf = append(e.buf, `,"output_tokens":`...)
	e.buf = strconv.AppendInt(e.buf, int64(u.OutputTokens), 10)
	e.int(`,"reasoning_tokens":`, u.ReasoningTokens)
	e.int(`,"cached_input_tokens":`, u.CachedInputTokens)
	e.int(`,"cache_write_tokens":`, u.CacheWriteTokens)
	e.buf = append(e.buf, '}')
}

// int writes an omitempty int field, its key and colon in key, unless n
// is 0.
func (e *encoder) int(key string, n int) {
	if n != 0 {
		e.buf = strconv.AppendInt(append(e.buf, key...), int64(n), 10)
	}
}

// float writes a float64 as encoding/json does: 'f' form, or 'e' form for
// a magnitude below 1e-6 or from 1e21, its exponent without a leading
// zero; NaN and infinities are an error.
func (e *encoder) float(f float64) {
	var ok bool
	if e.buf, ok = jsonnum.AppendFloat(e.buf, f); !ok && e.err == nil {
		e.err = &json.UnsupportedValueError{Value: reflect.ValueOf(f), Str: strconv.FormatFloat(f, 'g', -1, 64)}
	}
}

// raw writes a JSON value compacted, with its HTML characters escaped, as
// encoding/json writes a json.RawMessage; invalid JSON is an error.
func (e *encoder) raw(data []byte) {
	var b bytes.Buffer
	if err := json.Compact(&b, data); err != nil {
		if e.err == nil {
			e.err = &json.MarshalerError{Type: reflect.TypeFor[json.RawMessage](), Err: err}
		}
		return
	}
	out := b.Bytes()
	if !hasHTMLEscape(out) {
		e.buf = append(e.buf, out...)
		return
	}
	for i := 0; i < len(out); i++ {
		c := out[i]
		switch {
		case c == '<' || c == '>' || c == '&':
			e.buf = append(e.buf, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		case c == 0xE2 && i+2 < len(out) && out[i+1] == 0x80 && out[i+2]&^1 == 0xA8:
			e.buf = append(e.buf, '\\', 'u', '2', '0', '2', hexDigits[out[i+2]&0xF])
			i += 2
		default:
			e.buf = append(e.buf, c)
		}
	}
}

// hasHTMLEscape reports whether compact JSON holds a byte encoding/json
// escapes for HTML: < > & or the first byte of U+2028 and U+2029.
func hasHTMLEscape(b []byte) bool {
	for _, c := range b {
		if c == '<' || c == '>' || c == '&' || c == 0xE2 {
			return true
		}
	}
	return false
}

const hexDigits = "0123456789abcdef"

// plain marks the ASCII bytes a string holds as they are: neither a
// control byte, a quote, a backslash nor one escaped for HTML.
var plain = func() (t [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// appendJSONString writes s as a JSON string as encoding/json does with
// HTML escaping on: ", \ and the control characters escaped (\b \f \n \r
// \t by name, the others as \u00XX), < > & as \u003c \u003e \u0026,
// U+2028 and U+2029 as \u2028 \u2029, and each byte of invalid UTF-8 as
// \ufffd.
func appendJSONString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if plain[c] {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
