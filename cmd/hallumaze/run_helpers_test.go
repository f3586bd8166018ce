package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/providers/loopback"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites"

	"github.com/stretchr/testify/require"
)

// runCall is one in-process hallumaze run with its environment.
type runCall struct {
	// env is the whole environment the run sees (keys, base URLs); nil is
	// an empty one, whatever the developer's shell holds.
	env map[string]string
	// retry replaces the providers' retry policy (tests use fast ones).
	retry *providers.RetryPolicy
	// stderr, when set, also receives what the run writes on stderr.
	stderr func(line string)
	// forget keeps nothing of stderr but the lines handed to stderr.
	forget bool
	// suites replaces the standard suites.
	suites []bench.Suite
	// tty makes stderr a terminal.
	tty bool
}

// run parses args as hallumaze run does and executes them, returning the
// exit code, the streams and the run's measures.
func (rc runCall) run(t testing.TB, ctx context.Context, args ...string) (code int, stdout, stderr string, stats runStats) {
	t.Helper()
	var out bytes.Buffer
	errOut := &lineWriter{each: rc.stderr, forget: rc.forget}
	a := rc.app()
	o, err := a.parseRun(args, &out)
	if err == nil {
		stats, err = a.execRun(ctx, o, &out, errOut)
	}
	var tail bytes.Buffer
	code = a.exitCode(ctx, err, &tail)
	errOut.Write(tail.Bytes())
	return code, out.String(), errOut.String(), stats
}

// app is the command line with the call's environment, no terminal, and
// its retry policy.
func (rc runCall) app() *app {
	a := newApp()
	a.self = "hallumaze"
	a.getenv = func(k string) string { return rc.env[k] }
	a.stdin = nil
	tty := rc.tty
	a.tty = &tty
	if rc.retry != nil {
		a.retry = *rc.retry
	}
	if rc.suites != nil {
		a.suites = rc.suites
	}
	return a
}

// exitCode maps an error to the exit code, printing it, as main does.
func exitCode(err error, w io.Writer) int {
	return newApp().exitCode(context.Background(), err, w)
}

// fastRetry retries at once: provider failures end in milliseconds.
var fastRetry = providers.RetryPolicy{
	MaxAttempts: 2,
	BaseDelay:   time.Millisecond,
	MaxDelay:    time.Millisecond,
	Sleep:       func(context.Context, time.Duration) error { return nil },
}

// lineWriter collects what is written and hands each whole line to each
// as it is written (from any goroutine).
type lineWriter struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	pending []byte
	each    func(string)
	forget  bool
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	if !w.forget {
		w.buf.Write(p)
	}
	w.pending = append(w.pending, p...)
	var lines []string
	for {
		i := bytes.IndexByte(w.pending, '\n')
		if i < 0 {
			break
		}
		lines = append(lines, string(w.pending[:i]))
		w.pending = w.pending[i+1:]
	}
	w.pending = append([]byte(nil), w.pending...)
	each := w.each
	w.mu.Unlock()
	if each != nil {
		for _, l := range lines {
			each(l)
		}
	}
	return len(p), nil
}

func (w *lineWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// agentServer serves the reference agents over the OpenAI wire protocol on
// loopback, as "openai-compatible/NAME" reaches them, counting requests,
// with an optional delay per request and a switch that makes every
// request fail with 500.
type agentServer struct {
	*httptest.Server
	requests atomic.Int64
	fail     atomic.Bool
	// failEvery, when n > 0, makes every n-th request fail with 500.
	failEvery atomic.Int64
}

func newAgentServer(t testing.TB, delay time.Duration) *agentServer {
	t.Helper()
	served := map[string]providers.Model{}
	lookup := suites.Agents(suites.All())
	for _, name := range suites.AgentNames(suites.All()) {
		served[name], _ = lookup(name)
	}
	h := loopback.New(served)
	s := &agentServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := s.requests.Add(1)
		if k := s.failEvery.Load(); s.fail.Load() || (k > 0 && n%k == 0) {
			http.Error(w, `{"error":{"message":"overloaded"}}`, http.StatusInternalServerError)
			return
		}
		if delay > 0 {
			select {
			case <-time.After(delay):
			case <-r.Context().Done():
				return
			}
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

// env is the environment that points openai-compatible at the server.
func (s *agentServer) env() map[string]string {
	return map[string]string{providers.EnvOpenAICompatibleBaseURL: s.URL + "/v1"}
}

// readJSONL reads a results file that must hold whole lines only.
func readJSONL(t testing.TB, path string) []results.Result {
	t.Helper()
	rs, torn, err := results.ReadFile(path)
	require.NoError(t, err)
	require.False(t, torn, "%s has a torn line", path)
	return rs
}

// comparable keys results by model and case, without what varies from
// run to run (wall times and latencies), so that two runs of the same
// cases compare case for case.
func comparable(rs []results.Result) map[string]results.Result {
	out := make(map[string]results.Result, len(rs))
	for _, r := range rs {
		r.Duration = 0
		turns := make([]results.Turn, len(r.Turns))
		for i, tu := range r.Turns {
			tu.LatencyMS = 0
			turns[i] = tu
		}
		r.Turns = turns
		out[r.Model+" "+r.Key()] = r
	}
	return out
}

// keys lists results as "model suite/case", sorted, duplicates kept.
func keys(rs []results.Result) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.Model + " " + r.Key()
	}
	sort.Strings(out)
	return out
}

// listDir lists the files under dir, relative to it.
func listDir(t testing.TB, dir string) []string {
	t.Helper()
	var out []string
	require.NoError(t, filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if path != dir {
			rel, _ := filepath.Rel(dir, path)
			out = append(out, rel)
		}
		return nil
	}))
	return out
}

// countLines counts the lines of s that start with prefix.
func countLines(s, prefix string) int {
	n := 0
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, prefix) {
			n++
		}
	}
	return n
}
