package mazes

import (
	"bytes"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// genMaze draws a size, seed and algorithm and generates the maze.
func genMaze(t *rapid.T) *Maze {
	n := rapid.IntRange(MinSize, 40).Draw(t, "n")
	seed := rapid.Uint64().Draw(t, "seed")
	alg := rapid.SampledFrom([]Algorithm{DFS, Wilson}).Draw(t, "alg")
	m, err := Generate(n, seed, alg)
	if err != nil {
		t.Fatalf("Generate(%d, %d, %s): %v", n, seed, alg, err)
	}
	return m
}

func TestPropPerfect(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := genMaze(t)
		n := m.Size()
		if got := m.Passages(); got != n*n-1 {
			t.Fatalf("%d passages, want %d", got, n*n-1)
		}
		for r := range n {
			for c := range n {
				cell := Cell{r, c}
				for _, d := range m.OpenDirs(cell) {
					next := cell.Move(d)
					if !m.In(next) {
						t.Fatalf("%v open %s leads outside the grid", cell, d)
					}
					if !m.IsOpen(next, d.Opposite()) {
						t.Fatalf("%v open %s but %v not open %s", cell, d, next, d.Opposite())
					}
				}
			}
		}
		// Connected with N²−1 edges means a tree: no cycle.
		if got := m.reachable(); got != n*n {
			t.Fatalf("%d of %d cells reachable", got, n*n)
		}
		if hasCycle(m) {
			t.Fatalf("maze has a cycle")
		}
	})
}

// hasCycle looks for a cycle with a union-find over the passages, an
// argument independent of the passage count.
func hasCycle(m *Maze) bool {
	n := m.Size()
	parent := make([]int, n*n)
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for r := range n {
		for c := range n {
			for _, d := range []Dir{East, South} {
				if !m.IsOpen(Cell{r, c}, d) {
					continue
				}
				o := Cell{r, c}.Move(d)
				a, b := find(r*n+c), find(o.R*n+o.C)
				if a == b {
					return true
				}
				parent[a] = b
			}
		}
	}
	return false
}

func TestPropSolution(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := genMaze(t)
		sol := m.Solution()
		if sol[0] != m.Start() || sol[len(sol)-1] != m.Exit() {
			t.Fatalf("solution runs %v..%v", sol[0], sol[len(sol)-1])
		}
		seen := map[Cell]bool{}
		for i, c := range sol {
			if seen[c] {
				t.Fatalf("solution repeats %v", c)
			}
			seen[c] = true
			if i > 0 && !adjacentOpen(m, sol[i-1], c) {
				t.Fatalf("solution step %v→%v is not an open passage", sol[i-1], c)
			}
		}
		if got := countSimplePaths(m, m.Start(), m.Exit(), 2); got != 1 {
			t.Fatalf("%d simple paths from START to EXIT, want 1", got)
		}
	})
}

func adjacentOpen(m *Maze, a, b Cell) bool {
	for _, d := range m.OpenDirs(a) {
		if a.Move(d) == b {
			return true
		}
	}
	return false
}

// countSimplePaths counts simple paths from a to b by exhaustive search,
// stopping once limit are found. It is exponential on graphs with cycles
// and linear on trees, which is what it checks.
func countSimplePaths(m *Maze, a, b Cell, limit int) int {
	onPath := map[Cell]bool{}
	count := 0
	type frame struct {
		cell Cell
		next int
	}
	stack := []frame{{a, 0}}
	onPath[a] = true
	for len(stack) > 0 && count < limit {
		top := &stack[len(stack)-1]
		if top.cell == b {
			count++
			onPath[top.cell] = false
			stack = stack[:len(stack)-1]
			continue
		}
		dirs := m.OpenDirs(top.cell)
		if top.next >= len(dirs) {
			onPath[top.cell] = false
			stack = stack[:len(stack)-1]
			continue
		}
		next := top.cell.Move(dirs[top.next])
		top.next++
		if !onPath[next] {
			onPath[next] = true
			stack = append(stack, frame{next, 0})
		}
	}
	return count
}

func TestPropTraps(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := genMaze(t)
		onPath := map[Cell]bool{}
		for _, c := range m.Solution() {
			onPath[c] = true
		}
		traps := m.Traps()
		want := min(MaxTraps(m.Size()), len(TrapCandidates(m)))
		if len(traps) != want {
			t.Fatalf("%d traps, want %d", len(traps), want)
		}
		seen := map[[2]any]bool{}
		for _, tr := range traps {
			if !onPath[tr.Cell] {
				t.Fatalf("trap %v not on the solution", tr.Cell)
			}
			if tr.Cell == m.Exit() {
				t.Fatalf("trap %v %s on EXIT, where the walk has ended", tr.Cell, tr.Dir)
			}
			if !m.IsOpen(tr.Cell, tr.Dir) {
				t.Fatalf("trap %v %s is a wall", tr.Cell, tr.Dir)
			}
			if onPath[tr.Cell.Move(tr.Dir)] {
				t.Fatalf("trap %v %s leads along the solution", tr.Cell, tr.Dir)
			}
			key := [2]any{tr.Cell, tr.Dir}
			if seen[key] {
				t.Fatalf("trap %v %s twice", tr.Cell, tr.Dir)
			}
			seen[key] = true
			if tr.Template < 0 || tr.Template >= LureTemplates() {
				t.Fatalf("trap template %d", tr.Template)
			}
		}
	})
}

func TestPropDeadEnds(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := genMaze(t)
		n := m.Size()
		want := 0
		for r := range n {
			for c := range n {
				cell := Cell{r, c}
				if cell != m.Start() && cell != m.Exit() && len(m.OpenDirs(cell)) == 1 {
					want++
				}
			}
		}
		if got := m.DeadEnds(); got != want {
			t.Fatalf("DeadEnds() = %d, want %d", got, want)
		}
	})
}

func TestPropTextRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := genMaze(t)
		lang := rapid.SampledFrom([]Lang{English, Korean}).Draw(t, "lang")
		mirage := rapid.Bool().Draw(t, "mirage")
		text := m.Text(TextOptions{Lang: lang, Mirage: mirage})
		got, err := ParseText("Some prompt before the maze.\n\n" + text + "\nRules follow.\n")
		if err != nil {
			t.Fatalf("ParseText: %v", err)
		}
		if !bytes.Equal(got.open, m.open) || got.Seed() != m.Seed() {
			t.Fatalf("text round trip changed the maze")
		}
		if !slices.Equal(got.Solution(), m.Solution()) {
			t.Fatalf("text round trip changed the solution")
		}
		wantTraps := m.Traps()
		if !mirage {
			wantTraps = nil
		}
		if !slices.Equal(got.Traps(), wantTraps) {
			t.Fatalf("traps %v, want %v", got.Traps(), wantTraps)
		}
		if again := got.Text(TextOptions{Lang: lang, Mirage: mirage}); again != text {
			t.Fatalf("re-encoded text differs")
		}
	})
}

func TestPropJSONRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := genMaze(t)
		lang := rapid.SampledFrom([]Lang{English, Korean}).Draw(t, "lang")
		data := m.JSON(lang)
		got, err := ReadJSON(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("ReadJSON: %v", err)
		}
		if again := got.JSON(lang); !bytes.Equal(again, data) {
			t.Fatalf("JSON round trip differs:\n%s\n%s", data, again)
		}
	})
}

func TestPropDeterministic(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := genMaze(t)
		again, err := Generate(m.Size(), m.Seed(), m.Algorithm())
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(m.JSON(English), again.JSON(English)) {
			t.Fatalf("same inputs gave two mazes")
		}
	})
}

func TestGenerateBadInput(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    int
		alg  Algorithm
	}{
		{"too small", 1, DFS},
		{"negative", -3, DFS},
		{"too large", 1002, Wilson},
		{"unknown algorithm", 7, "prim"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Generate(tc.n, 1, tc.alg)
			require.Error(t, err)
		})
	}
}

func TestGenerateLargest(t *testing.T) {
	if testing.Short() {
		t.Skip("1001×1001 maze in -short mode")
	}
	for _, alg := range []Algorithm{DFS, Wilson} {
		m, err := Generate(MaxSize, 7, alg)
		require.NoError(t, err)
		require.Equal(t, MaxSize*MaxSize-1, m.Passages())
		require.Equal(t, MaxSize*MaxSize, m.reachable())
	}
}
