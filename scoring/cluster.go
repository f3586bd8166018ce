package scoring

import (
	"math"
	"slices"
	"strings"
)

// MinClusters is the fewest independent units (clusters, or values when no
// clusters are given) for which [BoundedMeanCI], [ClusteredMeanCI] and
// [PairedClusterBootstrap] give an interval. Below it they report "n too
// small" (ok false) instead: four clusters have only 35 distinct bootstrap
// resamples, and a t interval on three values is wider than most bounded
// metrics' whole range (a mean of two values in [0, 1] with sd 0.2 gets
// ±1.8), so neither says more than the values themselves.
const MinClusters = 5

// clusterSums groups x by clusters: the sum and the count of the values of
// each cluster, clusters in the order of their labels. With clusters nil
// every value is its own cluster, in ascending order. The resamplings draw
// clusters by position, so this order makes them draw the same for the
// same values however they were ordered (a concurrent run's results come
// in the order the cases ended), and makes jobs over the same clusters
// draw the same clusters. ok is false when the lengths differ, x is empty,
// or a value is NaN.
func clusterSums(x []float64, clusters []string) (sums []float64, counts []int, ok bool) {
	if len(x) == 0 || (clusters != nil && len(clusters) != len(x)) || slices.ContainsFunc(x, math.IsNaN) {
		return nil, nil, false
	}
	if clusters == nil {
		sums = slices.Clone(x)
		slices.Sort(sums)
		counts = make([]int, len(x))
		for i := range counts {
			counts[i] = 1
		}
		return sums, counts, true
	}
	index := map[string]int{}
	var labels []string
	for i, v := range x {
		j, seen := index[clusters[i]]
		if !seen {
			j = len(sums)
			index[clusters[i]] = j
			labels = append(labels, clusters[i])
			sums, counts = append(sums, 0), append(counts, 0)
		}
		sums[j] += v
		counts[j]++
	}
	if slices.IsSorted(labels) {
		return sums, counts, true
	}
	order := make([]int, len(labels))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(labels[a], labels[b]) })
	bySums, byCounts := make([]float64, len(order)), make([]int, len(order))
	for i, j := range order {
		bySums[i], byCounts[i] = sums[j], counts[j]
	}
	return bySums, byCounts, true
}

// expandedLevel is the two-sided tail probability α′ of Hesterberg's
// expanded percentile interval for g independent units at 95%:
//
//	α′/2 = Φ(−√(g/(g−1)) · t_{0.975, g−1})
//
// The plain percentile interval of a mean is too narrow in small samples
// (it has the width of a z interval with divisor n, not a t interval with
// n − 1); taking its ends at α′/2 and 1 − α′/2 instead of 2.5% and 97.5%
// gives it the width of the t interval for normal data while it keeps the
// bootstrap's shape and bounds. α′ tends to 0.05 as g grows: 0.0019 at
// g = 5, 0.017 at g = 10, 0.032 at g = 20, 0.044 at g = 50.
func expandedLevel(g int) float64 {
	gf := float64(g)
	z := math.Sqrt(gf/(gf-1)) * TQuantile(0.975, gf-1)
	return math.Erfc(z / math.Sqrt2) // 2·Φ(−z)
}

// clusterBootstrap resamples whole clusters with replacement reps times and
// returns the sorted resampled means: Σ sums* / Σ counts* over g draws,
// each sum taken from zero in the order drawn (resampledMeans).
func clusterBootstrap(sums []float64, counts []int, reps int, seed uint64) []float64 {
	means := resampledMeans([]prepared{{0, sums, counts}}, len(sums), reps, seed)[0]
	slices.Sort(means)
	return means
}

// BoundedMeanCI is the mean of x, a metric bounded in [lo, hi], with a 95%
// cluster-bootstrap interval that stays inside the bounds.
//
// Values that share a cluster (the cases of one maze: its framings and
// repeated runs) are not independent; the interval resamples whole
// clusters, as the unit that was sampled, so that it is as wide as the
// number of mazes warrants and not as narrow as the number of cases
// suggests (Miller 2024, "Adding Error Bars to Evals", §clustered standard
// errors). With clusters nil every value is its own cluster.
//
// The mean is the mean over all values (each case weighs the same, as in
// the leaderboard). Each of reps resamples draws g clusters with
// replacement from the g clusters and takes the mean of all their values;
// the interval's ends are the α′/2 and 1 − α′/2 quantiles (type 7) of the
// resampled means, with α′ Hesterberg's expanded level for g units (see
// below), widened if need be to hold the mean, and clipped to [lo, hi]. A percentile interval of a mean of values in
// [lo, hi] cannot leave [lo, hi]; the clip only guards rounding. The stream
// is PCG seeded by seed; reps < 1 means [DefaultBootstrapReps].
//
//	α′/2 = Φ(−√(g/(g−1)) · t_{0.975, g−1})
//
// ok is false, with NaN ends, when there are fewer than [MinClusters]
// clusters ("n too small"; the mean is still given), and, with a NaN mean
// too, for empty input, lengths that differ, a NaN value, a value outside
// [lo, hi], or lo > hi.
func BoundedMeanCI(x []float64, clusters []string, lo, hi float64, reps int, seed uint64) (mean float64, ci Interval, ok bool) {
	nan := math.NaN()
	sums, counts, valid := clusterSums(x, clusters)
	if !valid || !(lo <= hi) || !inBounds(x, lo, hi) {
		return nan, Interval{nan, nan}, false
	}
	mean = Mean(x)
	if len(sums) < MinClusters {
		return mean, Interval{nan, nan}, false
	}
	if reps < 1 {
		reps = DefaultBootstrapReps
	}
	means := clusterBootstrap(sums, counts, reps, seed)
	a := expandedLevel(len(sums)) / 2
	ci = Interval{quantile7(means, a), quantile7(means, 1-a)}
	return mean, clip(hold(ci, mean), lo, hi), true
}

// hold widens ci to hold x: the resampled means are summed in another
// order than the mean itself, so where every resample equals the mean (all
// values alike) rounding can leave the mean an ulp outside.
func hold(ci Interval, x float64) Interval {
	return Interval{min(ci.Lo, x), max(ci.Hi, x)}
}

// ClusteredMeanCI is the mean of x, a metric bounded in [lo, hi], with its
// cluster-robust standard error and a 95% t interval clipped to the bounds:
//
//	SE² = g/(g−1) · Σ_c (Σ_{i∈c} (xᵢ − x̄))² / n²
//	CI  = x̄ ± t_{0.975, g−1} · SE, clipped to [lo, hi]
//
// for n values in g clusters (the CR1 estimator of the variance of a mean;
// Miller 2024's clustered standard error with the small-sample factor
// g/(g−1)). With clusters nil (every value its own cluster) SE is the usual
// s/√n and the interval is [MeanCI]'s, clipped. Use lo = −Inf or hi = +Inf
// for a metric bounded on one side only (a count).
//
// ok is false as for [BoundedMeanCI]: NaN ends below [MinClusters]
// clusters (the mean and SE still given), and NaN everywhere for bad input.
func ClusteredMeanCI(x []float64, clusters []string, lo, hi float64) (mean, se float64, ci Interval, ok bool) {
	nan := math.NaN()
	sums, counts, valid := clusterSums(x, clusters)
	if !valid || !(lo <= hi) || !inBounds(x, lo, hi) {
		return nan, nan, Interval{nan, nan}, false
	}
	mean = Mean(x)
	g, n := len(sums), float64(len(x))
	if g < 2 {
		return mean, nan, Interval{nan, nan}, false
	}
	var v float64
	for c, s := range sums {
		r := s - float64(float64(counts[c])*mean) // Σ_{i∈c} (xᵢ − x̄)
		v += float64(r * r)
	}
	gf := float64(g)
	se = math.Sqrt(gf / (gf - 1) * v / (n * n))
	if g < MinClusters {
		return mean, se, Interval{nan, nan}, false
	}
	half := TQuantile(0.975, gf-1) * se
	return mean, se, clip(Interval{mean - half, mean + half}, lo, hi), true
}

func inBounds(x []float64, lo, hi float64) bool {
	for _, v := range x {
		if v < lo || v > hi {
			return false
		}
	}
	return true
}

func clip(iv Interval, lo, hi float64) Interval {
	return Interval{min(max(iv.Lo, lo), hi), min(max(iv.Hi, lo), hi)}
}
