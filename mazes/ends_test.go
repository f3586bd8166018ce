package mazes

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/scoring"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// genEnds draws two different cells of an n×n grid.
func genEnds(t *rapid.T, n int) Ends {
	start := Cell{rapid.IntRange(0, n-1).Draw(t, "start.r"), rapid.IntRange(0, n-1).Draw(t, "start.c")}
	exit := Cell{rapid.IntRange(0, n-1).Draw(t, "exit.r"), rapid.IntRange(0, n-1).Draw(t, "exit.c")}
	if start == exit {
		t.Skip("START is EXIT")
	}
	return Ends{start, exit}
}

// genMazeEnds draws a maze with START and EXIT anywhere.
func genMazeEnds(t *rapid.T) *Maze {
	n := rapid.IntRange(MinSize, 25).Draw(t, "n")
	seed := rapid.Uint64().Draw(t, "seed")
	alg := rapid.SampledFrom([]Algorithm{DFS, Wilson}).Draw(t, "alg")
	m, err := GenerateWithEnds(n, seed, alg, genEnds(t, n))
	if err != nil {
		t.Fatalf("GenerateWithEnds: %v", err)
	}
	return m
}

// TestPropEndsMaze: moving START and EXIT keeps the passages and gives the
// solution, dead ends and traps the definitions give for those ends.
func TestPropEndsMaze(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := genMazeEnds(t)
		corner, err := Generate(m.Size(), m.Seed(), m.Algorithm())
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(m.open, corner.open) {
			t.Fatal("moving the ends changed the passages")
		}
		sol := m.Solution()
		if sol[0] != m.Start() || sol[len(sol)-1] != m.Exit() {
			t.Fatalf("solution runs %v..%v, ends %v", sol[0], sol[len(sol)-1], m.Ends())
		}
		if !PathValid(m, sol) {
			t.Fatal("the solution is not a valid path")
		}
		if got := countSimplePaths(m, m.Start(), m.Exit(), 2); got != 1 {
			t.Fatalf("%d simple paths from START to EXIT", got)
		}
		dead := 0
		for i := range m.open {
			if c := m.cell(i); c != m.Start() && c != m.Exit() && len(m.OpenDirs(c)) == 1 {
				dead++
			}
		}
		if dead != m.DeadEnds() {
			t.Fatalf("DeadEnds %d, counted %d", m.DeadEnds(), dead)
		}
		on := m.onSolution()
		for _, tr := range m.Traps() {
			if !on[m.index(tr.Cell)] || !m.IsOpen(tr.Cell, tr.Dir) || on[m.index(tr.Cell.Move(tr.Dir))] {
				t.Fatalf("trap %v %s does not leave the solution", tr.Cell, tr.Dir)
			}
		}
	})
}

// TestPropEndsEncodings: the text, the prompt and the JSON carry the ends,
// and read back to the same maze.
func TestPropEndsEncodings(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := genMazeEnds(t)
		text := m.Text(TextOptions{Lang: English, Mirage: true})
		if want := fmt.Sprintf("START:%v | EXIT:%v", m.Start(), m.Exit()); !strings.Contains(text, want) {
			t.Fatalf("text header lacks %q", want)
		}
		p := BuildPrompt(m, PromptOptions{Lang: Korean, Mirage: true, Confidence: true})
		if want := fmt.Sprintf("FINAL_PATH: %v→(r,c)→...→%v", m.Start(), m.Exit()); !strings.Contains(p.User, want) {
			t.Fatalf("prompt lacks %q", want)
		}
		for name, read := range map[string]func() (*Maze, error){
			"text": func() (*Maze, error) { return ParseText(p.User) },
			"json": func() (*Maze, error) { return ReadJSON(strings.NewReader(string(m.JSON(English)))) },
		} {
			got, err := read()
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if got.Ends() != m.Ends() || !slices.Equal(got.open, m.open) || !slices.Equal(got.Solution(), m.Solution()) {
				t.Fatalf("%s: read back a different maze", name)
			}
			if !slices.Equal(got.Traps(), m.Traps()) {
				t.Fatalf("%s: traps %v, want %v", name, got.Traps(), m.Traps())
			}
		}
		drawing := m.ASCII(DrawOptions{})
		lines := strings.Split(drawing, "\n")
		at := func(c Cell) byte { return lines[2*c.R+1][4*c.C+2] }
		if at(m.Start()) != 'S' || at(m.Exit()) != 'E' {
			t.Fatal("the drawing does not mark START and EXIT where they are")
		}
	})
}

// TestPropEndsMetrics: the walk and every metric use the maze's ends. A
// walk of the solution scores as a flawless one; the same walk from the
// corner (0,0), where START is elsewhere, begins with a teleport.
func TestPropEndsMetrics(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := genMazeEnds(t)
		s := Score(m, ParseReply(perfectReply(m, "100%")))
		if s.SR != 1 || !s.PathValid || !s.Optimal || s.HC != 0 || s.FHR != -1 || s.BRS != 1 || !s.EndedAtExit {
			t.Fatalf("the solution's walk scores %+v", s)
		}
		if want := scoring.MEI(1, 1, 1, 0); s.MEI != want {
			t.Fatalf("MEI %v, want %v", s.MEI, want)
		}

		// The same moves declared from elsewhere: the first step teleports.
		sol := m.Solution()
		first := sol[0]
		other := Cell{(first.R + 1) % m.Size(), first.C}
		moved := strings.Replace(perfectReply(m, "90%"), "STEP 1: "+first.String(), "STEP 1: "+other.String(), 1)
		s = Score(m, ParseReply(moved))
		if s.HC == 0 || s.FHR != 1 || s.Teleports == 0 {
			t.Fatalf("a first step from %v (START %v) scores HC %d FHR %d", other, first, s.HC, s.FHR)
		}

		// The interactive walk starts at START and ends at EXIT.
		e := NewEpisode(m, PromptOptions{Lang: English}, 0)
		if !strings.Contains(e.Opening().User, "You are at "+m.Start().String()) {
			t.Fatal("the opening does not place the walk at START")
		}
		for i := 1; i < len(sol); i++ {
			_, res, done := e.Turn(fmt.Sprintf("STEP %d: %v → %s", i, sol[i-1], dirBetween(sol[i-1], sol[i])))
			if done || !res.Check.Valid || res.Check.Revisit {
				t.Fatalf("step %d of the solution: %+v, done %v", i, res.Check, done)
			}
		}
		if e.Position() != m.Exit() {
			t.Fatalf("the episode ends at %v, EXIT is %v", e.Position(), m.Exit())
		}
		if es := e.Scores(); es.SR != 1 || es.HC != 0 {
			t.Fatalf("the episode scores SR %v HC %d", es.SR, es.HC)
		}
	})
}

func TestGenerateWithEndsErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		ends Ends
		want string
	}{
		{"start outside", Ends{Cell{-1, 0}, Cell{2, 2}}, "START (-1,0) lies outside the 3×3 grid"},
		{"exit outside", Ends{Cell{0, 0}, Cell{0, 3}}, "EXIT (0,3) lies outside"},
		{"same cell", Ends{Cell{1, 1}, Cell{1, 1}}, "same cell (1,1)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := GenerateWithEnds(3, 1, DFS, tc.ends)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestDefaultEndsKeepBytes: the corners are the default, so a maze made by
// Generate and by GenerateWithEnds with the corners is the same, byte for
// byte, in every encoding.
func TestDefaultEndsKeepBytes(t *testing.T) {
	a, err := Generate(7, 42, DFS)
	require.NoError(t, err)
	b, err := GenerateWithEnds(7, 42, DFS, DefaultEnds(7))
	require.NoError(t, err)
	assert.Equal(t, string(a.JSON(English)), string(b.JSON(English)))
	assert.Equal(t, BuildPrompt(a, PromptOptions{Lang: English, Mirage: true}), BuildPrompt(b, PromptOptions{Lang: English, Mirage: true}))
	assert.True(t, DefaultEnds(7).IsDefault(7))
	assert.NotContains(t, string(a.JSON(English)), `"perfect"`)
}
