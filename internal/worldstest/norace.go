//go:build !race

package worldstest

const raceEnabled = false
