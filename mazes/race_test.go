//go:build race

package mazes

// raceEnabled reports a test binary built with the race detector.
const raceEnabled = true
