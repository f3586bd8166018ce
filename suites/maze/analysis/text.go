package analysis

import (
	"math"
	"strconv"
)

// finite is v, or nil when v is NaN or infinite: JSON has no NaN, and an
// undefined number is null, never a confident-looking 0.
func finite(v float64) *float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nil
	}
	return &v
}

func itoa(n int) string { return strconv.Itoa(n) }

// entry is m[k], first stored there as fresh() when m holds none: the
// accumulator of one model (or maze point) as the cases are walked.
func entry[K comparable, V any](m map[K]*V, k K, fresh func() *V) *V {
	v := m[k]
	if v == nil {
		v = fresh()
		m[k] = v
	}
	return v
}
