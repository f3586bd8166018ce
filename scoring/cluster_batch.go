package scoring

import (
	"math"
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
		means := resampledMeans(group, g, reps, seed)
		a := expandedLevel(g) / 2
		for s, p := range group {
			ci := Interval{selectQuantile7(means[s], a), selectQuantile7(means[s], 1-a)}
			j := jobs[p.job]
			out[p.job] = ClusterMean{out[p.job].Mean, clip(hold(ci, out[p.job].Mean), j.Lo, j.Hi), true}
		}
	}
	return out
}

// prepared is a job's clusters: its sums and counts in label order.
type prepared struct {
	job    int
	sums   []float64
	counts []int
}

// lanes is how many jobs resampledMeans sums side by side: eight sums in
// registers keep the processor's adders busy across a resample's draws.
const lanes = 8

// resampledMeans draws reps resamples of the g clusters of every job of
// the group (all of g clusters) and returns each job's resampled means, in
// the order drawn. Every job sums its draws in the order drawn, from zero,
// as clusterBootstrap does, so the means are the same to the bit; the jobs
// are taken [lanes] at a time, and the draws come from the shared cache
// when the stream is short enough to keep.
func resampledMeans(group []prepared, g, reps int, seed uint64) [][]float64 {
	k := len(group)
	blocks := (k + lanes - 1) / lanes
	// Block b holds the sums and counts of its jobs side by side, cluster
	// by cluster: cluster c of the block's job t is at lanes·c+t. Jobs past
	// the last are padding of zero sums and unit counts.
	sums := make([][]float64, blocks)
	counts := make([][]int, blocks)
	single := true
	for b := range blocks {
		sums[b] = make([]float64, lanes*g)
		counts[b] = make([]int, lanes*g)
		for t := range lanes {
			s := lanes*b + t
			for c := range g {
				counts[b][lanes*c+t] = 1
				if s < k {
					sums[b][lanes*c+t], counts[b][lanes*c+t] = group[s].sums[c], group[s].counts[c]
					single = single && group[s].counts[c] == 1
				}
			}
		}
	}
	means := make([][]float64, lanes*blocks)
	for s := range means {
		means[s] = make([]float64, reps)
	}
	stream := cachedClusterDraws(seed, g, reps)
	var r draws
	var buf []uint32
	if stream == nil {
		r = newDraws(seed, streamClusterBoot)
		buf = make([]uint32, g)
	}
	var acc [lanes]float64
	var n [lanes]int
	for rep := range reps {
		drawn := buf
		if stream != nil {
			drawn = stream[rep*g : (rep+1)*g]
		} else {
			for i := range buf {
				buf[i] = uint32(r.intn(g))
			}
		}
		for b := range blocks {
			acc = sumLanes(sums[b], drawn)
			if single {
				n = [lanes]int{g, g, g, g, g, g, g, g} // one case in every cluster: g cases
			} else {
				n = sumLanes(counts[b], drawn)
			}
			for t := range lanes {
				means[lanes*b+t][rep] = acc[t] / float64(n[t])
			}
		}
	}
	return means[:k]
}

// sumLanes sums the draws of a block's jobs side by side (their values,
// or their cases' counts), each from zero in the order drawn.
func sumLanes[T float64 | int](block []T, drawn []uint32) [lanes]T {
	var a0, a1, a2, a3, a4, a5, a6, a7 T
	for _, c := range drawn {
		v := block[lanes*int(c) : lanes*int(c)+lanes : lanes*int(c)+lanes]
		a0 += v[0]
		a1 += v[1]
		a2 += v[2]
		a3 += v[3]
		a4 += v[4]
		a5 += v[5]
		a6 += v[6]
		a7 += v[7]
	}
	return [lanes]T{a0, a1, a2, a3, a4, a5, a6, a7}
}
