package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/hallumaze/hallumaze/agents"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/providers/loopback"
)

// runServe serves the reference agents over the three wire protocols, so
// any client can talk to a deterministic model and cassettes can be
// recorded end to end without keys.
func runServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("serve", "[--addr 127.0.0.1:8080]", stdout)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (keep it on loopback: the server checks no key)")
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	models := map[string]providers.Model{}
	names := append(agents.Names(), agents.AbstainNames()...)
	for _, name := range names {
		m, _ := agents.Lookup(name)
		models[name] = m
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return usagef("serve: %v", err)
	}
	srv := &http.Server{Handler: loopback.New(models), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stdout, "serving %v on http://%s\n", names, ln.Addr())
	fmt.Fprintf(stdout, "  POST /v1/chat/completions            (OpenAI chat completions)\n")
	fmt.Fprintf(stdout, "  POST /v1/messages                    (Anthropic messages)\n")
	fmt.Fprintf(stdout, "  POST /v1beta/models/MODEL:generateContent (Gemini)\n")
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
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
