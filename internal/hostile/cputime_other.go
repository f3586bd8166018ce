//go:build !unix

package hostile

import "time"

// CPUTime is not available here.
func CPUTime() (time.Duration, bool) { return 0, false }
