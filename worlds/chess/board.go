package chess

import (
	"strings"

	chesslib "github.com/corentings/chess/v2"
)

// What a board diagram and a side-to-move line determine. A diagram shows
// neither the castling rights nor whether the last move was a double pawn
// push, so a reader of the board (the oracle, and the probe generator when
// it keeps only determined targets) reasons over every hidden state the
// board allows.

// plausibleCastling is every castling right the board allows: a king and
// a rook on their home squares.
func plausibleCastling(b *board) string {
	var sb strings.Builder
	if b[chesslib.E1] == chesslib.WhiteKing {
		if b[chesslib.H1] == chesslib.WhiteRook {
			sb.WriteByte('K')
		}
		if b[chesslib.A1] == chesslib.WhiteRook {
			sb.WriteByte('Q')
		}
	}
	if b[chesslib.E8] == chesslib.BlackKing {
		if b[chesslib.H8] == chesslib.BlackRook {
			sb.WriteByte('k')
		}
		if b[chesslib.A8] == chesslib.BlackRook {
			sb.WriteByte('q')
		}
	}
	if sb.Len() == 0 {
		return "-"
	}
	return sb.String()
}

// boardNode is the position of a board and side to move with every
// plausible castling right and the given en passant field.
func boardNode(b *board, turn chesslib.Color, ep string) (*node, error) {
	return nodeFromFEN(placement(b) + " " + turn.String() + " " + plausibleCastling(b) + " " + ep + " 0 1")
}

// epTargets are the en passant target squares the board allows: behind an
// opposing pawn that stands where a double push would have put it, with
// the two squares it would have crossed empty and a pawn of the side to
// move beside it.
func epTargets(b *board, turn chesslib.Color) []chesslib.Square {
	rank, step := 4, 1 // white to move: a black pawn on rank 5 came from rank 7
	if turn == chesslib.Black {
		rank, step = 3, -1
	}
	them := chesslib.NewPiece(chesslib.Pawn, turn.Other())
	us := chesslib.NewPiece(chesslib.Pawn, turn)
	var out []chesslib.Square
	for f := range 8 {
		if b.at(f, rank) != them || b.at(f, rank+step) != chesslib.NoPiece || b.at(f, rank+2*step) != chesslib.NoPiece {
			continue
		}
		if b.at(f-1, rank) == us || b.at(f+1, rank) == us {
			out = append(out, chesslib.NewSquare(chesslib.File(f), chesslib.Rank(rank+step)))
		}
	}
	return out
}

// captures is what a board says about legal captures of the side to move:
// sure[sq] when a move that is not en passant captures on sq (legal under
// any hidden state), open[sq] when only an en passant capture would, so
// the board alone does not say.
type captures struct {
	sure, open [64]bool
}

// boardCaptures reads the legal captures off a board and side to move.
func boardCaptures(b *board, turn chesslib.Color) (captures, error) {
	var c captures
	n, err := boardNode(b, turn, "-")
	if err != nil {
		return c, err
	}
	for _, m := range n.moves() {
		if m.capture() {
			c.sure[m.victim] = true
		}
	}
	for _, ep := range epTargets(b, turn) {
		n, err := boardNode(b, turn, ep.String())
		if err != nil {
			return c, err
		}
		for _, m := range n.moves() {
			if m.lib.HasTag(chesslib.EnPassant) && !c.sure[m.victim] {
				c.open[m.victim] = true
			}
		}
	}
	return c, nil
}
