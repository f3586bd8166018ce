package mazes

import (
	"fmt"
	"hash/fnv"
	"sync"
)

// BaselineCache keeps the baselines already simulated, so that a report
// over many cases simulates each maze and protocol once. A baseline is
// kept per maze (its size, seed, algorithm, START, EXIT and a hash of its
// passages, so that two imported mazes with the same size and seed are
// told apart), per protocol and per whether confidences are asked (the
// only parts of a framing that change a walker's scores), for the
// cache's one configuration. It is safe for concurrent use; its zero value
// is not: use NewBaselineCache.
type BaselineCache struct {
	cfg   BaselineConfig
	store BaselineStore
	mu    sync.Mutex
	m     map[baselineKey]Baseline
}

// BaselineStore keeps baselines beyond one cache, such as in a file, so
// that a maze and framing simulated once is not simulated again by the next
// report. Keys are [BaselineCache.Key]s. Load and Save are called from any
// goroutine. A store that fails to keep a baseline loses nothing but time.
type BaselineStore interface {
	Load(key string) (Baseline, bool)
	Save(key string, b Baseline)
}

// WithStore backs the cache by a store: Get looks a baseline up there
// before simulating it, and saves what it simulates. It returns the cache.
func (c *BaselineCache) WithStore(s BaselineStore) *BaselineCache {
	c.store = s
	return c
}

type baselineKey struct {
	n           int
	seed        uint64
	algorithm   Algorithm
	start, exit Cell
	passages    uint64
	protocol    Protocol
	confidence  bool
}

// NewBaselineCache returns an empty cache of baselines simulated with cfg.
func NewBaselineCache(cfg BaselineConfig) *BaselineCache {
	return &BaselineCache{cfg: cfg, m: map[baselineKey]Baseline{}}
}

// Get returns the baseline of the maze under the framing, simulating it on
// first use. Two callers that ask for the same baseline at once may both
// simulate it; they get the same numbers.
func (c *BaselineCache) Get(m *Maze, opt PromptOptions) Baseline {
	if opt.Protocol != Interactive {
		opt.Protocol = OneShot
	}
	k := baselineKey{n: m.n, seed: m.seed, algorithm: m.algorithm, start: m.start, exit: m.exit,
		passages: passageHash(m), protocol: opt.Protocol, confidence: opt.Confidence}
	c.mu.Lock()
	b, ok := c.m[k]
	c.mu.Unlock()
	if ok {
		return b
	}
	var key string
	if c.store != nil {
		key = c.key(k)
		if b, ok := c.store.Load(key); ok {
			c.mu.Lock()
			c.m[k] = b
			c.mu.Unlock()
			return b
		}
	}
	b = SimulateBaseline(m, opt, c.cfg)
	if c.store != nil {
		c.store.Save(key, b)
	}
	c.mu.Lock()
	c.m[k] = b
	c.mu.Unlock()
	return b
}

// Key names the baseline of the maze under the framing, as a store keeps
// it: the cache's configuration (walker, walks, seed, budget) and the
// baseline's key (the maze, its passages' hash, the protocol, whether
// confidences are asked).
func (c *BaselineCache) Key(m *Maze, opt PromptOptions) string {
	if opt.Protocol != Interactive {
		opt.Protocol = OneShot
	}
	return c.key(baselineKey{n: m.n, seed: m.seed, algorithm: m.algorithm, start: m.start, exit: m.exit,
		passages: passageHash(m), protocol: opt.Protocol, confidence: opt.Confidence})
}

func (c *BaselineCache) key(k baselineKey) string {
	walker := c.cfg.Walker
	if walker == "" {
		walker = Uniform
	}
	return fmt.Sprintf("%s walks=%d seed=%d budget=%d | n=%d seed=%d %s start=%d,%d exit=%d,%d passages=%016x | %s confidence=%t",
		walker, c.cfg.Walks, c.cfg.Seed, c.cfg.Budget, k.n, k.seed, k.algorithm, k.start.R, k.start.C, k.exit.R, k.exit.C, k.passages, k.protocol, k.confidence)
}

// Len is the number of baselines kept.
func (c *BaselineCache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}

// passageHash is the FNV-1a hash of the open directions of every cell.
func passageHash(m *Maze) uint64 {
	h := fnv.New64a()
	h.Write(m.open)
	return h.Sum64()
}
