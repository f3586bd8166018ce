package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// Play runs one case with one model. It never fails: a case that cannot be
// played (a provider error after retries, a missing cassette) gives a
// Result with Error set and no metrics.
func Play(ctx context.Context, m Model, c Case) Result {
	start := time.Now()
	r := Result{Suite: c.Suite, Model: m.Name, Case: c.Name, Tags: c.Tags}
	pm, done, err := m.Open(c)
	if err != nil {
		r.Error = err.Error()
		r.Duration = time.Since(start).Seconds()
		return r
	}
	chat := NewChat(pm, "")
	out, err := c.Play(ctx, chat)
	if cerr := done(err == nil); err == nil && cerr != nil {
		err = cerr
	}
	r.System = chat.system
	r.Turns = chat.Turns()
	r.Usage = chat.usage
	r.Duration = time.Since(start).Seconds()
	if err != nil {
		r.Error = err.Error()
		return r
	}
	r.Metrics = out.Metrics
	if out.Detail != nil {
		detail, err := json.Marshal(out.Detail)
		if err != nil {
			r.Error = fmt.Sprintf("encode scores: %v", err)
			return r
		}
		r.Detail = detail
	}
	return r
}

// SetSystem sets the system prompt of a conversation before its first turn.
func (c *Chat) SetSystem(s string) { c.system = s }

// Sink streams results, one JSON line each, to a results file as each
// case ends. It holds no result once written: a run of any length costs
// the same memory, and what is finished survives a crash of the process
// (each line is one write to the file, made before Add returns). A reader
// of the file after a kill may find the last line torn; [ReadResults]
// reports it. A Sink is safe for concurrent use.
type Sink struct {
	mu    sync.Mutex
	file  *os.File
	buf   []byte
	count int
}

// NewSink returns a sink that appends to path, creating the file and its
// folder as needed, or a sink that only counts when path is empty.
func NewSink(path string) (*Sink, error) {
	s := &Sink{}
	if path == "" {
		return s, nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("results: %w", err)
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("results: %w", err)
	}
	s.file = f
	return s, nil
}

// Add writes a result's line at once, whole, in a single write.
func (s *Sink) Add(r Result) error {
	line, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("results: encode %s of %s: %w", r.Key(), r.Model, err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.count++
	if s.file == nil {
		return nil
	}
	s.buf = append(append(s.buf[:0], line...), '\n')
	if _, err := s.file.Write(s.buf); err != nil {
		return fmt.Errorf("results: write %s of %s: %w", r.Key(), r.Model, err)
	}
	if cap(s.buf) > 1<<20 {
		s.buf = nil // do not keep one huge transcript's buffer for the rest of the run
	}
	return nil
}

// Count is the number of results added so far.
func (s *Sink) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.count
}

// Close closes the file.
func (s *Sink) Close() error {
	if s.file == nil {
		return nil
	}
	return s.file.Close()
}

// LoopbackTransport sends every request to the server at base (a loopback
// httptest server of the agents) whatever its host, so that a provider
// client built for its real API talks to the agents, and cassettes recorded
// this way replay with the provider's default URL.
func LoopbackTransport(base string) (http.RoundTripper, error) {
	u, err := url.Parse(base)
	if err != nil {
		return nil, fmt.Errorf("loopback transport: %w", err)
	}
	return roundTripFunc(func(req *http.Request) (*http.Response, error) {
		out := req.Clone(req.Context())
		out.URL.Scheme, out.URL.Host = u.Scheme, u.Host
		out.Host = u.Host
		// The real APIs' paths sit under a prefix on some base URLs
		// (".../v1beta/openai/"); the loopback server serves the standard
		// paths only.
		out.URL.Path = strings.Replace(out.URL.Path, "/v1beta/openai/", "/v1/", 1)
		return http.DefaultTransport.RoundTrip(out)
	}), nil
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
