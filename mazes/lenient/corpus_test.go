package lenient

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/stretchr/testify/require"
)

// corpusReply is one labelled reply of testdata/corpus.
type corpusReply struct {
	file, id, label, reply string
	// maze is the maze the reply answered, where its reading needs one
	// (a label ending "@ maze N start (r,c) exit (r,c)"); nil otherwise.
	maze *mazes.Maze
}

// read reads the reply as the lenient tier does: with the maze, where the
// record gives one, as Score reads it.
func (rc corpusReply) read() Reading {
	r := Parse(rc.reply)
	if rc.maze != nil {
		r = r.ForMaze(rc.maze)
	}
	return r
}

// corpusMaze reads a label's maze context, "maze 4 start (3,0) exit
// (0,3)": any maze of that size and those ends will do, since only they
// decide how a reply is read.
func corpusMaze(tb testing.TB, ctx string) *mazes.Maze {
	tb.Helper()
	var n, sr, sc, er, ec int
	_, err := fmt.Sscanf(ctx, "maze %d start (%d,%d) exit (%d,%d)", &n, &sr, &sc, &er, &ec)
	require.NoError(tb, err, "maze context %q", ctx)
	m, err := mazes.GenerateWithEnds(n, 1, mazes.DFS, mazes.Ends{Start: mazes.Cell{R: sr, C: sc}, Exit: mazes.Cell{R: er, C: ec}})
	require.NoError(tb, err)
	return m
}

// loadCorpus reads every labelled reply under testdata/corpus (the format
// is in its README.md).
func loadCorpus(tb testing.TB) []corpusReply {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "corpus", "*.txt"))
	require.NoError(tb, err)
	require.NotEmpty(tb, files)
	var out []corpusReply
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(tb, err)
		var cur *corpusReply
		var body []string
		done := func() {
			if cur != nil {
				cur.reply = strings.Join(body, "\n")
				out = append(out, *cur)
			}
		}
		for _, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
			if rest, ok := strings.CutPrefix(line, "=== "); ok {
				done()
				id, label, ok := strings.Cut(rest, " :: ")
				require.True(tb, ok, "%s: header %q has no label", f, line)
				cur, body = &corpusReply{file: filepath.Base(f), id: id, label: label}, nil
				if l, ctx, ok := strings.Cut(label, " @ "); ok {
					cur.label, cur.maze = l, corpusMaze(tb, ctx)
				}
				continue
			}
			require.NotNil(tb, cur, "%s: text before the first header", f)
			body = append(body, line)
		}
		done()
	}
	return out
}

// TestLenientCorpus reads every labelled reply and measures the lenient
// tier against the labels. Precision is the share of replies it read (a
// move, moves or a path) that it read as labelled: a reading where the
// label is none, or a different move, is an error. Recall is the share of
// replies labelled with a move, moves or a path that it read as labelled.
// Replies labelled strict must be read by the strict tier. Run with -v to
// see the figures.
func TestLenientCorpus(t *testing.T) {
	corpus := loadCorpus(t)
	require.GreaterOrEqual(t, len(corpus), 300, "the corpus holds at least 300 replies")
	ids := map[string]bool{}
	var read, readRight, labelled, found, strict, strictRead, none, noneKept int
	for _, rc := range corpus {
		require.False(t, ids[rc.id], "id %s twice", rc.id)
		ids[rc.id] = true
		got := rc.read()
		switch rc.label {
		case "strict":
			strict++
			if got.Form == FormStrict {
				strictRead++
			} else {
				t.Errorf("%s %s: the strict tier does not read it (%s)", rc.file, rc.id, got)
			}
			continue
		case "none":
			none++
			if !got.Read() {
				noneKept++
			}
		default:
			labelled++
			if got.String() == rc.label {
				found++
			}
		}
		if got.Form == FormStrict {
			t.Errorf("%s %s: read by the strict tier, labelled %s", rc.file, rc.id, rc.label)
			continue
		}
		if got.Read() {
			read++
			if got.String() == rc.label {
				readRight++
			} else {
				t.Logf("WRONG %s %s: read %q, labelled %q", rc.file, rc.id, got, rc.label)
			}
		} else if rc.label != "none" {
			t.Logf("MISSED %s %s: labelled %q", rc.file, rc.id, rc.label)
		}
	}
	precision := float64(readRight) / float64(read)
	recall := float64(found) / float64(labelled)
	t.Logf("lenient corpus: %d replies (%d labelled with a move or path, %d none, %d strict)", len(corpus), labelled, none, strict)
	t.Logf("precision %.4f (%d of %d readings right), recall %.4f (%d of %d labelled replies read right), none kept %d of %d, strict read %d of %d",
		precision, readRight, read, recall, found, labelled, noneKept, none, strictRead, strict)
	if precision < 0.995 {
		t.Errorf("precision %.4f < 0.995", precision)
	}
	if recall < 0.98 {
		t.Errorf("recall %.4f < 0.98", recall)
	}
}
