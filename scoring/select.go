package scoring

import (
	"math"
	"math/bits"
	"slices"
)

// selectQuantile7 is quantile7 of x once sorted, found by selection in
// linear time: x is reordered, not sorted. It may be called again on the
// same x for another quantile.
func selectQuantile7(x []float64, q float64) float64 {
	n := len(x)
	h := q * float64(n-1)
	i := int(math.Floor(h))
	if i+1 >= n {
		return nthSmallest(x, n-1)
	}
	lo := nthSmallest(x, i)
	hi := slices.Min(x[i+1:]) // the values after the i-th are the larger ones
	return lo + (h-float64(i))*(hi-lo)
}

// nthSmallest reorders x so that x[k] holds the value sorting would put
// there, no larger value stands before it and no smaller one after it, and
// returns x[k] (Hoare's selection, the pivot a median of three; a range
// that takes too many rounds is sorted instead, so the worst case is
// n log n).
func nthSmallest(x []float64, k int) float64 {
	lo, hi := 0, len(x)-1
	for rounds := 2*bits.Len(uint(len(x))) + 8; lo < hi; rounds-- {
		if rounds == 0 {
			slices.Sort(x[lo : hi+1])
			break
		}
		mid := lo + (hi-lo)/2
		if x[mid] < x[lo] {
			x[mid], x[lo] = x[lo], x[mid]
		}
		if x[hi] < x[lo] {
			x[hi], x[lo] = x[lo], x[hi]
		}
		if x[hi] < x[mid] {
			x[hi], x[mid] = x[mid], x[hi]
		}
		p := x[mid]
		i, j := lo, hi
		for i <= j {
			for x[i] < p {
				i++
			}
			for p < x[j] {
				j--
			}
			if i <= j {
				x[i], x[j] = x[j], x[i]
				i++
				j--
			}
		}
		// x[lo..j] ≤ p ≤ x[i..hi], and what lies between equals p
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return x[k]
		}
	}
	return x[k]
}
