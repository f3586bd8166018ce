//go:build race

package worldstest

const raceEnabled = true
