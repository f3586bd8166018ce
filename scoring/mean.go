package scoring

import "math"

// Mean is the arithmetic mean of x, its sum correctly rounded ([Sum]);
// NaN for no values.
func Mean(x []float64) float64 {
	return Sum(x) / float64(len(x))
}

// Sum is the sum of x correctly rounded: the float64 nearest the exact sum
// (Shewchuk's algorithm, as Python's math.fsum). The same values give the
// same sum in any order, where adding them one after another gives a last
// digit that depends on the order: a concurrent run's results come in the
// order the cases ended. A NaN or an infinity gives the sum added in
// order.
func Sum(x []float64) float64 {
	var stack [16]float64
	partials := stack[:0]
	for _, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return naiveSum(x)
		}
		i := 0
		for _, y := range partials {
			if math.Abs(v) < math.Abs(y) {
				v, y = y, v
			}
			hi := v + y
			lo := y - (hi - v)
			if lo != 0 {
				partials[i] = lo
				i++
			}
			v = hi
		}
		if math.IsInf(v, 0) {
			return naiveSum(x) // an overflow on the way
		}
		partials = append(partials[:i], v)
	}
	n := len(partials)
	if n == 0 {
		return 0
	}
	n--
	hi := partials[n]
	var lo float64
	for n > 0 {
		x := hi
		n--
		y := partials[n]
		hi = x + y
		lo = y - (hi - x)
		if lo != 0 {
			break
		}
	}
	// Round half-way cases as the exact sum says: the partials below
	// decide which way.
	if n > 0 && ((lo < 0 && partials[n-1] < 0) || (lo > 0 && partials[n-1] > 0)) {
		y := lo * 2
		x := hi + y
		if y == x-hi {
			hi = x
		}
	}
	return hi
}

func naiveSum(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += v
	}
	return s
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
