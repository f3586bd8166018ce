package bench

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/hallumaze/hallumaze/cassettes"
	"github.com/hallumaze/hallumaze/internal/redact"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/results"
)

// Play runs one case with one model. It never fails: a case that cannot be
// played (a provider error after retries, a missing cassette) gives a
// Result with Error set and no metrics. [PlayCase] also returns the error.
//
// Every key of the model's configuration is replaced in what the result
// keeps (the conversation, the error, the score record), so that a key a
// server echoed back never reaches a file.
func Play(ctx context.Context, m Model, c Case) results.Result {
	r, _ := PlayCase(ctx, m, c)
	return r
}

// PlayCase is [Play], returning also the error that kept the case from
// being played, if any: wrapping [ErrSetup] when it is the set-up's fault
// (a cassette missing, unreadable or not matching the request).
func PlayCase(ctx context.Context, m Model, c Case) (r results.Result, err error) {
	start := time.Now()
	r = results.Result{Suite: c.Suite, Model: m.Name, Case: c.Name, Tags: c.Tags}
	defer func() { r = redactResult(r, m.secrets) }()
	pm, done, err := m.Open(c)
	if err != nil {
		err = classify(err)
		r.Error = err.Error()
		r.Duration = time.Since(start).Seconds()
		return r, err
	}
	chat := NewChat(pm, "")
	out, err := c.Play(ctx, chat)
	err = classify(err)
	if cerr := done(err == nil); err == nil && cerr != nil {
		err = cerr
	}
	r.System = chat.system
	r.Turns = chat.Turns()
	r.Usage = chat.usage
	r.Settings = m.settingsOf(chat)
	r.Duration = time.Since(start).Seconds()
	if err != nil {
		r.Error = err.Error()
		return r, err
	}
	r.Metrics = out.Metrics
	if out.Detail != nil {
		detail, err := json.Marshal(out.Detail)
		if err != nil {
			r.Error = fmt.Sprintf("encode scores: %v", err)
			return r, err
		}
		r.Detail, r.Record = detail, out.Detail
	}
	return r, nil
}

// settingsOf is what a case of m ran with: the model's settings, with the
// seed the conversation sent when it set one (a repeated run); nil when
// there are none to record.
func (m Model) settingsOf(chat *Chat) *providers.Settings {
	s := m.Settings
	if chat.seed != nil && providers.TakesSeed(m.Ref.Provider) {
		seed := *chat.seed
		s.Seed = &seed
	}
	if s.IsZero() {
		return nil
	}
	return &s
}

// ErrSetup is wrapped by the error of a case that could not be played
// because of how the run was set up, not because of the model or its
// provider: a cassette missing, unreadable, or recorded for other
// requests. Such a run must not pass.
var ErrSetup = errors.New("set-up error")

// classify wraps a cassette's failure in ErrSetup.
func classify(err error) error {
	if err == nil || errors.Is(err, ErrSetup) {
		return err
	}
	if errors.Is(err, cassettes.ErrNoInteraction) || errors.Is(err, cassettes.ErrBadCassette) {
		return fmt.Errorf("%w: %w", ErrSetup, err)
	}
	return err
}

// SetSystem sets the system prompt of a conversation before its first turn.
func (c *Chat) SetSystem(s string) { c.system = s }

// SetSeed sets the sampling seed sent with every request of the
// conversation (providers.Request.Seed; a provider whose API takes none
// ignores it). A case repeated for another sample sets it, so that the
// repetitions draw different replies where the model samples; without it
// the seed of the model's configuration, if any, is sent.
func (c *Chat) SetSeed(seed int64) { c.seed = &seed }

// SetCache says the conversation goes on for several turns, each request
// starting with the whole of the one before: every request asks the
// provider to keep its prompt in the prompt cache
// (providers.Request.Cache), so that the next one reads it at the cached
// rate. A one-turn case leaves it off: a cache write costs more than plain
// input on the providers that bill it.
func (c *Chat) SetCache(on bool) { c.cache = on }

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

// redactResult replaces every secret in what a result keeps.
func redactResult(r results.Result, s *redact.Secrets) results.Result {
	if s.Empty() {
		return r
	}
	r.System, r.Error = s.String(r.System), s.String(r.Error)
	for i := range r.Turns {
		t := &r.Turns[i]
		t.Content, t.Reasoning = s.String(t.Content), s.String(t.Reasoning)
	}
	if s.Contains(r.Detail) {
		r.Detail = s.Bytes(r.Detail)
		r.Record = nil // it holds the secret the detail no longer does
	}
	return r
}
