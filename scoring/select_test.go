package scoring

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// TestSelectQuantile7: selection gives what sorting gives, to the bit, for
// samples with many ties, few values and sorted or reversed input, and
// the selected value has no larger value before it and no smaller after.
func TestSelectQuantile7(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 300).Draw(t, "n")
		levels := rapid.IntRange(1, 400).Draw(t, "levels")
		x := make([]float64, n)
		for i := range x {
			x[i] = float64(rapid.IntRange(0, levels).Draw(t, fmt.Sprint("x", i))) / 7
		}
		switch rapid.IntRange(0, 2).Draw(t, "order") {
		case 1:
			slices.Sort(x)
		case 2:
			slices.Sort(x)
			slices.Reverse(x)
		}
		sorted := slices.Sorted(slices.Values(x))
		q := rapid.Float64Range(0, 1).Draw(t, "q")
		q2 := rapid.Float64Range(0, 1).Draw(t, "q2")
		work := slices.Clone(x)
		if got, want := selectQuantile7(work, q), quantile7(sorted, q); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("q=%v: select %v, sort %v", q, got, want)
		}
		if got, want := selectQuantile7(work, q2), quantile7(sorted, q2); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("again, q=%v: select %v, sort %v", q2, got, want)
		}
		k := rapid.IntRange(0, n-1).Draw(t, "k")
		v := nthSmallest(work, k)
		if v != sorted[k] || slices.Max(work[:k+1]) != v || slices.Min(work[k:]) != v {
			t.Fatalf("k=%d: %v in %v", k, v, work)
		}
	})
}

// TestNthSmallestWorstCase: an input that defeats the median of three
// still gives the order statistic (the fallback sorts the range).
func TestNthSmallestWorstCase(t *testing.T) {
	for _, n := range []int{2, 3, 64, 1000} {
		x := make([]float64, n)
		for i := range x {
			x[i] = float64((i * 37) % 11) // many ties in an order that repeats
		}
		sorted := slices.Sorted(slices.Values(x))
		for k := range n {
			if got := nthSmallest(slices.Clone(x), k); got != sorted[k] {
				t.Fatalf("n=%d k=%d: %v, want %v", n, k, got, sorted[k])
			}
		}
	}
}
