package scoring

import (
	"math"
	"math/bits"
)

// SignFlipExactMax is the largest number of clusters for which
// [ClusterSignFlipP] enumerates all 2^g sign assignments; beyond it the
// p-value is estimated from random ones.
const SignFlipExactMax = 20

// PairedClusterBootstrap compares two models measured on the same cases:
// xᵢ and yᵢ are the two models' values of case i, and clusters[i] names the
// maze the case was built on (nil: every case its own maze). It returns the
// mean paired difference delta = mean(xᵢ − yᵢ), its 95% cluster-bootstrap
// interval, and a cluster-aware two-sided p-value for "no difference".
//
// The interval is [BoundedMeanCI]'s, taken on the differences dᵢ = xᵢ − yᵢ:
// whole clusters of pairs are resampled, so that the pairing and the
// clustering are both kept, with Hesterberg's expanded percentile ends (no
// clipping: a difference of two metrics in [0, 1] lies in [−1, 1] anyway).
// Pairing removes what the mazes add to both models' scores alike, which
// is most of the variance between mazes (Miller 2024, §paired differences).
//
// The p-value is [ClusterSignFlipP] of the differences: under "no
// difference" the two models' labels are exchangeable within each maze, so
// every cluster's differences may change sign together. It is exact for up
// to [SignFlipExactMax] clusters, and valid however few there are (it is
// then just never small: with g clusters it is at least 2/2^g).
//
// ok is false, with NaN ends, below [MinClusters] clusters (delta and p
// still given), and, with NaN everywhere, for empty input, lengths that
// differ or a NaN value. reps < 1 means [DefaultBootstrapReps]; the same
// reps and seed drive the sign-flip test when it is not exact.
func PairedClusterBootstrap(x, y []float64, clusters []string, reps int, seed uint64) (delta float64, ci Interval, p float64, ok bool) {
	nan := math.NaN()
	if len(x) != len(y) {
		return nan, Interval{nan, nan}, nan, false
	}
	d := make([]float64, len(x))
	for i := range x {
		d[i] = x[i] - y[i]
	}
	sums, counts, valid := clusterSums(d, clusters)
	if !valid {
		return nan, Interval{nan, nan}, nan, false
	}
	if reps < 1 {
		reps = DefaultBootstrapReps
	}
	delta = Mean(d)
	p = signFlipP(sums, reps, seed)
	if len(sums) < MinClusters {
		return delta, Interval{nan, nan}, p, false
	}
	means := clusterBootstrap(sums, counts, reps, seed)
	a := expandedLevel(len(sums)) / 2
	return delta, hold(Interval{quantile7(means, a), quantile7(means, 1-a)}, delta), p, true
}

// ClusterSignFlipP is the two-sided sign-flip permutation p-value of the
// paired differences d (one per case) grouped by clusters (nil: every case
// its own cluster), for the hypothesis that their mean is 0.
//
// With D_c the sum of cluster c's differences, the statistic is
// T = |Σ_c D_c|, and the null distribution is that of |Σ_c s_c·D_c| over
// the 2^g sign vectors s ∈ {−1, +1}^g (flipping a whole cluster at once
// keeps its cases together). For g ≤ [SignFlipExactMax] every sign vector
// is enumerated and p = #{T* ≥ T}/2^g; beyond, reps random sign vectors
// (PCG seeded by seed) give p = (#{T* ≥ T} + 1)/(reps + 1). T* ≥ T is
// judged with a relative tolerance of 1e-9, so that sums equal in exact
// arithmetic are not split by rounding.
//
// NaN for empty input, lengths that differ or a NaN difference. reps < 1
// means [DefaultBootstrapReps].
func ClusterSignFlipP(d []float64, clusters []string, reps int, seed uint64) float64 {
	sums, _, ok := clusterSums(d, clusters)
	if !ok {
		return math.NaN()
	}
	if reps < 1 {
		reps = DefaultBootstrapReps
	}
	return signFlipP(sums, reps, seed)
}

func signFlipP(sums []float64, reps int, seed uint64) float64 {
	var obs, scale float64
	for _, s := range sums {
		obs += s
		scale += math.Abs(s)
	}
	obs = math.Abs(obs)
	if scale == 0 {
		return 1
	}
	limit := obs - 1e-9*scale
	g := len(sums)
	if g <= SignFlipExactMax {
		// Walk the sign vectors in Gray-code order: each next vector
		// flips one sign, so the sum changes by ±2·D_c.
		total := sumOf(sums)
		signs := make([]bool, g) // true: flipped
		hits := 0
		if math.Abs(total) >= limit {
			hits++
		}
		for k := uint64(1); k < 1<<g; k++ {
			c := bits.TrailingZeros64(k)
			if signs[c] {
				total += 2 * sums[c]
			} else {
				total -= 2 * sums[c]
			}
			signs[c] = !signs[c]
			if math.Abs(total) >= limit {
				hits++
			}
		}
		return float64(hits) / float64(uint64(1)<<g)
	}
	hits := 0
	if flips := cachedSignDraws(seed, g, reps); flips != nil {
		i := 0
		for range reps {
			var t float64
			for _, s := range sums {
				// flip i set subtracts s: s with its sign bit flipped
				t += math.Float64frombits(math.Float64bits(s) ^ flips[i/64]>>(i%64)<<63)
				i++
			}
			if math.Abs(t) >= limit {
				hits++
			}
		}
		return float64(hits+1) / float64(reps+1)
	}
	r := newDraws(seed, streamSignFlip)
	for range reps {
		var t float64
		for _, s := range sums {
			// r.intn(2): the top bit of the draw (Bounded never rejects
			// for 2); a set bit subtracts s, which is adding s with its
			// sign bit flipped, to the bit, and costs no branch to
			// mispredict.
			t += math.Float64frombits(math.Float64bits(s) ^ r.pcg.Uint64()&(1<<63))
		}
		if math.Abs(t) >= limit {
			hits++
		}
	}
	return float64(hits+1) / float64(reps+1)
}

func sumOf(x []float64) float64 {
	var s float64
	for _, v := range x {
		s += v
	}
	return s
}
