package bench

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/results"
)

// gauge tracks how many calls are in flight and the most there ever were.
type gauge struct {
	now, max atomic.Int32
}

func (g *gauge) enter() {
	n := g.now.Add(1)
	for {
		m := g.max.Load()
		if n <= m || g.max.CompareAndSwap(m, n) {
			return
		}
	}
}

func (g *gauge) leave() { g.now.Add(-1) }

// sweepModels opens agent models answering with fn.
func sweepModels(t *testing.T, fn providers.ModelFunc, names ...string) []Model {
	t.Helper()
	env := Env{Agents: func(string) (providers.Model, bool) { return fn, true }}
	var out []Model
	for _, n := range names {
		m, err := env.Open("agent/" + n)
		require.NoError(t, err)
		out = append(out, m)
	}
	return out
}

// sayCases are n cases that say their name once and score 1.
func sayCases(n int) []Case {
	var out []Case
	for i := range n {
		name := fmt.Sprintf("c%02d", i)
		out = append(out, Case{Suite: "test", Name: name, Play: func(ctx context.Context, chat *Chat) (Outcome, error) {
			if _, err := chat.Say(ctx, name); err != nil {
				return Outcome{}, err
			}
			return Outcome{Metrics: map[string]float64{"ok": 1}}, nil
		}})
	}
	return out
}

func TestSweepPlaysEveryCaseOnce(t *testing.T) {
	t.Parallel()
	var g gauge
	models := sweepModels(t, func(ctx context.Context, req providers.Request) (providers.Reply, error) {
		g.enter()
		defer g.leave()
		time.Sleep(time.Millisecond)
		return providers.Reply{Text: "ok"}, nil
	}, "a", "b", "c")
	var inCallback atomic.Bool
	var got []string
	var starts int
	err := Sweep(t.Context(), models, slices.Values(sayCases(10)), SweepOptions{
		Concurrency: 3,
		Skip:        func(model string, c Case) bool { return model == "agent/b" && c.Name == "c05" },
		OnStart:     func(string, Case) { starts++ },
		OnResult: func(r results.Result, _ error) {
			require.False(t, inCallback.Swap(true), "OnResult is never called concurrently")
			defer inCallback.Store(false)
			assert.Empty(t, r.Error)
			got = append(got, r.Model+" "+r.Case)
		},
	})
	require.NoError(t, err)
	assert.Len(t, got, 29)
	assert.Equal(t, 29, starts)
	assert.NotContains(t, got, "agent/b c05", "skipped")
	slices.Sort(got)
	assert.Len(t, slices.Compact(got), 29, "each case once")
	assert.LessOrEqual(t, g.max.Load(), int32(3), "within Concurrency")
	assert.Equal(t, int32(3), g.max.Load(), "uses the concurrency it has")
}

// TestSweepPerProvider: a provider's limit holds within the overall one,
// and a provider failure is a result with Error, not a stop.
func TestSweepPerProvider(t *testing.T) {
	t.Parallel()
	var g gauge
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		g.enter()
		defer g.leave()
		time.Sleep(2 * time.Millisecond)
		if calls.Add(1)%4 == 0 {
			http.Error(w, `{"error":{"message":"bad request"}}`, http.StatusBadRequest)
			return
		}
		fmt.Fprint(w, `{"choices":[{"message":{"role":"assistant","content":"ok"},"finish_reason":"stop"}],"usage":{"prompt_tokens":1,"completion_tokens":1}}`)
	}))
	defer srv.Close()
	env := Env{Live: true, Config: providers.Config{BaseURLs: map[string]string{providers.ProviderOpenAICompatible: srv.URL + "/v1"}}}
	m, err := env.Open("openai-compatible/x")
	require.NoError(t, err)
	var rs []results.Result
	err = Sweep(t.Context(), []Model{m}, slices.Values(sayCases(12)), SweepOptions{
		Concurrency: 6,
		PerProvider: map[string]int{providers.ProviderOpenAICompatible: 2},
		OnResult:    func(r results.Result, _ error) { rs = append(rs, r) },
	})
	require.NoError(t, err)
	assert.Equal(t, int32(2), g.max.Load(), "within the provider's limit")
	require.Len(t, rs, 12)
	failed := 0
	for _, r := range rs {
		if r.Error != "" {
			failed++
			assert.Empty(t, r.Metrics)
		}
	}
	assert.Equal(t, 3, failed, "failures are results")
}

// TestSweepCancel: after cancellation no case starts and no result is
// delivered, and Sweep returns context.Canceled once the cases in flight
// have stopped.
func TestSweepCancel(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var inFlight atomic.Int32
	models := sweepModels(t, func(ctx context.Context, req providers.Request) (providers.Reply, error) {
		inFlight.Add(1)
		defer inFlight.Add(-1)
		select {
		case <-time.After(5 * time.Millisecond):
			return providers.Reply{Text: "ok"}, nil
		case <-ctx.Done():
			return providers.Reply{}, ctx.Err()
		}
	}, "a")
	var mu sync.Mutex
	delivered, startedAfter := 0, 0
	cancelled := false
	err := Sweep(ctx, models, slices.Values(sayCases(50)), SweepOptions{
		Concurrency: 2,
		OnStart: func(string, Case) {
			mu.Lock()
			defer mu.Unlock()
			if cancelled {
				startedAfter++
			}
		},
		OnResult: func(r results.Result, _ error) {
			mu.Lock()
			defer mu.Unlock()
			assert.False(t, cancelled, "no result after cancellation")
			delivered++
			if delivered == 4 {
				cancelled = true
				cancel()
			}
		},
	})
	require.ErrorIs(t, err, context.Canceled)
	assert.Zero(t, startedAfter)
	assert.Equal(t, 4, delivered)
	assert.Zero(t, inFlight.Load(), "Sweep waits for the cases in flight")
}

// TestSweepBuildsCasesLazily: the cases are iterated once per model, as
// they are reached.
func TestSweepBuildsCasesLazily(t *testing.T) {
	t.Parallel()
	models := sweepModels(t, func(context.Context, providers.Request) (providers.Reply, error) {
		return providers.Reply{Text: "ok"}, nil
	}, "a", "b")
	built := 0
	seq := func(yield func(Case) bool) {
		for _, c := range sayCases(5) {
			built++
			if !yield(c) {
				return
			}
		}
	}
	n := 0
	require.NoError(t, Sweep(t.Context(), models, seq, SweepOptions{Concurrency: 1, OnResult: func(results.Result, error) { n++ }}))
	assert.Equal(t, 10, n)
	assert.Equal(t, 10, built)
}

// TestPacer: starts are spaced by the interval.
func TestPacer(t *testing.T) {
	t.Parallel()
	p := &pacer{interval: 10 * time.Millisecond}
	start := time.Now()
	for range 4 {
		require.NoError(t, p.wait(t.Context()))
	}
	assert.GreaterOrEqual(t, time.Since(start), 30*time.Millisecond)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	p.next = time.Now().Add(time.Hour)
	assert.ErrorIs(t, p.wait(ctx), context.Canceled)
}

func TestExcerpt(t *testing.T) {
	assert.Equal(t, "short", excerpt("short", 10))
	got := excerpt(strings.Repeat("→", 10), 7) // each arrow is 3 bytes
	assert.True(t, strings.HasPrefix(got, "→→\n… (24 more bytes)"), got)
}
