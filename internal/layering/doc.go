// Package layering holds the test that keeps the package graph pointing
// down, layer by layer:
//
//	domain     scoring, mazes, abstain, worlds/...: the standard library,
//	           scoring, their own packages, and for chess its rules library
//	leaves     results, pricing, modelname, internal/redact, internal/cli,
//	           internal/files, internal/golden; internal/worldstest (worlds'
//	           test helpers)
//	wire       providers (the standard library, pricing, modelname and
//	           internal/files),
//	           providers/loopback
//	harness    cassettes (go-vcr), agents, bench: never a suite's adapter
//	report     results and the leaves, never the harness
//	suites     suites/<name>: the harness, results, report and its own
//	           domain, never another suite; suites: every adapter
//	command    cmd/hallumaze: anything
//
// The package list comes from the module's folders, so a new package
// without a rule fails the test.
package layering
