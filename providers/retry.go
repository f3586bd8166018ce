package providers

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"
)

// RetryPolicy says how [Retry] retries. The zero value is a sensible policy:
// up to 5 attempts within 5 minutes, backing off from 1 s up to 60 s.
//
// The wait before attempt n+1 is drawn uniformly from
// [0, min(MaxDelay, BaseDelay·2^(n-1))] ("full jitter"), and is never
// shorter than the RetryAfter the provider asked for. Retrying stops at
// MaxAttempts, or when the next wait would end past MaxElapsed from the
// first attempt, and the last error is returned.
type RetryPolicy struct {
	// MaxAttempts bounds the calls, the first one included; 0 means 5.
	MaxAttempts int
	// BaseDelay is the backoff ceiling after the first failure; 0 means 1 s.
	BaseDelay time.Duration
	// MaxDelay caps the backoff ceiling (not a provider's RetryAfter);
	// 0 means 60 s.
	MaxDelay time.Duration
	// MaxElapsed bounds the time from the first attempt to the start of
	// the last; 0 means 5 minutes.
	MaxElapsed time.Duration
	// AttemptTimeout bounds each attempt; 0 means none. An attempt that
	// has no answer in time is abandoned and counts as a retryable failure,
	// so a server that accepts a connection and never answers costs at
	// most MaxAttempts × AttemptTimeout.
	AttemptTimeout time.Duration

	// OnRetry, if set, is called before each wait with the number of the
	// attempt that failed (1 for the first call), its error, and the wait.
	// A call that succeeded on its k-th attempt saw k-1 calls of OnRetry.
	OnRetry func(attempt int, err error, wait time.Duration)

	// Sleep waits d or until ctx is done, returning ctx.Err() then; nil
	// means a real timer. Tests inject a recorder that returns at once.
	Sleep func(ctx context.Context, d time.Duration) error
	// Now is the clock that measures MaxElapsed; nil means time.Now.
	Now func() time.Time
	// Jitter returns a duration uniformly drawn from [0, limit]; nil means
	// a generator private to the retrier, seeded from the clock.
	Jitter func(limit time.Duration) time.Duration
}

// withDefaults fills the zero fields of p.
func (p RetryPolicy) withDefaults() RetryPolicy {
	if p.MaxAttempts <= 0 {
		p.MaxAttempts = 5
	}
	if p.BaseDelay <= 0 {
		p.BaseDelay = time.Second
	}
	if p.MaxDelay <= 0 {
		p.MaxDelay = 60 * time.Second
	}
	if p.MaxElapsed <= 0 {
		p.MaxElapsed = 5 * time.Minute
	}
	if p.Sleep == nil {
		p.Sleep = sleep
	}
	if p.Now == nil {
		p.Now = time.Now
	}
	return p
}

// Ceiling is the upper bound of the jittered wait after the attempt-th
// failure: min(MaxDelay, BaseDelay·2^(attempt-1)), for a policy whose zero
// fields have their defaults.
func (p RetryPolicy) Ceiling(attempt int) time.Duration {
	p = p.withDefaults()
	d := p.BaseDelay
	for i := 1; i < attempt && d < p.MaxDelay; i++ {
		d *= 2
	}
	return min(d, p.MaxDelay)
}

// sleep waits d or until ctx is done.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Retrier is a Model that retries another on retryable errors. It is safe
// for concurrent use if the model it wraps is.
type Retrier struct {
	model  Model
	policy RetryPolicy

	mu  sync.Mutex // guards rng
	rng *rand.Rand
}

// Retry wraps m so that calls failing with a retryable *[Error] are tried
// again under policy p. Other errors return at once. A context that ends
// during a wait or a call makes Chat return ctx.Err() without further
// attempts.
func Retry(m Model, p RetryPolicy) *Retrier {
	p = p.withDefaults()
	r := &Retrier{model: m, policy: p}
	if p.Jitter == nil {
		seed := uint64(p.Now().UnixNano())
		r.rng = rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	}
	return r
}

// jitter draws the random part of a wait.
func (r *Retrier) jitter(limit time.Duration) time.Duration {
	if limit <= 0 {
		return 0
	}
	if r.policy.Jitter != nil {
		return min(max(r.policy.Jitter(limit), 0), limit)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return time.Duration(r.rng.Int64N(int64(limit) + 1))
}

// Wait is the wait after the attempt-th failure with err: a jittered
// backoff, but never shorter than the error's RetryAfter.
func (r *Retrier) Wait(attempt int, err error) time.Duration {
	wait := r.jitter(r.policy.Ceiling(attempt))
	var pe *Error
	if errors.As(err, &pe) {
		wait = max(wait, pe.RetryAfter)
	}
	return wait
}

// Chat calls the wrapped model until it succeeds, fails for good, or the
// policy's bounds are reached.
func (r *Retrier) Chat(ctx context.Context, req Request) (Reply, error) {
	p := r.policy
	start := p.Now()
	for attempt := 1; ; attempt++ {
		if err := ctx.Err(); err != nil {
			return Reply{}, err
		}
		reply, err := r.attempt(ctx, req)
		if err == nil {
			return reply, nil
		}
		if ctxErr := ctx.Err(); ctxErr != nil {
			return Reply{}, ctxErr
		}
		if !IsRetryable(err) {
			if attempt == 1 {
				return Reply{}, err
			}
			return Reply{}, fmt.Errorf("attempt %d of %d: %w", attempt, p.MaxAttempts, err)
		}
		if attempt >= p.MaxAttempts {
			return Reply{}, fmt.Errorf("giving up after %d attempts: %w", attempt, err)
		}
		wait := r.Wait(attempt, err)
		if elapsed := p.Now().Sub(start); elapsed+wait > p.MaxElapsed {
			return Reply{}, fmt.Errorf("giving up after %d attempts: waiting %s more would pass the %s retry budget: %w",
				attempt, wait, p.MaxElapsed, err)
		}
		if p.OnRetry != nil {
			p.OnRetry(attempt, err, wait)
		}
		if err := p.Sleep(ctx, wait); err != nil {
			if ctxErr := ctx.Err(); ctxErr != nil {
				return Reply{}, ctxErr
			}
			return Reply{}, err
		}
	}
}

// attempt makes one call within the policy's AttemptTimeout.
func (r *Retrier) attempt(ctx context.Context, req Request) (Reply, error) {
	d := r.policy.AttemptTimeout
	if d <= 0 {
		return r.model.Chat(ctx, req)
	}
	actx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	reply, err := r.model.Chat(actx, req)
	if err != nil && ctx.Err() == nil && errors.Is(actx.Err(), context.DeadlineExceeded) {
		provider := ""
		var pe *Error
		if errors.As(err, &pe) {
			provider = pe.Provider
		}
		return Reply{}, &Error{Provider: provider, Retryable: true,
			Message: fmt.Sprintf("no answer within %s (the attempt's timeout)", d), Err: context.DeadlineExceeded}
	}
	return reply, err
}
