package chess

import (
	"slices"

	chesslib "github.com/corentings/chess/v2"
)

// maskable are the contents a masked square may hold: empty or any piece
// but a king (kings are never masked, and each side has one on the board).
var maskable = func() []chesslib.Piece {
	out := []chesslib.Piece{chesslib.NoPiece}
	for p := chesslib.WhiteKing; p <= chesslib.BlackPawn; p++ {
		if p.Type() != chesslib.King {
			out = append(out, p)
		}
	}
	return out
}()

// settled reports whether the rules settle what stands on one of the
// masked squares: whether, over every way of filling the masked squares
// that makes a legal position (no pawn on the first or last rank, at most
// 8 pawns and 16 pieces a side, the side not to move not in check), one of
// them can hold only one thing. Such a square is never masked: its gold
// would not be UNKNOWN although the board shows it nowhere.
func settled(b *board, turn chesslib.Color, masked []chesslib.Square) bool {
	possible := make([]map[chesslib.Piece]bool, len(masked))
	for i := range possible {
		possible[i] = map[chesslib.Piece]bool{}
	}
	fill := *b
	var try func(i int)
	try = func(i int) {
		if i == len(masked) {
			if legalFill(&fill, turn) {
				for j, sq := range masked {
					possible[j][fill[sq]] = true
				}
			}
			return
		}
		for _, p := range maskable {
			fill[masked[i]] = p
			try(i + 1)
		}
	}
	try(0)
	return slices.ContainsFunc(possible, func(m map[chesslib.Piece]bool) bool { return len(m) < 2 })
}

// legalFill applies the constraints of settled to a whole board.
func legalFill(b *board, turn chesslib.Color) bool {
	var pawns, pieces [2]int
	king := chesslib.NoSquare
	for sq, p := range b {
		if p == chesslib.NoPiece {
			continue
		}
		side := 0
		if p.Color() == chesslib.Black {
			side = 1
		}
		pieces[side]++
		switch p.Type() {
		case chesslib.Pawn:
			if r := sq / 8; r == 0 || r == 7 {
				return false
			}
			pawns[side]++
		case chesslib.King:
			if p.Color() != turn {
				king = chesslib.Square(sq)
			}
		}
	}
	if pawns[0] > 8 || pawns[1] > 8 || pieces[0] > 16 || pieces[1] > 16 {
		return false
	}
	return king == chesslib.NoSquare || !attacks(b, turn, king)
}
