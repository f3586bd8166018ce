package chess

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	chesslib "github.com/corentings/chess/v2"
)

// StartFEN is the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// board is the 64 squares indexed as the library numbers them: a1 = 0,
// b1 = 1, …, h1 = 7, a2 = 8, …, h8 = 63 (rank-major, python-chess's order).
type board [64]chesslib.Piece

// boardOf copies the library's board into a square array.
func boardOf(b *chesslib.Board) board {
	var out board
	for sq := range 64 {
		out[sq] = b.Piece(chesslib.Square(sq))
	}
	return out
}

// move is one legal move with what the probes need to know about it. The
// library computes the tags (capture, en passant, check, castling) when it
// generates the move; moves are only ever taken from its legal-move list,
// never decoded from text, so the tags are always set.
type move struct {
	lib *chesslib.Move
	uci string
	// victim is the square of the piece the move removes (for en passant
	// the captured pawn's square, not the move's target), or NoSquare.
	victim chesslib.Square
	check  bool
	promo  bool
}

// capture reports whether the move removes a piece (en passant included).
func (m move) capture() bool { return m.victim != chesslib.NoSquare }

// node is a position of the library with its squares and, computed on
// first use, its legal moves sorted by UCI string: nothing here depends on
// the library's move order.
type node struct {
	pos   *chesslib.Position
	sq    board
	legal []move
	ready bool
}

func newNode(pos *chesslib.Position) *node {
	return &node{pos: pos, sq: boardOf(pos.Board())}
}

// nodeFromFEN parses a FEN with the library. UnmarshalText, unlike the
// bare decoder, also records whether the side to move is in check, which
// castling and checkmate detection rely on.
func nodeFromFEN(fen string) (*node, error) {
	pos := &chesslib.Position{}
	fenMu.Lock()
	err := pos.UnmarshalText([]byte(fen))
	fenMu.Unlock()
	if err != nil {
		return nil, fmt.Errorf("chess: parse FEN %q: %w", fen, err)
	}
	return newNode(pos), nil
}

// startNode is the standard starting position.
func startNode() *node {
	fenMu.Lock()
	defer fenMu.Unlock()
	return newNode(chesslib.StartingPosition())
}

// fenMu serialises the library's FEN decoding: v2.3.2 splits the board
// into a package-level buffer, so two positions parsed at once can each
// get the other's ranks (TestConcurrentFEN holds this).
var fenMu sync.Mutex

// turn is the side to move.
func (n *node) turn() chesslib.Color { return n.pos.Turn() }

// moves returns the legal moves sorted by UCI string.
func (n *node) moves() []move {
	if n.ready {
		return n.legal
	}
	libMoves := n.pos.ValidMoves()
	out := make([]move, 0, len(libMoves))
	for i := range libMoves {
		lm := &libMoves[i]
		u := chesslib.UCINotation{}.Encode(n.pos, lm)
		if lm.Promo() != chesslib.NoPieceType {
			// v2.3.2 generates the four promotions of a pawn into one Move
			// value without clearing its tags in between, so after a
			// checking queen promotion the rook, bishop and knight
			// promotions carry a false check tag (and Update would then
			// mark the opponent in check, forbidding castling). The UCI
			// decoder tags a fresh Move; take the promotion from there.
			fresh, err := chesslib.UCINotation{}.Decode(n.pos, u)
			if err == nil {
				lm = fresh
			}
		}
		m := move{lib: lm, uci: u, victim: chesslib.NoSquare,
			check: lm.HasTag(chesslib.Check), promo: lm.Promo() != chesslib.NoPieceType}
		switch {
		case lm.HasTag(chesslib.EnPassant):
			// The captured pawn stands beside the mover, on the rank the
			// pawn moved from.
			m.victim = chesslib.NewSquare(lm.S2().File(), lm.S1().Rank())
		case lm.HasTag(chesslib.Capture):
			m.victim = lm.S2()
		}
		out = append(out, m)
	}
	slices.SortFunc(out, func(a, b move) int { return strings.Compare(a.uci, b.uci) })
	n.legal, n.ready = out, true
	return out
}

// find returns the legal move with this UCI string.
func (n *node) find(uci string) (move, bool) {
	ms := n.moves()
	i, ok := slices.BinarySearchFunc(ms, uci, func(m move, s string) int { return strings.Compare(m.uci, s) })
	if !ok {
		return move{}, false
	}
	return ms[i], true
}

// play returns the position after a legal move of this node.
func (n *node) play(m move) *node { return newNode(n.pos.Update(m.lib)) }

// san is the move in standard algebraic notation, with + or #.
func (n *node) san(m move) string { return chesslib.AlgebraicNotation{}.Encode(n.pos, m.lib) }

// fromSAN finds the legal move whose SAN, check marks aside, is tok. It
// reads only what this package writes, by encoding each legal move: the
// library's own SAN decoder hands out a slice it has already returned to
// a pool, which another goroutine may be filling (v2.3.2).
func (n *node) fromSAN(tok string) (move, bool) {
	want := strings.TrimRight(tok, "+#")
	for _, m := range n.moves() {
		if strings.TrimRight(n.san(m), "+#") == want {
			return m, true
		}
	}
	return move{}, false
}

// plainSAN is the SAN without + or #, as moves are written in questions.
func (n *node) plainSAN(m move) string { return strings.TrimRight(n.san(m), "+#") }

// fen is the position's FEN. The en passant field names the target square
// only when an en passant capture is legal (python-chess's default), so the
// FEN of a position is the same whichever program wrote it.
func (n *node) fen() string {
	fields := strings.Fields(n.pos.String())
	fields[3] = "-"
	for _, m := range n.moves() {
		if m.lib.HasTag(chesslib.EnPassant) {
			fields[3] = m.lib.S2().String()
			break
		}
	}
	return strings.Join(fields, " ")
}

// status is the library's verdict on the position (checkmate, stalemate,
// or none).
func (n *node) status() chesslib.Method { return n.pos.Status() }
