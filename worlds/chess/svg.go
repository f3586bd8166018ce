package chess

import (
	"fmt"
	"strings"

	chesslib "github.com/corentings/chess/v2"
)

// Board drawing for reports: a plain, self-contained SVG with the pieces as
// Unicode chess symbols in text (outline glyphs for white, solid for black,
// as printed diagrams do) and a list of fallback fonts, so no font or image
// has to travel with it.

const (
	svgSquare = 40 // side of a square, px
	svgMargin = 20 // room for the coordinates
)

// pieceGlyphs are the symbols indexed like pieceLetters. The black pawn
// carries U+FE0E so that it is drawn as text, not as an emoji.
var pieceGlyphs = [...]string{"", "♔", "♕", "♖", "♗", "♘", "♙", "♚", "♛", "♜", "♝", "♞", "♟\uFE0E"}

// BoardSVG draws the position of a FEN (its placement and side to move)
// from white's side, with the masked squares grey and marked "?" and the
// swapped squares (fen-transposed's pair) outlined in red. Squares are
// names like "e4"; a bad FEN or square is an error.
func BoardSVG(fen string, masked, swapped []string) (string, error) {
	b, turn, err := readFEN(fen)
	if err != nil {
		return "", fmt.Errorf("chess: board drawing: %w", err)
	}
	hidden, marked := map[chesslib.Square]bool{}, map[chesslib.Square]bool{}
	for _, set := range []struct {
		names []string
		into  map[chesslib.Square]bool
	}{{masked, hidden}, {swapped, marked}} {
		for _, name := range set.names {
			if !isSquareName(name) {
				return "", fmt.Errorf("chess: board drawing: %q is not a square", name)
			}
			set.into[parseSquare(name)] = true
		}
	}
	side := 8*svgSquare + 2*svgMargin
	height := side + svgMargin
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="chess position, %s to move">`+"\n",
		side, height, side, height, colourName(turn))
	fmt.Fprintf(&sb, "<title>%s</title>\n", xmlEscape(fen))
	sb.WriteString(`<style>
.sq-light{fill:#f0d9b5}.sq-dark{fill:#b58863}.sq-hidden{fill:#9e9e9e}
.piece{font-family:"DejaVu Sans","Noto Sans Symbols 2","Segoe UI Symbol","Arial Unicode MS",FreeSerif,serif;font-size:34px;text-anchor:middle;dominant-baseline:central;fill:#000}
.hidden{font-family:sans-serif;font-size:24px;font-weight:bold;text-anchor:middle;dominant-baseline:central;fill:#fff}
.coord{font-family:sans-serif;font-size:12px;text-anchor:middle;dominant-baseline:central;fill:#333}
.swap{fill:none;stroke:#d40000;stroke-width:3}
</style>
`)
	for r := 7; r >= 0; r-- {
		for f := range 8 {
			s := chesslib.NewSquare(chesslib.File(f), chesslib.Rank(r))
			x, y := svgMargin+f*svgSquare, svgMargin+(7-r)*svgSquare
			class := "sq-light"
			if (f+r)%2 == 0 {
				class = "sq-dark"
			}
			if hidden[s] {
				class = "sq-hidden"
			}
			fmt.Fprintf(&sb, `<rect class="%s" x="%d" y="%d" width="%d" height="%d"><title>%s</title></rect>`+"\n", class, x, y, svgSquare, svgSquare, s)
			cx, cy := x+svgSquare/2, y+svgSquare/2
			switch {
			case hidden[s]:
				fmt.Fprintf(&sb, `<text class="hidden" x="%d" y="%d">?</text>`+"\n", cx, cy)
			case b[s] != chesslib.NoPiece:
				fmt.Fprintf(&sb, `<text class="piece" x="%d" y="%d">%s</text>`+"\n", cx, cy, pieceGlyphs[b[s]])
			}
			if marked[s] {
				fmt.Fprintf(&sb, `<rect class="swap" x="%d" y="%d" width="%d" height="%d"/>`+"\n", x+2, y+2, svgSquare-4, svgSquare-4)
			}
		}
	}
	for i := range 8 {
		fmt.Fprintf(&sb, `<text class="coord" x="%d" y="%d">%c</text>`+"\n", svgMargin+i*svgSquare+svgSquare/2, svgMargin+8*svgSquare+svgMargin/2, 'a'+i)
		fmt.Fprintf(&sb, `<text class="coord" x="%d" y="%d">%d</text>`+"\n", svgMargin/2, svgMargin+i*svgSquare+svgSquare/2, 8-i)
	}
	fmt.Fprintf(&sb, `<text class="coord" x="%d" y="%d">%s to move</text>`+"\n", side/2, side+svgMargin/2, colourName(turn))
	sb.WriteString("</svg>\n")
	return sb.String(), nil
}

// isSquareName reports whether s is a square a1…h8.
func isSquareName(s string) bool {
	return len(s) == 2 && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8'
}

// xmlEscape escapes text for an SVG element.
func xmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}
