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
// order the cases ended. A NaN or an infinity, or a sum beyond float64,
// gives the sum added in order.
func Sum(x []float64) float64 {
	var s Summer
	for _, v := range x {
		s.Add(v)
	}
	return s.Sum()
}

// Summer is [Sum] of values added one at a time: a running summary holds
// one instead of the values. The zero Summer has summed nothing.
type Summer struct {
	// partials are non-overlapping float64s whose exact sum is the exact
	// sum of the values added, smallest magnitude first.
	partials []float64
	// inOrder is the sum added in order, the answer once a value is not
	// finite or the partials overflow (inexact).
	inOrder float64
	inexact bool
}

// Add adds v.
func (s *Summer) Add(v float64) {
	s.inOrder += v
	if s.inexact {
		return
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		s.inexact, s.partials = true, nil
		return
	}
	i := 0
	for _, y := range s.partials {
		if math.Abs(v) < math.Abs(y) {
			v, y = y, v
		}
		hi := v + y
		lo := y - (hi - v)
		if lo != 0 {
			s.partials[i] = lo
			i++
		}
		v = hi
	}
	if math.IsInf(v, 0) {
		s.inexact, s.partials = true, nil
		return
	}
	s.partials = append(s.partials[:i], v)
}

// Sum is the sum of the values added so far.
func (s *Summer) Sum() float64 {
	if s.inexact {
		return s.inOrder
	}
	partials := s.partials
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

// Distinct is the number of distinct values of xs: the clusters (mazes,
// episodes) a set of clustered values rests on.
func Distinct(xs []string) int {
	seen := make(map[string]struct{}, min(len(xs), 1024))
	for _, x := range xs {
		seen[x] = struct{}{}
	}
	return len(seen)
}
