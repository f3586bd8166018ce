package scoring

import (
	"math"
	"slices"
)

// PermutationExactMax is the largest n for which [PermutationP] enumerates
// all n! pairings (8! = 40320); beyond it the p-value is estimated from
// random ones.
const PermutationExactMax = 8

// Ranks gives each value of x its rank, 1 for the smallest; tied values
// share the mean of the ranks they span (mid-ranks), so ranks of 10, 20, 20,
// 30 are 1, 2.5, 2.5, 4. Ties are exact float equality. A NaN value gives
// nil.
func Ranks(x []float64) []float64 {
	idx := make([]int, len(x))
	for i := range idx {
		if math.IsNaN(x[i]) {
			return nil
		}
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case x[a] < x[b]:
			return -1
		case x[a] > x[b]:
			return 1
		}
		return 0
	})
	r := make([]float64, len(x))
	for i := 0; i < len(idx); {
		j := i + 1
		for j < len(idx) && x[idx[j]] == x[idx[i]] {
			j++
		}
		mid := float64(i+1+j) / 2 // ranks i+1..j
		for k := i; k < j; k++ {
			r[idx[k]] = mid
		}
		i = j
	}
	return r
}

// Spearman is Spearman's rank correlation ρ of the pairs (xᵢ, yᵢ): the
// Pearson correlation of their mid-ranks (see [Ranks]), which handles ties
// as R's cor(method = "spearman") does. ρ is 1 when y rises with x
// everywhere, −1 when it falls.
//
// ok is false (ρ NaN) for fewer than two pairs, lengths that differ, a NaN
// value, or when x or y is constant (a correlation with no variation is
// undefined).
func Spearman(x, y []float64) (rho float64, ok bool) {
	if len(x) != len(y) || len(x) < 2 {
		return math.NaN(), false
	}
	rx, ry := Ranks(x), Ranks(y)
	if rx == nil || ry == nil {
		return math.NaN(), false
	}
	return pearson(rx, ry)
}

func pearson(x, y []float64) (float64, bool) {
	mx, my := Mean(x), Mean(y)
	var sxy, sxx, syy float64
	for i := range x {
		dx, dy := x[i]-mx, y[i]-my
		sxy += float64(dx * dy)
		sxx += float64(dx * dx)
		syy += float64(dy * dy)
	}
	if sxx == 0 || syy == 0 {
		return math.NaN(), false
	}
	return min(1, max(-1, sxy/math.Sqrt(sxx*syy))), true
}

// KendallTau is Kendall's τ-b of the pairs (xᵢ, yᵢ), the rank agreement of
// two orderings with ties:
//
//	τ_b = (C − D) / √((n₀ − n₁)(n₀ − n₂))
//
// over the n₀ = n(n−1)/2 pairs of items, with C the concordant pairs
// (ordered the same way by x and y), D the discordant ones, n₁ the pairs
// tied in x and n₂ those tied in y. It is 1 when the two orderings agree,
// −1 when one reverses the other; one swap of neighbours among k items
// costs 4/(k(k−1)) when nothing is tied (1/3 among four). Ties are exact
// float equality.
//
// ok is false (τ NaN) for fewer than two items, lengths that differ, a NaN
// value, or when x or y ties every pair.
func KendallTau(x, y []float64) (tau float64, ok bool) {
	n := len(x)
	if n != len(y) || n < 2 {
		return math.NaN(), false
	}
	var c, d, tx, ty int
	for i := range n {
		if math.IsNaN(x[i]) || math.IsNaN(y[i]) {
			return math.NaN(), false
		}
		for j := i + 1; j < n; j++ {
			sx, sy := sign(x[i]-x[j]), sign(y[i]-y[j])
			switch {
			case sx == 0 && sy == 0:
				tx++
				ty++
			case sx == 0:
				tx++
			case sy == 0:
				ty++
			case sx == sy:
				c++
			default:
				d++
			}
		}
	}
	n0 := n * (n - 1) / 2
	den := math.Sqrt(float64(n0-tx) * float64(n0-ty))
	if den == 0 {
		return math.NaN(), false
	}
	return float64(c-d) / den, true
}

func sign(v float64) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// PermutationP is the two-sided permutation p-value of an association
// statistic between x and y (Spearman's ρ when stat is nil): how often
// pairing x with a permutation of y gives |stat| at least the observed
// |stat|. Under "no association" every pairing is equally likely.
//
// For n ≤ [PermutationExactMax] all n! permutations are enumerated
// (Heap's algorithm) and p = #{|S*| ≥ |S|}/n!, exact; the identity is one
// of them, so p ≥ 1/n!. Beyond, reps random permutations (Fisher–Yates on
// a PCG stream seeded by seed; reps < 1 means [DefaultBootstrapReps])
// give p = (#{|S*| ≥ |S|} + 1)/(reps + 1). |S*| ≥ |S| is judged with a
// tolerance of 1e-9, so statistics equal in exact arithmetic are not split
// by rounding; a permutation whose statistic is NaN (undefined) counts as
// not extreme.
//
// Small n cannot give a small p: with four values, the most extreme
// pairing of Spearman's ρ has p = 2/24 ≈ 0.083. exact reports whether p
// was enumerated. p is NaN when the observed statistic is NaN, for
// lengths that differ, or n < 2.
func PermutationP(x, y []float64, stat func(x, y []float64) float64, reps int, seed uint64) (p float64, exact bool) {
	n := len(x)
	if n != len(y) || n < 2 {
		return math.NaN(), false
	}
	if stat == nil {
		stat = func(a, b []float64) float64 { r, _ := Spearman(a, b); return r }
	}
	obs := stat(x, y)
	if math.IsNaN(obs) {
		return math.NaN(), false
	}
	limit := math.Abs(obs) - 1e-9
	perm := slices.Clone(y)
	extreme := func() bool {
		s := stat(x, perm)
		return !math.IsNaN(s) && math.Abs(s) >= limit
	}
	if n <= PermutationExactMax {
		hits, total := 0, 0
		heap(perm, n, func() {
			total++
			if extreme() {
				hits++
			}
		})
		return float64(hits) / float64(total), true
	}
	if reps < 1 {
		reps = DefaultBootstrapReps
	}
	r := newDraws(seed, streamPermutation)
	hits := 0
	for range reps {
		copy(perm, y)
		for i := n - 1; i > 0; i-- {
			j := r.intn(i + 1)
			perm[i], perm[j] = perm[j], perm[i]
		}
		if extreme() {
			hits++
		}
	}
	return float64(hits+1) / float64(reps+1), false
}

// heap calls visit once for each permutation of a[:k] (Heap's algorithm,
// iterative), a permuted in place.
func heap(a []float64, k int, visit func()) {
	c := make([]int, k)
	visit()
	for i := 1; i < k; {
		if c[i] < i {
			if i%2 == 0 {
				a[0], a[i] = a[i], a[0]
			} else {
				a[c[i]], a[i] = a[i], a[c[i]]
			}
			visit()
			c[i]++
			i = 1
		} else {
			c[i] = 0
			i++
		}
	}
}
