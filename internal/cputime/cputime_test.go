package cputime

import (
	"runtime"
	"testing"
)

// TestNowAdvances: burning CPU moves the clock forward, and never back.
func TestNowAdvances(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("no rusage here")
	}
	start := Now()
	x := uint64(1)
	for i := 0; Now()-start < 1e6 && i < 1e9; i++ { // at least a millisecond of CPU
		x = x*6364136223846793005 + 1442695040888963407
	}
	if d := Now() - start; d <= 0 {
		t.Fatalf("CPU time did not advance (%v, %d)", d, x)
	}
}
