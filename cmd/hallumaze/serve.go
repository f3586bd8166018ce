package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/providers/loopback"
	"github.com/hallumaze/hallumaze/suites"
)

// The bounds of hallumaze serve: no client holds a connection, the
// server's time or its memory for ever.
const (
	serveReadHeaderTimeout = 10 * time.Second
	serveReadTimeout       = 60 * time.Second
	serveWriteTimeout      = 60 * time.Second
	// An idle keep-alive connection is closed after this, and at once
	// when a new client needs its place (see limited.Accept).
	serveIdleTimeout = 30 * time.Second
	// serveBodyBudget bounds the bytes of the request bodies being read
	// and answered at once: with each request within
	// loopback.MaxRequestBytes and costing a few times its size, the
	// server's memory stays within a few hundred megabytes whatever the
	// number of clients. A request waits for its share.
	serveBodyBudget = 8 * loopback.MaxRequestBytes
)

// serveRoutes is what hallumaze serve prints under its address.
const serveRoutes = `  POST /v1/chat/completions                      OpenAI chat completions ("stream": true too)
  POST /v1/messages                              Anthropic messages ("stream": true too)
  POST /v1beta/models/MODEL:generateContent      Gemini
  POST /v1beta/models/MODEL:streamGenerateContent[?alt=sse]  Gemini, streamed
  GET  /v1/models[/MODEL]                        models (Anthropic's shape with an anthropic-version header)
  GET  /v1beta/models[/MODEL]                    models (Gemini)
`

// runServe serves the reference agents over the three wire protocols (plain
// and streamed calls, and the model lists), so any client, the providers'
// official libraries among them, can talk to a deterministic model and
// cassettes can be recorded end to end without keys.
func (a *app) runServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("serve", "[--addr 127.0.0.1:8080]", stdout)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (keep it on loopback: without --api-key-env the server checks no key)")
	maxConns := fs.Int("max-conns", 256, "connections open at once; a new one takes the place of the longest idle, else waits to be accepted")
	keyEnv := fs.String("api-key-env", "", "require the API key held by this environment variable, where each protocol puts it (a request with another key, or none, gets the provider's own answer)")
	aliases := map[string]string{}
	var order []string
	fs.Func("model", "also serve an agent under another model name, NAME=AGENT (repeatable): --model gpt-base=checker answers requests for gpt-base as the checker does", func(v string) error {
		name, agent, ok := strings.Cut(v, "=")
		if !ok || name == "" || agent == "" {
			return fmt.Errorf("%q is not NAME=AGENT", v)
		}
		if _, dup := aliases[name]; dup {
			return fmt.Errorf("model %s is named twice", name)
		}
		aliases[name] = agent
		order = append(order, name)
		return nil
	})
	if err := fs.Parse(args, false); err != nil {
		return err
	}
	if *maxConns < 1 {
		return cli.Usagef("serve: --max-conns must be at least 1")
	}
	var opts []loopback.Option
	if *keyEnv != "" {
		key := strings.TrimSpace(a.getenvOr()(*keyEnv))
		if key == "" {
			return cli.Usagef("serve: --api-key-env %s: the variable is empty or not set", *keyEnv)
		}
		a.secretList = append(a.secretList, key)
		opts = append(opts, loopback.RequireKey(key))
	}
	lookup := suites.Agents(a.suites)
	names := suites.AgentNames(a.suites)
	models := map[string]providers.Model{}
	for _, name := range names {
		m, _ := lookup(name)
		models[name] = m
	}
	for _, name := range order {
		m, ok := lookup(aliases[name])
		if !ok {
			return cli.Usagef("serve: --model %s=%s: no agent %q (want one of %s)", name, aliases[name], aliases[name], strings.Join(names, ", "))
		}
		models[name] = m
		names = append(names, name)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return cli.Usagef("serve: %v", err)
	}
	if w := exposureWarning(ln.Addr(), *keyEnv != ""); w != "" {
		fmt.Fprintln(stderr, w)
	}
	srv, lim := newServer(loopback.New(models, opts...), ln, *maxConns, serveBodyBudget)
	fmt.Fprintf(stdout, "serving %v on http://%s\n", names, ln.Addr())
	fmt.Fprint(stdout, serveRoutes)
	fmt.Fprintf(stdout, "  (a request body may hold up to %d MiB; %d connections at once, the longest idle closed for a new one)\n", loopback.MaxRequestBytes>>20, *maxConns)
	if err := serveUntilDone(ctx, srv, lim); err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}

// serveUntilDone serves ln until ctx ends (Ctrl-C), then shuts the server
// down, giving the requests under way five seconds to finish.
func serveUntilDone(ctx context.Context, srv *http.Server, ln net.Listener) error {
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(shut); err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	}
}

// exposureWarning is the warning for a listener that other machines can
// reach (any address but loopback's), "" for a loopback one; keyed says
// the server requires a key (--api-key-env).
func exposureWarning(addr net.Addr, keyed bool) string {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok || tcp.IP.IsLoopback() {
		return ""
	}
	who := "the server checks no key and answers anyone"
	if keyed {
		who = "the server answers anyone who has the key of --api-key-env"
	}
	return fmt.Sprintf("hallumaze: serve: warning: listening on %s, which other machines can reach: %s (--addr 127.0.0.1:PORT keeps it on this machine)", addr, who)
}

// newServer is the HTTP server of hallumaze serve, with every timeout
// set, over ln with at most maxConns connections open at once (the
// longest idle one closed to take a new one), its handler taking at most
// budget bytes of request bodies at once.
func newServer(h http.Handler, ln net.Listener, maxConns int, budget int64) (*http.Server, *limited) {
	lim := limitListener(ln, maxConns)
	srv := &http.Server{
		Handler:           limitBodies(h, newByteBudget(budget)),
		ReadHeaderTimeout: serveReadHeaderTimeout,
		ReadTimeout:       serveReadTimeout,
		WriteTimeout:      serveWriteTimeout,
		IdleTimeout:       serveIdleTimeout,
		ConnState:         lim.track,
	}
	return srv, lim
}

// limitListener accepts at most n connections open at once. When all n
// are open, Accept closes the one idle the longest (a keep-alive
// connection between requests, which a client opens again at no cost) to
// take the new one, and waits only when none is idle.
func limitListener(l net.Listener, n int) *limited {
	return &limited{Listener: l, sem: make(chan struct{}, n), idle: map[net.Conn]time.Time{}, wake: make(chan struct{}, 1)}
}

type limited struct {
	net.Listener
	sem chan struct{}

	mu   sync.Mutex
	idle map[net.Conn]time.Time // idle since
	wake chan struct{}          // a connection went idle
	// evicted counts the idle connections closed for a new one.
	evicted atomic.Int64
}

func (l *limited) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	l.reserve()
	return &limitedConn{Conn: c, release: func() { <-l.sem }}, nil
}

// reserve takes a connection's place: a free one, else the place of the
// connection idle the longest, else the first to free or go idle.
func (l *limited) reserve() {
	for {
		select {
		case l.sem <- struct{}{}:
			return
		default:
		}
		if l.closeIdlest() {
			continue // its place is free, or about to be
		}
		select {
		case l.sem <- struct{}{}:
			return
		case <-l.wake:
		}
	}
}

// track follows the connections' states (http.Server.ConnState).
func (l *limited) track(c net.Conn, st http.ConnState) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if st == http.StateIdle {
		l.idle[c] = time.Now()
		select {
		case l.wake <- struct{}{}:
		default:
		}
		return
	}
	delete(l.idle, c)
}

// closeIdlest closes the connection idle the longest, if any.
func (l *limited) closeIdlest() bool {
	l.mu.Lock()
	var oldest net.Conn
	var since time.Time
	for c, t := range l.idle {
		if oldest == nil || t.Before(since) {
			oldest, since = c, t
		}
	}
	delete(l.idle, oldest)
	l.mu.Unlock()
	if oldest == nil {
		return false
	}
	l.evicted.Add(1)
	oldest.Close()
	return true
}

type limitedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}

// limitBodies lets a request through once its body's bytes fit in the
// budget of the bytes being read and answered at once: the length it
// declares, or loopback.MaxRequestBytes when it declares none (or more,
// which the handler refuses after reading that much). A request without a
// body never waits.
func limitBodies(h http.Handler, b *byteBudget) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := r.ContentLength
		if n < 0 || n > loopback.MaxRequestBytes {
			n = loopback.MaxRequestBytes
		}
		if r.Body == nil || r.Body == http.NoBody {
			n = 0
		}
		if err := b.acquire(r.Context(), n); err != nil {
			return // the client is gone
		}
		defer b.release(n)
		h.ServeHTTP(w, r)
	})
}

// byteBudget is a counting semaphore of bytes, served in order of arrival.
type byteBudget struct {
	mu      sync.Mutex
	max     int64
	used    int64
	peak    int64 // the most held at once, for the tests
	waiting []*budgetWaiter
}

type budgetWaiter struct {
	n     int64
	ready chan struct{}
}

func newByteBudget(max int64) *byteBudget { return &byteBudget{max: max} }

// acquire takes n bytes of the budget (the whole budget at most), waiting
// for them in turn, or returns ctx's error.
func (b *byteBudget) acquire(ctx context.Context, n int64) error {
	n = min(n, b.max)
	b.mu.Lock()
	if len(b.waiting) == 0 && b.used+n <= b.max {
		b.take(n)
		b.mu.Unlock()
		return nil
	}
	w := &budgetWaiter{n: n, ready: make(chan struct{})}
	b.waiting = append(b.waiting, w)
	b.mu.Unlock()
	select {
	case <-w.ready:
		return nil
	case <-ctx.Done():
		b.mu.Lock()
		defer b.mu.Unlock()
		select {
		case <-w.ready: // granted meanwhile: give it back
			b.used -= n
			b.grant()
		default:
			b.waiting = slices.DeleteFunc(b.waiting, func(x *budgetWaiter) bool { return x == w })
			b.grant() // those behind it may fit now
		}
		return ctx.Err()
	}
}

// release gives n bytes back.
func (b *byteBudget) release(n int64) {
	n = min(n, b.max)
	b.mu.Lock()
	defer b.mu.Unlock()
	b.used -= n
	b.grant()
}

// grant serves the waiters in order while the first fits; the caller
// holds the lock.
func (b *byteBudget) grant() {
	for len(b.waiting) > 0 && b.used+b.waiting[0].n <= b.max {
		w := b.waiting[0]
		b.waiting = b.waiting[1:]
		b.take(w.n)
		close(w.ready)
	}
}

func (b *byteBudget) take(n int64) {
	b.used += n
	b.peak = max(b.peak, b.used)
}
