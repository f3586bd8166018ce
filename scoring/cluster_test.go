package scoring

import (
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func TestExpandedLevel(t *testing.T) {
	for _, tc := range []struct {
		g    int
		want float64
	}{
		{5, 0.00191}, {10, 0.0171}, {20, 0.0318}, {50, 0.0424}, {1000, 0.0497},
	} {
		assert.InDelta(t, tc.want, expandedLevel(tc.g), 2e-4, "g=%d", tc.g)
	}
}

func TestClusterSums(t *testing.T) {
	tests := []struct {
		name       string
		x          []float64
		clusters   []string
		wantSums   []float64
		wantCounts []int
		wantOK     bool
	}{
		{"no clusters", []float64{1, 2, 3}, nil, []float64{1, 2, 3}, []int{1, 1, 1}, true},
		{"no clusters, ascending", []float64{3, 1, 2}, nil, []float64{1, 2, 3}, []int{1, 1, 1}, true},
		{"grouped in order of label", []float64{1, 2, 3, 4}, []string{"b", "a", "b", "c"}, []float64{2, 4, 4}, []int{1, 2, 1}, true},
		{"empty", nil, nil, nil, nil, false},
		{"lengths differ", []float64{1, 2}, []string{"a"}, nil, nil, false},
		{"NaN", []float64{1, math.NaN()}, nil, nil, nil, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sums, counts, ok := clusterSums(tc.x, tc.clusters)
			assert.Equal(t, tc.wantOK, ok)
			assert.Equal(t, tc.wantSums, sums)
			assert.Equal(t, tc.wantCounts, counts)
		})
	}
}

// TestResamplingOrderFree: the intervals and p-values of the same values
// and clusters are the same in any order (a concurrent run's results come
// in the order the cases ended).
func TestResamplingOrderFree(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 40).Draw(t, "n")
		x := make([]float64, n)
		y := make([]float64, n)
		cl := make([]string, n)
		for i := range n {
			x[i] = float64(rapid.IntRange(0, 4).Draw(t, "x")) / 4
			y[i] = float64(rapid.IntRange(0, 4).Draw(t, "y")) / 4
			cl[i] = string(rune('a' + rapid.IntRange(0, 9).Draw(t, "cluster")))
		}
		perm := rapid.Permutation(slices.Collect(func(yield func(int) bool) {
			for i := range n {
				if !yield(i) {
					return
				}
			}
		})).Draw(t, "order")
		px, py, pcl := make([]float64, n), make([]float64, n), make([]string, n)
		for i, j := range perm {
			px[i], py[i], pcl[i] = x[j], y[j], cl[j]
		}
		m1, ci1 := MeanCI(x)
		m2, ci2 := MeanCI(px)
		if !sameBits(m1, m2) || !sameBits(ci1.Lo, ci2.Lo) || !sameBits(ci1.Hi, ci2.Hi) {
			t.Fatalf("MeanCI: %v %v, reordered %v %v", m1, ci1, m2, ci2)
		}
		for _, c := range [][2][]string{{cl, pcl}, {nil, nil}} {
			m1, ci1, ok1 := BoundedMeanCI(x, c[0], 0, 1, 200, 3)
			m2, ci2, ok2 := BoundedMeanCI(px, c[1], 0, 1, 200, 3)
			if ok1 != ok2 || math.Abs(m1-m2) > 1e-12 || (ok1 && (math.Abs(ci1.Lo-ci2.Lo) > 1e-12 || math.Abs(ci1.Hi-ci2.Hi) > 1e-12)) {
				t.Fatalf("BoundedMeanCI: %v %v %v, reordered %v %v %v", m1, ci1, ok1, m2, ci2, ok2)
			}
			d1, dci1, p1, _ := PairedClusterBootstrap(x, y, c[0], 200, 3)
			d2, dci2, p2, _ := PairedClusterBootstrap(px, py, c[1], 200, 3)
			if !sameFloat(d1, d2) || !sameFloat(dci1.Lo, dci2.Lo) || !sameFloat(dci1.Hi, dci2.Hi) || !sameFloat(p1, p2) {
				t.Fatalf("PairedClusterBootstrap: %v %v %v, reordered %v %v %v", d1, dci1, p1, d2, dci2, p2)
			}
		}
	})
}

// sameBits: the same float64 to the last bit, or both NaN.
func sameBits(a, b float64) bool {
	return a == b || (math.IsNaN(a) && math.IsNaN(b))
}

// sameFloat: equal within rounding, or both NaN.
func sameFloat(a, b float64) bool {
	return (math.IsNaN(a) && math.IsNaN(b)) || math.Abs(a-b) <= 1e-12
}

func TestBoundedMeanCI(t *testing.T) {
	x := []float64{0.2, 0.9, 0.5, 0.7, 0.1, 0.8, 0.6, 0.3}
	tests := []struct {
		name     string
		x        []float64
		clusters []string
		lo, hi   float64
		wantMean float64 // NaN: bad input
		wantOK   bool
	}{
		{"eight values", x, nil, 0, 1, 0.5125, true},
		{"n too small", x[:4], nil, 0, 1, 0.575, false},
		{"too few clusters", x, []string{"a", "a", "b", "b", "c", "c", "d", "d"}, 0, 1, 0.5125, false},
		{"five clusters", x, []string{"a", "a", "b", "b", "c", "c", "d", "e"}, 0, 1, 0.5125, true},
		{"value above hi", []float64{0.5, 1.5, 0, 0, 0}, nil, 0, 1, math.NaN(), false},
		{"lo above hi", x, nil, 1, 0, math.NaN(), false},
		{"NaN value", []float64{0.5, math.NaN(), 0, 0, 0}, nil, 0, 1, math.NaN(), false},
		{"lengths differ", x, []string{"a"}, 0, 1, math.NaN(), false},
		{"empty", nil, nil, 0, 1, math.NaN(), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			mean, ci, ok := BoundedMeanCI(tc.x, tc.clusters, tc.lo, tc.hi, 2000, 1)
			assert.Equal(t, tc.wantOK, ok)
			if math.IsNaN(tc.wantMean) {
				assert.True(t, math.IsNaN(mean), "mean %v", mean)
			} else {
				assert.InDelta(t, tc.wantMean, mean, 1e-12)
			}
			if !ok {
				assert.True(t, math.IsNaN(ci.Lo) && math.IsNaN(ci.Hi), "no interval when not ok: %v", ci)
				return
			}
			assert.True(t, tc.lo <= ci.Lo && ci.Lo <= mean && mean <= ci.Hi && ci.Hi <= tc.hi, "%v around %v", ci, mean)
		})
	}
}

// TestBoundedMeanCIStaysInBounds: values piled at a bound, where a t
// interval leaves [0, 1] (the report's old "BRS 0.167±2.118").
func TestBoundedMeanCIStaysInBounds(t *testing.T) {
	x := []float64{0, 0, 0, 0, 0, 1}
	_, tci := MeanCI(x)
	require.Less(t, tci.Lo, 0.0, "the t interval leaves [0, 1]")
	mean, ci, ok := BoundedMeanCI(x, nil, 0, 1, 4000, 7)
	require.True(t, ok)
	assert.InDelta(t, 1.0/6, mean, 1e-12)
	assert.Equal(t, 0.0, ci.Lo)
	assert.LessOrEqual(t, ci.Hi, 1.0)
	assert.Greater(t, ci.Hi, mean)
	_, _, cci, ok := ClusteredMeanCI(x, nil, 0, 1)
	require.True(t, ok)
	assert.Equal(t, 0.0, cci.Lo, "the clipped t interval stops at 0")
}

func TestBoundedMeanCIConstant(t *testing.T) {
	mean, ci, ok := BoundedMeanCI([]float64{0.9, 0.9, 0.9, 0.9, 0.9}, nil, 0, 1, 500, 3)
	require.True(t, ok)
	assert.Equal(t, 0.9, mean)
	assert.InDelta(t, 0.9, ci.Lo, 1e-15)
	assert.InDelta(t, 0.9, ci.Hi, 1e-15)
}

// TestRepeatedRunsAreOneMaze: running each maze three times with the same
// outcome adds no information. Clustered by maze, the interval is the one
// of the mazes alone; unclustered, it is narrower, as if there were three
// times as many mazes.
func TestRepeatedRunsAreOneMaze(t *testing.T) {
	mazes := []float64{0.1, 0.9, 0.4, 0.8, 0.3, 0.7, 0.2, 0.6}
	var runs []float64
	var clusters []string
	for i, v := range mazes {
		for range 3 {
			runs = append(runs, v)
			clusters = append(clusters, string(rune('a'+i)))
		}
	}
	m1, alone, ok1 := BoundedMeanCI(mazes, nil, 0, 1, 3000, 11)
	m2, clustered, ok2 := BoundedMeanCI(runs, clusters, 0, 1, 3000, 11)
	_, naive, ok3 := BoundedMeanCI(runs, nil, 0, 1, 3000, 11)
	require.True(t, ok1 && ok2 && ok3)
	assert.InDelta(t, m1, m2, 1e-12)
	assert.InDelta(t, alone.Lo, clustered.Lo, 1e-12)
	assert.InDelta(t, alone.Hi, clustered.Hi, 1e-12)
	assert.Less(t, naive.Width(), 0.7*clustered.Width(), "ignoring the clusters understates the uncertainty")

	_, se1, _, _ := ClusteredMeanCI(mazes, nil, 0, 1)
	_, se2, _, _ := ClusteredMeanCI(runs, clusters, 0, 1)
	assert.InDelta(t, se1, se2, 1e-12, "the clustered SE of repeated runs is the SE of the mazes")
}

func TestClusteredMeanCI(t *testing.T) {
	// Without clusters it is the t interval of MeanCI.
	x := []float64{0.2, 0.4, 0.5, 0.9, 0.6}
	m, se, ci, ok := ClusteredMeanCI(x, nil, math.Inf(-1), math.Inf(1))
	require.True(t, ok)
	wm, wci := MeanCI(x)
	assert.InDelta(t, wm, m, 1e-12)
	assert.InDelta(t, wci.Lo, ci.Lo, 1e-12)
	assert.InDelta(t, wci.Hi, ci.Hi, 1e-12)
	_, sd := meanSD(x)
	assert.InDelta(t, sd/math.Sqrt(5), se, 1e-12)

	// By hand: clusters {1,3}, {2}, {6}, {4,4}, {5}; mean 25/7.
	// Residual sums: 4−2·25/7 = −22/7, −11/7, 17/7, 8−50/7 = 6/7, 10/7;
	// squares sum (484+121+289+36+100)/49 = 1030/49.
	// SE² = 5/4 · (1030/49) / 49.
	y := []float64{1, 3, 2, 6, 4, 4, 5}
	cl := []string{"a", "a", "b", "c", "d", "d", "e"}
	m, se, ci, ok = ClusteredMeanCI(y, cl, 0, 10)
	require.True(t, ok)
	assert.InDelta(t, 25.0/7, m, 1e-12)
	wantSE := math.Sqrt(5.0 / 4 * 1030 / 49 / 49)
	assert.InDelta(t, wantSE, se, 1e-12)
	assert.InDelta(t, m-TQuantile(0.975, 4)*wantSE, ci.Lo, 1e-12)

	// Four clusters: the SE, but no interval.
	_, se, ci, ok = ClusteredMeanCI(y[:6], cl[:6], 0, 10)
	assert.False(t, ok)
	assert.False(t, math.IsNaN(se))
	assert.True(t, math.IsNaN(ci.Lo))
}

// TestClusterBootstrapCoverage: on clustered data (20 mazes, 3 correlated
// runs each, values in [0, 1]) the clustered interval covers the true mean
// about 95% of the time; the one that ignores the clusters falls well
// short. The data are drawn from a fixed seed, so the test is exact.
func TestClusterBootstrapCoverage(t *testing.T) {
	const trials, mazes, runs = 300, 20, 3
	r := newDraws(99, 1)
	unif := func() float64 { return float64(r.intn(1<<30)) / (1 << 30) }
	var covered, coveredNaive, coveredT int
	for trial := range trials {
		var x []float64
		var cl []string
		for m := range mazes {
			base := unif() // the maze's difficulty, shared by its runs
			for range runs {
				v := 0.8*base + 0.2*unif()
				x = append(x, v)
				cl = append(cl, string(rune('A'+m)))
			}
		}
		const truth = 0.5
		_, ci, ok := BoundedMeanCI(x, cl, 0, 1, 1000, uint64(trial))
		require.True(t, ok)
		_, naive, _ := BoundedMeanCI(x, nil, 0, 1, 1000, uint64(trial))
		_, _, tci, _ := ClusteredMeanCI(x, cl, 0, 1)
		if ci.Contains(truth) {
			covered++
		}
		if naive.Contains(truth) {
			coveredNaive++
		}
		if tci.Contains(truth) {
			coveredT++
		}
	}
	t.Logf("coverage over %d trials: clustered bootstrap %.3f, clustered t %.3f, unclustered bootstrap %.3f",
		trials, float64(covered)/trials, float64(coveredT)/trials, float64(coveredNaive)/trials)
	assert.InDelta(t, 0.95, float64(covered)/trials, 0.04, "clustered bootstrap coverage")
	assert.InDelta(t, 0.95, float64(coveredT)/trials, 0.04, "clustered t coverage")
	assert.Less(t, float64(coveredNaive)/trials, 0.85, "naive coverage")
}

func TestBoundedMeanCIProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 40).Draw(t, "n")
		k := rapid.IntRange(1, 12).Draw(t, "clusters")
		x := make([]float64, n)
		cl := make([]string, n)
		for i := range x {
			x[i] = math.Round(rapid.Float64Range(0, 1).Draw(t, "x")*10) / 10
			cl[i] = string(rune('a' + rapid.IntRange(0, k-1).Draw(t, "c")))
		}
		seed := rapid.Uint64().Draw(t, "seed")
		mean, ci, ok := BoundedMeanCI(x, cl, 0, 1, 300, seed)
		mean2, ci2, ok2 := BoundedMeanCI(x, cl, 0, 1, 300, seed)
		if mean != mean2 || ok != ok2 || !sameInterval(ci, ci2) {
			t.Fatalf("not deterministic")
		}
		distinct := len(slices.Compact(slices.Sorted(slices.Values(cl))))
		if ok != (distinct >= MinClusters) {
			t.Fatalf("ok = %v with %d clusters", ok, distinct)
		}
		if ok && !(0 <= ci.Lo && ci.Lo <= ci.Hi && ci.Hi <= 1) {
			t.Fatalf("interval %v leaves [0, 1]", ci)
		}
		if ok && !(ci.Lo-1e-12 <= mean && mean <= ci.Hi+1e-12) {
			t.Fatalf("mean %v outside %v", mean, ci)
		}
	})
}

func sameInterval(a, b Interval) bool {
	eq := func(x, y float64) bool { return x == y || (math.IsNaN(x) && math.IsNaN(y)) }
	return eq(a.Lo, b.Lo) && eq(a.Hi, b.Hi)
}

// BenchmarkBoundedMeanCI: 60 cases of 20 mazes, 10000 resamples.
func BenchmarkBoundedMeanCI(b *testing.B) {
	x := make([]float64, 60)
	cl := make([]string, 60)
	for i := range x {
		x[i] = float64(i%7) / 7
		cl[i] = string(rune('a' + i%20))
	}
	for b.Loop() {
		BoundedMeanCI(x, cl, 0, 1, 0, 1)
	}
}

// BenchmarkPairedClusterBootstrap: 60 pairs of 20 mazes: 10000 resamples
// and the exact sign-flip test over 2²⁰ sign vectors.
func BenchmarkPairedClusterBootstrap(b *testing.B) {
	x, y := make([]float64, 60), make([]float64, 60)
	cl := make([]string, 60)
	for i := range x {
		x[i], y[i] = float64(i%7)/7, float64(i%5)/5
		cl[i] = string(rune('a' + i%20))
	}
	for b.Loop() {
		PairedClusterBootstrap(x, y, cl, 0, 1)
	}
}
