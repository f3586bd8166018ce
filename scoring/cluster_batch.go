package scoring

import (
	"math"
	"slices"
)

// ClusterMeanJob is one mean and interval [BoundedMeanCIs] computes: the values,
// their clusters and the metric's bounds, as [BoundedMeanCI] takes them.
type ClusterMeanJob struct {
	X        []float64
	Clusters []string
	Lo, Hi   float64
}

// ClusterMean is [BoundedMeanCI]'s answer.
type ClusterMean struct {
	Mean float64
	CI   Interval
	OK   bool
}

// BoundedMeanCIs is [BoundedMeanCI] of each job with the same reps and
// seed, and gives exactly what each call gives. The resampling of g
// clusters from a seed draws the same cluster numbers whatever the values,
// so the jobs with as many clusters share one stream of draws, and each
// draw adds to all of them at once: a leaderboard's metrics and models
// cost one stream per number of mazes, not one each.
func BoundedMeanCIs(jobs []ClusterMeanJob, reps int, seed uint64) []ClusterMean {
	if reps < 1 {
		reps = DefaultBootstrapReps
	}
	nan := math.NaN()
	out := make([]ClusterMean, len(jobs))
	type prepared struct {
		job    int
		sums   []float64
		counts []int
	}
	byG := map[int][]prepared{}
	var gs []int
	for i, j := range jobs {
		sums, counts, valid := clusterSums(j.X, j.Clusters)
		if !valid || !(j.Lo <= j.Hi) || !inBounds(j.X, j.Lo, j.Hi) {
			out[i] = ClusterMean{nan, Interval{nan, nan}, false}
			continue
		}
		out[i] = ClusterMean{Mean(j.X), Interval{nan, nan}, false}
		if len(sums) < MinClusters {
			continue
		}
		g := len(sums)
		if _, ok := byG[g]; !ok {
			gs = append(gs, g)
		}
		byG[g] = append(byG[g], prepared{i, sums, counts})
	}
	for _, g := range gs {
		group := byG[g]
		k := len(group)
		// sums and counts of cluster c of every job, side by side
		sums := make([]float64, g*k)
		counts := make([]int, g*k)
		for s, p := range group {
			for c := range g {
				sums[c*k+s], counts[c*k+s] = p.sums[c], p.counts[c]
			}
		}
		means := make([][]float64, k)
		for s := range means {
			means[s] = make([]float64, reps)
		}
		// With one case in every cluster (one case per maze), a resample
		// of g clusters always holds g cases: the counts need no sum.
		single := !slices.ContainsFunc(counts, func(c int) bool { return c != 1 })
		r := newDraws(seed, streamClusterBoot)
		acc := make([]float64, k)
		n := make([]int, k)
		ug := uint32(g)
		for rep := range reps {
			clear(acc)
			clear(n)
			for range g {
				// r.intn(g), its common case written out
				prod := (r.pcg.Uint64() >> 32) * uint64(ug)
				if uint32(prod) < ug {
					prod = uint64(boundedFrom(r.pcg, ug, prod)) << 32
				}
				j := int(prod>>32) * k
				if single {
					for s, v := range sums[j : j+k] {
						acc[s] += v
					}
					continue
				}
				for s := range k {
					acc[s] += sums[j+s]
					n[s] += counts[j+s]
				}
			}
			for s := range k {
				if single {
					means[s][rep] = acc[s] / float64(g)
				} else {
					means[s][rep] = acc[s] / float64(n[s])
				}
			}
		}
		a := expandedLevel(g) / 2
		for s, p := range group {
			slices.Sort(means[s])
			ci := Interval{quantile7(means[s], a), quantile7(means[s], 1-a)}
			j := jobs[p.job]
			out[p.job] = ClusterMean{out[p.job].Mean, clip(hold(ci, out[p.job].Mean), j.Lo, j.Hi), true}
		}
	}
	return out
}
