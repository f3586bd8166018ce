package mazes

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The parser reads a reply in one pass, in time linear in its length. The
// figure to watch is MB/s: at least 50 MB/s at 100 KiB, and about the same
// at 10 KiB, 100 KiB and 1 MiB.

// benchSources are the replies whose lines make up the benchmark inputs: a
// clean seed-format walk, markdown, Korean, and long free-text thinking.
var benchSources = []string{
	"01_clean_seed_format", "02_markdown_bold_list", "05_korean_mirage_recover",
	"04_long_thinking", "10_dead_end_backtrack", "17_final_path_wrapped",
}

// benchReply builds a reply of about size bytes by repeating the lines of
// the realistic replies, cut at a line end.
func benchReply(tb testing.TB, size int) string {
	tb.Helper()
	var lines []string
	for _, name := range benchSources {
		text, err := os.ReadFile(filepath.Join("testdata", "replies", name+".txt"))
		require.NoError(tb, err)
		lines = append(lines, strings.Split(strings.TrimRight(string(text), "\n"), "\n")...)
	}
	var b strings.Builder
	b.Grow(size + 512)
	for i := 0; b.Len() < size; i++ {
		b.WriteString(lines[i%len(lines)])
		b.WriteByte('\n')
	}
	return b.String()
}

func BenchmarkParse(b *testing.B) {
	for _, size := range []int{10 << 10, 100 << 10, 1 << 20} {
		reply := benchReply(b, size)
		if len(reply) > MaxReply {
			reply = reply[:strings.LastIndexByte(reply[:MaxReply], '\n')+1]
		}
		b.Run(fmt.Sprintf("size=%dKiB", size>>10), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(reply)))
			for b.Loop() {
				if tr := ParseReply(reply); len(tr.Steps) == 0 {
					b.Fatal("no steps read")
				}
			}
		})
	}
}

// BenchmarkScore is parsing and scoring together, the work of one case.
func BenchmarkScore(b *testing.B) {
	m, err := Generate(5, 3, DFS)
	require.NoError(b, err)
	reply := benchReply(b, 100<<10)
	b.ReportAllocs()
	b.SetBytes(int64(len(reply)))
	for b.Loop() {
		Score(m, ParseReply(reply))
	}
}

// TestParseHugeInput feeds the parser what a runaway model can send: one
// line of a megabyte, and a reply longer than MaxReply.
func TestParseHugeInput(t *testing.T) {
	t.Run("one step line of 1 MiB", func(t *testing.T) {
		reply := "STEP 1: (0,0) → E | " + strings.Repeat("x", 1<<20) + " confidence: 80%"
		tr := ParseReply(reply[:MaxReply])
		require.Len(t, tr.Steps, 1)
		assert.False(t, tr.Steps[0].HasConf, "the label lies past MaxReply")
		assert.Equal(t, 1, tr.Lines)
		assert.False(t, tr.Truncated)
	})
	t.Run("a final path line of 1 MiB", func(t *testing.T) {
		const pair = "(0,0)→(0,1)→"
		n := (MaxReply - len("FINAL_PATH: ")) / len(pair)
		tr := ParseReply("FINAL_PATH: " + strings.Repeat(pair, n))
		assert.False(t, tr.Truncated)
		assert.Equal(t, 2*n, len(tr.FinalPath))
		assert.Equal(t, Cell{0, 1}, tr.FinalPath[len(tr.FinalPath)-1])
		assert.Equal(t, 0, tr.Unparsed)
	})
	t.Run("1 MiB of text without a newline", func(t *testing.T) {
		tr := ParseReply(strings.Repeat("conf: (", (1<<20)/7))
		assert.Empty(t, tr.Steps)
		assert.Equal(t, 1, tr.Lines)
		assert.Equal(t, 1, tr.Unparsed)
	})
	t.Run("a reply over MaxReply", func(t *testing.T) {
		line := "STEP 1: (0,0) → E | confidence: 90%\n"
		reply := strings.Repeat(line, MaxReply/len(line)+10)
		require.Greater(t, len(reply), MaxReply)
		tr := ParseReply(reply)
		assert.True(t, tr.Truncated)
		assert.Equal(t, MaxReply/len(line), len(tr.Steps), "the cut line is read as far as it goes")
		assert.LessOrEqual(t, tr.Lines, MaxReply/len(line)+1)
	})
	t.Run("exactly MaxReply", func(t *testing.T) {
		tr := ParseReply(strings.Repeat("a", MaxReply))
		assert.False(t, tr.Truncated)
	})
}
