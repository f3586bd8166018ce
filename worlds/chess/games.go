package chess

import (
	"fmt"

	"github.com/hallumaze/hallumaze/worlds"
)

// The positions of the chess world (docs/worlds.md, "Positions"). Every
// draw comes from a worlds.Stream; every list drawn from is the legal moves
// sorted by UCI string.

// game is a position reached by plies from a base position.
type game struct {
	// start is the base position's FEN; plies the UCI moves played from it.
	start string
	plies []string
	// nodes are the positions along the game: nodes[0] the base, the last
	// the position after every ply.
	nodes []*node
	moves []move
}

// last is the position after all the plies.
func (g *game) last() *node { return g.nodes[len(g.nodes)-1] }

// length draws a game's number of plies.
type length func(s *worlds.Stream) int

// between returns the length base + intn(spread): 20 + intn(41) is 20–60.
func between(base, spread int) length {
	return func(s *worlds.Stream) int { return base + s.Intn(spread) }
}

// fixed is a length that draws nothing.
func fixed(n int) length { return func(*worlds.Stream) int { return n } }

// maxRestarts bounds the restarts of a game that keeps ending early, so a
// position without long games cannot loop forever; random play from the
// positions used here ends early in well under one game of a hundred.
const maxRestarts = 1000

// play plays a seeded game from start: its length drawn first, then each
// ply picked among the legal moves in UCI order. With a capture bias of
// perMille > 0, at each ply where a capture is legal intn(1000) < perMille
// picks among the captures instead (the draw is made only when a capture
// is legal). A position with no legal move before the last ply starts the
// game over from start, with a new length, on the same stream.
func play(s *worlds.Stream, start string, plies length, perMille int) (*game, error) {
	base, err := nodeFromFEN(start)
	if err != nil {
		return nil, err
	}
	for range maxRestarts {
		g := &game{start: start, nodes: []*node{base}}
		n := plies(s)
		ended := false
		for range n {
			cur := g.last()
			legal := cur.moves()
			if len(legal) == 0 {
				ended = true
				break
			}
			from := legal
			if perMille > 0 {
				var captures []move
				for _, m := range legal {
					if m.capture() {
						captures = append(captures, m)
					}
				}
				if len(captures) > 0 && s.Intn(1000) < perMille {
					from = captures
				}
			}
			m := worlds.Pick(s, from)
			g.moves = append(g.moves, m)
			g.plies = append(g.plies, m.uci)
			g.nodes = append(g.nodes, cur.play(m))
		}
		if !ended {
			return g, nil
		}
	}
	return nil, fmt.Errorf("chess: no game of the drawn length from %q after %d tries", start, maxRestarts)
}

// builtin is a position of the chess-builtin set.
type builtin struct {
	Name string
	FEN  string
}

// Builtins are the chess-builtin base positions: the two perft positions
// and the worked example, each followed by 14 random plies.
var builtins = []builtin{
	{"start", StartFEN},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
	{"example", "rn1qkbnr/ppp2p1p/3p2p1/4p3/2B1P1b1/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 0 5"},
}

// builtinPlies is HalluWorld's CHESS_EXTREME k.
const builtinPlies = 14

// The capture biases of the move lists, per mille.
const (
	memoryBias   = 620
	conflictBias = 800
)

// moveLists are a seed's two board-less games from the start position: the
// M list (capture_count; 20–80 plies, so that the counts spread: with the
// spec's 70–120 a side had taken all 15 pieces in a third of the games)
// and then the X list (san_legal_move), both from one fresh games stream
// seeded 1000 + seed. An X list whose last position
// has no quiet move (neither capture nor promotion) is drawn again from the
// same stream.
func moveLists(seed uint64) (memory, conflict *game, err error) {
	s := worlds.NewStream(1000+seed, worlds.StreamChessGames)
	memory, err = play(s, StartFEN, between(20, 61), memoryBias)
	if err != nil {
		return nil, nil, err
	}
	for range maxRestarts {
		conflict, err = play(s, StartFEN, between(60, 49), conflictBias)
		if err != nil {
			return nil, nil, err
		}
		if len(quietMoves(conflict.last())) > 0 {
			return memory, conflict, nil
		}
	}
	return nil, nil, fmt.Errorf("chess: seed %d: no X move list with a quiet move", seed)
}

// quietMoves are the legal moves that are neither captures nor promotions,
// as UCI strings in order.
func quietMoves(n *node) []string {
	var out []string
	for _, m := range n.moves() {
		if !m.capture() && !m.promo {
			out = append(out, m.uci)
		}
	}
	return out
}

// replay is the game of the given UCI plies from start; a ply that is not
// legal is an error naming it.
func replay(start string, plies []string) (*game, error) {
	n, err := nodeFromFEN(start)
	if err != nil {
		return nil, err
	}
	g := &game{start: start, nodes: []*node{n}}
	for i, u := range plies {
		mv, ok := g.last().find(u)
		if !ok {
			return nil, fmt.Errorf("chess: ply %d (%s) is not legal in %s", i+1, u, g.last().fen())
		}
		g.moves = append(g.moves, mv)
		g.plies = append(g.plies, u)
		g.nodes = append(g.nodes, g.last().play(mv))
	}
	return g, nil
}
