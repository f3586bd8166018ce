package providers

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// script is a model that fails with the given errors in turn, then answers.
type script struct {
	mu    sync.Mutex
	errs  []error
	calls int
}

func (s *script) Chat(ctx context.Context, req Request) (Reply, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	if s.calls <= len(s.errs) {
		return Reply{}, s.errs[s.calls-1]
	}
	return Reply{Text: "ok"}, nil
}

// fakeClock is a clock that only the injected sleep moves.
type fakeClock struct {
	now    time.Time
	slept  []time.Duration
	failAt int // the sleep call (1-based) that reports cancellation; 0 never
}

func (c *fakeClock) Now() time.Time { return c.now }

func (c *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	c.slept = append(c.slept, d)
	if c.failAt == len(c.slept) {
		return context.Canceled
	}
	c.now = c.now.Add(d)
	return nil
}

type retryCall struct {
	Attempt int
	Wait    time.Duration
}

func TestRetry(t *testing.T) {
	busy := &Error{Provider: "openai", Status: 429, Retryable: true}
	slow := &Error{Provider: "openai", Status: 429, Retryable: true, RetryAfter: 10 * time.Second}
	down := &Error{Provider: "openai", Status: 500, Retryable: true}
	bad := &Error{Provider: "openai", Status: 400, Message: "bad"}
	tests := []struct {
		name      string
		errs      []error
		policy    RetryPolicy
		wantCalls int
		wantErr   string
		wantWaits []retryCall
	}{
		{
			name:      "first try",
			wantCalls: 1,
		},
		{
			name:      "backs off exponentially",
			errs:      []error{busy, down, busy},
			policy:    RetryPolicy{BaseDelay: time.Second},
			wantCalls: 4,
			wantWaits: []retryCall{{1, time.Second}, {2, 2 * time.Second}, {3, 4 * time.Second}},
		},
		{
			name:      "capped by max delay",
			errs:      []error{busy, busy, busy, busy},
			policy:    RetryPolicy{BaseDelay: time.Second, MaxDelay: 3 * time.Second},
			wantCalls: 5,
			wantWaits: []retryCall{{1, time.Second}, {2, 2 * time.Second}, {3, 3 * time.Second}, {4, 3 * time.Second}},
		},
		{
			name:      "retry-after is a floor",
			errs:      []error{slow},
			policy:    RetryPolicy{BaseDelay: time.Second},
			wantCalls: 2,
			wantWaits: []retryCall{{1, 10 * time.Second}},
		},
		{
			name:      "not retryable",
			errs:      []error{bad},
			wantCalls: 1,
			wantErr:   "openai: HTTP 400: bad",
		},
		{
			name:      "not retryable after a retry",
			errs:      []error{busy, bad},
			wantCalls: 2,
			wantErr:   "attempt 2 of 5: openai: HTTP 400: bad",
			wantWaits: []retryCall{{1, time.Second}},
		},
		{
			name:      "plain errors are not retried",
			errs:      []error{errors.New("agent failed")},
			wantCalls: 1,
			wantErr:   "agent failed",
		},
		{
			name:      "attempts bounded",
			errs:      []error{busy, busy, busy},
			policy:    RetryPolicy{MaxAttempts: 2},
			wantCalls: 2,
			wantErr:   "giving up after 2 attempts: openai: HTTP 429: too many requests",
			wantWaits: []retryCall{{1, time.Second}},
		},
		{
			name:      "time bounded",
			errs:      []error{busy, busy, slow},
			policy:    RetryPolicy{MaxElapsed: 5 * time.Second},
			wantCalls: 3,
			wantErr:   "giving up after 3 attempts: waiting 10s more would pass the 5s retry budget",
			wantWaits: []retryCall{{1, time.Second}, {2, 2 * time.Second}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &script{errs: tt.errs}
			clock := &fakeClock{now: time.Unix(0, 0)}
			var got []retryCall
			p := tt.policy
			p.Now, p.Sleep = clock.Now, clock.Sleep
			p.Jitter = func(limit time.Duration) time.Duration { return limit }
			p.OnRetry = func(attempt int, err error, wait time.Duration) {
				assert.Error(t, err)
				got = append(got, retryCall{attempt, wait})
			}
			reply, err := Retry(m, p).Chat(context.Background(), Request{})
			assert.Equal(t, tt.wantCalls, m.calls)
			if diff := cmp.Diff(tt.wantWaits, got); diff != "" {
				t.Errorf("retries mismatch (-want +got):\n%s", diff)
			}
			if tt.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, "ok", reply.Text)
		})
	}
}

func TestRetryCancelledDuringWait(t *testing.T) {
	m := &script{errs: []error{&Error{Status: 503, Retryable: true}, &Error{Status: 503, Retryable: true}}}
	clock := &fakeClock{now: time.Unix(0, 0), failAt: 1}
	ctx, cancel := context.WithCancel(context.Background())
	p := RetryPolicy{Now: clock.Now, Sleep: func(c context.Context, d time.Duration) error {
		cancel()
		return clock.Sleep(c, d)
	}}
	_, err := Retry(m, p).Chat(ctx, Request{})
	require.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, context.Canceled, err, "the context's own error comes back")
	assert.Equal(t, 1, m.calls)
}

func TestRetryRealSleepCancels(t *testing.T) {
	m := &script{errs: []error{&Error{Status: 503, Retryable: true, RetryAfter: time.Hour}}}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	// The server asks for an hour's wait: only the context ends it. The
	// minute is a bound on a hang, not a measure of speed.
	done := make(chan error, 1)
	go func() {
		_, err := Retry(m, RetryPolicy{MaxElapsed: 2 * time.Hour}).Chat(ctx, Request{})
		done <- err
	}()
	select {
	case err := <-done:
		require.ErrorIs(t, err, context.DeadlineExceeded)
	case <-time.After(time.Minute):
		t.Fatal("cancellation did not cut the hour's wait short")
	}
}

func TestRetryDoneContextMakesNoCall(t *testing.T) {
	m := &script{}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Retry(m, RetryPolicy{}).Chat(ctx, Request{})
	require.ErrorIs(t, err, context.Canceled)
	assert.Zero(t, m.calls)
}

func TestRetryDefaultJitterInRange(t *testing.T) {
	r := Retry(&script{}, RetryPolicy{BaseDelay: 100 * time.Millisecond})
	for attempt := 1; attempt <= 8; attempt++ {
		ceiling := r.policy.Ceiling(attempt)
		for range 50 {
			w := r.Wait(attempt, &Error{Retryable: true})
			require.GreaterOrEqual(t, w, time.Duration(0))
			require.LessOrEqual(t, w, ceiling)
		}
	}
}

func TestRetryWaitProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := RetryPolicy{
			BaseDelay: time.Duration(rapid.Int64Range(1, int64(10*time.Second)).Draw(t, "base")),
			MaxDelay:  time.Duration(rapid.Int64Range(1, int64(time.Minute)).Draw(t, "max")),
		}
		frac := rapid.Float64Range(0, 1).Draw(t, "frac")
		p.Jitter = func(limit time.Duration) time.Duration { return time.Duration(frac * float64(limit)) }
		attempt := rapid.IntRange(1, 100).Draw(t, "attempt")
		after := time.Duration(rapid.Int64Range(0, int64(time.Hour)).Draw(t, "retryAfter"))
		r := Retry(&script{}, p)
		ceiling := p.Ceiling(attempt)
		if ceiling > p.MaxDelay || ceiling <= 0 {
			t.Fatalf("ceiling %s outside (0, %s]", ceiling, p.MaxDelay)
		}
		w := r.Wait(attempt, &Error{Retryable: true, RetryAfter: after})
		if w < after {
			t.Fatalf("wait %s shorter than Retry-After %s", w, after)
		}
		if w > max(ceiling, after) {
			t.Fatalf("wait %s longer than both ceiling %s and Retry-After %s", w, ceiling, after)
		}
	})
}

// TestRetryAttemptTimeout: an attempt that gets no answer within the
// policy's AttemptTimeout is abandoned and retried as a transient failure;
// the caller's own deadline still ends everything at once.
func TestRetryAttemptTimeout(t *testing.T) {
	calls := 0
	hang := ModelFunc(func(ctx context.Context, req Request) (Reply, error) {
		calls++
		if calls < 3 {
			<-ctx.Done()
			return Reply{}, &Error{Provider: "test", Retryable: true, Message: "send request: " + ctx.Err().Error(), Err: ctx.Err()}
		}
		return Reply{Text: "late but there"}, nil
	})
	r := Retry(hang, RetryPolicy{MaxAttempts: 5, AttemptTimeout: 20 * time.Millisecond, Sleep: func(context.Context, time.Duration) error { return nil }})
	rep, err := r.Chat(context.Background(), Request{})
	if err != nil || rep.Text != "late but there" || calls != 3 {
		t.Fatalf("got %q, %v after %d calls", rep.Text, err, calls)
	}

	calls = 0
	r = Retry(ModelFunc(func(ctx context.Context, req Request) (Reply, error) {
		calls++
		<-ctx.Done()
		return Reply{}, ctx.Err()
	}), RetryPolicy{MaxAttempts: 2, AttemptTimeout: 10 * time.Millisecond, Sleep: func(context.Context, time.Duration) error { return nil }})
	_, err = r.Chat(context.Background(), Request{})
	if err == nil || !strings.Contains(err.Error(), "no answer within 10ms") || calls != 2 {
		t.Fatalf("err = %v after %d calls", err, calls)
	}
}
