//go:build !race

package main

// buildFlags build the command the way the tests are built.
var buildFlags []string

// raceEnabled reports a test binary built with the race detector.
const raceEnabled = false
