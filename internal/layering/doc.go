// Package layering holds the test that keeps the package graph pointing
// down, layer by layer:
//
//	domain     scoring, mazes, mazes/lenient, mazes/walkers, abstain,
//	           worlds/...: the standard library, scoring, their own
//	           packages (the lenient tier and the reference walkers import
//	           mazes, never the other way), and for chess its rules library
//	leaves     results, pricing, modelname, internal/redact, internal/cli,
//	           internal/files, internal/golden; internal/worldstest (worlds'
//	           test helpers), internal/pagecheck (the report page's checks
//	           in a browser)
//	wire       providers (the standard library, pricing, modelname and
//	           internal/files),
//	           providers/loopback
//	report     results and the leaves, never the harness
//	harness    cassettes (go-vcr), agents, bench (and report, whose
//	           section a suite returns): never a suite's adapter
//	suites     suites/<name>/...: one rule for every adapter: the harness
//	           side, its own packages and any domain package, never another
//	           suite; suites: every adapter
//	command    cmd/hallumaze: anything
//
// The package list comes from the module's folders. A package no rule names
// is held to the domain rule (the standard library, scoring and its own
// packages), so a new suite's packages need no rule of their own.
package layering
