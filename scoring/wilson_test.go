package scoring

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func TestWilson(t *testing.T) {
	tests := []struct {
		name   string
		k, n   int
		lo, hi float64
	}{
		{"none of 60", 0, 60, 0, 0.060172},
		{"half of 60", 30, 60, 0.377350, 0.622650},
		{"all of 60", 60, 60, 0.939828, 1},
		{"one of ten", 1, 10, 0.017876, 0.404150},
		{"no trials", 0, 0, 0, 1},
		{"negative trials", 3, -1, 0, 1},
		{"k above n is clamped", 70, 60, 0.939828, 1},
		{"negative k is clamped", -5, 60, 0, 0.060172},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Wilson(tc.k, tc.n)
			assert.InDelta(t, tc.lo, got.Lo, 5e-7, "lo")
			assert.InDelta(t, tc.hi, got.Hi, 5e-7, "hi")
		})
	}
}

func TestWilsonZWidensWithZ(t *testing.T) {
	narrow := WilsonZ(20, 50, 1)
	wide := WilsonZ(20, 50, 3)
	assert.Less(t, narrow.Width(), wide.Width())
	assert.True(t, wide.Contains(narrow.Lo) && wide.Contains(narrow.Hi))
}

func TestIntervalJSON(t *testing.T) {
	tests := []struct {
		name string
		iv   Interval
		want string
	}{
		{"finite", Interval{0.25, 0.5}, `[0.25,0.5]`},
		{"undefined", Interval{math.NaN(), math.Inf(1)}, `[null,null]`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := json.Marshal(tc.iv)
			require.NoError(t, err)
			assert.JSONEq(t, tc.want, string(b))
			var back Interval
			require.NoError(t, json.Unmarshal(b, &back))
			if math.IsNaN(tc.iv.Lo) {
				assert.True(t, math.IsNaN(back.Lo))
				return
			}
			assert.Equal(t, tc.iv, back)
		})
	}
}

func TestIntervalUnmarshalRejects(t *testing.T) {
	for name, in := range map[string]string{
		"three elements": `[1,2,3]`,
		"object":         `{"lo":1}`,
		"strings":        `["a","b"]`,
	} {
		t.Run(name, func(t *testing.T) {
			var iv Interval
			assert.Error(t, json.Unmarshal([]byte(in), &iv))
		})
	}
}

func TestWilsonProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 100000).Draw(t, "n")
		k := rapid.IntRange(0, n).Draw(t, "k")
		iv := Wilson(k, n)
		p := float64(k) / float64(n)
		if !(0 <= iv.Lo && iv.Lo <= iv.Hi && iv.Hi <= 1) {
			t.Fatalf("interval %v not ordered inside [0,1]", iv)
		}
		if !iv.Contains(p) {
			t.Fatalf("interval %v does not contain p̂ = %v", iv, p)
		}
		// Symmetry: failures mirror successes.
		m := Wilson(n-k, n)
		if math.Abs(m.Lo-(1-iv.Hi)) > 1e-12 || math.Abs(m.Hi-(1-iv.Lo)) > 1e-12 {
			t.Fatalf("Wilson(%d,%d)=%v is not the mirror of %v", n-k, n, m, iv)
		}
	})
}
