package chess

import (
	"fmt"
	"strings"

	chesslib "github.com/corentings/chess/v2"

	"github.com/hallumaze/hallumaze/worlds"
)

// The board-less probes: capture_count (M) over the seed's M move list in
// UCI, san_legal_move (X) over its X list in SAN.

// addMoveLists appends capture_count, its side by coin() from the probe
// stream (White on true), and san_legal_move over the seed's two lists.
func (p *position) addMoveLists(s *worlds.Stream, memory, conflict *game) {
	side := chesslib.Black
	if s.Coin() {
		side = chesslib.White
	}
	p.specs = append(p.specs, captureCountSpec(memory, side), sanLegalSpec(conflict))
}

// captureCountSpec asks how many captures (en passant included) one side
// made in a UCI move list from the starting position.
func captureCountSpec(g *game, side chesslib.Color) spec {
	count := 0
	for i, mv := range g.moves {
		if g.nodes[i].turn() == side && mv.capture() {
			count++
		}
	}
	name := "White"
	if side == chesslib.Black {
		name = "Black"
	}
	q := fmt.Sprintf("Here are the moves of a game from the standard starting position, in UCI notation: %s. How many captures did %s make?",
		strings.Join(g.plies, " "), name)
	return spec{cat: worlds.Memory, typ: TypeCaptureCount, question: q, key: "count",
		atype: worlds.Int, schema: worlds.Schema("count", worlds.SchemaInt), truth: worlds.GoldInt(count),
		boardless: true, meta: meta{FEN: g.last().fen(), Moves: g.plies, Side: colourName(side)}}
}

// sanLegalSpec asks for a quiet legal move (neither capture nor
// promotion) after a SAN move list; any of them is right.
func sanLegalSpec(g *game) spec {
	q := fmt.Sprintf("The game so far, from the standard starting position, in SAN: %s. Give one legal move for the side to move that is neither a capture nor a promotion.",
		sanText(g))
	return spec{cat: worlds.Conflict, typ: TypeSANLegal, question: q, key: "move",
		atype: worlds.Member, schema: worlds.Schema("move", worlds.SchemaMember),
		truth: worlds.GoldMembers(quietMoves(g.last())), boardless: true,
		meta: meta{FEN: g.last().fen(), Moves: g.plies}}
}

// sanText is a game's moves as numbered SAN, "1. e4 e5 2. Nf3", checks and
// mates marked.
func sanText(g *game) string {
	var sb strings.Builder
	for i, mv := range g.moves {
		if i > 0 {
			sb.WriteByte(' ')
		}
		if i%2 == 0 {
			fmt.Fprintf(&sb, "%d. ", i/2+1)
		}
		sb.WriteString(g.nodes[i].san(mv))
	}
	return sb.String()
}
