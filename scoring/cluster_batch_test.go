package scoring

import (
	"fmt"
	"math"
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
