package mazes

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func sampleText(t *testing.T) string {
	t.Helper()
	m, err := Generate(3, 5, DFS)
	require.NoError(t, err)
	return m.Text(TextOptions{Lang: English, Mirage: true})
}

func TestParseTextErrors(t *testing.T) {
	base := sampleText(t)
	lines := strings.Split(base, "\n")
	for _, tc := range []struct {
		name, text, want string
	}{
		{"no header", "hello\n(0,0): [E→]\n", "no \"MAZE N×N\" header"},
		{"not square", "MAZE 3×4 | START:(0,0)\n", "not a square maze"},
		{"too big", "MAZE 1002×1002\n", "out of range"},
		{"missing cell", strings.Replace(base, lines[5]+"\n", "", 1), "no line for cell (0,1)"},
		{"cell twice", base + lines[5] + "\n", "listed twice"},
		{"outside", base + "(3,0): [N↑]\n", "outside a 3×3 maze"},
		{"bad direction", strings.Replace(base, lines[4], "(0,0): [Q]", 1), "bad direction \"Q\""},
		{"one-sided passage", strings.Replace(base, lines[4], "(0,0): [E→ S↓]", 1), "not open from"},
		{"edge passage", strings.Replace(base, lines[4], "(0,0): [N↑ E→ S↓]", 1), "outside the grid"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseText(tc.text)
			require.Error(t, err)
			require.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestReadJSONErrors(t *testing.T) {
	m, err := Generate(3, 5, DFS)
	require.NoError(t, err)
	good := string(m.JSON(English))
	for _, tc := range []struct {
		name, text, want string
	}{
		{"not json", "{", "maze json"},
		{"bad size", `{"size": 1}`, "out of range"},
		{"rows", `{"size": 3, "open": []}`, "open has 0 rows"},
		{"exit moved, solution kept", strings.Replace(good, `"exit":[2,2]`, `"exit":[1,1]`, 1), "solution does not match"},
		{"exit outside", strings.Replace(good, `"exit":[2,2]`, `"exit":[3,2]`, 1), "EXIT (3,2) lies outside the 3×3 grid"},
		{"start is exit", strings.Replace(good, `"start":[0,0]`, `"start":[2,2]`, 1), "START and EXIT are the same cell"},
		{"imperfect unmarked", `{"size":2,"open":[["ES","SW"],["EN","NW"]]}`, "4 passages"},
		{"dead ends", strings.Replace(good, `"dead_ends":`, `"dead_ends":9`, 1), "dead_ends"},
		{"algorithm", strings.Replace(good, `"dfs"`, `"kruskal"`, 1), "unknown algorithm"},
		{"letter", strings.Replace(good, `"open":[["`, `"open":[["X`, 1), "unknown direction"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadJSON(strings.NewReader(tc.text))
			require.Error(t, err)
			require.Contains(t, err.Error(), tc.want)
		})
	}
}

func FuzzParseText(f *testing.F) {
	m, _ := Generate(4, 9, Wilson)
	f.Add(m.Text(TextOptions{Lang: English, Mirage: true}))
	f.Add(m.Text(TextOptions{Lang: Korean, Mirage: true}))
	f.Add("MAZE 2×2\n(0,0): [E→]\n(0,1): [S↓ W←]\n(1,0): [E→]\n(1,1): [N↑ W←]\n")
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseText(s)
		if err != nil {
			return
		}
		// Whatever parses is a perfect maze that encodes and parses again.
		if got.Passages() != got.Size()*got.Size()-1 {
			t.Fatalf("parsed a maze with %d passages", got.Passages())
		}
		if _, err := ParseText(got.Text(TextOptions{Lang: English, Mirage: true})); err != nil {
			t.Fatalf("re-parse: %v", err)
		}
	})
}

func FuzzReadJSON(f *testing.F) {
	m, _ := Generate(3, 2, DFS)
	f.Add(m.JSON(English))
	f.Add([]byte(`{"size":2,"open":[["E","SW"],["E","NW"]]}`))
	f.Add([]byte(`{"size":2,"start":[0,1],"exit":[1,0],"open":[["ES","SW"],["EN","NW"]],"perfect":false}`))
	f.Add([]byte(`{"size":3,"open":[["E","W",""],["","",""],["","","S"]],"perfect":false}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := ReadJSON(strings.NewReader(string(data)))
		if err != nil {
			return
		}
		// A maze is perfect, or says how it is not (it was marked
		// "perfect": false).
		if got.Perfect() != (got.Passages() == got.Size()*got.Size()-1 && got.reachable() == got.Size()*got.Size()) {
			t.Fatalf("read a maze with %d passages, perfect %v, defects %q", got.Passages(), got.Perfect(), got.Defects())
		}
		// What was read writes and reads again as the same maze.
		again, err := ReadJSON(strings.NewReader(string(got.JSON(English))))
		if err != nil {
			t.Fatalf("re-read: %v", err)
		}
		if !slices.Equal(again.open, got.open) || again.Ends() != got.Ends() || !slices.Equal(again.Solution(), got.Solution()) {
			t.Fatal("the maze changed on a round trip through JSON")
		}
	})
}

// TestIsContractLine: a line is a contract line exactly when ParseReply
// reads it alone with nothing unparsed.
func TestIsContractLine(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		line := rapid.OneOf(
			rapid.SampledFrom([]string{"STEP 1: (0,0) → E | confidence: 90%", "STEP x", "**STEP 2**: (0,1) → S", "- LOOP detected", "DEAD END at (1,1)",
				"dead_end", "STRATEGY_CHANGE — now", "BACKTRACK_COUNT: 2", "BACKTRACK_COUNT: many", "HALLUCINATION_COUNT: 0", "CONFIDENCE_LOG: 1:90",
				"FINAL_PATH: (0,0)→(0,1)", "(0,1)→(1,1)", "", " ", "\n", "I am lost", "1. STEP 3: (2,2) N", "`FINAL_PATH`", "STEP 1: (0,0) → E\nLOOP"}),
			rapid.StringMatching(`[ \-*>0-9.)]*(STEP|step|LOOP|FINAL_PATH|DEAD_END|BACKTRACK_COUNT|x)[ :0-9(),→NESW|a-z%]*\n?`),
		).Draw(t, "line")
		tr := ParseReply(line)
		want := tr.Unparsed == 0 && strings.TrimSpace(line) != ""
		if got := IsContractLine(line); got != want {
			t.Fatalf("%q: IsContractLine %v, ParseReply says %v", line, got, want)
		}
	})
}
