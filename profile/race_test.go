//go:build race

package profile_test

// raceEnabled: the race detector slows every case tenfold.
const raceEnabled = true
