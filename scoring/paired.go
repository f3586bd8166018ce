package scoring

import (
	"math"
	"math/rand/v2"
	"slices"
)

// WilcoxonExactMax is the largest number of non-zero differences for which
// [WilcoxonSignedRank] computes the exact null distribution; beyond it the
// normal approximation is used.
const WilcoxonExactMax = 25

// DefaultBootstrapReps is the number of resamples [PairedBootstrap] draws
// when asked for fewer than one.
const DefaultBootstrapReps = 10000

// WilcoxonSignedRank is the two-sided Wilcoxon signed-rank test of the paired
// differences dᵢ = xᵢ − yᵢ.
//
// Zero differences are dropped (Wilcoxon's original treatment, as in R's
// wilcox.test), leaving n non-zero differences. Their absolute values are
// ranked 1…n; tied absolute values share the mean of the ranks they span
// (mid-ranks). Ties are exact float equality. W is W⁺, the sum of the ranks
// of the positive differences (R's V statistic): large W means x tends to
// exceed y, and swapping x and y turns W into n(n+1)/2 − W with the same p.
//
// For n ≤ [WilcoxonExactMax] the p-value is exact: the null distribution of
// W⁺ is enumerated over all 2ⁿ sign assignments of the observed (mid-)ranks,
// so it is exact conditional on the ties, and
// p = min(1, 2·min(P(W⁺ ≤ W), P(W⁺ ≥ W))). For larger n, W⁺ is compared with
// a normal of mean n(n+1)/4 and variance n(n+1)(2n+1)/24 − Σ(t³ − t)/48 (t the
// size of each tie group), with a continuity correction of ½.
//
// With no non-zero differences W = 0 and p = 1. Inputs of different lengths,
// or containing NaN, give NaN for both.
func WilcoxonSignedRank(x, y []float64) (W float64, p float64) {
	if len(x) != len(y) {
		return math.NaN(), math.NaN()
	}
	type diff struct {
		abs float64
		pos bool
	}
	ds := make([]diff, 0, len(x))
	for i := range x {
		d := x[i] - y[i]
		if math.IsNaN(d) {
			return math.NaN(), math.NaN()
		}
		if d != 0 {
			ds = append(ds, diff{abs: math.Abs(d), pos: d > 0})
		}
	}
	n := len(ds)
	if n == 0 {
		return 0, 1
	}
	slices.SortFunc(ds, func(a, b diff) int {
		switch {
		case a.abs < b.abs:
			return -1
		case a.abs > b.abs:
			return 1
		}
		return 0
	})
	// Doubled mid-ranks are whole numbers: the tie group i..j-1 has ranks
	// i+1..j and the mean (i+1+j)/2, doubled i+1+j.
	ranks2 := make([]int, n)
	var tieSum float64 // Σ(t³ − t)
	w2 := 0
	for i := 0; i < n; {
		j := i + 1
		for j < n && ds[j].abs == ds[i].abs {
			j++
		}
		t := float64(j - i)
		tieSum += t*t*t - t
		for k := i; k < j; k++ {
			ranks2[k] = i + 1 + j
			if ds[k].pos {
				w2 += ranks2[k]
			}
		}
		i = j
	}
	W = float64(w2) / 2
	if n <= WilcoxonExactMax {
		return W, wilcoxonExactP(ranks2, w2)
	}
	nf := float64(n)
	mean := nf * (nf + 1) / 4
	sd := math.Sqrt(nf*(nf+1)*(2*nf+1)/24 - tieSum/48)
	dev := W - mean
	switch {
	case dev > 0:
		dev = math.Max(0, dev-0.5)
	case dev < 0:
		dev = math.Min(0, dev+0.5)
	}
	z := math.Abs(dev) / sd
	return W, math.Min(1, math.Erfc(z/math.Sqrt2))
}

// wilcoxonExactP is the exact two-sided p of the doubled statistic w2 given
// the doubled ranks: the distribution of Σ (signs·ranks2) over the 2ⁿ sign
// assignments, counted by dynamic programming over the sum.
func wilcoxonExactP(ranks2 []int, w2 int) float64 {
	total := 0
	for _, r := range ranks2 {
		total += r
	}
	count := make([]float64, total+1) // count[s]: sign assignments with W⁺·2 = s
	count[0] = 1
	reach := 0
	for _, r := range ranks2 {
		for s := reach; s >= 0; s-- {
			if count[s] != 0 {
				count[s+r] += count[s]
			}
		}
		reach += r
	}
	var le, ge, all float64
	for s, c := range count {
		all += c
		if s <= w2 {
			le += c
		}
		if s >= w2 {
			ge += c
		}
	}
	return math.Min(1, 2*math.Min(le, ge)/all)
}

// PairedBootstrap resamples the pairs (xᵢ, yᵢ) with replacement reps times
// and reports delta = stat(x) − stat(y) on the data, its 95% percentile
// interval over the resamples, and a two-sided bootstrap p-value for
// "delta = 0":
//
//	p = min(1, 2·min(#{δ* ≤ 0} + 1, #{δ* ≥ 0} + 1) / (reps + 1))
//
// Each resample draws the same indices for x and y, so the pairing is kept.
// stat defaults to the mean when nil; reps < 1 means [DefaultBootstrapReps].
// The percentile ends interpolate linearly between order statistics (R's
// type 7). The random stream is a math/rand/v2 PCG seeded by seed, so the
// same arguments give the same result on every machine.
//
// Inputs of different or zero length give NaN for everything.
func PairedBootstrap(x, y []float64, stat func([]float64) float64, reps int, seed uint64) (delta float64, ci Interval, p float64) {
	nan := math.NaN()
	n := len(x)
	if n != len(y) || n == 0 {
		return nan, Interval{nan, nan}, nan
	}
	if stat == nil {
		stat = Mean
	}
	if reps < 1 {
		reps = DefaultBootstrapReps
	}
	delta = stat(x) - stat(y)
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	bx, by := make([]float64, n), make([]float64, n)
	deltas := make([]float64, reps)
	le, ge := 0, 0
	for r := range reps {
		for i := range n {
			j := rng.IntN(n)
			bx[i], by[i] = x[j], y[j]
		}
		d := stat(bx) - stat(by)
		deltas[r] = d
		if d <= 0 {
			le++
		}
		if d >= 0 {
			ge++
		}
	}
	slices.Sort(deltas)
	ci = Interval{quantile7(deltas, 0.025), quantile7(deltas, 0.975)}
	p = math.Min(1, 2*float64(min(le, ge)+1)/float64(reps+1))
	return delta, ci, p
}

// quantile7 is the q-quantile of sorted data by linear interpolation between
// order statistics (Hyndman and Fan type 7).
func quantile7(sorted []float64, q float64) float64 {
	h := q * float64(len(sorted)-1)
	i := int(math.Floor(h))
	if i+1 >= len(sorted) {
		return sorted[len(sorted)-1]
	}
	return sorted[i] + (h-float64(i))*(sorted[i+1]-sorted[i])
}

// PairedMeanDiffCI is the mean of the paired differences xᵢ − yᵢ and its
// Student-t 95% interval (the paired t interval; see [MeanCI] for n < 2).
// Inputs of different lengths give NaN.
func PairedMeanDiffCI(x, y []float64) (diff float64, ci Interval) {
	if len(x) != len(y) {
		return math.NaN(), Interval{math.NaN(), math.NaN()}
	}
	d := make([]float64, len(x))
	for i := range x {
		d[i] = x[i] - y[i]
	}
	return MeanCI(d)
}
