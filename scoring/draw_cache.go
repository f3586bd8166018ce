package scoring

import "sync"

// The resamplings of a run's outputs draw the same streams again and
// again: a leaderboard and each model's profile card resample as many
// mazes from the same seed, and every pair of models compared flips the
// signs of as many mazes. A stream depends on the seed, the number of
// clusters g and the resamples alone, so each is drawn once and kept, up
// to a cap; a longer one is drawn as it is used.
var (
	// clusterDraws holds the cluster numbers of cluster bootstraps:
	// resample r's g draws in [0, g) at [r·g, (r+1)·g). 16 MiB at most.
	clusterDraws = streamCache[uint32]{limit: 4 << 20}
	// signDraws holds the sign flips of sign-flip tests, bit i of the
	// stream at bit i%64 of word i/64, resample r's g flips at bits
	// [r·g, (r+1)·g). 2 MiB at most.
	signDraws = streamCache[uint64]{limit: 1 << 18}
)

// streamCache keeps streams of draws, the oldest dropped first when the
// limit (in elements) would be passed.
type streamCache[T any] struct {
	sync.Mutex
	limit   int // a variable so that the tests can turn a cache off
	streams []cachedStream[T]
	size    int
}

type cachedStream[T any] struct {
	seed    uint64
	g, reps int
	data    []T
}

// get returns the stream of (seed, g, reps), made by draw as n elements
// when it is not kept, or nil when n passes the limit. The slice is
// shared: read it only.
func (c *streamCache[T]) get(seed uint64, g, reps, n int, draw func([]T)) []T {
	c.Lock()
	defer c.Unlock()
	if n <= 0 || n > c.limit {
		return nil
	}
	for _, s := range c.streams {
		if s.seed == seed && s.g == g && s.reps == reps {
			return s.data
		}
	}
	data := make([]T, n)
	draw(data)
	for c.size+n > c.limit && len(c.streams) > 0 {
		c.size -= len(c.streams[0].data)
		c.streams = c.streams[1:]
	}
	c.streams = append(c.streams, cachedStream[T]{seed, g, reps, data})
	c.size += n
	return data
}

// cachedClusterDraws returns the reps·g cluster numbers a cluster
// bootstrap draws from PCG(seed, streamClusterBoot), or nil when the stream
// is too long to keep.
func cachedClusterDraws(seed uint64, g, reps int) []uint32 {
	if g <= 0 || reps <= 0 || g*reps/reps != g {
		return nil
	}
	return clusterDraws.get(seed, g, reps, g*reps, func(out []uint32) {
		r := newDraws(seed, streamClusterBoot)
		for i := range out {
			out[i] = uint32(r.intn(g))
		}
	})
}

// cachedSignDraws returns the reps·g sign flips a sign-flip test draws
// from PCG(seed, streamSignFlip), each the top bit of a draw (r.intn(2)),
// packed, or nil when the stream is too long to keep.
func cachedSignDraws(seed uint64, g, reps int) []uint64 {
	if g <= 0 || reps <= 0 || g*reps/reps != g {
		return nil
	}
	bits := g * reps
	return signDraws.get(seed, g, reps, (bits+63)/64, func(out []uint64) {
		r := newDraws(seed, streamSignFlip)
		for i := range bits {
			out[i/64] |= r.pcg.Uint64() >> 63 << (i % 64)
		}
	})
}
