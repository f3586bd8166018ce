package chess

import (
	"flag"
	"fmt"
	"testing"

	chesslib "github.com/corentings/chess/v2"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/worlds"
)

// The differential tests of the rules: every position the chess world
// reaches (its standard set, chess-builtin seeds 1–10) and more seeded
// games are analysed by this package, through corentings/chess, and by
// chess.js (a second engine, pinned by scripts/chessjs.sh), and the two
// must agree on everything the probes rest on (differential_compare_test.go
// says what is compared). differential_probes_test.go re-derives the
// probes' golds themselves from chess.js's answers.
//
// Each test runs one node process; the tests run in parallel with each
// other, and skip under -short and the race detector, and, saying how to
// install it, where node or the pinned chess.js is missing.

// diffGames is how many seeded games beyond the ones the world draws
// TestDifferentialSeededGames compares: plain random games like
// chess-random's, and half as many long capture-biased ones like the M
// lists, which reach endgames (promotions, bare kings, stalemates).
var diffGames = flag.Int("chessjs.games", 30, "random games (and half as many long ones) the chess.js differential test plays beyond the world's")

// endingMaterial: a move is followed to see whether it mates or stalemates
// when it gives check, or when the side it leaves to move has at most this
// many pieces, king included (games are never played past a mate, so the
// endings come from the moves not played).
const endingMaterial = 4

// specialFENs are positions where rules engines are known to go wrong:
// the chessprogramming wiki's perft positions (TestPerft's and its
// positions 3 and 6) and a few of one rule each. They and their children
// are compared with the FEN after every legal move.
var specialFENs = []string{
	StartFEN,
	builtins[1].FEN, // Kiwipete
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	// Two knights reach f3 and e4, but the one on d2 is pinned: Nf3, not Ngf3.
	"4k3/8/8/b5N1/8/8/3N4/4K3 w - - 0 1",
	// En passant takes the pawn that gives check.
	"4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 2",
	// En passant would empty the rank between the king and the rook: not
	// legal, so the FEN names no en passant square.
	"8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 2",
	// The rook on b8 attacks b1, which the king does not cross: O-O-O is legal.
	"1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
	// The king on g2 guards f1 and g1: no O-O.
	"8/8/8/8/8/8/6k1/4K2R w K - 0 1",
	// Material: bishops on opposite colours (enough), on one colour (not),
	// two knights (enough by both engines' rules).
	"4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1",
	"4k3/8/8/8/8/2b5/8/B3K3 w - - 0 1",
	"4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1",
}

// diffLine is one request's worth of our side: a game, each of whose plies
// is compared (SAN, flags, FEN after), and its positions: every one
// (every), or the last one, with the FEN after each of its moves (after).
type diffLine struct {
	name  string
	g     *game
	every bool
	after bool
	// attacks: compare which squares each side attacks (everywhere but
	// the long games, far past where probes are drawn: chess.js takes a
	// third of its time on them).
	attacks bool
	// raw is the FEN chess.js reads when it is not the first node's own:
	// a position as written by hand, or a board with every hidden state a
	// diagram allows.
	raw string
}

// TestDifferentialRules compares the rules over the chess world's own
// positions: the standard set's games and move lists, chess-builtin seeds
// 1–10, every position a probe is drawn from (with the FEN after each
// move, and as a board with every castling right and en passant field the
// diagram allows, as boardCaptures reads it), the mates and stalemates one
// move from the games, and the special positions with their children.
func TestDifferentialRules(t *testing.T) {
	skipDifferential(t)
	t.Parallel()
	lines, games := worldLines(t)
	lines = append(lines, endings(games)...)
	for _, fen := range specialFENs {
		n, err := nodeFromFEN(fen)
		require.NoError(t, err)
		lines = append(lines, diffLine{name: fen, g: &game{start: n.fen(), nodes: []*node{n}}, after: true, attacks: true, raw: fen})
		for _, m := range n.moves() {
			lines = append(lines, child(fen, n, m))
		}
	}
	compareLines(t, lines)
}

// TestDifferentialSeededGames compares the rules over seeded games the
// world's generator plays beyond its standard set, and the mates and
// stalemates one move from them.
func TestDifferentialSeededGames(t *testing.T) {
	skipDifferential(t)
	t.Parallel()
	var lines []diffLine
	for i := range *diffGames {
		s := worlds.NewStream(uint64(100_000+i), worlds.StreamChessGames)
		g, err := play(s, StartFEN, between(20, 41), 0)
		require.NoError(t, err)
		lines = append(lines, diffLine{name: fmt.Sprintf("random game %d", 100_000+i), g: g, every: true, attacks: true})
	}
	for i := range *diffGames / 2 {
		s := worlds.NewStream(uint64(200_000+i), worlds.StreamChessGames)
		g, err := play(s, StartFEN, between(70, 121), memoryBias)
		require.NoError(t, err)
		lines = append(lines, diffLine{name: fmt.Sprintf("long game %d", 200_000+i), g: g, every: true})
	}
	compareLines(t, append(lines, endings(lines)...))
}

// skipDifferential skips under -short and the race detector, and where
// node or the pinned chess.js is missing (saying how to install it).
func skipDifferential(t *testing.T) {
	t.Helper()
	if testing.Short() || raceEnabled {
		t.Skip("the chess.js differential tests run without -short and without -race")
	}
	chessJSDir(t)
}

// compareLines asks chess.js about every line in one node process and
// compares its answers with our positions as they arrive.
func compareLines(t *testing.T, lines []diffLine) {
	t.Helper()
	reqs := make([]jsRequest, len(lines))
	for i, l := range lines {
		reqs[i] = jsRequest{FEN: l.g.start, Plies: l.g.plies, Every: l.every, After: l.after, Attacks: l.attacks}
		if l.raw != "" {
			reqs[i].FEN = l.raw
		}
	}
	d := newDiffer(t)
	streamChessJS(t, reqs, func(i int, a jsAnswer) {
		l := lines[i]
		if a.Error != "" {
			d.fail(l.name, "chess.js: %s", a.Error)
			return
		}
		if len(a.Steps) != len(l.g.moves) {
			d.fail(l.name, "chess.js played %d plies of %d", len(a.Steps), len(l.g.moves))
			return
		}
		for j, st := range a.Steps {
			n, m := l.g.nodes[j], l.g.moves[j]
			where := fmt.Sprintf("%s ply %d (%s)", l.name, j+1, m.uci)
			d.equal(where, "SAN", n.san(m), st.SAN)
			d.equal(where, "flags", ourFlags(m), jsFlags(st.Flags))
			d.equal(where, "FEN after", l.g.nodes[j+1].fen(), st.FEN)
			d.counts.plies++
		}
		if !l.every {
			d.position(l.name, l.g.last(), a.last(), l.after, l.attacks)
			return
		}
		for j, js := range a.Nodes {
			d.position(fmt.Sprintf("%s node %d", l.name, j), l.g.nodes[j], js, false, l.attacks)
		}
	})
	d.report()
}

// worldLines are the chess world's own games (chess-random's game and
// move lists at the standard seeds, chess-builtin's games at seeds 1–10)
// and the positions its probes are drawn from, alone and as boards with
// every hidden state; games is the games alone. The games' positions are
// compared one by one; the move lists' by their plies (the SAN, capture
// flags and FEN after each, which is what capture_count and san_legal_move
// read) and their last position.
func worldLines(t *testing.T) (lines, games []diffLine) {
	t.Helper()
	var probed []*position
	for seed := uint64(1); seed <= StandardSeeds; seed++ {
		ps, err := positions(LevelRandom, seed)
		require.NoError(t, err)
		memory, conflict, err := moveLists(seed)
		require.NoError(t, err)
		games = append(games,
			diffLine{name: fmt.Sprintf("chess-random seed %d game", seed), g: ps[0].game, every: true, attacks: true},
			diffLine{name: fmt.Sprintf("chess-random seed %d M list", seed), g: memory},
			diffLine{name: fmt.Sprintf("chess-random seed %d X list", seed), g: conflict})
		probed = append(probed, ps...)
	}
	for seed := uint64(1); seed <= 10; seed++ {
		ps, err := positions(LevelBuiltin, seed)
		require.NoError(t, err)
		for _, p := range ps {
			games = append(games, diffLine{name: fmt.Sprintf("chess-builtin seed %d %s", seed, p.base), g: p.game, every: true, attacks: true})
		}
		probed = append(probed, ps...)
	}
	lines = append(lines, games...)
	for _, p := range probed {
		n := p.node
		lines = append(lines, diffLine{name: p.fen + " (probe position)", g: &game{start: p.fen, nodes: []*node{n}}, after: true, attacks: true})
		b, turn := &n.sq, n.turn()
		eps := []string{"-"}
		for _, ep := range epTargets(b, turn) {
			eps = append(eps, ep.String())
		}
		for _, ep := range eps {
			raw := placement(b) + " " + turn.String() + " " + plausibleCastling(b) + " " + ep + " 0 1"
			bn, err := boardNode(b, turn, ep)
			require.NoError(t, err)
			lines = append(lines, diffLine{name: raw + " (board reading)", g: &game{start: bn.fen(), nodes: []*node{bn}}, after: true, attacks: true, raw: raw})
		}
	}
	return lines, games
}

// endings are the checkmates and stalemates one move away from the
// positions of the games: the position after every checking move, and
// after every move that leaves the side to move with few pieces.
func endings(games []diffLine) []diffLine {
	var out []diffLine
	seen := map[string]bool{}
	for _, l := range games {
		for _, n := range l.g.nodes {
			few := 0
			for _, p := range n.sq {
				if p != chesslib.NoPiece && p.Color() != n.turn() {
					few++
				}
			}
			for _, m := range n.moves() {
				if !m.check && few > endingMaterial {
					continue
				}
				after := n.play(m)
				status := after.status()
				if status != chesslib.Checkmate && status != chesslib.Stalemate {
					continue
				}
				if fen := after.fen(); !seen[fen] {
					seen[fen] = true
					out = append(out, child(n.fen(), n, m))
				}
			}
		}
	}
	return out
}

// child is the position after move m of n, which chess.js reaches by
// reading start (n's FEN as the line began with it) and playing m, and
// compares with the FEN after each of its moves.
func child(start string, n *node, m move) diffLine {
	return diffLine{name: fmt.Sprintf("%s after %s", start, m.uci), after: true, attacks: true,
		g: &game{start: start, plies: []string{m.uci}, nodes: []*node{n, n.play(m)}, moves: []move{m}}}
}
