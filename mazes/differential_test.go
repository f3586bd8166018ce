package mazes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDifferentialReference scores the same replies with this package and
// with scripts/maze_reference.py, a second reading of the normative
// definitions written from the spec alone, and requires the same numbers to
// the last bit: the realistic replies under testdata/replies and a few
// hundred generated ones that mix every line form with decoration, faults
// and noise. It skips where python3 is not installed.
func TestDifferentialReference(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: the differential check against scripts/maze_reference.py is skipped")
	}
	type kase struct {
		name  string
		maze  *Maze
		reply string
	}
	var cases []kase
	for _, rc := range replyCases {
		m, err := Generate(rc.size, rc.seed, rc.alg)
		require.NoError(t, err)
		text, err := os.ReadFile(filepath.Join("testdata", "replies", rc.name+".txt"))
		require.NoError(t, err)
		cases = append(cases, kase{rc.name, m, string(text)})
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 400 {
		m, err := Generate(2+rng.IntN(9), rng.Uint64(), []Algorithm{DFS, Wilson}[rng.IntN(2)])
		require.NoError(t, err)
		cases = append(cases, kase{fmt.Sprintf("generated-%d", i), m, generateReply(rng, m)})
	}

	var in bytes.Buffer
	for _, c := range cases {
		line, err := json.Marshal(map[string]any{"maze": json.RawMessage(c.maze.JSON(English)), "reply": c.reply})
		require.NoError(t, err)
		in.Write(append(line, '\n'))
	}
	cmd := exec.Command(python, filepath.Join("..", "scripts", "maze_reference.py"), "--batch")
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, stderr.String())
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	require.Len(t, lines, len(cases))

	keys := []string{"sr", "path_valid", "steps", "hc", "fhr", "bt", "lt", "hrr", "mei", "ce", "brs", "score", "reported_backtracks", "reported_hallucinations"}
	for i, c := range cases {
		var want map[string]any
		require.NoError(t, json.Unmarshal([]byte(lines[i]), &want))
		gotJSON, err := json.Marshal(Score(c.maze, ParseReply(c.reply)))
		require.NoError(t, err)
		var got map[string]any
		require.NoError(t, json.Unmarshal(gotJSON, &got))
		for _, k := range keys {
			if fmt.Sprint(got[k]) != fmt.Sprint(want[k]) {
				t.Errorf("%s: %s = %v, the reference says %v\nreply:\n%s", c.name, k, got[k], want[k], c.reply)
			}
		}
	}
}

// generateReply writes a reply that mixes every line form of the grammar
// with decoration, faults and noise.
func generateReply(rng *rand.Rand, m *Maze) string {
	n := m.Size()
	pick := func(xs ...string) string { return xs[rng.IntN(len(xs))] }
	cell := func() Cell {
		if rng.IntN(10) == 0 {
			return Cell{rng.IntN(n+2) - 1, rng.IntN(n+2) - 1}
		}
		return Cell{rng.IntN(n), rng.IntN(n)}
	}
	dirWord := func(d Dir) string {
		l := d.Letter()
		switch rng.IntN(8) {
		case 0:
			return map[string]string{"N": "North", "E": "east", "S": "SOUTH", "W": "West"}[l]
		case 1:
			return map[string]string{"N": "Up", "E": "Right", "S": "down", "W": "Left"}[l]
		case 2:
			return d.Arrow()
		case 3:
			return "[" + l + d.Arrow() + "]"
		case 4:
			return map[string]string{"N": "북", "E": "동", "S": "남", "W": "서"}[l]
		case 5:
			return l + d.Arrow()
		}
		return l
	}
	conf := func() string {
		switch rng.IntN(6) {
		case 0:
			return ""
		case 1:
			return fmt.Sprintf(" | confidence: %d%%", rng.IntN(101))
		case 2:
			return fmt.Sprintf(" | conf %0.2f", rng.Float64())
		case 3:
			return fmt.Sprintf(" | 확신도: %d", rng.IntN(120))
		case 4:
			return fmt.Sprintf(" | Confidence=%d.%d%%", rng.IntN(100), rng.IntN(10))
		}
		return fmt.Sprintf(" | confidence: %d%% | reason", 50+rng.IntN(50))
	}
	deco := func(s string) string {
		switch rng.IntN(7) {
		case 0:
			return "- " + s
		case 1:
			return "**" + s + "**"
		case 2:
			return "> " + s
		case 3:
			return fmt.Sprintf("%d. %s", 1+rng.IntN(9), s)
		case 4:
			return "`" + s + "`"
		}
		return s
	}
	var b strings.Builder
	pos := m.Start()
	k := 0
	for range rng.IntN(3 * n * n) {
		switch r := rng.IntN(20); {
		case r < 12:
			k++
			from := pos
			if rng.IntN(8) == 0 {
				from = cell()
			}
			var d Dir
			if open := m.OpenDirs(from); len(open) > 0 && rng.IntN(5) > 0 {
				d = open[rng.IntN(len(open))]
			} else {
				d = Dirs[rng.IntN(4)]
			}
			arrow := pick(" → ", " -> ", " => ", " ", "→")
			fmt.Fprintf(&b, "%s\n", deco(fmt.Sprintf("%s %d: %v%s%s%s", pick("STEP", "Step", "step"), k, from, arrow, dirWord(d), conf())))
			if t := from.Move(d); m.In(t) {
				pos = t
			}
		case r < 13:
			fmt.Fprintf(&b, "%s\n", deco(pick("DEAD_END at ", "DEAD END at ", "dead_end ")+pos.String()))
		case r < 14:
			fmt.Fprintf(&b, "%s\n", deco(pick("LOOP detected at ", "Loop at ")+pos.String()))
		case r < 15:
			fmt.Fprintf(&b, "%s\n", deco("STRATEGY_CHANGE — try another way"))
		case r < 16:
			fmt.Fprintf(&b, "%s\n", pick("I think this is right.", "", "```", "### Walk", "Hmm, (1,2) looks closed.", "STEP x: nowhere", "STEP 3 (a,b) → E"))
		case r < 17:
			fmt.Fprintf(&b, "%s\n", deco(fmt.Sprintf("%s: %d", pick("BACKTRACK_COUNT", "HALLUCINATION_COUNT", "backtrack_count"), rng.IntN(5))))
		case r < 18:
			var parts []string
			for i := range rng.IntN(k + 2) {
				parts = append(parts, fmt.Sprintf("%s%d:%d%s", pick("", "step"), i+1, rng.IntN(101), pick("", "%")))
			}
			fmt.Fprintf(&b, "%s\n", deco("CONFIDENCE_LOG: "+strings.Join(parts, pick(", ", "; ", ","))))
		default:
			path := m.Solution()
			if rng.IntN(3) == 0 {
				path = append([]Cell{m.Start()}, cell(), m.Exit())
			}
			var ps []string
			for _, c := range path {
				ps = append(ps, c.String())
			}
			sep := pick("→", " -> ", ", ", " ")
			if rng.IntN(4) == 0 && len(ps) > 2 {
				fmt.Fprintf(&b, "%s\n%s\n", deco("FINAL_PATH: "+strings.Join(ps[:2], sep)+sep), strings.Join(ps[2:], sep))
			} else {
				fmt.Fprintf(&b, "%s\n", deco("FINAL_PATH: "+strings.Join(ps, sep)))
			}
		}
	}
	return b.String()
}
