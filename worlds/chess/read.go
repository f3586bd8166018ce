package chess

import (
	"fmt"
	"strings"

	chesslib "github.com/corentings/chess/v2"
)

// seen is what a reader takes from a chess observation: the board diagram
// (masked squares empty and marked), the side-to-move line and, when there
// is one, the FEN line's text.
type seen struct {
	sq     board
	masked [64]bool
	turn   chesslib.Color
	fen    string
	// annotation is the annotation line's quoted text, "" if none.
	annotation string
	// boardless: the observation is "(no board is shown)".
	boardless bool
}

// readObservation reads the observation a view wrote (scene.text), from
// the text alone.
func readObservation(obs string) (seen, error) {
	var s seen
	obs = strings.TrimSpace(obs)
	if obs == noBoard {
		s.boardless = true
		return s, nil
	}
	lines := strings.Split(obs, "\n")
	start := -1
	for i, l := range lines {
		if strings.TrimSpace(l) == "Board ('.' means empty):" {
			start = i + 1
			break
		}
	}
	if start < 0 {
		return s, fmt.Errorf("chess: observation: no board diagram")
	}
	if len(lines) < start+10 {
		return s, fmt.Errorf("chess: observation: the board diagram is cut short")
	}
	for i := range 8 {
		if err := readRank(&s, lines[start+i], 7-i); err != nil {
			return s, err
		}
	}
	if strings.Join(strings.Fields(lines[start+8]), "") != "abcdefgh" {
		return s, fmt.Errorf("chess: observation: no file letters under the board")
	}
	rest := lines[start+9:]
	if len(rest) > 0 && strings.TrimSpace(rest[0]) == "('?' means hidden)" {
		rest = rest[1:]
	}
	if len(rest) == 0 {
		return s, fmt.Errorf("chess: observation: no side-to-move line")
	}
	side, ok := strings.CutPrefix(strings.TrimSpace(rest[0]), "Side to move:")
	switch strings.TrimSpace(side) {
	case "white":
		s.turn = chesslib.White
	case "black":
		s.turn = chesslib.Black
	default:
		ok = false
	}
	if !ok {
		return s, fmt.Errorf("chess: observation: side-to-move line %q", rest[0])
	}
	for _, l := range rest[1:] {
		if fen, ok := strings.CutPrefix(strings.TrimSpace(l), "FEN:"); ok {
			s.fen = strings.TrimSpace(fen)
		}
		if a, ok := strings.CutPrefix(strings.TrimSpace(l), "[Annotation]:"); ok {
			s.annotation = strings.Trim(strings.TrimSpace(a), `"`)
		}
	}
	return s, nil
}

// readRank reads one diagram line, "8 r n b q k b n r", into rank r.
func readRank(s *seen, line string, r int) error {
	fields := strings.Fields(line)
	if len(fields) != 9 || fields[0] != string(rune('1'+r)) {
		return fmt.Errorf("chess: observation: rank %d line %q", r+1, line)
	}
	for f, tok := range fields[1:] {
		sq := r*8 + f
		switch {
		case tok == ".":
		case tok == "?":
			s.masked[sq] = true
		case len(tok) == 1 && pieceOf(tok[0]) != chesslib.NoPiece:
			s.sq[sq] = pieceOf(tok[0])
		default:
			return fmt.Errorf("chess: observation: rank %d square %c: %q is not a piece", r+1, 'a'+f, tok)
		}
	}
	return nil
}

// legalBoard reports whether a board can be handed to the rules library: one
// king a side, no pawn on the first or last rank, and the side not to move
// not in check.
func legalBoard(b *board, turn chesslib.Color) bool {
	kings := map[chesslib.Color]int{}
	var them chesslib.Square = chesslib.NoSquare
	for sq, p := range b {
		switch {
		case p.Type() == chesslib.King:
			kings[p.Color()]++
			if p.Color() != turn {
				them = chesslib.Square(sq)
			}
		case p.Type() == chesslib.Pawn && (sq < 8 || sq >= 56):
			return false
		}
	}
	if kings[chesslib.White] != 1 || kings[chesslib.Black] != 1 || (turn != chesslib.White && turn != chesslib.Black) {
		return false
	}
	return !attacks(b, turn, them)
}

// viewOf is the view an observation is in, from its form alone: no FEN
// line is fen-off; a FEN line whose side to move is not the side-to-move
// line's is fen-flip-turn; one whose placement differs from a square the
// board shows is fen-transposed; else fen-truth.
func viewOf(s seen) string {
	if s.fen == "" {
		return ViewOff
	}
	b, turn, err := readFEN(s.fen)
	if err != nil {
		return ViewTruth
	}
	if turn != s.turn {
		return ViewFlipTurn
	}
	for sq := range b {
		if !s.masked[sq] && b[sq] != s.sq[sq] {
			return ViewTransposed
		}
	}
	return ViewTruth
}
