package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/providers/loopback"
	"github.com/hallumaze/hallumaze/suites"
)

// The bounds of hallumaze serve: no client holds a connection or the
// server's time for ever.
const (
	serveReadHeaderTimeout = 10 * time.Second
	serveReadTimeout       = 60 * time.Second
	serveWriteTimeout      = 60 * time.Second
	serveIdleTimeout       = 60 * time.Second
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
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (keep it on loopback: the server checks no key)")
	maxConns := fs.Int("max-conns", 256, "connections open at once; more wait to be accepted")
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
	srv := newServer(loopback.New(models))
	fmt.Fprintf(stdout, "serving %v on http://%s\n", names, ln.Addr())
	fmt.Fprint(stdout, serveRoutes)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(limitListener(ln, *maxConns)) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(shut); err != nil && !errors.Is(err, http.ErrServerClosed) {
			return fmt.Errorf("serve: %w", err)
		}
		return nil
	}
}

// newServer is the HTTP server of hallumaze serve, with every timeout set.
func newServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: serveReadHeaderTimeout,
		ReadTimeout:       serveReadTimeout,
		WriteTimeout:      serveWriteTimeout,
		IdleTimeout:       serveIdleTimeout,
	}
}

// limitListener accepts at most n connections open at once; Accept waits
// for one to close before taking another.
func limitListener(l net.Listener, n int) net.Listener {
	return &limited{Listener: l, sem: make(chan struct{}, n)}
}

type limited struct {
	net.Listener
	sem chan struct{}
}

func (l *limited) Accept() (net.Conn, error) {
	l.sem <- struct{}{}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.sem
		return nil, err
	}
	return &limitedConn{Conn: c, release: func() { <-l.sem }}, nil
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
