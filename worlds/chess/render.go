package chess

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	chesslib "github.com/corentings/chess/v2"

	"github.com/hallumaze/hallumaze/worlds"
)

// render is a spec in one view: its context and its gold there. A masked
// square's gold follows P4: the FEN line fills the gap only when it agrees
// with every square the board shows and with the side to move.
func (p *position) render(sp spec, view string) (context string, gold worlds.Gold, m meta) {
	m = sp.meta
	if sp.boardless {
		return worlds.UserMessage(noBoard, sp.question, sp.schema), sp.truth, m
	}
	sc := scene{sq: p.node.sq, turn: p.node.turn(), fen: p.viewFEN(view)}
	if view == ViewTransposed {
		m.Swapped = []string{p.swap[0].String(), p.swap[1].String()}
	}
	gold = sp.truth
	if sp.masked {
		sc.masked = p.masked
		m.Masked = []string{p.masked[0].String(), p.masked[1].String()}
		if sp.gap {
			var claims []worlds.Claim
			if sc.fen != "" {
				claims = append(claims, fenClaim(sc, sp.square))
			}
			gold = worlds.Resolve(sp.truth, false, claims...)
		}
	}
	obs := sc.text()
	if sp.annotation != "" {
		obs += "\n\n" + sp.annotation
	}
	return worlds.UserMessage(obs, sp.question, sp.schema), gold, m
}

// fenClaim is what a scene's FEN line says about sq, admissible when its
// placement agrees with every shown square and its side to move with the
// side-to-move line.
func fenClaim(sc scene, sq chesslib.Square) worlds.Claim {
	fenBoard, turn, err := readFEN(sc.fen)
	if err != nil {
		return worlds.Claim{}
	}
	ok := turn == sc.turn
	for i := range chesslib.Square(64) {
		if ok && !slices.Contains(sc.masked, i) && fenBoard[i] != sc.sq[i] {
			ok = false
		}
	}
	return worlds.Claim{Value: worlds.GoldEnum(pieceName(fenBoard[sq])), Admissible: ok}
}

// readFEN reads a FEN's placement and side to move.
func readFEN(fen string) (board, chesslib.Color, error) {
	var b board
	fields := strings.Fields(fen)
	if len(fields) < 2 {
		return b, chesslib.NoColor, fmt.Errorf("chess: FEN %q has no side to move", fen)
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 8 {
		return b, chesslib.NoColor, fmt.Errorf("chess: FEN %q: %d ranks, want 8", fen, len(ranks))
	}
	for i, row := range ranks {
		r, f := 7-i, 0
		for j := range len(row) {
			c := row[j]
			switch {
			case c >= '1' && c <= '8':
				f += int(c - '0')
			case pieceOf(c) != chesslib.NoPiece:
				if f < 8 {
					b[r*8+f] = pieceOf(c)
				}
				f++
			default:
				return b, chesslib.NoColor, fmt.Errorf("chess: FEN %q: bad character %q", fen, c)
			}
		}
		if f != 8 {
			return b, chesslib.NoColor, fmt.Errorf("chess: FEN %q: rank %d has %d files", fen, r+1, f)
		}
	}
	switch fields[1] {
	case "w":
		return b, chesslib.White, nil
	case "b":
		return b, chesslib.Black, nil
	}
	return b, chesslib.NoColor, fmt.Errorf("chess: FEN %q: side to move %q", fen, fields[1])
}

// metaJSON encodes a record's meta.
func metaJSON(m meta) (json.RawMessage, error) {
	data, err := json.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("chess: encode meta: %w", err)
	}
	return data, nil
}
