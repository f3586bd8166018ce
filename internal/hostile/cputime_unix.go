//go:build unix

package hostile

import (
	"syscall"
	"time"
)

// CPUTime returns the CPU time the process has used, user and system.
func CPUTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
