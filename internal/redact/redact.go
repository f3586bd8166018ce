// Package redact keeps secrets (API keys) out of every file and message
// hallumaze writes. One [Secrets] value, built from the keys of the
// environment and the config file, passes over each result as it is made,
// each file as it is written and each error before it is printed, so a key
// that a server echoed back in a reply or an error never lands anywhere.
package redact

import (
	"bytes"
	"encoding/json"
	"html"
	"io"
	"slices"
	"strings"
)

// Placeholder replaces a secret.
const Placeholder = "[REDACTED]"

// MinLength is the shortest string taken as a secret: a shorter one would
// blank out ordinary words.
const MinLength = 8

// A partial echo of a key is redacted too: a server that shows "your key
// sk-proj-AbCd… is invalid" gives away its vendor prefix (sk-proj-, up to
// the last - or _ of its first 16 bytes) and a few characters. Any run of
// at least the prefix and two more characters (and at least
// minPartial bytes) that agrees with the start of a key is replaced.
const minPartial = 10

// Secrets is a set of strings that must not be written. The nil *Secrets
// holds none. It is safe for concurrent use once built.
type Secrets struct {
	forms [][]byte // each secret and its escaped forms, longest first
	keys  []key    // each secret, matched also by a long enough prefix
	max   int
}

// key is a secret matched by any prefix of at least min bytes.
type key struct {
	b   []byte
	min int
}

// New returns the set of the given secrets, ignoring those shorter than
// MinLength. Each secret is also matched in the forms JSON and HTML escaping
// give it, and by a prefix of it (see minPartial).
func New(secrets ...string) *Secrets {
	s := &Secrets{}
	seen := map[string]bool{}
	for _, sec := range secrets {
		sec = strings.TrimSpace(sec)
		if len(sec) < MinLength {
			continue
		}
		quoted, _ := json.Marshal(sec)
		for _, f := range []string{sec, string(quoted[1 : len(quoted)-1]), html.EscapeString(sec)} {
			if !seen[f] {
				seen[f] = true
				s.forms = append(s.forms, []byte(f))
				s.max = max(s.max, len(f))
			}
		}
		if !seen["key:"+sec] {
			seen["key:"+sec] = true
			s.keys = append(s.keys, key{b: []byte(sec), min: partialLength(sec)})
		}
	}
	slices.SortFunc(s.forms, func(a, b []byte) int { return len(b) - len(a) })
	if len(s.forms) == 0 {
		return nil
	}
	return s
}

// partialLength is the shortest prefix of a secret taken as an echo of it:
// its vendor prefix (up to the last - or _ of its first 16 bytes) and two
// more characters, and at least minPartial bytes, at most the whole
// secret.
func partialLength(sec string) int {
	head := sec[:min(len(sec), 16)]
	p := strings.LastIndexAny(head, "-_") + 1
	return min(len(sec), max(minPartial, p+2))
}

// Empty reports whether the set holds no secret.
func (s *Secrets) Empty() bool { return s == nil || len(s.forms) == 0 }

// mayHold reports whether x holds the start of a secret at all, so that a
// text without one (most are) is neither copied nor scanned twice.
func (s *Secrets) mayHold(x string) bool {
	for _, k := range s.keys {
		if strings.Contains(x, string(k.b[:k.min])) {
			return true
		}
	}
	for _, f := range s.forms {
		if strings.Contains(x, string(f)) {
			return true
		}
	}
	return false
}

// span is a stretch [start, end) of a text to replace; open reports a
// partial echo that reaches the end of the text and could go on in what
// follows.
type span struct {
	start, end int
	open       bool
}

// spans finds every stretch of b that holds a secret, a form of one or a
// partial echo of one, sorted and merged.
func (s *Secrets) spans(b []byte) []span {
	if s.Empty() {
		return nil
	}
	var out []span
	for _, f := range s.forms {
		for off := 0; ; {
			i := bytes.Index(b[off:], f)
			if i < 0 {
				break
			}
			out = append(out, span{start: off + i, end: off + i + len(f)})
			off += i + len(f)
		}
	}
	for _, k := range s.keys {
		head := k.b[:k.min]
		for off := 0; ; {
			i := bytes.Index(b[off:], head)
			if i < 0 {
				break
			}
			start := off + i
			n := k.min
			for start+n < len(b) && n < len(k.b) && b[start+n] == k.b[n] {
				n++
			}
			out = append(out, span{start: start, end: start + n, open: start+n == len(b) && n < len(k.b)})
			off = start + n
		}
	}
	if len(out) == 0 {
		return nil
	}
	slices.SortFunc(out, func(a, b span) int { return a.start - b.start })
	merged := out[:1]
	for _, sp := range out[1:] {
		last := &merged[len(merged)-1]
		if sp.start < last.end {
			if sp.end > last.end {
				last.end, last.open = sp.end, sp.open
			} else if sp.end == last.end {
				last.open = last.open || sp.open
			}
			continue
		}
		merged = append(merged, sp)
	}
	return merged
}

// replace writes b with each span replaced by Placeholder.
func replace(b []byte, spans []span) []byte {
	if len(spans) == 0 {
		return b
	}
	out := make([]byte, 0, len(b))
	at := 0
	for _, sp := range spans {
		out = append(out, b[at:sp.start]...)
		out = append(out, Placeholder...)
		at = sp.end
	}
	return append(out, b[at:]...)
}

// String returns x with every secret replaced by [Placeholder].
func (s *Secrets) String(x string) string {
	if s.Empty() || !s.mayHold(x) {
		return x
	}
	sp := s.spans([]byte(x))
	if len(sp) == 0 {
		return x
	}
	return string(replace([]byte(x), sp))
}

// Bytes returns b with every secret replaced, b itself when none occurs.
func (s *Secrets) Bytes(b []byte) []byte {
	return replace(b, s.spans(b))
}

// Contains reports whether b holds a secret.
func (s *Secrets) Contains(b []byte) bool {
	return len(s.spans(b)) > 0
}

// Error is err with its message redacted; nil stays nil.
func (s *Secrets) Error(err error) error {
	if err == nil || s.Empty() {
		return err
	}
	msg := err.Error()
	if red := s.String(msg); red != msg {
		return redactedError{msg: red, err: err}
	}
	return err
}

type redactedError struct {
	msg string
	err error
}

func (e redactedError) Error() string { return e.msg }
func (e redactedError) Unwrap() error { return e.err }

// Writer redacts what passes through it on its way to w. It holds back the
// last bytes of what it was given, as long as the longest secret less one,
// and any echo of a key that reaches the end of what it was given, so
// that a secret split across two writes is still caught; Close writes
// them. Writes are not safe for concurrent use.
type Writer struct {
	s   *Secrets
	w   io.Writer
	buf []byte
}

// Writer wraps w.
func (s *Secrets) Writer(w io.Writer) *Writer { return &Writer{s: s, w: w} }

// Write redacts and writes all of p but the held-back tail.
func (rw *Writer) Write(p []byte) (int, error) {
	if rw.s.Empty() {
		return rw.w.Write(p)
	}
	rw.buf = append(rw.buf, p...)
	spans := rw.s.spans(rw.buf)
	cut := len(rw.buf) - (rw.s.max - 1)
	for _, sp := range spans {
		if sp.start < cut && (sp.end > cut || sp.open) {
			cut = sp.start
		}
	}
	if cut <= 0 {
		return len(p), nil
	}
	var done []span
	for _, sp := range spans {
		if sp.end <= cut {
			done = append(done, sp)
		}
	}
	if _, err := rw.w.Write(replace(rw.buf[:cut], done)); err != nil {
		return 0, err
	}
	rw.buf = append(rw.buf[:0], rw.buf[cut:]...)
	return len(p), nil
}

// Close writes what was held back. It does not close w.
func (rw *Writer) Close() error {
	if len(rw.buf) == 0 {
		return nil
	}
	_, err := rw.w.Write(rw.s.Bytes(rw.buf))
	rw.buf = rw.buf[:0]
	return err
}
