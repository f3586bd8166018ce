package lenient

import (
	"encoding/json"
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// The helpers below mirror the strict tier's test helpers in package
// mazes, which this package's tests cannot reach.

// turnSep separates the replies of one FuzzLenientEpisode input: each
// piece is one turn.
const turnSep = "\x1e"

// reask is the world's English answer to a reply with no readable move.
const reask = "Reply with one move: N, E, S or W.\n"

// metricsDoc is the page whose worked example doc_test.go checks.
var metricsDoc = filepath.Join("..", "..", "docs", "metrics.md")

// docBlock returns the body of the fenced block whose info string is info
// (for example "text example:reply").
func docBlock(t *testing.T, doc, info string) string {
	t.Helper()
	open := "```" + info + "\n"
	start := strings.Index(doc, open)
	require.GreaterOrEqual(t, start, 0, "docs/metrics.md has no block ```%s", info)
	body := doc[start+len(open):]
	end := strings.Index(body, "\n```")
	require.GreaterOrEqual(t, end, 0, "block ```%s is not closed", info)
	return body[:end+1]
}

// reply is one realistic model reply of the strict tier's reply tests
// (mazes/testdata/replies).
type reply struct{ name, text string }

// replies reads the strict tier's realistic replies.
func replies(t *testing.T) []reply {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "testdata", "replies", "*.txt"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	var out []reply
	for _, f := range files {
		text, err := os.ReadFile(f)
		require.NoError(t, err)
		out = append(out, reply{strings.TrimSuffix(filepath.Base(f), ".txt"), string(text)})
	}
	return out
}

// replyMazes are the mazes the realistic replies answer (each reply is
// scored on all of them): the 5×5 DFS maze of seed 3, the 6×6 Wilson maze
// of seed 7, the 4×4 DFS maze of seed 1 and the 7×7 DFS maze of seed 42.
func replyMazes(t testing.TB) []*mazes.Maze {
	return generate(t, []mazeParams{{5, 3, mazes.DFS}, {6, 7, mazes.Wilson}, {4, 1, mazes.DFS}, {7, 42, mazes.DFS}})
}

// fuzzMazes are the mazes fuzz inputs are scored against: the smallest, and
// the 5×5 maze most replies answer.
func fuzzMazes(f *testing.F) []*mazes.Maze {
	return generate(f, []mazeParams{{2, 0, mazes.DFS}, {5, 3, mazes.DFS}, {6, 7, mazes.Wilson}})
}

type mazeParams struct {
	n    int
	seed uint64
	alg  mazes.Algorithm
}

func generate(t testing.TB, ps []mazeParams) []*mazes.Maze {
	t.Helper()
	var out []*mazes.Maze
	for _, p := range ps {
		m, err := mazes.Generate(p.n, p.seed, p.alg)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

func bitsSet(d mazes.Dir) int { return bits.OnesCount8(uint8(d)) }

// cleanMEI is the MEI of a walk solved without a fault: 0.4·HRR + 0.3·E +
// 0.2·L − 0.1·min(1, HC/10) with HRR, E and L 1 and HC 0, computed in
// float64 as the definitions' left-to-right evaluation rounds it.
func cleanMEI() float64 {
	one, hc := 1.0, 0
	return min(1, max(0, float64(0.4*one)+float64(0.3*one)+float64(0.2*one)-float64(0.1*min(1, float64(hc)/10))))
}

// checkScores checks that every metric is finite and in its range, and the
// relations the definitions imply.
func checkScores(t *testing.T, s mazes.Scores, steps int, hasFinalPath bool) {
	t.Helper()
	in01 := func(name string, v float64) {
		if !(v >= 0 && v <= 1) {
			t.Fatalf("%s = %v, want a number in [0,1]; scores %+v", name, v, s)
		}
	}
	in01p := func(name string, v *float64) {
		if v != nil {
			in01(name, *v)
		}
	}
	if s.SR != 0 && s.SR != 1 {
		t.Fatalf("SR = %v", s.SR)
	}
	for name, v := range map[string]float64{"HRR": s.HRR, "MEI": s.MEI, "BRS": s.BRS, "Score": s.Score, "E": s.EarlyError, "L": s.LoopEscape} {
		in01(name, v)
	}
	in01p("CE", s.CE)
	in01p("Brier", s.Brier)
	in01p("ECE", s.ECE)
	in01p("LureRate", s.LureRate)
	switch {
	case s.Steps != steps:
		t.Fatalf("steps %d, want %d", s.Steps, steps)
	case s.HC < 0 || s.HC > s.Steps, s.BT < 0 || s.BT > s.Steps:
		t.Fatalf("HC %d BT %d for %d steps", s.HC, s.BT, s.Steps)
	case (s.FHR == -1) != (s.HC == 0), s.FHR > s.Steps, s.FHR == 0 || s.FHR < -1:
		t.Fatalf("FHR %d with HC %d of %d steps", s.FHR, s.HC, s.Steps)
	case s.PathValid && (s.SR != 1 || !hasFinalPath):
		t.Fatal("a valid path without SR")
	case s.Optimal && !s.PathValid:
		t.Fatal("optimal but not valid")
	case s.Teleports+s.WallCrossings+s.OffGrid < s.HC:
		t.Fatalf("faults %d+%d+%d < HC %d", s.Teleports, s.WallCrossings, s.OffGrid, s.HC)
	case (s.CE == nil) != (s.ConfidenceSteps == 0), s.ConfidenceSteps > s.Steps:
		t.Fatalf("CE %v with %d confidence steps", s.CE, s.ConfidenceSteps)
	case s.LureFollows > s.MirageExposures, s.MirageExposures > s.Steps:
		t.Fatalf("lure %d/%d", s.LureFollows, s.MirageExposures)
	case s.SR == 1 && s.HC == 0 && (s.MEI != cleanMEI() || s.BRS != 1):
		t.Fatalf("a clean solved walk scored MEI %v BRS %v", s.MEI, s.BRS)
	}
	if math.IsNaN(s.Score) {
		t.Fatal("NaN score")
	}
	if _, err := json.Marshal(s); err != nil {
		t.Fatalf("score JSON: %v", err)
	}
}

// openDirs writes the open directions of a cell as the world's answers
// do: "[E→ S↓]".
func openDirs(m *mazes.Maze, c mazes.Cell) string {
	var dirs []string
	for _, d := range m.OpenDirs(c) {
		dirs = append(dirs, d.Letter()+d.Arrow())
	}
	return "[" + strings.Join(dirs, " ") + "]"
}

// genMazeEnds draws a maze with START and EXIT anywhere.
func genMazeEnds(t *rapid.T) *mazes.Maze {
	n := rapid.IntRange(mazes.MinSize, 25).Draw(t, "n")
	seed := rapid.Uint64().Draw(t, "seed")
	alg := rapid.SampledFrom([]mazes.Algorithm{mazes.DFS, mazes.Wilson}).Draw(t, "alg")
	cell := func(name string) mazes.Cell {
		return mazes.Cell{R: rapid.IntRange(0, n-1).Draw(t, name+".r"), C: rapid.IntRange(0, n-1).Draw(t, name+".c")}
	}
	ends := mazes.Ends{Start: cell("start"), Exit: cell("exit")}
	if ends.Start == ends.Exit {
		t.Skip("START is EXIT")
	}
	m, err := mazes.GenerateWithEnds(n, seed, alg, ends)
	if err != nil {
		t.Fatalf("GenerateWithEnds: %v", err)
	}
	return m
}
