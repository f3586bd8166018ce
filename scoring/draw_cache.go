package scoring

import "sync"

// clusterDrawCap is the most draws (4 bytes each) the cluster-draw cache
// keeps: 16 MiB. A run's outputs compute many cluster bootstraps over the
// same number of mazes with the same seed (a leaderboard, each model's
// profile card); the stream is the same each time, so it is drawn once.
// A variable so that the tests can turn the cache off.
var clusterDrawCap = 4 << 20

// clusterDraws caches the cluster numbers a cluster bootstrap draws: reps
// resamples of g clusters from PCG(seed, streamClusterBoot), resample r in
// [r·g, (r+1)·g). Streams longer than the cache are not kept.
var clusterDraws struct {
	sync.Mutex
	streams []drawStream // newest last
	size    int
}

type drawStream struct {
	seed  uint64
	g     int
	reps  int
	draws []uint32
}

// cachedClusterDraws returns the stream of reps·g draws in [0, g), or nil
// when it is too long to keep: the caller draws as it goes. The slice is
// shared: read it only.
func cachedClusterDraws(seed uint64, g, reps int) []uint32 {
	n := g * reps
	if g <= 0 || reps <= 0 || n/reps != g || n > clusterDrawCap {
		return nil
	}
	c := &clusterDraws
	c.Lock()
	defer c.Unlock()
	for _, s := range c.streams {
		if s.seed == seed && s.g == g && s.reps == reps {
			return s.draws
		}
	}
	out := make([]uint32, n)
	r := newDraws(seed, streamClusterBoot)
	for i := range out {
		out[i] = uint32(r.intn(g))
	}
	for c.size+n > clusterDrawCap && len(c.streams) > 0 {
		c.size -= len(c.streams[0].draws)
		c.streams = c.streams[1:]
	}
	c.streams = append(c.streams, drawStream{seed, g, reps, out})
	c.size += n
	return out
}
