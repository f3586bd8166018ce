package mazes

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// datasetASCII writes a maze as maze-dataset's LatticeMaze.as_ascii draws
// a solved maze: # walls, S and E, X on the solution's other cells and on
// the passages between its cells. It is the test's own writer, from the
// library's documented form, to feed the reader.
func datasetASCII(m *Maze, path []Cell) string {
	n := m.Size()
	grid := make([][]byte, 2*n+1)
	for y := range grid {
		grid[y] = []byte(strings.Repeat("#", 2*n+1))
	}
	for r := range n {
		for c := range n {
			grid[2*r+1][2*c+1] = ' '
			if m.IsOpen(Cell{r, c}, East) {
				grid[2*r+1][2*c+2] = ' '
			}
			if m.IsOpen(Cell{r, c}, South) {
				grid[2*r+2][2*c+1] = ' '
			}
		}
	}
	for i, c := range path {
		grid[2*c.R+1][2*c.C+1] = 'X'
		if i > 0 {
			p := path[i-1]
			grid[p.R+c.R+1][p.C+c.C+1] = 'X'
		}
	}
	grid[2*m.Start().R+1][2*m.Start().C+1] = 'S'
	grid[2*m.Exit().R+1][2*m.Exit().C+1] = 'E'
	lines := make([]string, len(grid))
	for i, l := range grid {
		lines[i] = string(l)
	}
	return strings.Join(lines, "\n")
}

// datasetAdjList writes a maze in maze-dataset's AOTP token form. Every
// other connection is written end first, as the library's shuffled lists
// do; spaced writes coordinates "( r , c )" and abbrev the short tokens.
func datasetAdjList(m *Maze, path []Cell, spaced, abbrev bool) string {
	cell := func(c Cell) string {
		if spaced {
			return fmt.Sprintf("( %d , %d )", c.R, c.C)
		}
		return c.String()
	}
	tok := func(full, short string) string {
		if abbrev {
			return short
		}
		return full
	}
	var b strings.Builder
	b.WriteString(tok("<ADJLIST_START>", "<A_S>"))
	k := 0
	for i := range m.Size() * m.Size() {
		a := m.cell(i)
		for _, d := range []Dir{East, South} {
			if !m.IsOpen(a, d) {
				continue
			}
			x, y := a, a.Move(d)
			if k%2 == 1 {
				x, y = y, x
			}
			k++
			fmt.Fprintf(&b, " %s <--> %s ;", cell(x), cell(y))
		}
	}
	fmt.Fprintf(&b, " %s %s %s %s %s %s", tok("<ADJLIST_END>", "<A_E>"),
		tok("<ORIGIN_START>", "<O_S>"), cell(m.Start()), tok("<ORIGIN_END>", "<O_E>"),
		tok("<TARGET_START>", "<T_S>")+" "+cell(m.Exit()), tok("<TARGET_END>", "<T_E>"))
	if path != nil {
		b.WriteString(" " + tok("<PATH_START>", "<P_S>"))
		for _, c := range path {
			b.WriteString(" " + cell(c))
		}
		b.WriteString(" " + tok("<PATH_END>", "<P_E>"))
	}
	return b.String()
}

// TestPropImportRoundTrip: a maze written in either maze-dataset form reads
// back as the same maze, ends and marked path, with no warning.
func TestPropImportRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := genMazeEnds(t)
		withPath := rapid.Bool().Draw(t, "path")
		var path []Cell
		if withPath {
			path = m.Solution()
		}
		spaced := rapid.Bool().Draw(t, "spaced")
		abbrev := rapid.Bool().Draw(t, "abbrev")
		for name, text := range map[string]string{
			"ascii":   datasetASCII(m, path),
			"adjlist": datasetAdjList(m, path, spaced, abbrev),
		} {
			read := ReadMazeDatasetASCII
			if name == "adjlist" {
				read = ReadMazeDatasetAdjList
			}
			imp, err := read(strings.NewReader(text))
			if err != nil {
				t.Fatalf("%s: %v\n%s", name, err, text)
			}
			got := imp.Maze
			if got.Size() != m.Size() || !slices.Equal(got.open, m.open) || got.Ends() != m.Ends() {
				t.Fatalf("%s: read a different maze", name)
			}
			if !got.Perfect() || len(imp.Warnings) > 0 {
				t.Fatalf("%s: warnings %q", name, imp.Warnings)
			}
			if !slices.Equal(imp.Path, path) {
				t.Fatalf("%s: marked path %v, want %v", name, imp.Path, path)
			}
		}
	})
}

// TestImportFiles reads the hand-written examples under testdata/import,
// each the form maze-dataset prints, and checks what they say.
func TestImportFiles(t *testing.T) {
	for _, tc := range []struct {
		file     string
		n        int
		start    Cell
		exit     Cell
		perfect  bool
		path     int // cells of the marked path, 0 for none
		warnings []string
	}{
		{"solved-5.ascii", 5, Cell{0, 0}, Cell{4, 4}, true, 9, nil},
		{"targeted-4.ascii", 4, Cell{3, 1}, Cell{0, 2}, true, 0, nil},
		{"lattice-3.ascii", 3, Cell{0, 0}, Cell{2, 2}, true, 0, []string{"no START marked", "no EXIT marked"}},
		{"cycle-4.ascii", 4, Cell{0, 0}, Cell{3, 3}, false, 0, []string{"1 passage(s) more than a spanning tree"}},
		{"aotp-5.adjlist", 5, Cell{1, 3}, Cell{2, 3}, true, 8, nil},
		{"cardinal-5.adjlist", 5, Cell{1, 3}, Cell{2, 3}, true, 8, nil},
		{"indexed-3.adjlist", 3, Cell{2, 0}, Cell{0, 2}, true, 5, nil},
		{"split-4.adjlist", 4, Cell{0, 0}, Cell{3, 3}, false, 0, []string{"4 of 16 cells cannot be reached", "EXIT cannot be reached"}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			f, err := os.Open(filepath.Join("testdata", "import", tc.file))
			require.NoError(t, err)
			defer f.Close()
			read := ReadMazeDatasetASCII
			if strings.HasSuffix(tc.file, ".adjlist") {
				read = ReadMazeDatasetAdjList
			}
			imp, err := read(f)
			require.NoError(t, err)
			m := imp.Maze
			assert.Equal(t, tc.n, m.Size())
			assert.Equal(t, Ends{tc.start, tc.exit}, m.Ends())
			assert.Equal(t, tc.perfect, m.Perfect(), "defects %q", m.Defects())
			assert.Len(t, imp.Path, tc.path)
			if tc.path > 0 {
				assert.True(t, PathValid(m, imp.Path), "the marked path is valid")
				assert.Equal(t, m.Solution(), imp.Path, "and is the solution")
			}
			want := FormASCII
			switch {
			case strings.HasPrefix(tc.file, "cardinal"):
				want = FormAdjListCardinal
			case strings.HasSuffix(tc.file, ".adjlist"):
				want = FormAdjList
			}
			assert.Equal(t, want, imp.Form, "the form read is named")
			require.Len(t, imp.Warnings, len(tc.warnings), "%q", imp.Warnings)
			for i, w := range tc.warnings {
				assert.Contains(t, imp.Warnings[i], w)
			}
		})
	}
}

// TestImportCardinalSameMaze reads one maze in both adjacency-list forms:
// the cardinal form gives the maze, ends and path of the coordinate form.
func TestImportCardinalSameMaze(t *testing.T) {
	read := func(file string) *Imported {
		f, err := os.Open(filepath.Join("testdata", "import", file))
		require.NoError(t, err)
		defer f.Close()
		imp, err := ReadMazeDatasetAdjList(f)
		require.NoError(t, err)
		return imp
	}
	coords, cardinal := read("aotp-5.adjlist"), read("cardinal-5.adjlist")
	assert.Equal(t, string(coords.Maze.JSON(English)), string(cardinal.Maze.JSON(English)))
	assert.Equal(t, coords.Path, cardinal.Path)
	// Lower case and the abbreviated tokens read too.
	imp, err := ReadMazeDatasetAdjList(strings.NewReader("<A_S> (0,0) <--> east ; (0,1) <--> South ; (1,1) <--> WEST ; <A_E>"))
	require.NoError(t, err)
	assert.Equal(t, FormAdjListCardinal, imp.Form)
	assert.True(t, imp.Maze.IsOpen(Cell{0, 0}, East) && imp.Maze.IsOpen(Cell{0, 1}, South) && imp.Maze.IsOpen(Cell{1, 1}, West))
	assert.True(t, imp.Maze.Perfect())
}

func TestImportErrors(t *testing.T) {
	good := "#####\n#S  #\n### #\n#E  #\n#####"
	for _, tc := range []struct {
		name, form, text, want string
	}{
		{"empty", "ascii", "\n \n", "no grid"},
		{"ragged", "ascii", "#####\n#S #\n#####", "line 2 is 4 characters wide"},
		{"even", "ascii", "####\n####\n####\n####", "not the (2N+1)×(2N+1) grid"},
		{"one cell", "ascii", "###\n#S#\n###", "not the (2N+1)×(2N+1) grid"},
		{"not square", "ascii", "#######\n#S    #\n#######\n#    E#\n#######", "not square"},
		{"unknown", "ascii", strings.Replace(good, "### #", "###.#", 1), "line 3 column 4: unknown character '.'"},
		{"cell wall", "ascii", "#####\n#S ##\n### #\n#E  #\n#####", "cell (0,1) is drawn as a wall"},
		{"border", "ascii", "#####\n#S  #\n### #\n#E  #\n### #", "line 5 column 4: a passage through the border"},
		{"two starts", "ascii", strings.Replace(good, "#E  #", "#E S#", 1), "2 START cells marked"},
		{"S between", "ascii", strings.Replace(good, "#S  #", "# S #", 1), "S sits between cells"},
		{"no connection", "adjlist", "<ADJLIST_START> <ADJLIST_END>", "no connection"},
		{"not neighbours", "adjlist", "(0,0) <--> (1,1) ;", "not neighbours"},
		{"cardinal off the grid", "adjlist", "(0,0) <--> NORTH ;", "(0,0) <--> NORTH leads off the grid"},
		{"cardinal without a cell", "adjlist", "<--> EAST ;", "<--> must join two cells"},
		{"cardinal without <-->", "adjlist", "(0,0) EAST ;", "EAST must follow a cell and <-->"},
		{"cardinal twice", "adjlist", "(0,0) <--> EAST SOUTH ;", "SOUTH must follow a cell and <-->"},
		{"forms mixed", "adjlist", "(0,0) <--> EAST ; (0,0) <--> (1,0) ;", "are mixed"},
		{"a word", "adjlist", "(0,0) <--> UP ;", `unexpected "UP ;"`},
		{"three cells", "adjlist", "(0,0) <--> (0,1) (1,1) ;", "a third follows"},
		{"half", "adjlist", "(0,0) <--> ;", "two cells joined by <-->"},
		{"no arrow", "adjlist", "(0,0) (0,1) ;", "two cells joined by <-->"},
		{"stray", "adjlist", "(0,0) <--> (0,1) ; hello", "unexpected \"hello\""},
		{"bad token", "adjlist", "<WHAT> (0,0) <--> (0,1)", "unknown token <WHAT>"},
		{"negative", "adjlist", "(0,-1) <--> (0,0)", "negative coordinate"},
		{"two origins", "adjlist", "(0,0) <--> (0,1) ; (0,1) <--> (1,1) ; (1,1) <--> (1,0) ; <ORIGIN_START> (0,0) (1,1) <ORIGIN_END>", "ORIGIN holds 2 cells"},
		{"too big", "adjlist", "(0,0) <--> (0,1) ; <TARGET_START> (1001,0) <TARGET_END>", "out of range"},
		{"cell outside sections", "adjlist", "<ADJLIST_START> (0,0) <--> (0,1) ; <ADJLIST_END> (1,1)", "outside any section"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			read := ReadMazeDatasetASCII
			if tc.form == "adjlist" {
				read = ReadMazeDatasetAdjList
			}
			_, err := read(strings.NewReader(tc.text))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// checkImported holds any imported maze to the invariants of a Maze.
func checkImported(t *testing.T, imp *Imported) {
	m := imp.Maze
	n := m.Size()
	if n < MinSize || n > MaxSize || !m.In(m.Start()) || !m.In(m.Exit()) || m.Start() == m.Exit() {
		t.Fatalf("maze of side %d, ends %v", n, m.Ends())
	}
	for i := range n * n {
		c := m.cell(i)
		for _, d := range m.OpenDirs(c) {
			if next := c.Move(d); !m.In(next) || !m.IsOpen(next, d.Opposite()) {
				t.Fatalf("%v: passage %s is one-sided or leaves the grid", c, d)
			}
		}
	}
	if sol := m.Solution(); len(sol) > 0 && !PathValid(m, sol) {
		t.Fatal("the solution is not a valid path")
	}
	if m.Perfect() == (len(m.Defects()) > 0) {
		t.Fatal("Perfect disagrees with Defects")
	}
	if _, err := ReadJSON(strings.NewReader(string(m.JSON(English)))); err != nil {
		t.Fatalf("the imported maze's JSON does not read back: %v", err)
	}
}

func FuzzReadMazeDatasetASCII(f *testing.F) {
	m, _ := GenerateWithEnds(4, 7, Wilson, Ends{Cell{1, 1}, Cell{3, 0}})
	f.Add(datasetASCII(m, m.Solution()))
	f.Add(datasetASCII(m, nil))
	f.Add("#####\n#S  #\n### #\n#E  #\n#####")
	f.Add("\n  #######\n  #S    #\n  # ### #\n  #X#  E#\n  #######\n")
	f.Fuzz(func(t *testing.T, text string) {
		imp, err := ReadMazeDatasetASCII(strings.NewReader(text))
		if err != nil {
			return
		}
		checkImported(t, imp)
	})
}

func FuzzReadMazeDatasetAdjList(f *testing.F) {
	m, _ := GenerateWithEnds(4, 7, Wilson, Ends{Cell{1, 1}, Cell{3, 0}})
	f.Add(datasetAdjList(m, m.Solution(), false, false))
	f.Add(datasetAdjList(m, nil, true, true))
	f.Add("(0,0) <--> (0,1) ; (0,1) <--> (1,1) ;\n(1,1) <--> (1,0)\n<PADDING> <PATH_START> <PATH_END>")
	f.Fuzz(func(t *testing.T, text string) {
		imp, err := ReadMazeDatasetAdjList(strings.NewReader(text))
		if err != nil {
			return
		}
		checkImported(t, imp)
	})
}
