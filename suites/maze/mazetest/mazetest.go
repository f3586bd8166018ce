// Package mazetest plays a fixed set of maze cases with canned models, in
// process, for the tests of the maze report and of the whole report: the
// same results wherever they are read. Only tests import it.
package mazetest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"time"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites/maze"
	"github.com/hallumaze/hallumaze/suites/maze/mazereport"
)

// Timestamp is the time the tests' result files are written at.
var Timestamp = time.Date(2026, 3, 22, 14, 30, 22, 0, time.UTC)

// xssLine is written by the faulty policy: the page must escape it.
const xssLine = `Thinking: <script>alert(1)</script> & "quotes"`

// A policy writes a model's reply to one turn of a maze case.
type policy func(m *mazes.Maze, spec maze.Spec, turn int) string

func stepLine(k int, from mazes.Cell, d mazes.Dir, conf int) string {
	return fmt.Sprintf("STEP %d: %v → %s | confidence: %d%%", k, from, d.Letter(), conf)
}

func dirTo(a, b mazes.Cell) mazes.Dir {
	for _, d := range mazes.Dirs {
		if a.Move(d) == b {
			return d
		}
	}
	panic(fmt.Sprintf("%v and %v are not adjacent", a, b))
}

type move struct {
	from mazes.Cell
	dir  mazes.Dir
	conf int
}

// finalBlock is the seed's closing block over the given path.
func finalBlock(moves []move, path []mazes.Cell, bt, hc int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\nBACKTRACK_COUNT: %d\nHALLUCINATION_COUNT: %d\nCONFIDENCE_LOG: ", bt, hc)
	for i, mv := range moves {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "step%d:%d", i+1, mv.conf)
	}
	b.WriteString("\nFINAL_PATH: ")
	for i, c := range path {
		if i > 0 {
			b.WriteString("→")
		}
		b.WriteString(c.String())
	}
	return b.String() + "\n"
}

func solutionMoves(sol []mazes.Cell, conf int) []move {
	var out []move
	for i := 1; i < len(sol); i++ {
		out = append(out, move{sol[i-1], dirTo(sol[i-1], sol[i]), conf})
	}
	return out
}

// wallAt finds the first solution cell after START with a wall towards a
// cell of the grid.
func wallAt(m *mazes.Maze) (int, mazes.Dir) {
	sol := m.Solution()
	for i := 1; i < len(sol); i++ {
		for _, d := range mazes.Dirs {
			if m.In(sol[i].Move(d)) && !m.IsOpen(sol[i], d) {
				return i, d
			}
		}
	}
	panic("no wall next to the solution")
}

// clean walks the solution.
func clean(m *mazes.Maze, spec maze.Spec, turn int) string {
	moves := solutionMoves(m.Solution(), 92)
	return script(moves, spec, turn, "I follow the open passages.", finalBlock(moves, m.Solution(), 0, 0))
}

// explorer follows the first lure it is shown into its branch, finds the
// dead end, walks back and goes on along the solution; without lures it
// walks the solution.
func explorer(m *mazes.Maze, spec maze.Spec, turn int) string {
	sol := m.Solution()
	traps := m.Traps()
	if len(traps) == 0 || spec.NoMirage {
		return clean(m, spec, turn)
	}
	tr := traps[0]
	var moves []move
	notes := map[int][]string{} // lines written before the move of that index
	add := func(from mazes.Cell, d mazes.Dir, conf int) { moves = append(moves, move{from, d, conf}) }
	i := 0
	for sol[i] != tr.Cell {
		add(sol[i], dirTo(sol[i], sol[i+1]), 90)
		i++
	}
	branch := []mazes.Cell{tr.Cell}
	for cur, d := tr.Cell, tr.Dir; ; {
		add(cur, d, 75)
		next := cur.Move(d)
		branch = append(branch, next)
		back := d.Opposite()
		d = 0
		for _, nd := range m.OpenDirs(next) {
			if nd != back {
				d = nd
				break
			}
		}
		cur = next
		if d == 0 {
			break
		}
	}
	notes[len(moves)] = []string{fmt.Sprintf("DEAD_END at %v", branch[len(branch)-1]), "LOOP: this branch closes, going back"}
	for j := len(branch) - 1; j > 0; j-- {
		add(branch[j], dirTo(branch[j], branch[j-1]), 60)
	}
	notes[len(moves)] = []string{"STRATEGY_CHANGE: back on the coordinates, ignoring the notes"}
	for ; i < len(sol)-1; i++ {
		add(sol[i], dirTo(sol[i], sol[i+1]), 85)
	}
	return scriptNotes(moves, notes, spec, turn, "Exploring.", finalBlock(moves, sol, 1, 0))
}

// faulty steps off the grid and, when shown lures, crosses a wall, jumps
// back (a teleport) and claims a path through the wall; its reply holds
// markup the page must escape. In an interactive case the world refuses
// the off-grid and wall moves and the walk goes on from where it is.
func faulty(m *mazes.Maze, spec maze.Spec, turn int) string {
	sol := m.Solution()
	moves := []move{{m.Start(), mazes.North, 95}}
	if spec.NoMirage {
		moves = append(moves, solutionMoves(sol, 80)...)
		return script(moves, spec, turn, xssLine, finalBlock(moves, sol, 0, 1))
	}
	w, wd := wallAt(m)
	moves = append(moves, solutionMoves(sol[:w+1], 95)...)
	moves = append(moves, move{sol[w], wd, 95})
	moves = append(moves, solutionMoves(sol[w:], 90)...)
	path := append(append(append([]mazes.Cell{}, sol[:w+1]...), sol[w].Move(wd)), sol[w+1:]...)
	return script(moves, spec, turn, xssLine, finalBlock(moves, path, 0, 0))
}

// script writes the whole walk in one reply (one-shot) or one move per
// turn (interactive), then the final block.
func script(moves []move, spec maze.Spec, turn int, preface, final string) string {
	return scriptNotes(moves, nil, spec, turn, preface, final)
}

// scriptNotes is script with lines written before some moves.
func scriptNotes(moves []move, notes map[int][]string, spec maze.Spec, turn int, preface, final string) string {
	if spec.Protocol != mazes.Interactive {
		lines := []string{preface}
		for i, mv := range moves {
			lines = append(lines, notes[i]...)
			lines = append(lines, stepLine(i+1, mv.from, mv.dir, mv.conf))
		}
		return strings.Join(lines, "\n") + "\n" + final
	}
	if turn < len(moves) {
		mv := moves[turn]
		lines := append([]string{preface}, notes[turn]...)
		return strings.Join(append(lines, stepLine(turn+1, mv.from, mv.dir, mv.conf)), "\n")
	}
	return final
}

// A Model is a fixed model of the tests: its name and how it replies.
type Model struct {
	Name   string
	policy policy
}

// Models are the fixed models of the report's tests.
var Models = []Model{
	{"anthropic/claude-sonnet-4", clean},
	{"deepseek/deepseek-reasoner", explorer},
	{"openai/gpt-4o", faulty},
}

// Results plays a fixed set of maze cases with the [Models], in process,
// and pins what varies from run to run (durations): each model plays
// sizes 5 and 7 with and without lures and the three Ariadne groups, and
// one case fails with a provider error.
func Results(t testing.TB) []results.Result {
	t.Helper()
	var specs []maze.Spec
	for _, s := range []struct {
		size int
		seed uint64
	}{{5, 1}, {5, 2}, {7, 1}} {
		specs = append(specs, maze.Spec{Size: s.size, Seed: s.seed}, maze.Spec{Size: s.size, Seed: s.seed, NoMirage: true})
	}
	for _, g := range []string{"A", "B", "C"} {
		specs = append(specs, maze.Spec{Size: 5, Seed: 1, Protocol: mazes.Interactive, Group: g})
	}
	var out []results.Result
	for _, fm := range Models {
		for _, spec := range specs {
			out = append(out, play(t, fm.Name, fm.policy, spec, len(out)))
		}
	}
	// A provider failure: reported apart, never scored.
	out = append(out, play(t, "openai/gpt-4o", nil, maze.Spec{Size: 7, Seed: 2}, len(out)))
	return out
}

// play plays one case with a policy (nil: a provider failure) as model
// name; i pins its duration.
func play(t testing.TB, name string, p policy, spec maze.Spec, i int) results.Result {
	t.Helper()
	m, err := mazes.Generate(spec.Size, spec.Seed, mazes.DFS)
	if err != nil {
		t.Fatalf("generate maze: %v", err)
	}
	c, err := maze.NewCase(spec)
	if err != nil {
		t.Fatalf("maze case: %v", err)
	}
	model := providers.ModelFunc(func(_ context.Context, req providers.Request) (providers.Reply, error) {
		if p == nil {
			return providers.Reply{}, errors.New("openai: 503 service unavailable (after 3 attempts)")
		}
		turn, in := 0, len(req.System)
		for _, msg := range req.Messages {
			in += len(msg.Content)
			if msg.Role == providers.Assistant {
				turn++
			}
		}
		text := p(m, spec, turn)
		return providers.Reply{Text: text, StopReason: "end", Usage: providers.Usage{InputTokens: in / 4, OutputTokens: len(text) / 4}}, nil
	})
	env := bench.Env{Agents: func(string) (providers.Model, bool) { return model, true }}
	bm, err := env.Open("agent/fixture")
	if err != nil {
		t.Fatalf("open model: %v", err)
	}
	r := bench.Play(context.Background(), bm, c)
	r.Model = name
	r.Duration = 1 + 0.5*float64(i%7)
	return r
}

// Human reads the human groups of the documented example file,
// suites/maze/mazereport/testdata/human.example.json; dir is the path from
// the test's package to the module's root.
func Human(t testing.TB, dir string) []results.Result {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "suites", "maze", "mazereport", "testdata", "human.example.json"))
	if err != nil {
		t.Fatalf("open human groups: %v", err)
	}
	defer f.Close()
	hs, err := mazereport.ReadHuman(f)
	if err != nil {
		t.Fatalf("read human groups: %v", err)
	}
	return hs
}
