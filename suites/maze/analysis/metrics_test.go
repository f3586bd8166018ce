package analysis

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestMetricValues: the compact metrics give back what the map held, and
// nothing it did not: NaN, zero (either sign) and one, lenient metrics
// equal to their strict ones and not, beyond 64 names too.
func TestMetricValues(t *testing.T) {
	var pool []string
	for i := range 45 {
		pool = append(pool, fmt.Sprintf("m%d", i), fmt.Sprintf("m%d-lenient", i))
	}
	rapid.Check(t, func(t *rapid.T) {
		names := rapid.SliceOfNDistinct(rapid.SampledFrom(pool), 0, len(pool), func(s string) string { return s }).Draw(t, "names")
		m := map[string]float64{}
		for _, n := range names {
			m[n] = rapid.SampledFrom([]float64{0, 1, 0.5, math.NaN(), math.Inf(-1), 0.8999999999999999, math.Copysign(0, -1), 24}).Draw(t, n)
		}
		for _, n := range names {
			strict, lenient := strings.CutSuffix(n, "-lenient")
			if base, ok := m[strict]; lenient && ok && rapid.Bool().Draw(t, "equal "+n) {
				m[n] = base
			}
		}
		mv := metricsOf(m)
		for _, n := range names {
			v, ok := mv.lookup(n)
			if !ok || math.Float64bits(v) != math.Float64bits(m[n]) {
				t.Fatalf("%s: got %v %v, want %v", n, v, ok, m[n])
			}
		}
		for _, n := range pool {
			if _, in := m[n]; in {
				continue
			}
			if _, ok := mv.lookup(n); ok {
				t.Fatalf("%s: found, never set", n)
			}
		}
	})
}
