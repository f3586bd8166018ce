//go:build race

package main

// buildFlags build the command the way the tests are built: under the race
// detector, with it, which reuses the packages go test -race compiled.
var buildFlags = []string{"-race"}

// raceEnabled reports a test binary built with the race detector.
const raceEnabled = true
