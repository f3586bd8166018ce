package analysis_test

import (
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/suites/maze/analysis"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/internal/golden"
	"github.com/hallumaze/hallumaze/mazes"
)

// seedBox is the box of the seed's terminal sample (§3), letter for letter.
const seedBox = `┌──────────────────────────────────────────────────────┐
│ 미로 생성됨                                            │
│ 크기: 7×7 | 정답 길이: 18 | 막다른 길: 8 | Mirage: 3 │
└──────────────────────────────────────────────────────┘
`

// TestMazeBoxSeed: the 7×7 DFS maze of seed 945 has the numbers of the
// seed's sample (a solution of 18 moves, 8 dead ends, 3 traps). Its box
// has the seed's borders and content line exactly; the title line is the
// seed's with its right border where the others are (the seed's sample
// pads it two columns too wide).
func TestMazeBoxSeed(t *testing.T) {
	m, err := mazes.Generate(7, 945, mazes.DFS)
	require.NoError(t, err)
	require.Equal(t, 19, len(m.Solution()))
	got := strings.Split(analysis.MazeBox(m, mazes.Korean), "\n")
	want := strings.Split(seedBox, "\n")
	require.Len(t, got, 5)
	assert.Equal(t, want[0], got[0], "top border")
	assert.Equal(t, want[2], got[2], "the seed's numbers")
	assert.Equal(t, want[3], got[3], "bottom border")
	assert.Equal(t, "", got[4])
	assert.Equal(t, strings.Replace(want[1], "  │", "│", 1), got[1], "the title line, aligned")
	for _, l := range got[:4] {
		assert.Equal(t, 56, analysis.DisplayWidth(l), "every line is 56 columns: %q", l)
	}
}

func TestMazeBox(t *testing.T) {
	var b strings.Builder
	for _, tc := range []struct {
		size int
		seed uint64
		alg  mazes.Algorithm
		lang mazes.Lang
	}{
		{5, 1, mazes.DFS, mazes.English},
		{9, 2, mazes.Wilson, mazes.English},
		{11, 3, mazes.DFS, mazes.Korean},
		{2, 1, mazes.DFS, mazes.English},
	} {
		m, err := mazes.Generate(tc.size, tc.seed, tc.alg)
		require.NoError(t, err)
		b.WriteString(analysis.MazeBox(m, tc.lang))
	}
	golden.Check(t, "maze_box.txt", []byte(b.String()))
}
