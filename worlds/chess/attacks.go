package chess

import chesslib "github.com/corentings/chess/v2"

// The definitions of the probes (docs/worlds.md, "Definitions"). The
// library keeps its attack tables unexported, so attacks is ours, held to a
// brute force and to the library's legal captures by the tests.

var (
	knightSteps = [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	kingSteps   = [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	rookRays    = [4][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}
	bishopRays  = [4][2]int{{1, 1}, {-1, 1}, {-1, -1}, {1, -1}}
)

// at is the piece on (file, rank), NoPiece off the board.
func (b *board) at(file, rank int) chesslib.Piece {
	if file < 0 || file > 7 || rank < 0 || rank > 7 {
		return chesslib.NoPiece
	}
	return b[rank*8+file]
}

// attacks reports whether a piece of colour c attacks sq by its movement
// pattern: pawns one square diagonally forward, knights, the king on the
// adjacent squares, sliders along their rays up to and including the first
// occupied square. Whatever stands on sq, pins and whose turn it is do not
// matter (python-chess's is_attacked_by).
func attacks(b *board, c chesslib.Color, sq chesslib.Square) bool {
	f, r := int(sq.File()), int(sq.Rank())
	// A white pawn attacks from one rank below, a black pawn from above.
	behind := -1
	if c == chesslib.Black {
		behind = 1
	}
	pawn := chesslib.NewPiece(chesslib.Pawn, c)
	if b.at(f-1, r+behind) == pawn || b.at(f+1, r+behind) == pawn {
		return true
	}
	knight := chesslib.NewPiece(chesslib.Knight, c)
	for _, d := range knightSteps {
		if b.at(f+d[0], r+d[1]) == knight {
			return true
		}
	}
	king := chesslib.NewPiece(chesslib.King, c)
	for _, d := range kingSteps {
		if b.at(f+d[0], r+d[1]) == king {
			return true
		}
	}
	queen := chesslib.NewPiece(chesslib.Queen, c)
	if rayHits(b, f, r, rookRays, chesslib.NewPiece(chesslib.Rook, c), queen) {
		return true
	}
	return rayHits(b, f, r, bishopRays, chesslib.NewPiece(chesslib.Bishop, c), queen)
}

// rayHits reports whether the first piece along any of the rays from
// (f, r) is one of the two sliders.
func rayHits(b *board, f, r int, rays [4][2]int, slider, queen chesslib.Piece) bool {
	for _, d := range rays {
		for x, y := f+d[0], r+d[1]; x >= 0 && x <= 7 && y >= 0 && y <= 7; x, y = x+d[0], y+d[1] {
			p := b[y*8+x]
			if p == chesslib.NoPiece {
				continue
			}
			if p == slider || p == queen {
				return true
			}
			break
		}
	}
	return false
}

// defended reports whether the piece on sq is attacked by its own side.
func defended(b *board, sq chesslib.Square) bool {
	p := b[sq]
	return p != chesslib.NoPiece && attacks(b, p.Color(), sq)
}

// hanging reports whether the piece on sq is attacked by the opponent and
// not defended.
func hanging(b *board, sq chesslib.Square) bool {
	p := b[sq]
	return p != chesslib.NoPiece && attacks(b, p.Color().Other(), sq) && !defended(b, sq)
}

// undefended counts side's pieces, the king not counted, that no piece of
// side attacks.
func undefended(b *board, side chesslib.Color) int {
	n := 0
	for sq, p := range b {
		if p != chesslib.NoPiece && p.Color() == side && p.Type() != chesslib.King && !defended(b, chesslib.Square(sq)) {
			n++
		}
	}
	return n
}

// capturable reports whether a legal move of the side to move removes the
// piece on sq (en passant counts for the captured pawn's square).
func capturable(n *node, sq chesslib.Square) bool {
	for _, m := range n.moves() {
		if m.victim == sq {
			return true
		}
	}
	return false
}
