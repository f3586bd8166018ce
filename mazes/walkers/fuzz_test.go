package walkers

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/mazes"
)

// FuzzReadAnswer: any text from the world reads without panic, and a
// position read lies inside the maze.
func FuzzReadAnswer(f *testing.F) {
	f.Add("You are at (2,3): [N↑ S↓].\n")
	f.Add("wall: no passage E from (2,3).\nYou are at (2,3): [N↑ S↓].\nHINT: go back to (0,0)\n")
	f.Add("(4,4) 에서 EXIT에 도착했습니다.\n")
	f.Add("현재 위치는 (1,2): [N↑ E→] 입니다.\n힌트: 돌아가세요\n")
	m, err := mazes.Generate(5, 1, mazes.DFS)
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, text string) {
		a := readAnswer(m, text)
		if a.hasPos && !m.In(a.pos) {
			t.Fatalf("position %v outside the maze", a.pos)
		}
		if a.exit && !a.hasPos {
			t.Fatal("exit without a position")
		}
	})
}
