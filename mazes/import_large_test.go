package mazes

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// adjList writes m in maze-dataset's adjacency-list form, each connection
// once (from its north or west cell), with ORIGIN, TARGET and the PATH of
// the solution; spaced writes the coordinates with spaces, "( 0 , 1 )".
func adjList(m *Maze, spaced bool) string {
	cell := func(c Cell) string {
		if spaced {
			return fmt.Sprintf("( %d , %d )", c.R, c.C)
		}
		return fmt.Sprintf("(%d,%d)", c.R, c.C)
	}
	var b strings.Builder
	b.WriteString("<ADJLIST_START> ")
	n := m.Size()
	for r := range n {
		for c := range n {
			from := Cell{r, c}
			for _, d := range []Dir{East, South} {
				if m.IsOpen(from, d) {
					b.WriteString(cell(from) + " <--> " + cell(from.Move(d)) + " ; ")
				}
			}
		}
	}
	b.WriteString("<ADJLIST_END> <ORIGIN_START> " + cell(m.Start()) + " <ORIGIN_END> <TARGET_START> " + cell(m.Exit()) + " <TARGET_END> <PATH_START> ")
	for _, c := range m.Solution() {
		b.WriteString(cell(c) + " ")
	}
	b.WriteString("<PATH_END>")
	return b.String()
}

// TestImportLargestAdjList: the largest legal maze, written in the
// adjacency-list form with spaces in every coordinate, fits the import's
// bound and reads back as the same maze.
func TestImportLargestAdjList(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and reads a maze of a million cells")
	}
	if raceEnabled {
		t.Skip("half a minute under the race detector; make test runs it without (make large)")
	}
	m, err := Generate(MaxSize, 1, DFS)
	require.NoError(t, err)
	text := adjList(m, true)
	t.Logf("the adjacency list of a %d×%d maze: %d bytes (the bound: %d)", MaxSize, MaxSize, len(text), MaxImport)
	require.Less(t, len(text), MaxImport)
	imp, err := ReadMazeDatasetAdjList(strings.NewReader(text))
	require.NoError(t, err)
	assert.Empty(t, imp.Warnings)
	require.Equal(t, MaxSize, imp.Maze.Size())
	assert.Equal(t, m.Start(), imp.Maze.Start())
	assert.Equal(t, m.Exit(), imp.Maze.Exit())
	for r := range MaxSize {
		for c := range MaxSize {
			if m.Open(Cell{r, c}) != imp.Maze.Open(Cell{r, c}) {
				t.Fatalf("cell (%d,%d): %v, want %v", r, c, imp.Maze.Open(Cell{r, c}), m.Open(Cell{r, c}))
			}
		}
	}
	// The bound holds the worst case: every cell on the PATH.
	worst := MaxSize*MaxSize*len("( 1000 , 1000 ) <--> ( 1000 , 999 ) ; ") + MaxSize*MaxSize*len("( 1000 , 1000 ) ")
	assert.Less(t, worst, MaxImport)
}

// TestImportRepeatsSummarised: a list that repeats connections hundreds of
// thousands of times gives a few warnings and a count, not one each.
func TestImportRepeatsSummarised(t *testing.T) {
	var b strings.Builder
	b.WriteString("(0,0) <--> (0,1) ; (0,1) <--> (1,1) ; (1,1) <--> (1,0) ;\n")
	const repeats = 100_000
	for range repeats {
		b.WriteString("(0,0) <--> (0,1) ;\n")
	}
	imp, err := ReadMazeDatasetAdjList(strings.NewReader(b.String()))
	require.NoError(t, err)
	var listed int
	for _, w := range imp.Warnings {
		if strings.Contains(w, "listed more than once") {
			listed++
		}
	}
	assert.Equal(t, maxEachWarning+1, listed, "%d warnings", len(imp.Warnings))
	assert.Contains(t, imp.Warnings, fmt.Sprintf("and %d more connections listed more than once", repeats-maxEachWarning))
}
