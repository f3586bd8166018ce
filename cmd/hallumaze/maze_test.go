package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/mazes"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// importData is where the mazes package keeps its maze-dataset examples.
var importData = filepath.Join("..", "..", "mazes", "testdata", "import")

func TestMazeImport(t *testing.T) {
	for _, tc := range []struct {
		name, from, file string
		ends             mazes.Ends
		form             string
		warnings         []string
	}{
		{"ascii grid with S, E and X", "ascii", "solved-5.ascii", mazes.Ends{Start: mazes.Cell{R: 0, C: 0}, Exit: mazes.Cell{R: 4, C: 4}}, mazes.FormASCII, nil},
		{"adjacency list with ORIGIN and TARGET", "adjlist", "aotp-5.adjlist", mazes.Ends{Start: mazes.Cell{R: 1, C: 3}, Exit: mazes.Cell{R: 2, C: 3}}, mazes.FormAdjList, nil},
		{"cardinal adjacency list", "adjlist", "cardinal-5.adjlist", mazes.Ends{Start: mazes.Cell{R: 1, C: 3}, Exit: mazes.Cell{R: 2, C: 3}}, mazes.FormAdjListCardinal, nil},
		{"a maze with a cycle", "ascii", "cycle-4.ascii", mazes.DefaultEnds(4), mazes.FormASCII, []string{"more than a spanning tree"}},
		{"no ends marked", "ascii", "lattice-3.ascii", mazes.DefaultEnds(3), mazes.FormASCII, []string{"no START marked", "no EXIT marked"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, "maze", "import", "--from", tc.from, filepath.Join(importData, tc.file))
			require.Equal(t, 0, code, stderr)
			m, err := mazes.ReadJSON(strings.NewReader(stdout))
			require.NoError(t, err, "the output is maze JSON that hallumaze score reads")
			assert.Equal(t, tc.ends, m.Ends())
			lines := strings.Split(strings.TrimSpace(stderr), "\n")
			// The first line says which form was read, the rest warn.
			require.NotEmpty(t, lines)
			assert.Equal(t, "hallumaze: maze import: read "+tc.form+", "+fmt.Sprintf("%d×%d", m.Size(), m.Size()), lines[0])
			lines = lines[1:]
			require.Len(t, lines, len(tc.warnings), stderr)
			for i, w := range tc.warnings {
				assert.Contains(t, lines[i], "hallumaze: maze import: warning: ")
				assert.Contains(t, lines[i], w)
			}
		})
	}
}

func TestMazeImportFormats(t *testing.T) {
	file := filepath.Join(importData, "targeted-4.ascii")
	for format, want := range map[string]string{
		"text":  "MAZE 4×4 | START:(3,1) | EXIT:(0,2)",
		"ascii": "|     S   .   . |",
		"svg":   "<svg",
		"json":  `"start":[3,1],"exit":[0,2]`,
	} {
		t.Run(format, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, "maze", "import", "--from", "ascii", "--format", format, file)
			require.Equal(t, 0, code, stderr)
			assert.Contains(t, stdout, want)
		})
	}
}

// TestMazeImportThenScore is the way a transcript from another maze
// benchmark is scored: import its maze, then score the reply against it.
func TestMazeImportThenScore(t *testing.T) {
	dir := t.TempDir()
	code, stdout, stderr := runCLI(t, "maze", "import", "--from", "adjlist", filepath.Join(importData, "aotp-5.adjlist"))
	require.Equal(t, 0, code, stderr)
	mazePath := filepath.Join(dir, "maze.json")
	require.NoError(t, os.WriteFile(mazePath, []byte(stdout), 0o644))
	reply := "STEP 1: (1,3) → W\nSTEP 2: (1,2) → W\nSTEP 3: (1,1) → W\nSTEP 4: (1,0) → S\n" +
		"STEP 5: (2,0) → E\nSTEP 6: (2,1) → E\nSTEP 7: (2,2) → E\n" +
		"FINAL_PATH: (1,3) (1,2) (1,1) (1,0) (2,0) (2,1) (2,2) (2,3)\n"
	replyPath := filepath.Join(dir, "reply.txt")
	require.NoError(t, os.WriteFile(replyPath, []byte(reply), 0o644))
	code, stdout, stderr = runCLI(t, "score", "--maze", mazePath, "--response", replyPath)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, `"sr": 1`)
	assert.Contains(t, stdout, `"hc": 0`)
	assert.Contains(t, stdout, `"optimal": true`)
}

func TestMazeImportErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.ascii")
	require.NoError(t, os.WriteFile(bad, []byte("#####\n#S..#\n### #\n#E  #\n#####"), 0o644))
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no form", []string{"maze", "import", bad}, 2, `--from "": want ascii or adjlist`},
		{"unknown form", []string{"maze", "import", "--from", "png", bad}, 2, `--from "png"`},
		{"unknown format", []string{"maze", "import", "--from", "ascii", "--format", "yaml", bad}, 2, `unknown --format "yaml"`},
		{"two files", []string{"maze", "import", "--from", "ascii", bad, bad}, 2, "one input file at most"},
		{"missing file", []string{"maze", "import", "--from", "ascii", filepath.Join(dir, "none")}, 2, "no such file"},
		{"bad grid", []string{"maze", "import", "--from", "ascii", bad}, 2, "unknown character '.'"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLI(t, tc.args...)
			assert.Equal(t, tc.code, code)
			assert.Contains(t, stderr, tc.want)
		})
	}
}
