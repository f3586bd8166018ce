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

// Secrets is a set of strings that must not be written. The nil *Secrets
// holds none. It is safe for concurrent use once built.
type Secrets struct {
	forms [][]byte // each secret and its escaped forms, longest first
	max   int
}

// New returns the set of the given secrets, ignoring those shorter than
// MinLength. Each secret is also matched in the forms JSON and HTML escaping
// give it.
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
	}
	slices.SortFunc(s.forms, func(a, b []byte) int { return len(b) - len(a) })
	if len(s.forms) == 0 {
		return nil
	}
	return s
}

// Empty reports whether the set holds no secret.
func (s *Secrets) Empty() bool { return s == nil || len(s.forms) == 0 }

// String returns x with every secret replaced by [Placeholder].
func (s *Secrets) String(x string) string {
	if s.Empty() {
		return x
	}
	for _, f := range s.forms {
		if strings.Contains(x, string(f)) {
			x = strings.ReplaceAll(x, string(f), Placeholder)
		}
	}
	return x
}

// Bytes returns b with every secret replaced, b itself when none occurs.
func (s *Secrets) Bytes(b []byte) []byte {
	if s.Empty() {
		return b
	}
	for _, f := range s.forms {
		if bytes.Contains(b, f) {
			b = bytes.ReplaceAll(b, f, []byte(Placeholder))
		}
	}
	return b
}

// Contains reports whether b holds a secret.
func (s *Secrets) Contains(b []byte) bool {
	if s.Empty() {
		return false
	}
	for _, f := range s.forms {
		if bytes.Contains(b, f) {
			return true
		}
	}
	return false
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
// so that a secret split across two writes is still caught; Close writes
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
	rw.buf = rw.s.Bytes(rw.buf)
	keep := rw.s.max - 1
	if len(rw.buf) > keep {
		n := len(rw.buf) - keep
		if _, err := rw.w.Write(rw.buf[:n]); err != nil {
			return 0, err
		}
		rw.buf = append(rw.buf[:0], rw.buf[n:]...)
	}
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
