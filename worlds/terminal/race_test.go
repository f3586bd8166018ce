//go:build race

package terminal

// raceEnabled: the tests run under the race detector. The comparisons with
// a real bash fork thousands of coreutils processes, which the detector
// does not look into; they run in the plain test run only (make test runs
// them once, in its bash step).
const raceEnabled = true
