package chess

import (
	"fmt"
	"strings"

	chesslib "github.com/corentings/chess/v2"
)

// The four views of a position (docs/worlds.md, "Views"): the board diagram
// and the side-to-move line are observation; the FEN line is testimony, and
// the views differ only in it.
const (
	ViewOff        = "fen-off"        // no FEN line
	ViewTruth      = "fen-truth"      // the position's FEN
	ViewTransposed = "fen-transposed" // the FEN with two pieces swapped
	ViewFlipTurn   = "fen-flip-turn"  // the FEN with the other side to move, no en passant
)

// views lists the views in their fixed order.
var views = []string{ViewOff, ViewTruth, ViewTransposed, ViewFlipTurn}

// noBoard is the observation of a board-less probe.
const noBoard = "(no board is shown)"

// pieceLetters are the FEN letters of the pieces, indexed by the library's
// Piece values (NoPiece, then white K Q R B N P, then black).
const pieceLetters = ".KQRBNPkqrbnp"

// letter is the piece's FEN letter, '.' for an empty square.
func letter(p chesslib.Piece) byte {
	if p < 0 || int(p) >= len(pieceLetters) {
		return '.'
	}
	return pieceLetters[p]
}

// pieceOf is the piece of a FEN letter, NoPiece for any other byte.
func pieceOf(c byte) chesslib.Piece {
	i := strings.IndexByte(pieceLetters[1:], c)
	if i < 0 {
		return chesslib.NoPiece
	}
	return chesslib.Piece(i + 1)
}

// colourName is "white" or "black".
func colourName(c chesslib.Color) string {
	if c == chesslib.Black {
		return "black"
	}
	return "white"
}

var typeNames = map[chesslib.PieceType]string{
	chesslib.King: "king", chesslib.Queen: "queen", chesslib.Rook: "rook",
	chesslib.Bishop: "bishop", chesslib.Knight: "knight", chesslib.Pawn: "pawn",
}

// pieceName is "<colour> <piece>" (white knight), or "empty".
func pieceName(p chesslib.Piece) string {
	if p == chesslib.NoPiece {
		return "empty"
	}
	return colourName(p.Color()) + " " + typeNames[p.Type()]
}

// placement is the board field of a FEN.
func placement(b *board) string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := range 8 {
			p := b[r*8+f]
			if p == chesslib.NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(letter(p))
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String()
}

// transposedFEN is fen with the pieces on a and b swapped; the other fields
// are kept.
func transposedFEN(fen string, b board, x, y chesslib.Square) string {
	b[x], b[y] = b[y], b[x]
	fields := strings.Fields(fen)
	fields[0] = placement(&b)
	return strings.Join(fields, " ")
}

// flipTurnFEN is fen with the side-to-move field flipped and the en passant
// field set to "-".
func flipTurnFEN(fen string) string {
	fields := strings.Fields(fen)
	if fields[1] == "w" {
		fields[1] = "b"
	} else {
		fields[1] = "w"
	}
	fields[3] = "-"
	return strings.Join(fields, " ")
}

// scene is what one view shows of a position.
type scene struct {
	sq   board
	turn chesslib.Color
	// masked squares show '?' (hidden_square probes only).
	masked []chesslib.Square
	// fen is the FEN line's text, "" in fen-off.
	fen string
}

// text renders the observation:
//
//	You are evaluating a chess position.
//	Coordinates follow standard chess notation: files a-h, ranks 1-8.
//	Board ('.' means empty):
//	8 r n b q k b n r
//	…
//	1 R N B Q K B N R
//	  a b c d e f g h
//	('?' means hidden)        (only with masked squares)
//	Side to move: white
//	FEN: <fen>                (not in fen-off)
func (sc scene) text() string {
	var sb strings.Builder
	sb.Grow(320)
	sb.WriteString("You are evaluating a chess position.\n")
	sb.WriteString("Coordinates follow standard chess notation: files a-h, ranks 1-8.\n")
	sb.WriteString("Board ('.' means empty):\n")
	hidden := [64]bool{}
	for _, sq := range sc.masked {
		hidden[sq] = true
	}
	for r := 7; r >= 0; r-- {
		sb.WriteByte(byte('1' + r))
		for f := range 8 {
			sb.WriteByte(' ')
			if hidden[r*8+f] {
				sb.WriteByte('?')
			} else {
				sb.WriteByte(letter(sc.sq[r*8+f]))
			}
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("  a b c d e f g h\n")
	if len(sc.masked) > 0 {
		sb.WriteString("('?' means hidden)\n")
	}
	fmt.Fprintf(&sb, "Side to move: %s", colourName(sc.turn))
	if sc.fen != "" {
		sb.WriteString("\nFEN: ")
		sb.WriteString(sc.fen)
	}
	return sb.String()
}
