package worlds

import (
	"fmt"
	"strings"
	"unicode"
)

// MaxReplyBytes caps the reply the parser reads: a longer reply is a parse
// failure, so a runaway generation costs linear time and no more.
const MaxReplyBytes = 1 << 20

// Outcome is what a reply did with a probe under the answer contract.
type Outcome string

// The three outcomes. A parse failure is not a wrong answer: the reply
// broke the contract, and the two are counted apart.
const (
	OutcomeAnswer       Outcome = "answer"        // a value of the probe's answer type
	OutcomeAbstain      Outcome = "abstain"       // unknown or one of its synonyms
	OutcomeParseFailure Outcome = "parse_failure" // no key=value line, or a value that does not read
)

// Valid reports whether o is one of the three outcomes.
func (o Outcome) Valid() bool {
	return o == OutcomeAnswer || o == OutcomeAbstain || o == OutcomeParseFailure
}

// Parsed is what the strict parser read from a reply.
type Parsed struct {
	Outcome Outcome `json:"outcome"`
	// Value is the canonical value read (see [Parse]); empty unless the
	// outcome is an answer.
	Value string `json:"value,omitempty"`
	// Reason says why a reply failed to parse; empty otherwise.
	Reason string `json:"reason,omitempty"`
	// ExactContract reports that the reply, trimmed and taken out of its
	// code fence, is the key=value line and nothing else (decoration such as
	// ** or a trailing full stop aside). It is reported, never scored.
	ExactContract bool `json:"exact_contract"`
}

// abstentions are the values that abstain, after normalisation.
var abstentions = []string{"unknown", "undetermined", "cannot_determine", "cannot determine", "not determinable"}

// IsAbstention reports whether a normalised value is one of the five
// abstention words.
func IsAbstention(value string) bool {
	for _, a := range abstentions {
		if value == a {
			return true
		}
	}
	return false
}

// Parse reads a reply to a probe under the strict answer contract:
//
//  1. Trim white space; a reply wrapped in one code fence is replaced by
//     its inside (an info word such as text on the opening line dropped).
//  2. Find the last occurrence of the probe's key, matched without regard
//     to ASCII case, at the start of the text or after a byte that is not
//     an ASCII letter, digit or _, then optional spaces or tabs, then =.
//     None: a parse failure.
//  3. The raw value runs from after = to the end of that line (\n or \r);
//     it is normalised by [Normalize].
//  4. unknown, undetermined, cannot_determine, cannot determine and not
//     determinable are an abstention.
//  5. Otherwise the value is read by the probe's answer type; a value that
//     does not read is a parse failure. Value is then the canonical form:
//     bool yes or no (true and false read as yes and no); int -?[0-9]+ in
//     decimal without leading zeros; enum the one option whose normalised
//     form the value is; coordinate a,b (grid, also written (a,b) or
//     [a,b]) or a square a1…h8 (chess); set the items, each normalised,
//     plurals keys balls boxes doors made singular, sorted and joined by ,
//     (none when empty); member a UCI move [a-h][1-8][a-h][1-8][qrbn]?.
//  6. ExactContract is set when the text holds nothing but that line.
//
// Only the last occurrence is read: a reply that writes key=3 and later
// explains "key = the number of keys" fails to parse. A reply longer than
// [MaxReplyBytes] is a parse failure. The parser never panics and runs in
// time linear in the reply: for a key of letters, digits and _, each byte
// is looked at a bounded number of times.
func Parse(p Probe, reply string) Parsed {
	if len(reply) > MaxReplyBytes {
		return failure("reply of %d bytes exceeds %d", len(reply), MaxReplyBytes)
	}
	if p.Key == "" {
		return failure("probe %s has no key", p.ID)
	}
	text := unfence(strings.TrimSpace(reply))
	start, eq, ok := findKey(text, p.Key)
	if !ok {
		return failure("no %s= in the reply", p.Key)
	}
	rest := text[eq+1:]
	end := strings.IndexAny(rest, "\r\n")
	if end < 0 {
		end = len(rest)
	}
	value := Normalize(rest[:end])
	exact := end == len(rest) && onlyDecoration(text[:start])
	if IsAbstention(value) {
		return Parsed{Outcome: OutcomeAbstain, ExactContract: exact}
	}
	canonical, reason := readValue(p, value)
	if reason != "" {
		return Parsed{Outcome: OutcomeParseFailure, Reason: reason}
	}
	return Parsed{Outcome: OutcomeAnswer, Value: canonical, ExactContract: exact}
}

func failure(format string, args ...any) Parsed {
	return Parsed{Outcome: OutcomeParseFailure, Reason: fmt.Sprintf(format, args...)}
}

// unfence returns the inside of a text wrapped in one code fence: an
// opening ``` (with an optional info word on its line, such as text or ini)
// and a closing ```. A text with more fences than the two is left as it is.
func unfence(s string) string {
	if len(s) < 6 || !strings.HasPrefix(s, "```") || !strings.HasSuffix(s, "```") {
		return s
	}
	inner := s[3 : len(s)-3]
	if strings.Contains(inner, "```") {
		return s
	}
	if nl := strings.IndexByte(inner, '\n'); nl >= 0 && isInfoString(strings.TrimRight(inner[:nl], "\r")) {
		inner = inner[nl+1:]
	}
	return strings.TrimSpace(inner)
}

// isInfoString reports whether the rest of a fence's opening line is an
// info word (possibly empty): letters, digits and _ + - . #.
func isInfoString(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isWordByte(c) && c != '+' && c != '-' && c != '.' && c != '#' {
			return false
		}
	}
	return true
}

// findKey finds the last occurrence of key (ASCII case folded) that starts
// the text or follows a byte that is not a letter, digit or _, followed by
// optional spaces or tabs and =. It returns where the key starts and where
// the = is.
//
// It walks the = signs from the end. For each it skips the spaces before it
// and compares the key backwards from there, stopping at the first byte
// that differs. A key of word bytes differs from any space or =, so every
// byte of the text is looked at a bounded number of times: the walk is
// linear in the text.
func findKey(s, key string) (start, eq int, ok bool) {
	end := len(s)
	for {
		e := strings.LastIndexByte(s[:end], '=')
		if e < 0 {
			return -1, -1, false
		}
		end = e
		j := e
		for j > 0 && (s[j-1] == ' ' || s[j-1] == '\t') {
			j--
		}
		k := j - len(key)
		if k < 0 || !suffixFold(s[k:j], key) || (k > 0 && isWordByte(s[k-1])) {
			continue
		}
		return k, e, true
	}
}

// suffixFold reports whether a equals b under ASCII case folding, comparing
// from the end.
func suffixFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := len(a) - 1; i >= 0; i-- {
		if lowerASCII(a[i]) != lowerASCII(b[i]) {
			return false
		}
	}
	return true
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// isWordByte reports an ASCII letter, digit or _.
func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}

// decoration is what Normalize strips from both ends of a value.
const decoration = "*`\"'<>"

// onlyDecoration reports whether s holds nothing but white space and the
// decoration characters (the ** before **key=value**).
func onlyDecoration(s string) bool {
	for _, r := range s {
		if !unicode.IsSpace(r) && !strings.ContainsRune(decoration, r) {
			return false
		}
	}
	return true
}

// clip shortens text quoted in a reason or a verdict.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && cut < len(s) && s[cut]&0xC0 == 0x80 {
		cut-- // do not split a UTF-8 sequence
	}
	return s[:cut] + "…"
}
