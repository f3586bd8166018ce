package analysis

import (
	"fmt"
	"testing"

	"pgregory.net/rapid"
)

// TestMetricValues: the compact metrics give back what the map held, and
// nothing it did not, NaN and zero included, beyond 64 names too.
func TestMetricValues(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		names := rapid.SliceOfNDistinct(rapid.SampledFrom(func() []string {
			var out []string
			for i := range 80 {
				out = append(out, fmt.Sprintf("m%d", i))
			}
			return out
		}()), 0, 80, func(s string) string { return s }).Draw(t, "names")
		m := map[string]float64{}
		for _, n := range names {
			m[n] = rapid.Float64().Draw(t, n)
		}
		mv := metricsOf(m)
		for _, n := range names {
			v, ok := mv.lookup(n)
			if !ok || !(v == m[n] || v != v && m[n] != m[n]) {
				t.Fatalf("%s: got %v %v, want %v", n, v, ok, m[n])
			}
		}
		for i := range 85 {
			n := fmt.Sprintf("m%d", i)
			if _, in := m[n]; in {
				continue
			}
			if _, ok := mv.lookup(n); ok {
				t.Fatalf("%s: found, never set", n)
			}
		}
	})
}
