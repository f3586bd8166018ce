package memlimit

import (
	"math"
	"runtime/debug"
	"testing"
)

func TestLimit(t *testing.T) {
	for _, tt := range []struct {
		live uint64
		want int64
	}{
		{0, Floor},
		{100 << 20, Floor},
		{128 << 20, Floor},
		{129 << 20, 208 << 20},
		{170 << 20, 256 << 20},
		{172 << 20, 272 << 20},
		{1 << 30, 1536 << 20},
		{math.MaxUint64, math.MaxInt64},
	} {
		if got := Limit(tt.live); got != tt.want {
			t.Errorf("Limit(%d MiB) = %d MiB, want %d MiB", tt.live>>20, got>>20, tt.want>>20)
		}
	}
}

// Follow sets the limit and stop puts back the one before; a GOMEMLIMIT
// of the user's is left alone.
func TestFollow(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "")
	before := debug.SetMemoryLimit(-1)
	stop := Follow()
	if got := debug.SetMemoryLimit(-1); got < Floor {
		t.Errorf("limit %d under the floor", got)
	}
	stop()
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("limit %d after stop, want %d", got, before)
	}

	t.Setenv("GOMEMLIMIT", "1GiB")
	Follow()()
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("with GOMEMLIMIT set the limit moved to %d", got)
	}
}
