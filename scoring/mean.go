package scoring

// Mean is the arithmetic mean of x, summed in order; NaN for no values.
func Mean(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += v
	}
	return s / float64(len(x))
}
