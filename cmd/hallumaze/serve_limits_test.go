package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/providers/loopback"
	"github.com/hallumaze/hallumaze/suites"
)

// agentsHandler is the loopback server of every reference agent.
func agentsHandler() http.Handler {
	lookup := suites.Agents(suites.All())
	models := map[string]providers.Model{}
	for _, name := range suites.AgentNames(suites.All()) {
		models[name], _ = lookup(name)
	}
	return loopback.New(models)
}

// TestServeIdleConnectionsDoNotStarve: 256 keep-alive connections left
// idle fill the server's places; a new client is served all the same, in
// the place of the one idle the longest, though the idle timeout (an hour
// here) is far off.
func TestServeIdleConnectionsDoNotStarve(t *testing.T) {
	t.Parallel()
	const places = 256
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	srv, lim := newServer(agentsHandler(), ln, places, serveBodyBudget)
	srv.IdleTimeout = time.Hour // only the eviction can free a place
	go srv.Serve(lim)
	defer srv.Close()

	conns := make([]net.Conn, places)
	for i := range conns {
		c, err := net.Dial("tcp", ln.Addr().String())
		require.NoError(t, err)
		defer c.Close()
		fmt.Fprintf(c, "GET /v1/models HTTP/1.1\r\nHost: x\r\n\r\n")
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		require.NoError(t, err)
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode)
		conns[i] = c // kept open, idle
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // only a starved client reaches it
	defer cancel()
	client := &http.Client{Transport: &http.Transport{}}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+ln.Addr().String()+"/v1/models", nil)
	require.NoError(t, err)
	resp, err := client.Do(req)
	require.NoError(t, err, "a new client waits while idle connections hold every place")
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Positive(t, lim.evicted.Load(), "an idle connection made room")
	assert.LessOrEqual(t, lim.evicted.Load(), int64(2), "no more than the new client needed")
}

// TestByteBudget: however requests of any sizes come and go, the bytes
// held never pass the budget, every request is served, and one that
// gives up waiting leaves the budget whole.
func TestByteBudget(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		max := rapid.Int64Range(1, 100).Draw(t, "max")
		sizes := rapid.SliceOfN(rapid.Int64Range(0, 150), 1, 30).Draw(t, "sizes")
		b := newByteBudget(max)
		var held, over atomic.Int64
		var wg sync.WaitGroup
		for _, n := range sizes {
			wg.Go(func() {
				if err := b.acquire(context.Background(), n); err != nil {
					over.Add(1)
					return
				}
				if h := held.Add(min(n, max)); h > max {
					over.Add(1)
				}
				held.Add(-min(n, max))
				b.release(n)
			})
		}
		wg.Wait()
		if over.Load() > 0 || b.used != 0 || b.peak > max {
			t.Fatalf("over %d, used %d, peak %d of %d", over.Load(), b.used, b.peak, max)
		}
	})
	b := newByteBudget(10)
	require.NoError(t, b.acquire(context.Background(), 10))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- b.acquire(ctx, 5) }()
	cancel()
	assert.ErrorIs(t, <-done, context.Canceled)
	b.release(10)
	assert.Zero(t, b.used)
	require.NoError(t, b.acquire(context.Background(), 10), "the budget is whole again")
}

// TestServeBodiesWithinBudget: many clients sending large prompts at once
// are all answered, and the bodies the server holds at once never pass its
// budget.
func TestServeBodiesWithinBudget(t *testing.T) {
	t.Parallel()
	budget := newByteBudget(3 << 19)
	srv := httptest.NewServer(limitBodies(agentsHandler(), budget))
	defer srv.Close()
	prompt := strings.Repeat("what is the weather? ", 1<<19/21)
	body, err := json.Marshal(map[string]any{"model": "oracle", "messages": []map[string]string{{"role": "user", "content": prompt}}})
	require.NoError(t, err)
	var wg sync.WaitGroup
	var answered atomic.Int64
	for range 12 {
		wg.Go(func() {
			resp, err := http.Post(srv.URL+"/v1/chat/completions", "application/json", bytes.NewReader(body))
			if assert.NoError(t, err) {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				assert.Equal(t, http.StatusUnprocessableEntity, resp.StatusCode, "no agent reads this prompt")
				answered.Add(1)
			}
		})
	}
	wg.Wait()
	assert.Equal(t, int64(12), answered.Load())
	assert.LessOrEqual(t, budget.peak, budget.max)
	assert.GreaterOrEqual(t, budget.peak, int64(len(body)), "requests held their share")
	assert.Zero(t, budget.used)
}

// TestServeWarnsOffLoopback: serve says when other machines can reach it.
func TestServeWarnsOffLoopback(t *testing.T) {
	for addr, warns := range map[string]bool{"127.0.0.1:1": false, "[::1]:1": false, "0.0.0.0:1": true, "[::]:1": true, "192.168.1.20:1": true} {
		a, err := net.ResolveTCPAddr("tcp", addr)
		require.NoError(t, err)
		w := exposureWarning(a, false)
		assert.Equal(t, warns, w != "", addr)
		if warns {
			assert.Contains(t, w, "other machines can reach")
			assert.Contains(t, w, "checks no key")
			assert.Contains(t, exposureWarning(a, true), "the key of --api-key-env")
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	var out, errOut lockedBuffer
	out.b, errOut.b = &bytes.Buffer{}, &bytes.Buffer{}
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"serve", "--addr", "0.0.0.0:0"}, &out, &errOut) }()
	require.Eventually(t, func() bool { return strings.Contains(out.String(), "http://") }, time.Minute, 10*time.Millisecond)
	cancel()
	require.NoError(t, <-done)
	assert.Contains(t, errOut.String(), "warning: listening on ")
	assert.Contains(t, out.String(), "a request body may hold up to 8 MiB")
}

// BenchmarkServeLargePrompt measures what one call with a 7.4 MB maze
// prompt costs the server (-benchmem: B/op); the body budget bounds how
// many such calls are held at once.
func BenchmarkServeLargePrompt(b *testing.B) {
	m, err := mazes.Generate(571, 1, mazes.DFS)
	require.NoError(b, err)
	p := mazes.BuildPrompt(m, mazes.PromptOptions{Lang: mazes.English, Mirage: true, Confidence: true})
	body, err := json.Marshal(map[string]any{"model": "oracle", "messages": []map[string]string{{"role": "system", "content": p.System}, {"role": "user", "content": p.User}}})
	require.NoError(b, err)
	h := agentsHandler()
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/v1/chat/completions", bytes.NewReader(body)))
		if w.Code != http.StatusOK {
			b.Fatalf("status %d: %s", w.Code, w.Body.String()[:min(200, w.Body.Len())])
		}
	}
}
