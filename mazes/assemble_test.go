package mazes

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// genPassages draws any set of passages of an n×n grid, each open from both
// sides: a perfect maze with some passages added and some taken away.
func genPassages(t *rapid.T) (int, []Dir) {
	m := genMaze(t)
	n := m.Size()
	open := make([]Dir, n*n)
	for i := range open {
		open[i] = m.Open(m.cell(i))
	}
	flips := rapid.IntRange(0, 6).Draw(t, "flips")
	for range flips {
		i := rapid.IntRange(0, n*n-1).Draw(t, "cell")
		d := rapid.SampledFrom([]Dir{East, South}).Draw(t, "dir")
		j := m.neighbour(i, d)
		if j < 0 {
			continue
		}
		open[i] ^= d
		open[j] ^= d.Opposite()
	}
	return n, open
}

// TestPropAssemble: any two-sided set of passages assembles; the maze is
// perfect exactly when it is a spanning tree, says otherwise why not, and
// its solution (when EXIT can be reached) is a shortest valid path.
func TestPropAssemble(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n, open := genPassages(t)
		ends := genEnds(t, n)
		m, err := Assemble(n, open, ends)
		if err != nil {
			t.Fatalf("Assemble: %v", err)
		}
		tree := m.Passages() == n*n-1 && m.reachable() == n*n
		if m.Perfect() != tree {
			t.Fatalf("Perfect %v for %d passages, %d reachable; defects %q", m.Perfect(), m.Passages(), m.reachable(), m.Defects())
		}
		sol := m.Solution()
		dist := bfsDistance(m, ends.Start, ends.Exit)
		if dist < 0 {
			if len(sol) != 0 {
				t.Fatalf("a solution %v to an unreachable EXIT", sol)
			}
			if !slices.ContainsFunc(m.Defects(), func(d string) bool { return strings.Contains(d, "no solution") }) {
				t.Fatalf("defects %q do not say EXIT is unreachable", m.Defects())
			}
			return
		}
		if len(sol) != dist+1 || !PathValid(m, sol) {
			t.Fatalf("solution of %d cells (valid %v), shortest is %d moves", len(sol), PathValid(m, sol), dist)
		}
		// The walk of the solution scores as a flawless one in any maze.
		s := Score(m, ParseReply(perfectReply(m, "100%")))
		if s.SR != 1 || s.HC != 0 || !s.Optimal {
			t.Fatalf("the solution's walk scores SR %v HC %d optimal %v", s.SR, s.HC, s.Optimal)
		}
		// JSON keeps the maze and its imperfection.
		back, err := ReadJSON(strings.NewReader(string(m.JSON(English))))
		if err != nil {
			t.Fatalf("ReadJSON: %v", err)
		}
		if !slices.Equal(back.open, m.open) || !slices.Equal(back.Defects(), m.Defects()) || back.Ends() != m.Ends() {
			t.Fatal("the maze changed on a round trip through JSON")
		}
	})
}

// bfsDistance is the length in moves of a shortest path, or −1, by a
// breadth-first search written independently of solveBFS.
func bfsDistance(m *Maze, a, b Cell) int {
	dist := map[Cell]int{a: 0}
	queue := []Cell{a}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == b {
			return dist[c]
		}
		for _, d := range m.OpenDirs(c) {
			if next := c.Move(d); m.In(next) {
				if _, ok := dist[next]; !ok {
					dist[next] = dist[c] + 1
					queue = append(queue, next)
				}
			}
		}
	}
	return -1
}

func TestAssembleErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    int
		open []Dir
		want string
	}{
		{"cell count", 2, []Dir{East}, "has 1 cells, want 4"},
		{"edge", 2, []Dir{North, West, East, West}, "leads outside the grid"},
		{"one-sided", 2, []Dir{East | South, West, 0, 0}, "not open from"},
		{"size", 1, []Dir{0}, "out of range"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Assemble(tc.n, tc.open, DefaultEnds(tc.n))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestAssembleDefects(t *testing.T) {
	// A 2×2 ring: one passage too many.
	ring, err := Assemble(2, []Dir{East | South, West | South, North | East, North | West}, DefaultEnds(2))
	require.NoError(t, err)
	assert.False(t, ring.Perfect())
	assert.Equal(t, []string{"1 passage(s) more than a spanning tree: the maze has cycles, so more than one path can join two cells"}, ring.Defects())
	assert.Equal(t, []Cell{{0, 0}, {0, 1}, {1, 1}}, ring.Solution(), "N, E, S, W order: east first")
	assert.Contains(t, string(ring.JSON(English)), `"perfect":false,"defects":["1 passage(s)`)
	// A file may name the other shortest path as the solution.
	text := strings.Replace(string(ring.JSON(English)), `"solution":[[0,0],[0,1],[1,1]]`, `"solution":[[0,0],[1,0],[1,1]]`, 1)
	fromFile, err := ReadJSON(strings.NewReader(text))
	require.NoError(t, err)
	assert.Equal(t, []Cell{{0, 0}, {1, 0}, {1, 1}}, fromFile.Solution())
	_, err = ReadJSON(strings.NewReader(strings.Replace(text, `[1,0],[1,1]]`, `[1,0],[0,0],[0,1],[1,1]]`, 1)))
	assert.ErrorContains(t, err, "solution does not match", "a longer path is no solution")

	other := Score(ring, ParseReply("FINAL_PATH: (0,0)→(1,0)→(1,1)"))
	assert.True(t, other.Optimal, "the other way round the ring is as short")
	long := Score(ring, ParseReply("FINAL_PATH: (0,0)→(1,0)→(0,0)→(0,1)→(1,1)"))
	assert.True(t, long.PathValid)
	assert.False(t, long.Optimal)

	// Two corridors that never meet: EXIT is cut off.
	cut, err := Assemble(2, []Dir{East, West, East, West}, DefaultEnds(2))
	require.NoError(t, err)
	assert.Equal(t, []string{"2 of 4 cells cannot be reached from START", "EXIT cannot be reached from START: the maze has no solution"}, cut.Defects())
	assert.Empty(t, cut.Solution())
	s := Score(cut, ParseReply("STEP 1: (0,0) → E\nSTEP 2: (0,1) → S\nFINAL_PATH: (0,0)→(0,1)→(1,1)"))
	assert.Equal(t, 0.0, s.SR, "no path can be valid")
	assert.Equal(t, 1, s.HC, "the wall between (0,1) and (1,1)")
	assert.False(t, s.Optimal)
}
