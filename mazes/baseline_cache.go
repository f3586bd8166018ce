package mazes

import (
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
	cfg BaselineConfig
	mu  sync.Mutex
	m   map[baselineKey]Baseline
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
	b = SimulateBaseline(m, opt, c.cfg)
	c.mu.Lock()
	c.m[k] = b
	c.mu.Unlock()
	return b
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
