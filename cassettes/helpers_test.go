package cassettes

import (
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// Fake keys, assembled so that no source line holds one whole.
const (
	fakeOpenAIKey    = "sk-" + "proj-" + "TESTONLY0123456789abcdefGHIJKLmnop"
	fakeAnthropicKey = "sk-" + "ant-api03-" + "TESTONLY0123456789abcdefGHIJKLmnop"
	fakeGoogleKey    = "AIza" + "SyTESTONLY0123456789abcdefGHIJKLmno"
	fakeLiteralKey   = "hunter2-" + "correct-horse"
)

// reply is one scripted answer of fakeAPI.
type reply struct {
	code   int
	body   string
	header map[string]string
}

// fakeAPI is a loopback model API that answers with scripted replies in
// order (the last one repeats) and counts the requests it saw.
type fakeAPI struct {
	t       *testing.T
	srv     *httptest.Server
	mu      sync.Mutex
	replies []reply
	bodies  []string
}

func newFakeAPI(t *testing.T, replies ...reply) *fakeAPI {
	t.Helper()
	f := &fakeAPI{t: t, replies: replies}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeAPI) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	n := len(f.bodies)
	f.bodies = append(f.bodies, string(body))
	rep := f.replies[min(n, len(f.replies)-1)]
	f.mu.Unlock()
	for k, v := range rep.header {
		w.Header().Set(k, v)
	}
	if w.Header().Get("Content-Type") == "" {
		w.Header().Set("Content-Type", "application/json")
	}
	w.Header().Set("X-Request-Id", "req_0123456789")
	w.Header().Set("Set-Cookie", "session=abc123; Path=/")
	w.WriteHeader(rep.code)
	io.WriteString(w, rep.body)
}

func (f *fakeAPI) calls() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.bodies)
}

// call is one request a test makes through a recorder's client.
type call struct {
	method string
	url    string
	body   string
	header map[string]string
}

// result is what a call got back.
type result struct {
	code        int
	body        string
	contentType string
}

func do(c *http.Client, cl call) (result, error) {
	var body io.Reader
	if cl.body != "" {
		body = strings.NewReader(cl.body)
	}
	method := cl.method
	if method == "" {
		method = http.MethodPost
	}
	req, err := http.NewRequest(method, cl.url, body)
	if err != nil {
		return result{}, err
	}
	for k, v := range cl.header {
		req.Header.Set(k, v)
	}
	resp, err := c.Do(req)
	if err != nil {
		return result{}, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return result{}, err
	}
	return result{resp.StatusCode, string(b), resp.Header.Get("Content-Type")}, nil
}

// record records calls into a new cassette and returns its path and what
// the calls got.
func record(t *testing.T, path string, opts Options, calls ...call) []result {
	t.Helper()
	opts.Record = true
	rec, err := Open(path, opts)
	require.NoError(t, err)
	var got []result
	for _, cl := range calls {
		res, err := do(rec.Client(), cl)
		require.NoError(t, err)
		got = append(got, res)
	}
	require.NoError(t, rec.Close())
	return got
}

// cassettePath is a cassette path inside a fresh temporary directory.
func cassettePath(t *testing.T) string {
	t.Helper()
	return Path(filepath.Join(t.TempDir(), "cassettes"), "maze", "openai", "gpt-4o", "size=7-seed=1")
}

// offline is a transport that fails the test if replay ever uses it.
type offline struct {
	mu    sync.Mutex
	calls int
}

func (o *offline) RoundTrip(*http.Request) (*http.Response, error) {
	o.mu.Lock()
	o.calls++
	o.mu.Unlock()
	return nil, io.ErrUnexpectedEOF
}

// handlerTransport serves requests in process from a handler, so that a
// recorded URL is the same on every run.
type handlerTransport struct{ h http.Handler }

func (t handlerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	w := httptest.NewRecorder()
	t.h.ServeHTTP(w, req)
	resp := w.Result()
	resp.Request = req
	return resp, nil
}
