package scoring

// Mean is the arithmetic mean of x, summed in order; NaN for no values.
func Mean(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += v
	}
	return s / float64(len(x))
}

// Distinct is the number of distinct values of xs: the clusters (mazes,
// episodes) a set of clustered values rests on.
func Distinct(xs []string) int {
	seen := make(map[string]struct{}, min(len(xs), 1024))
	for _, x := range xs {
		seen[x] = struct{}{}
	}
	return len(seen)
}
