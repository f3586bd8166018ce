package chess

import (
	"testing"

	chesslib "github.com/corentings/chess/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// perft counts the leaf positions depth plies below pos through the
// library's legal moves and Update, the way its rules reach our probes.
func perft(pos *chesslib.Position, depth int) int {
	moves := pos.ValidMoves()
	if depth == 1 {
		return len(moves)
	}
	n := 0
	for i := range moves {
		n += perft(pos.Update(&moves[i]), depth-1)
	}
	return n
}

// perftNodes counts the same through node.moves and node.play, the path
// every probe takes (with its promotion workaround).
func perftNodes(n *node, depth int) int {
	moves := n.moves()
	if depth == 1 {
		return len(moves)
	}
	total := 0
	for _, m := range moves {
		total += perftNodes(n.play(m), depth-1)
	}
	return total
}

// TestPerft holds the library to the published perft numbers, so an
// upgrade that breaks the rules fails the build. Depth 4 from the start
// (197,281 leaves, half a second) runs in the plain test run, not with
// -short nor under the race detector (where it takes several seconds).
func TestPerft(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		depth int
		want  int
	}{
		{"start/1", StartFEN, 1, 20},
		{"start/2", StartFEN, 2, 400},
		{"start/3", StartFEN, 3, 8902},
		{"start/4", StartFEN, 4, 197281},
		{"kiwipete/1", builtins[1].FEN, 1, 48},
		{"kiwipete/2", builtins[1].FEN, 2, 2039},
		{"kiwipete/3", builtins[1].FEN, 3, 97862},
		{"position4/3", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3, 9467},
		{"position5/3", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62379},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.want > 100_000 && (testing.Short() || raceEnabled) {
				t.Skip("depth-4 perft runs without -short and without -race")
			}
			n, err := nodeFromFEN(tt.fen)
			require.NoError(t, err)
			assert.Equal(t, tt.want, perft(n.pos, tt.depth), "through the library")
			assert.Equal(t, tt.want, perftNodes(n, tt.depth), "through our moves")
		})
	}
}
