//go:build race

package workflow

// goFlags build the command in a scratch checkout the way the tests are
// built: under the race detector, with it, so that the dependencies come
// from what go test -race compiled.
const goFlags = "-race"
