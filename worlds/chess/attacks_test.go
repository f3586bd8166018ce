package chess

import (
	"testing"

	chesslib "github.com/corentings/chess/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hallumaze/hallumaze/worlds"
)

// attacksBrute is attacks written the other way round: for every piece of
// colour c, can its movement pattern reach sq from where it stands, with
// every square strictly between empty for a slider?
func attacksBrute(b *board, c chesslib.Color, sq chesslib.Square) bool {
	tf, tr := int(sq.File()), int(sq.Rank())
	for s, p := range b {
		if p == chesslib.NoPiece || p.Color() != c || s == int(sq) {
			continue
		}
		df, dr := tf-s%8, tr-s/8
		adf, adr := abs(df), abs(dr)
		straight := df == 0 || dr == 0
		diagonal := adf == adr
		switch p.Type() {
		case chesslib.Pawn:
			forward := 1
			if c == chesslib.Black {
				forward = -1
			}
			if dr == forward && adf == 1 {
				return true
			}
		case chesslib.Knight:
			if (adf == 1 && adr == 2) || (adf == 2 && adr == 1) {
				return true
			}
		case chesslib.King:
			if max(adf, adr) == 1 {
				return true
			}
		case chesslib.Rook:
			if straight && clearBetween(b, s, int(sq)) {
				return true
			}
		case chesslib.Bishop:
			if diagonal && clearBetween(b, s, int(sq)) {
				return true
			}
		case chesslib.Queen:
			if (straight || diagonal) && clearBetween(b, s, int(sq)) {
				return true
			}
		}
	}
	return false
}

func abs(x int) int { return max(x, -x) }

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// clearBetween reports whether every square strictly between from and to
// (on one line) is empty.
func clearBetween(b *board, from, to int) bool {
	sf, sr := sign(to%8-from%8), sign(to/8-from/8)
	for f, r := from%8+sf, from/8+sr; f != to%8 || r != to/8; f, r = f+sf, r+sr {
		if b[r*8+f] != chesslib.NoPiece {
			return false
		}
	}
	return true
}

// anyBoard draws a board of random pieces (legal or not).
var anyBoard = rapid.Custom(func(t *rapid.T) board {
	var b board
	for sq := range b {
		if rapid.IntRange(0, 9).Draw(t, "occupied") < 3 {
			b[sq] = chesslib.Piece(rapid.IntRange(1, 12).Draw(t, "piece"))
		}
	}
	return b
})

func TestAttacksAgreesWithBruteForce(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		b := anyBoard.Draw(t, "board")
		for _, c := range []chesslib.Color{chesslib.White, chesslib.Black} {
			for s := range chesslib.Square(64) {
				if got, want := attacks(&b, c, s), attacksBrute(&b, c, s); got != want {
					t.Fatalf("attacks(%s, %s) = %v, brute force %v on %s", colourName(c), s, got, want, placement(&b))
				}
			}
		}
	})
}

// gamePositions are the positions along a seeded random game.
var gamePositions = rapid.Custom(func(t *rapid.T) *game {
	g, err := play(worlds.NewStream(rapid.Uint64Range(1, 1<<20).Draw(t, "seed"), worlds.StreamChessGames), StartFEN, between(20, 41), 0)
	if err != nil {
		t.Fatal(err)
	}
	return g
})

// TestAttacksAgreesWithTheLibrary holds attacks to the library on
// positions of real games: every legal capture lands on an attacked square,
// a piece no enemy attacks cannot be captured (but en passant, which lands
// beside it), and a move gives check
// (the library's tag) iff the mover then attacks the other king.
func TestAttacksAgreesWithTheLibrary(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := gamePositions.Draw(t, "game")
		for _, n := range g.nodes {
			turn := n.turn()
			for _, mv := range n.moves() {
				if mv.capture() && !attacks(&n.sq, turn, mv.lib.S2()) {
					t.Fatalf("%s: %s captures on %s, which attacks says is not attacked", n.fen(), mv.uci, mv.lib.S2())
				}
				after := n.play(mv)
				if got := attacks(&after.sq, turn, kingSquare(&after.sq, turn.Other())); got != mv.check {
					t.Fatalf("%s: %s checks per the library: %v, per attacks: %v", n.fen(), mv.uci, mv.check, got)
				}
			}
			for _, mv := range n.moves() {
				if mv.lib.HasTag(chesslib.EnPassant) {
					continue
				}
				if mv.capture() && !attacks(&n.sq, turn, mv.victim) {
					t.Fatalf("%s: %s is captured but not attacked", n.fen(), mv.victim)
				}
			}
		}
	})
}

func kingSquare(b *board, c chesslib.Color) chesslib.Square {
	for s, p := range b {
		if p == chesslib.NewPiece(chesslib.King, c) {
			return chesslib.Square(s)
		}
	}
	return chesslib.NoSquare
}

func TestDefendedHanging(t *testing.T) {
	tests := []struct {
		name               string
		fen, square        string
		defended, hanging  bool
		attackedByOpponent bool
	}{
		{"pawn e5 guarded by d6", exampleFEN, "e5", true, false, true},
		{"f7 attacked by Bc4, defended by the king", exampleFEN, "f7", true, false, true},
		{"bishop c4 loose, not attacked", exampleFEN, "c4", false, false, false},
		{"knight f3 under the pinning bishop, guarded", exampleFEN, "f3", true, false, true},
		{"queen en prise to a pawn, undefended", "4k3/8/8/3q4/4P3/8/8/4K3 b - - 0 1", "d5", false, true, true},
		{"a rook defends the rook beside it", "4k3/8/8/8/r7/8/R7/R3K3 w - - 0 1", "a2", true, false, true},
		{"no x-ray: the rook behind the knight does not defend a5", "r3k3/8/8/P7/8/N7/8/R3K3 w - - 0 1", "a5", false, true, true},
		{"en passant pawn: the capturer attacks diagonally only", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "d5", false, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, err := nodeFromFEN(tt.fen)
			require.NoError(t, err)
			s := parseSquare(tt.square)
			assert.Equal(t, tt.defended, defended(&n.sq, s), "defended")
			assert.Equal(t, tt.hanging, hanging(&n.sq, s), "hanging")
			assert.Equal(t, tt.attackedByOpponent, attacks(&n.sq, n.sq[s].Color().Other(), s), "attacked")
		})
	}
}

// TestCapturable: a legal capture removes the piece, en passant included;
// a pinned piece's capture is not legal.
func TestCapturable(t *testing.T) {
	tests := []struct {
		name, fen, square string
		want              bool
	}{
		{"en passant removes the pawn beside", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "d5", true},
		{"no en passant without the right", "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "d5", false},
		{"a pinned knight cannot capture", "4k3/4r3/8/3p4/8/4N3/8/4K3 w - - 0 1", "d5", false},
		{"the king cannot take a guarded piece", "4k3/8/8/8/8/3q4/3K4/3r4 w - - 0 1", "d3", false},
		{"the king takes an unguarded piece", "4k3/8/8/8/8/3q4/3K4/8 w - - 0 1", "d3", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, err := nodeFromFEN(tt.fen)
			require.NoError(t, err)
			assert.Equal(t, tt.want, capturable(n, parseSquare(tt.square)))
		})
	}
}

// TestBoardCaptures: a board alone cannot tell whether en passant is
// possible; only that capture is left open.
func TestBoardCaptures(t *testing.T) {
	n, err := nodeFromFEN("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")
	require.NoError(t, err)
	c, err := boardCaptures(&n.sq, chesslib.White)
	require.NoError(t, err)
	assert.True(t, c.open[parseSquare("d5")])
	assert.False(t, c.sure[parseSquare("d5")])

	// With d7 occupied the pawn cannot have just come from there.
	n, err = nodeFromFEN("4k3/3n4/8/3pP3/8/8/8/4K3 w - - 0 1")
	require.NoError(t, err)
	c, err = boardCaptures(&n.sq, chesslib.White)
	require.NoError(t, err)
	assert.False(t, c.open[parseSquare("d5")])
}

// TestUnderpromotionCheck pins the workaround for the library's stale tags:
// promoting to a bishop or knight next to the king gives no check, and the
// side that was not checked may still castle.
func TestUnderpromotionCheck(t *testing.T) {
	n, err := nodeFromFEN("r3k2r/6P1/8/8/8/8/8/4K3 w kq - 0 1")
	require.NoError(t, err)
	want := map[string]bool{"g7g8q": true, "g7g8r": true, "g7g8b": false, "g7g8n": false}
	for u, check := range want {
		mv, ok := n.find(u)
		require.True(t, ok, u)
		assert.Equal(t, check, mv.check, u)
		_, castles := n.play(mv).find("e8c8")
		assert.Equal(t, !check, castles, "e8c8 after %s", u)
	}
	mv, _ := n.find("g7g8b")
	assert.Equal(t, "g8=B", n.san(mv))

	// The position the property test found: exf8=B does not check.
	n, err = nodeFromFEN("rnb1kb1r/pp2P1p1/3q3n/5p2/Pp3P1p/3P4/1PP1K1PP/RNBQ2NR w q - 1 13")
	require.NoError(t, err)
	mv, ok := n.find("e7f8b")
	require.True(t, ok)
	assert.False(t, mv.check)
	assert.Equal(t, "exf8=B", n.san(mv))
}
