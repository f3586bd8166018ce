package jsonnum

import (
	"encoding/json"
	"math"
	"testing"

	"pgregory.net/rapid"
)

// TestAppendFloatIsJSON: every float64 encoding/json can write is written
// to its bytes; NaN and the infinities are refused.
func TestAppendFloatIsJSON(t *testing.T) {
	special := rapid.SampledFrom([]float64{0, math.Copysign(0, -1), 1e-6, 9.99e-7, 1e-7, 1.5e-300, 1e21, 9.99e20, 1e-320, -2.5e-8, math.MaxFloat64, math.SmallestNonzeroFloat64})
	rapid.Check(t, func(t *rapid.T) {
		f := rapid.OneOf(special, rapid.Float64(), rapid.Float64Range(-1, 1)).Draw(t, "f")
		want, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := AppendFloat([]byte("x"), f)
		if !ok || string(got) != "x"+string(want) {
			t.Fatalf("%v: %q (%v), want x%s", f, got, ok, want)
		}
	})
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if got, ok := AppendFloat([]byte("x"), f); ok || string(got) != "x" {
			t.Fatalf("%v: %q %v, want refused", f, got, ok)
		}
	}
}
