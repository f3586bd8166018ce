package cassettes

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"gopkg.in/dnaeon/go-vcr.v4/pkg/cassette"

	"github.com/hallumaze/hallumaze/internal/files"
)

// ErrSecret is wrapped by the error [Recorder.Close] returns when a cassette
// about to be saved still holds something that looks like a key. Nothing is
// written in that case.
var ErrSecret = errors.New("possible secret in cassette")

// errAllDiscarded is returned when every recorded attempt failed (429 or
// 5xx), so there is nothing worth saving.
var errAllDiscarded = errors.New("every recorded attempt failed with 429 or 5xx; nothing saved")

// RecordedBaseURLHeader is the request header in which a cassette notes the
// base URL it was recorded through, when asked to ([Options.BaseURL]). It
// was never sent.
const RecordedBaseURLHeader = "X-Recorded-Base-Url"

// isSecretHeader reports whether a request header carries a credential and
// is therefore never saved: the named key headers, cookies, and any header
// whose name speaks of a key, token, secret, password or authorization.
func isSecretHeader(name string) bool {
	n := strings.ToLower(name)
	switch n {
	case "authorization", "proxy-authorization", "x-api-key", "x-goog-api-key", "api-key", "cookie", "set-cookie":
		return true
	}
	for _, w := range [...]string{"key", "token", "secret", "password", "auth", "cookie"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// isKeptResponseHeader reports whether a response header is saved. Only
// headers that change how a client reads the answer are kept; dates,
// request ids, rate-limit counters and the like vary on every call.
func isKeptResponseHeader(name string) bool {
	switch http.CanonicalHeaderKey(name) {
	case "Content-Type", "Content-Encoding", "Retry-After":
		return true
	}
	return false
}

// isFailedAttempt reports whether a response is one a caller retries (429,
// 5xx). Such attempts are not saved: a cassette holds the call that counted.
func isFailedAttempt(code int) bool {
	return code == http.StatusTooManyRequests || code >= 500
}

// saver prepares recorded interactions for saving and guards the write.
// It is the cassette.FS of the go-vcr recorder: WriteFile refuses to write
// a cassette in which a secret remains. With loaded set it serves data as
// the cassette file, so that Open reads a cassette from disk only once.
type saver struct {
	path    string
	data    []byte // the cassette as read by Open
	loaded  bool   // whether data stands for the file at path
	secrets []string
	// baseURL is noted in each saved request when set (Options.BaseURL).
	baseURL string

	mu        sync.Mutex
	total     int
	discarded int
}

// redact is a go-vcr BeforeSaveHook. It marks failed attempts to be
// discarded, removes credentials from the request (headers, key query
// parameters in URL and form, user information), keeps only the allowed
// response headers, zeroes the recorded latency, and then refuses the
// interaction if a secret remains. It builds new maps rather than editing
// the recorded ones, which are shared with the live request and response.
func (s *saver) redact(i *cassette.Interaction) error {
	s.mu.Lock()
	s.total++
	if isFailedAttempt(i.Response.Code) {
		s.discarded++
		s.mu.Unlock()
		i.DiscardOnSave = true
		return nil
	}
	s.mu.Unlock()

	req := &i.Request
	req.URL = redactURL(req.URL)
	req.RequestURI = redactURL(req.RequestURI)
	headers := http.Header{}
	for k, v := range req.Headers {
		if !isSecretHeader(k) {
			headers[k] = append([]string(nil), v...)
		}
	}
	if s.baseURL != "" {
		headers.Set(RecordedBaseURLHeader, redactURL(s.baseURL))
	}
	req.Headers = headers
	if req.Form != nil {
		form := url.Values{}
		for k, v := range req.Form {
			if !isKeyParam(k) {
				form[k] = append([]string(nil), v...)
			}
		}
		req.Form = form
	}
	req.Trailer = nil

	resp := &i.Response
	kept := http.Header{}
	for k, v := range resp.Headers {
		if isKeptResponseHeader(k) {
			kept[http.CanonicalHeaderKey(k)] = append([]string(nil), v...)
		}
	}
	resp.Headers = kept
	resp.Trailer = nil
	// Replay never sleeps the recorded latency; a zero duration keeps a
	// re-recorded cassette identical when the answers are.
	resp.Duration = 0

	if found := s.scanInteraction(i); len(found) > 0 {
		return secretError(found)
	}
	return nil
}

// redactURL removes key parameters and user information from a URL. Text
// that does not parse as a URL is kept only if it holds no query.
func redactURL(raw string) string {
	if raw == "" {
		return raw
	}
	u, err := url.Parse(raw)
	if err != nil {
		if i := strings.IndexByte(raw, '?'); i >= 0 {
			return raw[:i]
		}
		return raw
	}
	u.User = nil
	if u.RawQuery != "" {
		q := u.Query()
		for k := range q {
			if isKeyParam(k) {
				delete(q, k)
			}
		}
		u.RawQuery = q.Encode()
	}
	return u.String()
}

// scanInteraction scans each saved part of an interaction, before it is
// encoded, for secrets and for the literal keys in use.
func (s *saver) scanInteraction(i *cassette.Interaction) []Finding {
	parts := []struct{ name, text string }{
		{"request url", i.Request.URL},
		{"request uri", i.Request.RequestURI},
		{"request headers", headerText(i.Request.Headers)},
		{"request form", i.Request.Form.Encode()},
		{"request body", i.Request.Body},
		{"response headers", headerText(i.Response.Headers)},
		{"response body", i.Response.Body},
	}
	var out []Finding
	for _, p := range parts {
		for _, f := range scan([]byte(p.text), s.secrets) {
			f.Path = fmt.Sprintf("interaction %d %s", i.ID, p.name)
			out = append(out, f)
		}
	}
	return out
}

// headerText renders headers as "Name: value" lines.
func headerText(h http.Header) string {
	var b strings.Builder
	for _, k := range slices.Sorted(maps.Keys(h)) {
		for _, v := range h[k] {
			fmt.Fprintf(&b, "%s: %s\n", k, v)
		}
	}
	return b.String()
}

// secretError describes findings without the secrets themselves.
func secretError(found []Finding) error {
	const show = 5
	lines := make([]string, 0, show+1)
	for i, f := range found {
		if i == show {
			lines = append(lines, fmt.Sprintf("and %d more", len(found)-show))
			break
		}
		lines = append(lines, f.String())
	}
	return fmt.Errorf("%w: %s", ErrSecret, strings.Join(lines, "; "))
}

// ReadFile serves the cassette bytes Open read, so the file is read once.
func (s *saver) ReadFile(name string) ([]byte, error) {
	if s.loaded && name == s.path {
		return s.data, nil
	}
	return files.ReadFile(name, MaxCassetteBytes)
}

// IsFileExists reports whether the cassette exists.
func (s *saver) IsFileExists(name string) bool {
	if s.loaded && name == s.path {
		return true
	}
	_, err := os.Stat(name)
	return err == nil
}

// WriteFile writes the encoded cassette after a last scan of the exact
// bytes. It writes nothing when nothing was recorded, fails when every
// attempt failed, and replaces the file atomically (temporary file and
// rename) so a crash never leaves half a cassette.
func (s *saver) WriteFile(name string, payload []byte) error {
	s.mu.Lock()
	total, discarded := s.total, s.discarded
	s.mu.Unlock()
	switch {
	case total == 0:
		return nil
	case discarded == total:
		return fmt.Errorf("%d attempts: %w", total, errAllDiscarded)
	}
	payload = trimDocStart(payload) // this package's form is JSON: no YAML document marker
	if found := scan(payload, s.secrets); len(found) > 0 {
		for i := range found {
			found[i].Path = "line"
		}
		return secretError(found)
	}
	return writeDeduplicated(name, payload)
}

// writeDeduplicated writes a cassette's bytes at name, or, when another
// cassette of the same folder holds those very bytes, a pointer to it. A
// pointer to the file about to change first gets the file's old bytes, so
// that it still says what it said.
func writeDeduplicated(name string, payload []byte) error {
	dir, base := filepath.Dir(name), filepath.Base(name)
	entries, _ := os.ReadDir(dir)
	old, errOld := os.ReadFile(name)
	if errOld == nil && !bytes.Equal(old, payload) && pointerTarget(old) == "" {
		for _, e := range entries {
			if !strings.HasSuffix(e.Name(), ".yaml") || e.Name() == base {
				continue
			}
			p := filepath.Join(dir, e.Name())
			if data, err := os.ReadFile(p); err == nil && pointerTarget(data) == base {
				if err := writeAtomic(p, old); err != nil {
					return fmt.Errorf("write %s, which was the same as %s: %w", p, base, err)
				}
			}
		}
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".yaml") || e.Name() == base {
			continue
		}
		info, err := e.Info()
		if err != nil || info.Size() != int64(len(payload)) {
			continue
		}
		if data, err := os.ReadFile(filepath.Join(dir, e.Name())); err == nil && bytes.Equal(data, payload) {
			return writeAtomic(name, samePointer(e.Name(), payload))
		}
	}
	return writeAtomic(name, payload)
}

// writeAtomic replaces a file with data: a temporary file renamed over it,
// so that a crash never leaves half a cassette.
func writeAtomic(name string, payload []byte) error {
	dir := filepath.Dir(name)
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return fmt.Errorf("create directory: %w", err)
	}
	tmp, err := files.CreateTemp(dir, ".cassette-*.tmp")
	if err != nil {
		return fmt.Errorf("create temporary file: %w", err)
	}
	defer os.Remove(tmp.Name()) // No effect after a successful rename.
	if _, err := tmp.Write(payload); err != nil {
		tmp.Close()
		return fmt.Errorf("write: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write: %w", err)
	}
	if err := os.Rename(tmp.Name(), name); err != nil {
		return fmt.Errorf("replace cassette: %w", err)
	}
	return nil
}
