package scoring

import (
	"encoding/json"
	"fmt"
	"math"
)

// Rate is k successes of n with its Wilson 95% interval. In JSON it is
// {"k", "n", "rate", "ci95": [lo, hi]}; with n = 0 the rate and the interval
// are null (nothing was measured, and 0 with [0, 1] would read as a score).
type Rate struct {
	K    int
	N    int
	Rate float64  // k/n; NaN when n = 0
	CI95 Interval // Wilson 95%; NaN ends when n = 0
}

// NewRate is k of n with its Wilson interval.
func NewRate(k, n int) Rate {
	if n <= 0 {
		return Rate{K: k, N: max(n, 0), Rate: math.NaN(), CI95: Interval{Lo: math.NaN(), Hi: math.NaN()}}
	}
	return Rate{K: k, N: n, Rate: float64(k) / float64(n), CI95: Wilson(k, n)}
}

type rateJSON struct {
	K    int       `json:"k"`
	N    int       `json:"n"`
	Rate *float64  `json:"rate"`
	CI95 *Interval `json:"ci95"`
}

// MarshalJSON writes {"k", "n", "rate", "ci95"}, nulls when n = 0.
func (r Rate) MarshalJSON() ([]byte, error) {
	out := rateJSON{K: r.K, N: r.N}
	if r.N > 0 {
		out.Rate, out.CI95 = &r.Rate, &r.CI95
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads what MarshalJSON writes.
func (r *Rate) UnmarshalJSON(data []byte) error {
	var in rateJSON
	if err := json.Unmarshal(data, &in); err != nil {
		return fmt.Errorf("scoring: decode rate: %w", err)
	}
	*r = NewRate(in.K, in.N)
	return nil
}
