package analysis

import (
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/internal/textfmt"
	"github.com/hallumaze/hallumaze/mazes"
)

// MazeBox is the box the seed prints before the results (§3), from the
// maze itself:
//
//	┌──────────────────────────────────────────────────────┐
//	│ 미로 생성됨                                          │
//	│ 크기: 7×7 | 정답 길이: 18 | 막다른 길: 8 | Mirage: 3 │
//	└──────────────────────────────────────────────────────┘
//
// in Korean, as the seed writes it, or in English ("Maze generated",
// "Size: 7×7 | Solution length: 18 | Dead ends: 8 | Mirage: 3") for any
// other language. The solution length counts moves, the solution's cells
// less one: on an N×N maze from corner to corner every path has an even
// number of moves when N is odd, so the seed's "18" on a 7×7 maze cannot
// count cells. Dead ends and Mirage are the maze's dead ends and traps.
//
// The box fits its widest line with one space of padding on each side,
// columns counted as a terminal shows them (a Hangul syllable takes two),
// so its right border lines up; the seed's sample has its title line two
// columns too wide. Each line ends with a newline.
func MazeBox(m *mazes.Maze, lang mazes.Lang) string {
	n := strconv.Itoa(m.Size())
	moves := strconv.Itoa(max(0, len(m.Solution())-1))
	dead, traps := strconv.Itoa(m.DeadEnds()), strconv.Itoa(len(m.Traps()))
	title := "Maze generated"
	line := "Size: " + n + "×" + n + " | Solution length: " + moves + " | Dead ends: " + dead + " | Mirage: " + traps
	if lang == mazes.Korean {
		title = "미로 생성됨"
		line = "크기: " + n + "×" + n + " | 정답 길이: " + moves + " | 막다른 길: " + dead + " | Mirage: " + traps
	}
	return box([]string{title, line})
}

// box draws lines in a single-line box, one space of padding each side.
func box(lines []string) string {
	width := 0
	for _, l := range lines {
		width = max(width, textfmt.Width(l))
	}
	var b strings.Builder
	rule := strings.Repeat("─", width+2)
	b.WriteString("┌" + rule + "┐\n")
	for _, l := range lines {
		b.WriteString("│ " + l + strings.Repeat(" ", width-textfmt.Width(l)) + " │\n")
	}
	b.WriteString("└" + rule + "┘\n")
	return b.String()
}
