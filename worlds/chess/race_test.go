//go:build race

package chess

// raceEnabled: the tests run under the race detector, which slows the
// depth-4 perft tenfold; it runs in the plain test run only.
const raceEnabled = true
