package mazereport_test

import (
	"github.com/hallumaze/hallumaze/suites/maze"
	"github.com/hallumaze/hallumaze/suites/maze/mazereport"
)

// init gives the package's tests the maze adapter to play cases with.
func init() {
	a := mazereport.Adapter
	a.NewCase, a.Cases, a.MiragePairs, a.AriadneGrid, a.Check, a.New = maze.NewCase, maze.Cases, maze.MiragePairs, maze.AriadneGrid, maze.Check, maze.New
}
