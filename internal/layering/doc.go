// Package layering holds the test that keeps the package graph pointing
// down: the benchmark definitions (mazes, abstain, scoring) never import
// the harness, the providers or the cassettes, and the providers speak
// only the standard library.
package layering
