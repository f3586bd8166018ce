package scoring

import (
	"encoding/json"
	"fmt"
	"math"
)

// Z95 is the two-sided 95% standard normal quantile, Φ⁻¹(0.975), the z that
// [Wilson] uses.
const Z95 = 1.959963984540054

// Interval is a closed interval [Lo, Hi], typically a confidence interval.
//
// In JSON it is a two-element array [lo, hi]. A non-finite end (NaN or ±Inf,
// which marks an undefined interval) is written as null and read back as NaN.
type Interval struct {
	Lo, Hi float64
}

// Contains reports whether Lo ≤ x ≤ Hi.
func (iv Interval) Contains(x float64) bool { return iv.Lo <= x && x <= iv.Hi }

// Width is Hi − Lo.
func (iv Interval) Width() float64 { return iv.Hi - iv.Lo }

// String formats the interval as "[lo, hi]" with six decimals.
func (iv Interval) String() string { return fmt.Sprintf("[%.6f, %.6f]", iv.Lo, iv.Hi) }

// MarshalJSON encodes the interval as [lo, hi].
func (iv Interval) MarshalJSON() ([]byte, error) {
	return json.Marshal([2]*float64{finiteOrNil(iv.Lo), finiteOrNil(iv.Hi)})
}

// UnmarshalJSON decodes [lo, hi]; a null end becomes NaN.
func (iv *Interval) UnmarshalJSON(data []byte) error {
	var ends []*float64
	if err := json.Unmarshal(data, &ends); err != nil {
		return fmt.Errorf("scoring: decode interval: %w", err)
	}
	if len(ends) != 2 {
		return fmt.Errorf("scoring: decode interval: want 2 elements, got %d", len(ends))
	}
	iv.Lo, iv.Hi = nilToNaN(ends[0]), nilToNaN(ends[1])
	return nil
}

func finiteOrNil(v float64) *float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nil
	}
	return &v
}

func nilToNaN(p *float64) float64 {
	if p == nil {
		return math.NaN()
	}
	return *p
}

// Wilson is the Wilson 95% score interval of k successes in n trials
// (z = [Z95]). See [WilsonZ].
func Wilson(k, n int) Interval { return WilsonZ(k, n, Z95) }

// WilsonZ is the Wilson score interval of k successes in n trials at the
// normal quantile z:
//
//	p̂ = k/n
//	centre = (p̂ + z²/2n) / (1 + z²/n)
//	half   = z·√(p̂(1−p̂)/n + z²/4n²) / (1 + z²/n)
//
// and the interval [centre − half, centre + half] clipped to [0, 1]. Unlike
// the Wald interval it stays inside [0, 1] and is not degenerate at k = 0 or
// k = n: 0 of 60 gives [0, 0.060172].
//
// With no trials (n ≤ 0) nothing is known and the interval is [0, 1]. A k
// outside [0, n] is clamped into it.
func WilsonZ(k, n int, z float64) Interval {
	if n <= 0 {
		return Interval{0, 1}
	}
	k = min(max(k, 0), n)
	nf := float64(n)
	p := float64(k) / nf
	z2 := z * z
	den := 1 + z2/nf
	centre := (p + z2/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf)) / den
	lo, hi := centre-half, centre+half
	// At k = 0 and k = n the exact end is 0 or 1; rounding can miss it by an ulp.
	if k == 0 {
		lo = 0
	}
	if k == n {
		hi = 1
	}
	return Interval{Lo: min(max(lo, 0), 1), Hi: min(max(hi, 0), 1)}
}
