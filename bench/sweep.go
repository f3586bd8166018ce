package bench

import (
	"context"
	"fmt"
	"iter"
	"sync"
	"time"

	"github.com/hallumaze/hallumaze/results"
)

// SweepOptions tune a sweep of cases × models.
type SweepOptions struct {
	// Concurrency bounds the cases in flight overall; 0 means 4.
	Concurrency int
	// PerProvider bounds the cases in flight per provider (by the name's
	// prefix); a provider absent from the map has no bound of its own.
	// Agents run in-process and are bounded by Concurrency only.
	PerProvider map[string]int
	// RPM caps the calls started per minute per provider: case starts are
	// spaced 60s/RPM apart. Interactive cases make several calls; the cap
	// applies to case starts, a conservative choice for one-shot cases.
	RPM map[string]int
	// Skip reports a case already done (a resumed run); it is not played.
	Skip func(model string, c Case) bool
	// CaseTimeout bounds each case as a whole, all its calls and retries
	// together; 0 means no bound. A case past it fails with an error that
	// says so, and the sweep goes on.
	CaseTimeout time.Duration
	// OnResult is called, from one goroutine at a time, as each case ends,
	// with the error that kept it from being played, if any.
	OnResult func(results.Result, error)
	// OnStart is called as each case starts, from the goroutine that
	// called Sweep.
	OnStart func(model string, c Case)
}

// Sweep plays every case with every model, concurrently within the limits,
// and hands each result to opt.OnResult as it ends. Cases are started in
// model order, then case order; cases is iterated once per model, so it
// can build each case as it is reached instead of holding them all.
//
// A provider failure does not stop a sweep: it is a Result with Error set
// (see [Play]). When ctx is cancelled, no case starts, the cases in flight
// are abandoned (their results are not delivered: an interrupted case is
// not a result) and Sweep returns ctx.Err() once they have stopped.
func Sweep(ctx context.Context, models []Model, cases iter.Seq[Case], opt SweepOptions) error {
	conc := opt.Concurrency
	if conc <= 0 {
		conc = 4
	}
	all := make(chan struct{}, conc)
	perProvider := map[string]chan struct{}{}
	for p, n := range opt.PerProvider {
		if n > 0 {
			perProvider[p] = make(chan struct{}, n)
		}
	}
	pacers := map[string]*pacer{}
	for p, rpm := range opt.RPM {
		if rpm > 0 {
			pacers[p] = &pacer{interval: time.Minute / time.Duration(rpm)}
		}
	}
	var deliver sync.Mutex
	var wg sync.WaitGroup
	// Cases run on workers that outlive them: a worker that ends a case
	// takes the next one started, so that a case does not pay for growing
	// a fresh goroutine's stack. A worker is made when none waits, so there
	// are at most about twice as many as cases in flight at once.
	jobs := make(chan func())
	defer close(jobs)
	run := func(job func()) {
		select {
		case jobs <- job:
		default:
			go func() {
				job()
				for job := range jobs {
					job()
				}
			}()
		}
	}
	defer wg.Wait()
	for _, m := range models {
		provider := m.Ref.Provider
		limit := perProvider[provider]
		if m.Agent {
			limit = nil
		}
		pace := pacers[provider]
		if m.Agent {
			pace = nil
		}
		for c := range cases {
			if opt.Skip != nil && opt.Skip(m.Name, c) {
				continue
			}
			if err := start(ctx, all, limit, pace); err != nil {
				return err
			}
			// Check again under the delivery lock: a cancellation made while
			// a result was delivered is seen here, so no case starts after it.
			deliver.Lock()
			if err := ctx.Err(); err != nil {
				deliver.Unlock()
				release(all, limit)
				return err
			}
			if opt.OnStart != nil {
				opt.OnStart(m.Name, c)
			}
			deliver.Unlock()
			wg.Add(1)
			run(func() {
				defer wg.Done()
				defer release(all, limit)
				r, err := playBounded(ctx, m, c, opt.CaseTimeout)
				if ctx.Err() != nil {
					return // abandoned: an interrupted case is not a result
				}
				if opt.OnResult != nil {
					deliver.Lock()
					defer deliver.Unlock()
					opt.OnResult(r, err)
				}
			})
		}
	}
	wg.Wait()
	return ctx.Err()
}

// start takes a slot overall and one of the provider's (limit, when it
// has a bound), then waits for the provider's pace. On failure it gives
// back what it took.
func start(ctx context.Context, all, limit chan struct{}, pace *pacer) error {
	if err := acquire(ctx, all); err != nil {
		return err
	}
	if limit != nil {
		if err := acquire(ctx, limit); err != nil {
			<-all
			return err
		}
	}
	if pace != nil {
		if err := pace.wait(ctx); err != nil {
			release(all, limit)
			return err
		}
	}
	return nil
}

func acquire(ctx context.Context, sem chan struct{}) error {
	// A cancelled context wins over a free slot, so that no case starts
	// after an interruption.
	if err := ctx.Err(); err != nil {
		return err
	}
	select {
	case sem <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func release(all, limit chan struct{}) {
	if limit != nil {
		<-limit
	}
	<-all
}

// pacer spaces starts at least interval apart.
type pacer struct {
	mu       sync.Mutex
	interval time.Duration
	next     time.Time
}

func (p *pacer) wait(ctx context.Context) error {
	p.mu.Lock()
	now := time.Now()
	start := p.next
	if start.Before(now) {
		start = now
	}
	p.next = start.Add(p.interval)
	p.mu.Unlock()
	if d := time.Until(start); d > 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// boundError is the cause of a case's end at its time bound, written only
// when it is read: most cases end well within it.
type boundError time.Duration

func (e boundError) Error() string {
	return fmt.Sprintf("the case took longer than its %s bound", time.Duration(e))
}

// playBounded plays a case within a time bound (none when d is 0).
func playBounded(ctx context.Context, m Model, c Case, d time.Duration) (results.Result, error) {
	if d <= 0 {
		return PlayCase(ctx, m, c)
	}
	cctx, cancel := context.WithTimeoutCause(ctx, d, boundError(d))
	defer cancel()
	r, err := PlayCase(cctx, m, c)
	if err != nil && ctx.Err() == nil && cctx.Err() != nil {
		err = fmt.Errorf("%w (%v)", err, context.Cause(cctx))
		r.Error = err.Error()
	}
	return r, err
}
