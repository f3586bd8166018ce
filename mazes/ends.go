package mazes

import "fmt"

// Ends are the START and EXIT cells of a maze. Generated mazes put them at
// the corners unless told otherwise; mazes from other benchmarks put them
// anywhere.
type Ends struct {
	Start, Exit Cell
}

// DefaultEnds returns the corners of an n×n maze: START (0,0) and EXIT
// (n−1,n−1).
func DefaultEnds(n int) Ends { return Ends{Cell{0, 0}, Cell{n - 1, n - 1}} }

// IsDefault reports whether the ends are the corners of an n×n maze.
func (e Ends) IsDefault(n int) bool { return e == DefaultEnds(n) }

// check reports ends outside an n×n grid, or a START that is its own EXIT.
func (e Ends) check(n int) error {
	in := func(c Cell) bool { return c.R >= 0 && c.R < n && c.C >= 0 && c.C < n }
	switch {
	case !in(e.Start):
		return fmt.Errorf("START %v lies outside the %d×%d grid", e.Start, n, n)
	case !in(e.Exit):
		return fmt.Errorf("EXIT %v lies outside the %d×%d grid", e.Exit, n, n)
	case e.Start == e.Exit:
		return fmt.Errorf("START and EXIT are the same cell %v", e.Start)
	}
	return nil
}

// Ends returns the maze's START and EXIT.
func (m *Maze) Ends() Ends { return Ends{m.start, m.exit} }
