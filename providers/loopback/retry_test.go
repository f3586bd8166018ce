package loopback_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/providers/loopback"
)

// Flaky fails the way hosted APIs fail before it lets requests through to
// Next: the first request gets a 429 with Retry-After, the second a 500,
// the third a dropped connection (hijacked and closed with no answer), and
// every later one is served by Next.
type Flaky struct {
	Next       http.Handler
	RetryAfter string

	mu    sync.Mutex
	calls int
}

func (f *Flaky) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.calls++
	n := f.calls
	f.mu.Unlock()
	switch n {
	case 1:
		w.Header().Set("Retry-After", f.RetryAfter)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusTooManyRequests)
		_, _ = io.WriteString(w, `{"error":{"message":"rate limited","type":"rate_limit_error"}}`)
	case 2:
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = io.WriteString(w, `{"error":{"message":"try later","type":"server_error"}}`)
	case 3:
		conn, _, err := http.NewResponseController(w).Hijack()
		if err == nil {
			_ = conn.Close()
		}
	default:
		f.Next.ServeHTTP(w, r)
	}
}

// Calls is how many requests reached the server.
func (f *Flaky) Calls() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls
}

var hello = []providers.Message{{Role: providers.User, Content: "hello"}}

func TestRetryThroughFailures(t *testing.T) {
	for _, c := range clients {
		t.Run(c.name, func(t *testing.T) {
			flaky := &Flaky{Next: loopback.New(map[string]providers.Model{"echo": echo}), RetryAfter: "2"}
			srv := httptest.NewServer(flaky)
			defer srv.Close()

			type retry struct {
				attempt int
				status  int
				wait    time.Duration
			}
			var retries []retry
			var slept time.Duration
			m := providers.Retry(c.open(srv.Client(), srv.URL), providers.RetryPolicy{
				BaseDelay: 100 * time.Millisecond,
				Jitter:    func(time.Duration) time.Duration { return 0 },
				Sleep:     func(_ context.Context, d time.Duration) error { slept += d; return nil },
				OnRetry: func(attempt int, err error, wait time.Duration) {
					var pe *providers.Error
					require.True(t, errors.As(err, &pe), "attempt %d: %v", attempt, err)
					retries = append(retries, retry{attempt, pe.Status, wait})
				},
			})
			reply, err := m.Chat(context.Background(), providers.Request{Model: "echo", Messages: hello})
			require.NoError(t, err)
			assert.Equal(t, "hello", reply.Text)
			assert.Equal(t, 4, flaky.Calls())
			assert.Equal(t, []retry{{1, 429, 2 * time.Second}, {2, 500, 0}, {3, 0, 0}}, retries)
			assert.Equal(t, 2*time.Second, slept)
		})
	}
}

func TestDroppedConnectionIsRetryable(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if conn, _, err := http.NewResponseController(w).Hijack(); err == nil {
			_ = conn.Close()
		}
	}))
	defer srv.Close()
	for _, c := range clients {
		t.Run(c.name, func(t *testing.T) {
			_, err := c.open(srv.Client(), srv.URL).Chat(context.Background(), providers.Request{Model: "echo", Messages: hello})
			require.Error(t, err)
			assert.True(t, providers.IsRetryable(err), "%v", err)
			assert.ErrorIs(t, err, io.EOF)
			assert.Contains(t, err.Error(), c.name+": send request:")
		})
	}
}

func TestCancelMidRequest(t *testing.T) {
	started := make(chan struct{}, 16)
	blocking := providers.ModelFunc(func(ctx context.Context, _ providers.Request) (providers.Reply, error) {
		started <- struct{}{}
		<-ctx.Done() // the server's request context ends when the client goes
		return providers.Reply{}, ctx.Err()
	})
	srv := newServer(t, map[string]providers.Model{"slow": blocking})
	for _, c := range clients {
		for _, wrapped := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/retry=%v", c.name, wrapped), func(t *testing.T) {
				m := c.open(srv.Client(), srv.URL)
				if wrapped {
					m = providers.Retry(m, providers.RetryPolicy{})
				}
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				go func() {
					<-started
					cancel()
				}()
				// The model never answers: only the cancellation ends the
				// call. The minute is a bound on a hang, not a measure of
				// speed.
				done := make(chan error, 1)
				go func() {
					_, err := m.Chat(ctx, providers.Request{Model: "slow", Messages: hello})
					done <- err
				}()
				var err error
				select {
				case err = <-done:
				case <-time.After(time.Minute):
					t.Fatal("cancellation did not end the call")
				}
				require.ErrorIs(t, err, context.Canceled)
				assert.False(t, providers.IsRetryable(err))
			})
		}
	}
}

func TestTruncatedBody(t *testing.T) {
	tests := []struct {
		name      string
		handler   http.HandlerFunc
		want      string
		retryable bool
	}{
		{
			name: "connection closed mid-body",
			handler: func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Length", "1000")
				w.WriteHeader(http.StatusOK)
				_, _ = io.WriteString(w, `{"choices":[`)
			},
			want:      "read response: unexpected EOF",
			retryable: true,
		},
		{
			name: "complete response, cut JSON",
			handler: func(w http.ResponseWriter, r *http.Request) {
				_, _ = io.WriteString(w, `{"choices":[{"message":{"content":"E"`)
			},
			want: "decode response: unexpected end of JSON input",
		},
	}
	for _, tt := range tests {
		srv := httptest.NewServer(tt.handler)
		for _, c := range clients {
			t.Run(tt.name+"/"+c.name, func(t *testing.T) {
				_, err := c.open(srv.Client(), srv.URL).Chat(context.Background(), providers.Request{Model: "echo", Messages: hello})
				require.Error(t, err)
				assert.True(t, strings.HasPrefix(err.Error(), c.name+": "+tt.want), "got %q", err)
				assert.Equal(t, tt.retryable, providers.IsRetryable(err))
			})
		}
		srv.Close()
	}
}
