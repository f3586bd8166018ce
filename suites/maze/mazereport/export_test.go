package mazereport

import (
	"testing"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites/maze/record"
)

// adapter is what the tests play maze cases with: the maze adapter's
// functions. The adapter imports this package, so this package's tests
// cannot import it; adapter_test.go, an external test file of the same
// test binary, sets them through Adapter before any test runs.
type adapter struct {
	NewCase     func(record.Spec) (bench.Case, error)
	Cases       func([]record.Spec) ([]bench.Case, error)
	MiragePairs func() [][2]record.Spec
	AriadneGrid func() []record.Spec
	Check       func(testing.TB, results.Result)
	New         func() bench.Suite
}

// maze is the adapter the tests play with.
var maze adapter

// Adapter is set by adapter_test.go.
var Adapter = &maze
