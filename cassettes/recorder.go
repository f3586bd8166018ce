package cassettes

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

	"gopkg.in/dnaeon/go-vcr.v4/pkg/cassette"
	"gopkg.in/dnaeon/go-vcr.v4/pkg/recorder"

	"github.com/hallumaze/hallumaze/internal/files"
)

// ErrNoInteraction is wrapped by every error that reports a request with no
// recorded answer while replaying: the cassette file is missing, or no
// unreplayed interaction in it matches. The message names the request, the
// cassette and the command that records it.
var ErrNoInteraction = errors.New("no recorded interaction")

// ErrBadCassette is wrapped by the error of a cassette file that cannot be
// replayed: empty, not YAML, not a cassette, or holding a broken
// interaction.
var ErrBadCassette = errors.New("not a replayable cassette")

// Options configure [Open].
type Options struct {
	// Record selects recording: requests go through Transport to the real
	// server, and Close saves them, replacing the cassette. When false (the
	// default) the cassette is replayed and the network is never used.
	Record bool

	// RecordHint is the command that records this cassette, such as
	// "make record MODEL=openai/gpt-4o RUN=Mirage". Errors about missing
	// interactions quote it.
	RecordHint string

	// RecordHintFunc, when set, gives RecordHint when an error first needs
	// it: a hint that costs work to make is made only for a cassette that
	// lacks something.
	RecordHintFunc func() string

	// Secrets are the key values in use. A cassette in which any of them
	// (8 bytes or longer) appears anywhere is not saved.
	Secrets []string

	// Transport carries requests while recording; nil means
	// http.DefaultTransport. It is never used when replaying.
	Transport http.RoundTripper

	// BaseURL, when set while recording, is noted in every saved request
	// as the header X-Recorded-Base-Url (its key parameters and user
	// information removed): the server the recording really reached, for
	// the record. Matching ignores it, as it ignores the scheme, host and
	// port of the request's URL. Empty (the default) saves nothing of it.
	BaseURL string
}

// Recorder records or replays the HTTP traffic of one case through the
// client it hands out. It is safe for concurrent use; Close it when the
// case is done.
type Recorder struct {
	path   string
	opts   Options
	vcr    *recorder.Recorder // when recording
	replay *replayer          // when replaying
	client *http.Client

	hintOnce sync.Once
	hint     string // the record hint, once asked for

	discard   atomic.Bool // Discard was called: Close saves nothing
	closeOnce sync.Once
	closeErr  error
}

// Open starts recording or replaying the cassette at path, which must end
// in ".yaml" (see [Path] for the layout).
//
// Replaying (the default) loads and indexes the whole cassette once; a
// missing file is an error wrapping [ErrNoInteraction], and a file that is
// not a cassette is an error that says so. Each recorded interaction answers
// at most once and in recorded order, so repeated identical requests get
// successive answers. Recorded latency is not slept, and nothing is sent to
// the network: opts.Transport is not used.
//
// Recording sends requests through opts.Transport, by way of a go-vcr
// recorder, and keeps them until [Recorder.Close] saves them.
func Open(path string, opts Options) (*Recorder, error) {
	if !strings.HasSuffix(path, ".yaml") {
		return nil, fmt.Errorf("cassettes: open %s: cassette path must end in .yaml", path)
	}
	r := &Recorder{path: path, opts: opts}
	r.client = &http.Client{Transport: &transport{r: r}}
	if !opts.Record {
		data, err := files.ReadFile(path, MaxCassetteBytes)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return nil, &noInteractionError{
				msg:    fmt.Sprintf("cassettes: %s: cassette %s does not exist; %s", ErrNoInteraction, path, r.recordAdvice()),
				vcrErr: cassette.ErrCassetteNotFound,
			}
		case err != nil:
			return nil, fmt.Errorf("cassettes: read cassette %s: %w", path, err)
		}
		c, err := loadCassette(path, data)
		if err != nil {
			return nil, err
		}
		r.replay = newReplayer(c)
		return r, nil
	}

	var real http.RoundTripper = http.DefaultTransport
	if opts.Transport != nil {
		real = opts.Transport
	}
	s := &saver{path: path, secrets: opts.Secrets, baseURL: opts.BaseURL}
	vcr, err := recorder.New(strings.TrimSuffix(path, ".yaml"),
		recorder.WithMode(recorder.ModeRecordOnly),
		recorder.WithRealTransport(real),
		recorder.WithSkipRequestLatency(true),
		recorder.WithReplayableInteractions(false),
		recorder.WithFS(s),
		recorder.WithMarshalFunc(marshalCompact),
		recorder.WithHook(s.redact, recorder.BeforeSaveHook),
		// go-vcr's debug trace prints request headers, keys included;
		// a writer other than io.Discard keeps VCR_DEBUG from turning
		// it on.
		recorder.WithDebugWriter(discard{}),
	)
	if err != nil {
		return nil, fmt.Errorf("cassettes: open %s: %w", path, err)
	}
	r.vcr = vcr
	return r, nil
}

// RequestBodies reads the cassette at path, of either form, and returns
// the body of each request it holds, whole, in order: what was sent, for a
// reader who checks a recording (the linear form keeps a request as what
// is new since the one before, and a pointer as the cassette it repeats).
func RequestBodies(path string) ([]string, error) {
	data, err := files.ReadFile(path, MaxCassetteBytes)
	if err != nil {
		return nil, fmt.Errorf("cassettes: read %s: %w", path, err)
	}
	c, err := loadCassette(path, data)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(c.Interactions))
	for i, in := range c.Interactions {
		out[i] = in.Request.Body
	}
	return out, nil
}

// loadCassette parses data as a go-vcr cassette and checks that every
// interaction can be replayed.
func loadCassette(path string, data []byte) (*cassette.Cassette, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("cassettes: load cassette %s: %w: file is empty", path, ErrBadCassette)
	}
	if isCompact(data) {
		dir := filepath.Dir(path)
		return loadCompact(path, data, func(name string) ([]byte, error) { return files.ReadFile(filepath.Join(dir, name), MaxCassetteBytes) })
	}
	if err := checkNoAliases(data); err != nil {
		return nil, fmt.Errorf("cassettes: load cassette %s: %w", path, err)
	}
	c, err := cassette.LoadWithFS(strings.TrimSuffix(path, ".yaml"), &saver{path: path, data: data, loaded: true})
	if err != nil {
		return nil, fmt.Errorf("cassettes: load cassette %s: %w: %w", path, ErrBadCassette, err)
	}
	for n, i := range c.Interactions {
		if i == nil {
			return nil, fmt.Errorf("cassettes: load cassette %s: %w: interaction %d is empty", path, ErrBadCassette, n)
		}
		if _, err := url.Parse(i.Request.URL); err != nil {
			return nil, fmt.Errorf("cassettes: load cassette %s: %w: interaction %d: %w", path, ErrBadCassette, n, err)
		}
	}
	return c, nil
}

// Client returns the HTTP client that records or replays. Hand it to the
// provider client of the case.
func (r *Recorder) Client() *http.Client { return r.client }

// Path returns the cassette file.
func (r *Recorder) Path() string { return r.path }

// Recording reports whether requests go to the network and are saved.
func (r *Recorder) Recording() bool { return r.opts.Record }

// Close ends the recorder. When recording it saves the cassette: failed
// attempts (429, 5xx) are dropped, credentials and varying headers removed,
// and the result scanned for secrets; if any remain, Close returns an error
// wrapping [ErrSecret] and writes nothing. When nothing was recorded nothing
// is written. When replaying it does nothing. Closing twice returns the
// first result.
func (r *Recorder) Close() error {
	r.closeOnce.Do(func() {
		if r.vcr == nil || r.discard.Load() {
			return
		}
		if err := r.vcr.Stop(); err != nil {
			r.closeErr = fmt.Errorf("cassettes: save %s: %w", r.path, err)
		}
	})
	return r.closeErr
}

// Discard drops what was recorded: Close then saves nothing, and an older
// cassette at the path stays as it was. It does nothing when replaying.
func (r *Recorder) Discard() { r.discard.Store(true) }

// recordAdvice says how to record the cassette.
func (r *Recorder) recordAdvice() string {
	r.hintOnce.Do(func() {
		r.hint = r.opts.RecordHint
		if r.hint == "" && r.opts.RecordHintFunc != nil {
			r.hint = r.opts.RecordHintFunc()
		}
	})
	if r.hint != "" {
		return "record it with: " + r.hint
	}
	return "record it by running again with recording enabled"
}

// transport is the RoundTripper of [Recorder.Client]. It reads the request
// body once; when replaying it answers from the cassette, and when recording
// it hands go-vcr a copy of the request, so the caller's request is never
// changed.
type transport struct{ r *Recorder }

func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil && req.Body != http.NoBody {
		b, err := io.ReadAll(req.Body)
		req.Body.Close()
		if err != nil {
			return nil, fmt.Errorf("cassettes: read request body: %w", err)
		}
		body = b
	}
	if err := req.Context().Err(); err != nil {
		return nil, err
	}
	if t.r.replay != nil {
		return t.replay(req, body)
	}
	out := req.Clone(req.Context())
	if body == nil {
		out.Body, out.GetBody, out.ContentLength = http.NoBody, nil, 0
	} else {
		out.Body = io.NopCloser(bytes.NewReader(body))
		out.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
		out.ContentLength = int64(len(body))
	}
	resp, err := t.r.vcr.RoundTrip(out)
	if err != nil {
		return nil, err
	}
	resp.Request = req
	resp.Header = resp.Header.Clone()
	return resp, nil
}

// replay answers req from the cassette.
func (t *transport) replay(req *http.Request, body []byte) (*http.Response, error) {
	i, replayed, total := t.r.replay.take(req.Method, req.URL, req.Header, body)
	if i == nil {
		return nil, &noInteractionError{
			msg: fmt.Sprintf("cassettes: %s for %s %s in %s (%d of %d recorded interactions already replayed); %s",
				ErrNoInteraction, req.Method, redactURL(req.URL.String()), t.r.path,
				replayed, total, t.r.recordAdvice()),
			vcrErr: cassette.ErrInteractionNotFound,
		}
	}
	resp, err := i.GetHTTPResponse()
	if err != nil {
		return nil, fmt.Errorf("cassettes: replay %s from %s: %w", redactURL(req.URL.String()), t.r.path, err)
	}
	resp.Request = req
	resp.Header = resp.Header.Clone()
	return resp, nil
}

// noInteractionError is a request without a recorded answer. It wraps
// [ErrNoInteraction] and go-vcr's matching error (ErrCassetteNotFound or
// ErrInteractionNotFound), so either can be tested with errors.Is.
type noInteractionError struct {
	msg    string
	vcrErr error
}

func (e *noInteractionError) Error() string { return e.msg }

func (e *noInteractionError) Unwrap() []error { return []error{ErrNoInteraction, e.vcrErr} }

// discard is an io.Writer that drops everything.
type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
