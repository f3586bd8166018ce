// Package worldstest holds what the HalluWorld worlds' tests share: how
// many seeds the checks that re-derive every gold from the prompt text, and
// hold the golds' balance, cover beyond the standard sets, and those
// checks themselves.
package worldstest

import "flag"

// FullSeeds is the number of seeds per world the checks cover in a plain
// test run.
const FullSeeds = 1000

var seeds = flag.Int("worlds.seeds", 0,
	"seeds per world that the HalluWorld reader and balance checks cover beyond the standard sets "+
		"(0: 1000, or 100 under the race detector or -short)")

// Seeds is the number of seeds per world to check: -worlds.seeds when
// given, else FullSeeds in a plain run and a tenth of it under the race
// detector or -short, where the full count would take minutes.
func Seeds(short bool) int {
	if *seeds > 0 {
		return *seeds
	}
	if raceEnabled || short {
		return FullSeeds / 10
	}
	return FullSeeds
}

// Slow reports whether a check too slow for the race detector or -short
// should step aside: it runs in a plain test run.
func Slow(short bool) bool { return raceEnabled || short }
