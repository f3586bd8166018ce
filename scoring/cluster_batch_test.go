package scoring

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// TestBoundedMeanCIsAsEach: the batch gives, to the bit, what
// BoundedMeanCI gives for each job: jobs of as many clusters and of other
// numbers, too few clusters, bad input, metrics bounded and not.
func TestBoundedMeanCIsAsEach(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var jobs []ClusterMeanJob
		for i := range rapid.IntRange(0, 8).Draw(t, "jobs") {
			n := rapid.IntRange(0, 30).Draw(t, fmt.Sprint("n", i))
			g := rapid.IntRange(1, 9).Draw(t, fmt.Sprint("g", i))
			var j ClusterMeanJob
			j.Lo, j.Hi = 0, 1
			if rapid.Bool().Draw(t, "count") {
				j.Hi = math.Inf(1)
			}
			for k := range n {
				j.X = append(j.X, rapid.Float64Range(0, 1.2).Draw(t, fmt.Sprint("x", k)))
				j.Clusters = append(j.Clusters, fmt.Sprint("c", rapid.IntRange(0, g).Draw(t, fmt.Sprint("c", k))))
			}
			if rapid.Bool().Draw(t, "no clusters") {
				j.Clusters = nil
			}
			jobs = append(jobs, j)
		}
		reps := rapid.IntRange(1, 300).Draw(t, "reps")
		seed := rapid.Uint64().Draw(t, "seed")
		got := BoundedMeanCIs(jobs, reps, seed)
		for i, j := range jobs {
			m, ci, ok := BoundedMeanCI(j.X, j.Clusters, j.Lo, j.Hi, reps, seed)
			same := func(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }
			if !same(m, got[i].Mean) || !same(ci.Lo, got[i].CI.Lo) || !same(ci.Hi, got[i].CI.Hi) || ok != got[i].OK {
				t.Fatalf("job %d: batch %+v, alone %v %v %v", i, got[i], m, ci, ok)
			}
		}
	})
}

// TestIntnIsBounded: the inlined draw gives Bounded's numbers, for bounds
// that reject draws and bounds that do not.
func TestIntnIsBounded(t *testing.T) {
	for _, n := range []int{1, 2, 3, 7, 250, 1 << 20, 1<<31 + 12345, 1<<32 - 1} {
		a, b := newDraws(9, 4), newDraws(9, 4)
		for range 2000 {
			if x, y := a.intn(n), int(Bounded(b.pcg, uint32(n))); x != y {
				t.Fatalf("n=%d: intn %d, Bounded %d", n, x, y)
			}
		}
	}
}

// naiveClusterBootstrap is the cluster bootstrap written plainly, one draw
// at a time: what resampledMeans must give to the bit.
func naiveClusterBootstrap(sums []float64, counts []int, reps int, seed uint64) []float64 {
	g := len(sums)
	r := newDraws(seed, streamClusterBoot)
	means := make([]float64, reps)
	for k := range reps {
		var s float64
		var n int
		for range g {
			j := r.intn(g)
			s += sums[j]
			n += counts[j]
		}
		means[k] = s / float64(n)
	}
	return means
}

// TestResampledMeansAsNaive: the blocked, cached resampling gives each
// job the plain loop's means to the bit, for groups of one to nine jobs
// (blocks of four and a padded rest), clusters of one case and of many,
// streams short enough to cache and, with the cache bypassed, not.
func TestResampledMeansAsNaive(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := rapid.IntRange(1, 40).Draw(t, "g")
		reps := rapid.IntRange(1, 50).Draw(t, "reps")
		seed := rapid.Uint64().Draw(t, "seed")
		many := rapid.Bool().Draw(t, "many cases a cluster")
		var group []prepared
		for s := range rapid.IntRange(1, 9).Draw(t, "jobs") {
			p := prepared{job: s, sums: make([]float64, g), counts: make([]int, g)}
			for c := range g {
				p.sums[c] = rapid.Float64Range(-3, 3).Draw(t, fmt.Sprint("s", s, c))
				p.counts[c] = 1
				if many {
					p.counts[c] = rapid.IntRange(1, 4).Draw(t, fmt.Sprint("n", s, c))
				}
			}
			group = append(group, p)
		}
		if rapid.Bool().Draw(t, "no cache") {
			defer func(keep int) { clusterDraws.limit = keep }(clusterDraws.limit)
			clusterDraws.limit = 0
		}
		got := resampledMeans(group, g, reps, seed)
		for s, p := range group {
			want := naiveClusterBootstrap(p.sums, p.counts, reps, seed)
			for i := range want {
				if math.Float64bits(got[s][i]) != math.Float64bits(want[i]) {
					t.Fatalf("job %d resample %d: %v, want %v", s, i, got[s][i], want[i])
				}
			}
		}
	})
}

// TestClusterDrawCache: the cache keeps no more than its cap, evicts the
// oldest streams first, and a stream drawn again after eviction is the
// same.
func TestClusterDrawCache(t *testing.T) {
	defer func(keep int) { clusterDraws.limit = keep }(clusterDraws.limit)
	clusterDraws.limit = 1000
	first := slices.Clone(cachedClusterDraws(7, 10, 60)) // 600 draws
	if len(first) != 600 {
		t.Fatalf("%d draws, want 600", len(first))
	}
	if cachedClusterDraws(7, 20, 60) != nil || cachedClusterDraws(7, 1001, 1) != nil {
		t.Fatal("a stream over the cap was given")
	}
	cachedClusterDraws(8, 10, 60) // evicts the first
	clusterDraws.Lock()
	size, n := clusterDraws.size, len(clusterDraws.streams)
	clusterDraws.Unlock()
	if size > clusterDraws.limit || n != 1 {
		t.Fatalf("cache holds %d draws in %d streams, cap %d", size, n, clusterDraws.limit)
	}
	if again := cachedClusterDraws(7, 10, 60); !slices.Equal(again, first) {
		t.Fatal("the stream drawn again differs")
	}
	for i, c := range first {
		if c >= 10 {
			t.Fatalf("draw %d is %d, outside [0, 10)", i, c)
		}
	}
}
