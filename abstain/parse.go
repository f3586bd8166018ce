package abstain

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxReplyBytes caps the reply the parsers read: a longer reply is a parse
// failure, so a runaway generation costs linear time and no more.
const MaxReplyBytes = 1 << 20

// Parsed is what a parser read from a reply.
type Parsed struct {
	// Status is StatusAnswer or StatusAbsent, upper-cased.
	Status string `json:"status"`
	// Answer is the answer as the reply wrote it (a JSON number's text or a
	// string's contents); empty for INSUFFICIENT.
	Answer string `json:"answer,omitempty"`
	// Numeric reports that Answer normalised to a number, Value. A
	// non-numeric answer is a wrong answer, not a parse failure.
	Numeric bool    `json:"numeric"`
	Value   float64 `json:"value"`
}

// Abstained reports a reply of status INSUFFICIENT.
func (p Parsed) Abstained() bool { return p.Status == StatusAbsent }

// Correct reports whether the reply answers gold (a number written as a
// string): status ANSWER, a numeric answer, and |a − g| ≤ 1e-6·max(1, |g|).
func (p Parsed) Correct(gold string) bool {
	g, ok := parseNumber(gold)
	if !ok || p.Status != StatusAnswer || !p.Numeric {
		return false
	}
	return math.Abs(p.Value-g) <= 1e-6*math.Max(1, math.Abs(g))
}

// ErrParse is wrapped by every parse failure, so callers can tell a reply
// that broke the contract from one that merely answered wrongly.
var ErrParse = errors.New("reply breaks the output contract")

func parseErr(format string, args ...any) error {
	return fmt.Errorf("abstain: parse reply: %w: %s", ErrParse, fmt.Sprintf(format, args...))
}

// Exact reports whether a reply keeps the output contract to the letter:
// after white space at its ends, the reply is one JSON object and nothing
// else (no prose, no reasoning, no code fence or other markdown around
// it), and [ParseStrict] reads it. The seed's contract allows nothing
// outside the object; the strict parser is more forgiving (it takes the
// first object of the reply), so a reply can be scored and still break
// the contract: Exact measures that, beside the scores.
func Exact(reply string) bool {
	if len(reply) > MaxReplyBytes {
		return false
	}
	text := strings.TrimSpace(reply)
	obj, ok := firstObject(text)
	if !ok || obj != text {
		return false
	}
	_, err := ParseStrict(text)
	return err == nil
}

// ParseStrict reads a reply under the strict output contract:
//
//  1. Trim white space; a reply wrapped in one code fence (``` or ```json)
//     is replaced by its inside.
//  2. Take the first balanced {...} object (the one that starts earliest,
//     each opening brace read with JSON strings skipped from there on;
//     braces inside JSON strings do not count) and decode it as JSON; its
//     keys are "status" and "answer", exactly.
//  3. status, case-insensitive, must be ANSWER or INSUFFICIENT.
//  4. INSUFFICIENT must have a null or absent answer; ANSWER must have a
//     non-null answer.
//  5. The answer is a JSON number, or a string normalised by [NormalizeAnswer].
//
// A reply that breaks rules 1 to 4, or is longer than [MaxReplyBytes], is a
// parse failure: the error wraps [ErrParse]. An answer that does not
// normalise to a number is not a failure; Parsed.Numeric is false and the
// answer is wrong. The parser runs in time linear in the reply and never
// panics.
func ParseStrict(reply string) (Parsed, error) {
	if len(reply) > MaxReplyBytes {
		return Parsed{}, parseErr("reply of %d bytes exceeds %d", len(reply), MaxReplyBytes)
	}
	text := unfence(strings.TrimSpace(reply))
	obj, ok := firstObject(text)
	if !ok {
		return Parsed{}, parseErr("no balanced {...} object")
	}
	// The keys are the contract's, exactly: a map, not a struct, whose
	// decoding would also take "Status" or "ANSWER" as keys.
	var fields map[string]json.RawMessage
	if err := json.Unmarshal([]byte(obj), &fields); err != nil {
		return Parsed{}, parseErr("object does not decode: %v", err)
	}
	raw := struct{ Status, Answer json.RawMessage }{fields["status"], fields["answer"]}
	var status string
	if err := json.Unmarshal(raw.Status, &status); err != nil {
		return Parsed{}, parseErr("status is not a string")
	}
	answerNull := len(raw.Answer) == 0 || string(raw.Answer) == "null"
	var p Parsed
	switch strings.ToUpper(status) {
	case StatusAbsent:
		if !answerNull {
			return Parsed{}, parseErr("INSUFFICIENT with answer %s", clip(string(raw.Answer)))
		}
		return Parsed{Status: StatusAbsent}, nil
	case StatusAnswer:
		if answerNull {
			return Parsed{}, parseErr("ANSWER without an answer")
		}
		p.Status = StatusAnswer
	default:
		return Parsed{}, parseErr("status %q is neither ANSWER nor INSUFFICIENT", clip(status))
	}
	var s string
	switch {
	case raw.Answer[0] == '"':
		if err := json.Unmarshal(raw.Answer, &s); err != nil {
			return Parsed{}, parseErr("answer string does not decode")
		}
		p.Answer = s
		p.Value, p.Numeric = NormalizeAnswer(s)
	case raw.Answer[0] == '-' || isDigit(raw.Answer[0]):
		p.Answer = string(raw.Answer)
		v, err := strconv.ParseFloat(p.Answer, 64)
		p.Value, p.Numeric = v, err == nil && !math.IsInf(v, 0)
	default:
		// true, an object, a list: an answer, but not a number.
		p.Answer = string(raw.Answer)
	}
	return p, nil
}

// unfence returns the inside of a reply wrapped in one code fence: an
// opening ``` (with an optional info word such as json) and a closing ```.
func unfence(s string) string {
	if !strings.HasPrefix(s, "```") || !strings.HasSuffix(s, "```") || len(s) < 6 {
		return s
	}
	inner := s[3 : len(s)-3]
	if strings.Contains(inner, "```") {
		return s // more than one fence: leave the text as it is
	}
	if nl := strings.IndexByte(inner, '\n'); nl >= 0 && !strings.ContainsAny(inner[:nl], "{}") {
		inner = inner[nl+1:] // drop the info string (```json)
	} else if i := strings.IndexByte(inner, '{'); i >= 0 && strings.TrimSpace(inner[:i]) == "json" {
		inner = inner[i:]
	}
	return strings.TrimSpace(inner)
}

// firstObject finds the balanced {...} span that starts earliest in s: the
// one [naiveFirstObject] finds by trying each opening brace in turn and
// reading on from it with JSON strings (and their backslash escapes)
// skipped. See [scanObjects] for how one pass does the same.
func firstObject(s string) (string, bool) {
	start, end, _ := scanObjects(s)
	if start < 0 {
		return "", false
	}
	return s[start : end+1], true
}

// scanObjects reads s once and returns the span [start, end] of the
// balanced object that starts earliest (−1, −1 when there is none), and the
// work done: bytes read plus stack entries merged, at most 2·len(s).
//
// A read from an opening brace is in one of three lexical states (outside
// strings, inside one, inside one right after a backslash) and has a stack
// of the braces it opened and has not closed. Reads from different braces
// that reach the same byte in the same state go on alike from there, so
// they are kept together: at most three groups, one per state, each with
// one stack. An entry of a stack stands for the earliest brace whose read
// closes at that depth. When two groups fall into one state (an escaped
// byte ends the escape of one while the other is inside a string; a quote
// opens a string for one while ending the escape of the other), their
// stacks are merged from the top, keeping the earlier brace at each depth:
// reads at the same depth close on the same later brace. A new read joins
// the group outside strings. Each brace is pushed once and each merge
// removes as many entries as it compares, so the pass is linear in the
// worst case, with no bound on how many reads fail first.
func scanObjects(s string) (start, end, work int) {
	start, end = -1, -1
	first := strings.IndexByte(s, '{')
	if first < 0 {
		return -1, -1, 0
	}
	var g objectSearch
	// The first group may need an entry for every brace; later groups
	// grow as they need.
	g.outside = make([]int32, 0, strings.Count(s[first:], "{"))
	for i := first; i < len(s); i++ {
		c := s[i]
		if !objectByte[c] {
			// A plain byte ends an escape; the bytes after it up to the
			// next brace, quote or backslash change nothing.
			g.inside, g.escaped = g.merge(g.inside, g.escaped), nil
			j := i + 1
			for j < len(s) && !objectByte[s[j]] {
				j++
			}
			work += j - i
			i = j - 1
			continue
		}
		work++
		switch c {
		case '"':
			g.outside, g.inside, g.escaped = g.inside, g.merge(g.outside, g.escaped), nil
		case '\\':
			g.inside, g.escaped = g.escaped, g.inside
		case '{':
			g.inside, g.escaped = g.merge(g.inside, g.escaped), nil
			if cap(g.outside) == 0 {
				g.outside, g.spare = g.spare[:0], nil // a read begins here
			}
			g.outside = push(g.outside, int32(i))
		case '}':
			g.inside, g.escaped = g.merge(g.inside, g.escaped), nil
			n := len(g.outside)
			if n == 0 {
				continue
			}
			open := int(g.outside[n-1])
			g.outside = g.outside[:n-1]
			if start < 0 || open < start {
				start, end = open, i
				if open == first {
					return start, end, work + g.merged // no read starts earlier
				}
			}
		}
	}
	return start, end, work + g.merged
}

// objectByte marks the bytes that change a read of scanObjects.
var objectByte = [256]bool{'{': true, '}': true, '"': true, '\\': true}

// objectSearch holds the groups of reads of scanObjects, one per lexical
// state; each is the stack of open braces its reads share, empty when the
// group holds no read.
type objectSearch struct {
	outside, inside, escaped []int32
	spare                    []int32 // a stack no group uses
	merged                   int     // entries compared by merges
}

// merge merges the stacks of two groups that fall into one state, aligned
// at their tops and keeping the earlier brace at each depth, into the
// longer one, and keeps the other for reuse.
func (g *objectSearch) merge(a, b []int32) []int32 {
	if len(a) < len(b) {
		a, b = b, a
	}
	off := len(a) - len(b)
	for k, v := range b {
		a[off+k] = min(a[off+k], v)
	}
	g.merged += len(b)
	if cap(b) > cap(g.spare) {
		g.spare = b[:0]
	}
	return a
}

// push appends v, doubling the stack when it is full.
func push(st []int32, v int32) []int32 {
	if len(st) == cap(st) {
		grown := make([]int32, len(st), 2*cap(st)+16)
		copy(grown, st)
		st = grown
	}
	return append(st, v)
}

// NormalizeAnswer reads an answer string as a number. It drops white space,
// a leading $, one trailing word of letters (a unit: "270 miles"), a trailing
// %, and commas between digits (thousands separators); what is left must be
// a decimal number (-12, 3.5, .5) or a fraction a/b of two decimals.
func NormalizeAnswer(s string) (float64, bool) {
	// The unit word goes first, while white space still separates words:
	// "5 big apples" keeps "big" and is no number.
	s = strings.TrimSpace(s)
	end := len(s)
	for end > 0 {
		r, size := utf8.DecodeLastRuneInString(s[:end])
		if !unicode.IsLetter(r) {
			break
		}
		end -= size
	}
	s = strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s[:end])
	s = strings.TrimPrefix(s, "$")
	s = strings.TrimSuffix(s, "%")
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == ',' && i > 0 && i+1 < len(s) && isDigit(s[i-1]) && isDigit(s[i+1]) {
			continue
		}
		b.WriteByte(s[i])
	}
	return parseNumber(b.String())
}

// parseNumber reads a decimal number or a fraction a/b.
func parseNumber(s string) (float64, bool) {
	if num, den, ok := strings.Cut(s, "/"); ok {
		a, ok1 := parseDecimal(num)
		b, ok2 := parseDecimal(den)
		if !ok1 || !ok2 || b == 0 {
			return 0, false
		}
		return a / b, true
	}
	return parseDecimal(s)
}

// parseDecimal accepts [+-]digits[.digits] or [+-].digits and nothing else
// (no exponent, no hex, no inf). A decimal too large for a float64 is still
// a number: it reads as ±Inf, and so is never within the tolerance of a
// gold answer.
func parseDecimal(s string) (float64, bool) {
	t := strings.TrimLeft(s, "+-")
	if len(s)-len(t) > 1 || t == "" || t == "." {
		return 0, false
	}
	dot := false
	for i := 0; i < len(t); i++ {
		switch {
		case t[i] == '.' && !dot:
			dot = true
		case !isDigit(t[i]):
			return 0, false
		}
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, false
	}
	return v, true
}

// ParseLenient reads a reply the forgiving way, for a second opinion beside
// the strict parser (never instead of it): the word INSUFFICIENT anywhere
// (any case, as a whole word) is an abstention; otherwise the last bare
// number in the reply is the answer. A reply with neither, or longer than
// [MaxReplyBytes], is a parse failure wrapping [ErrParse].
func ParseLenient(reply string) (Parsed, error) {
	if len(reply) > MaxReplyBytes {
		return Parsed{}, parseErr("reply of %d bytes exceeds %d", len(reply), MaxReplyBytes)
	}
	if hasWord(reply, "insufficient") {
		return Parsed{Status: StatusAbsent}, nil
	}
	num, ok := lastNumber(reply)
	if !ok {
		return Parsed{}, parseErr("no INSUFFICIENT and no number")
	}
	v, ok := NormalizeAnswer(num)
	return Parsed{Status: StatusAnswer, Answer: num, Value: v, Numeric: ok}, nil
}

// hasWord reports whether s contains word (ASCII, any case) not joined to
// letters or digits on either side.
func hasWord(s, word string) bool {
	lower := []byte(strings.ToLower(s)) // ToLower keeps ASCII offsets for ASCII words
	w := []byte(word)
	for off := 0; ; {
		i := bytes.Index(lower[off:], w)
		if i < 0 {
			return false
		}
		i += off
		j := i + len(w)
		if (i == 0 || !isWordByte(lower[i-1])) && (j == len(lower) || !isWordByte(lower[j])) {
			return true
		}
		off = i + 1
	}
}

func isWordByte(c byte) bool { return isDigit(c) || isLower(c) || isUpper(c) || c == '_' }

// lastNumber finds the last bare number in s (see [numbersIn]).
func lastNumber(s string) (string, bool) {
	last := ""
	scanNumbers(s, func(n string) { last = n })
	return last, last != ""
}

// numbersIn lists the bare numbers of s in order (see [scanNumbers]).
func numbersIn(s string) []string {
	var out []string
	scanNumbers(s, func(n string) { out = append(out, n) })
	return out
}

// scanNumbers calls fn with each bare number of s: digits with optional
// commas between digit groups and an optional decimal part, an optional
// minus sign before, not joined to a letter on the left ("x25" holds none).
func scanNumbers(s string, fn func(string)) {
	for i := 0; i < len(s); {
		if !isDigit(s[i]) {
			i++
			continue
		}
		if i > 0 && (isLower(s[i-1]) || isUpper(s[i-1]) || s[i-1] == '_') {
			for i < len(s) && isDigit(s[i]) {
				i++
			}
			continue
		}
		start, j := i, i
		for j < len(s) && (isDigit(s[j]) || s[j] == ',' && j+1 < len(s) && isDigit(s[j+1])) {
			j++
		}
		if j+1 < len(s) && s[j] == '.' && isDigit(s[j+1]) {
			j++
			for j < len(s) && isDigit(s[j]) {
				j++
			}
		}
		if start > 0 && s[start-1] == '-' {
			start--
		}
		fn(s[start:j])
		i = j
	}
}

// clip shortens text quoted in an error message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// formatFloat writes v in the shortest decimal form that reads back as v.
func formatFloat(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
