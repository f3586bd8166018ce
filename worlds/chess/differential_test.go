package chess

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	chesslib "github.com/corentings/chess/v2"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/worlds"
)

// The differential test of the rules: every position the chess world
// reaches (its standard set, chess-builtin seeds 1–10, more seeded games)
// is analysed by this package, through corentings/chess, and by chess.js
// (a second engine, pinned by scripts/chessjs.sh), and the two must agree
// on everything the probes rest on. differential_probes_test.go re-derives the
// probes' golds themselves from chess.js's answers.

// Extra seeded games beyond the ones the world itself draws: plain random
// games like chess-random's, and long capture-biased ones like the M
// lists, which reach endgames (promotions, bare kings, stalemates).
const (
	diffRandomGames = 100
	diffLongGames   = 50
)

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

// diffLine is one request's worth of our side: a game whose every node is
// compared (every), or one position whose moves are compared with the FEN
// after each (after).
type diffLine struct {
	name  string
	g     *game
	after bool
	// raw is the FEN sent to chess.js when it is not the node's own (a
	// board with every plausible castling right and en passant field).
	raw string
}

// TestDifferentialRules compares this package's rules with chess.js's,
// position by position: the FEN (castling rights, the en passant field as
// both write it, the clocks), the board, check, checkmate, stalemate,
// insufficient material (the library's automatic draw, which no probe
// uses), which squares each side attacks (attacks, under defended, hanging
// and after_move_undefended_count), and the legal moves as UCI with their
// SAN (check and mate marks, disambiguation), capture, en passant,
// castling and promotion flags, the square a capture empties, and, for the
// positions probes are drawn from, the FEN after each move.
func TestDifferentialRules(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("the chess.js differential test runs without -short and without -race")
	}
	lines := diffLines(t)
	reqs := make([]jsRequest, len(lines))
	for i, l := range lines {
		reqs[i] = jsRequest{FEN: l.g.start, Plies: l.g.plies, Every: !l.after, After: l.after}
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
		for j, st := range a.Steps {
			n, m := l.g.nodes[j], l.g.moves[j]
			where := fmt.Sprintf("%s ply %d (%s)", l.name, j+1, m.uci)
			d.equal(where, "SAN", n.san(m), st.SAN)
			d.equal(where, "FEN after", l.g.nodes[j+1].fen(), st.FEN)
		}
		if l.after {
			d.position(l.name, l.g.last(), a.last(), true)
			return
		}
		for j, js := range a.Nodes {
			d.position(fmt.Sprintf("%s node %d", l.name, j), l.g.nodes[j], js, false)
		}
	})
	d.report()
}

// diffLines gathers the games and positions to compare.
func diffLines(t *testing.T) []diffLine {
	t.Helper()
	var out []diffLine
	var probed []*position
	for seed := uint64(1); seed <= StandardSeeds; seed++ {
		ps, err := positions(LevelRandom, seed)
		require.NoError(t, err)
		memory, conflict, err := moveLists(seed)
		require.NoError(t, err)
		out = append(out,
			diffLine{name: fmt.Sprintf("chess-random seed %d game", seed), g: ps[0].game},
			diffLine{name: fmt.Sprintf("chess-random seed %d M list", seed), g: memory},
			diffLine{name: fmt.Sprintf("chess-random seed %d X list", seed), g: conflict})
		probed = append(probed, ps...)
	}
	for seed := uint64(1); seed <= 10; seed++ {
		ps, err := positions(LevelBuiltin, seed)
		require.NoError(t, err)
		for _, p := range ps {
			out = append(out, diffLine{name: fmt.Sprintf("chess-builtin seed %d %s", seed, p.base), g: p.game})
		}
		probed = append(probed, ps...)
	}
	for i := range diffRandomGames {
		s := worlds.NewStream(uint64(100_000+i), worlds.StreamChessGames)
		g, err := play(s, StartFEN, between(20, 41), 0)
		require.NoError(t, err)
		out = append(out, diffLine{name: fmt.Sprintf("random game %d", 100_000+i), g: g})
	}
	for i := range diffLongGames {
		s := worlds.NewStream(uint64(200_000+i), worlds.StreamChessGames)
		g, err := play(s, StartFEN, between(70, 121), memoryBias)
		require.NoError(t, err)
		out = append(out, diffLine{name: fmt.Sprintf("long game %d", 200_000+i), g: g})
	}
	out = append(out, endings(out)...)
	// The positions probes are drawn from, the boards with every hidden
	// state a diagram allows (boardCaptures's), and the special positions
	// with their children: every move with the FEN after it.
	for _, p := range probed {
		out = append(out, single(fmt.Sprintf("%s (probe position)", p.fen), p.node, ""))
		b, turn := &p.node.sq, p.node.turn()
		eps := []string{"-"}
		for _, ep := range epTargets(b, turn) {
			eps = append(eps, ep.String())
		}
		for _, ep := range eps {
			raw := placement(b) + " " + turn.String() + " " + plausibleCastling(b) + " " + ep + " 0 1"
			n, err := boardNode(b, turn, ep)
			require.NoError(t, err)
			out = append(out, single(raw+" (board reading)", n, raw))
		}
	}
	for _, fen := range specialFENs {
		n, err := nodeFromFEN(fen)
		require.NoError(t, err)
		out = append(out, single(fen, n, fen))
		for _, m := range n.moves() {
			out = append(out, child(fen, n, m))
		}
	}
	return out
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

// single is a one-position line compared with the FEN after each move;
// chess.js reads raw, or the node's FEN when raw is "".
func single(name string, n *node, raw string) diffLine {
	return diffLine{name: name, g: &game{start: n.fen(), nodes: []*node{n}}, after: true, raw: raw}
}

// child is the position after move m of n, read by chess.js from start
// (n's FEN as written where the line began) and m, and compared with the
// FEN after each of its moves.
func child(start string, n *node, m move) diffLine {
	return diffLine{name: fmt.Sprintf("%s after %s", start, m.uci), after: true,
		g: &game{start: start, plies: []string{m.uci}, nodes: []*node{n, n.play(m)}, moves: []move{m}}}
}

// differ compares positions, each distinct FEN once (with and without the
// FENs after its moves), and counts what it compared.
type differ struct {
	t      *testing.T
	seen   map[string]bool
	errors int
	counts diffCounts
}

// diffCounts is what the comparison covered.
type diffCounts struct {
	positions, moves, afters, attacks                    int
	checks, mates, stalemates, insufficient              int
	enPassant, castles, promotions, disambiguated, mated int
}

func newDiffer(t *testing.T) *differ { return &differ{t: t, seen: map[string]bool{}} }

// maxReported bounds the disagreements reported one by one.
const maxReported = 40

func (d *differ) fail(where, format string, args ...any) {
	d.t.Helper()
	d.errors++
	if d.errors <= maxReported {
		d.t.Errorf("%s: %s", where, fmt.Sprintf(format, args...))
	}
}

func (d *differ) equal(where, what string, ours, theirs any) {
	d.t.Helper()
	if ours != theirs {
		d.fail(where, "%s: ours %v, chess.js %v", what, ours, theirs)
	}
}

// report logs the counts and fails if nothing was compared.
func (d *differ) report() {
	c := d.counts
	if d.errors > maxReported {
		d.t.Errorf("%d disagreements in all (the first %d above)", d.errors, maxReported)
	}
	d.t.Logf("compared %d positions (%d legal moves, %d FENs after a move, %d square attacks): "+
		"%d in check, %d checkmates, %d stalemates, %d with insufficient material; moves: %d en passant, "+
		"%d castling, %d promotions, %d disambiguated SANs, %d mates",
		c.positions, c.moves, c.afters, c.attacks, c.checks, c.mates, c.stalemates, c.insufficient,
		c.enPassant, c.castles, c.promotions, c.disambiguated, c.mated)
	if c.positions == 0 || c.moves == 0 {
		d.t.Error("nothing was compared")
	}
}

// position compares one position, unless its FEN was compared already
// (with the FENs after its moves when after is set).
func (d *differ) position(where string, n *node, js jsNode, after bool) {
	d.t.Helper()
	fen := n.fen()
	key := fmt.Sprintf("%s|%v", fen, after)
	if d.seen[key] {
		return
	}
	d.seen[key] = true
	if !d.seen[fen] {
		d.seen[fen] = true
		d.counts.positions++
	}
	d.equal(where, "FEN", fen, js.FEN)
	var ours strings.Builder
	for _, p := range n.sq {
		ours.WriteByte(letter(p))
	}
	d.equal(where, "board", ours.String(), js.Board)
	turn := n.turn()
	check := attacks(&n.sq, turn.Other(), kingSquare(&n.sq, turn))
	d.equal(where, "in check", check, js.Check)
	d.equal(where, "checkmate", n.status() == chesslib.Checkmate, js.Mate)
	d.equal(where, "stalemate", n.status() == chesslib.Stalemate, js.Stale)
	d.equal(where, "insufficient material", libInsufficient(d.t, fen), js.Insufficient)
	d.attacks(where, n, js)
	d.moves(where, n, js, after)
	if js.Check {
		d.counts.checks++
	}
	if js.Mate {
		d.counts.mates++
	}
	if js.Stale {
		d.counts.stalemates++
	}
	if js.Insufficient {
		d.counts.insufficient++
	}
}

// attacks compares, for both colours and every square, whether the colour
// attacks the square.
func (d *differ) attacks(where string, n *node, js jsNode) {
	d.t.Helper()
	for _, side := range []struct {
		c    chesslib.Color
		bits string
	}{{chesslib.White, js.AttW}, {chesslib.Black, js.AttB}} {
		if len(side.bits) != 64 {
			d.fail(where, "chess.js gave %d attack bits for %s", len(side.bits), colourName(side.c))
			continue
		}
		for sq := range chesslib.Square(64) {
			if ours := attacks(&n.sq, side.c, sq); ours != (side.bits[sq] == '1') {
				d.fail(where, "does %s attack %s: ours %v, chess.js %v", colourName(side.c), sq, ours, !ours)
			}
			d.counts.attacks++
		}
	}
}

// moves compares the legal moves one by one.
func (d *differ) moves(where string, n *node, js jsNode, after bool) {
	d.t.Helper()
	ours := n.moves()
	if len(ours) != len(js.Moves) {
		var a, b []string
		for _, m := range ours {
			a = append(a, m.uci)
		}
		for _, m := range js.Moves {
			b = append(b, m[0])
		}
		d.fail(where, "legal moves: ours %v, chess.js %v", a, b)
		return
	}
	for i, m := range ours {
		theirs := js.Moves[i]
		if len(theirs) < 3 || (after && len(theirs) < 4) {
			d.fail(where, "chess.js move %v is short", theirs)
			continue
		}
		w := where + " move " + m.uci
		if m.uci != theirs[0] {
			d.fail(where, "legal move %d: ours %s, chess.js %s", i, m.uci, theirs[0])
			continue
		}
		san := n.san(m)
		d.equal(w, "SAN", san, theirs[1])
		d.equal(w, "flags", ourFlags(m), jsFlags(theirs[2]))
		d.equal(w, "captured square", victimName(m.victim), jsVictim(theirs[0], theirs[2]))
		d.equal(w, "gives check", m.check, strings.ContainsAny(theirs[1], "+#"))
		if after {
			d.equal(w, "FEN after", n.play(m).fen(), theirs[3])
			d.counts.afters++
		}
		d.counts.moves++
		d.countMove(m, san)
	}
}

// countMove counts the kinds of move compared.
func (d *differ) countMove(m move, san string) {
	c := &d.counts
	switch {
	case m.lib.HasTag(chesslib.EnPassant):
		c.enPassant++
	case m.lib.HasTag(chesslib.KingSideCastle), m.lib.HasTag(chesslib.QueenSideCastle):
		c.castles++
	}
	if m.promo {
		c.promotions++
	}
	if strings.HasSuffix(san, "#") {
		c.mated++
	}
	// A piece move's SAN names its origin when another piece of the same
	// kind could go to the same square: Nbd2, R1e2, Qh4xe1.
	body := strings.TrimRight(san, "+#")
	if len(body) > 3 && strings.ContainsRune("NBRQK", rune(body[0])) {
		if len(strings.ReplaceAll(body[1:], "x", "")) > 2 {
			c.disambiguated++
		}
	}
}

// ourFlags are a move's kinds as chess.js's flag letters: c capture, e en
// passant (a capture chess.js does not also mark c), p promotion, k and q
// castling.
func ourFlags(m move) string {
	var f []byte
	switch {
	case m.lib.HasTag(chesslib.EnPassant):
		f = append(f, 'e')
	case m.capture():
		f = append(f, 'c')
	}
	if m.promo {
		f = append(f, 'p')
	}
	if m.lib.HasTag(chesslib.KingSideCastle) {
		f = append(f, 'k')
	}
	if m.lib.HasTag(chesslib.QueenSideCastle) {
		f = append(f, 'q')
	}
	slices.Sort(f)
	return string(f)
}

// jsFlags keeps the flag letters ourFlags writes, sorted.
func jsFlags(flags string) string {
	var f []byte
	for i := range len(flags) {
		if strings.IndexByte("cepkq", flags[i]) >= 0 {
			f = append(f, flags[i])
		}
	}
	slices.Sort(f)
	return string(f)
}

// jsVictim is the square a chess.js move empties of an enemy piece: its
// target for a capture, the square beside its origin on the target's file
// for en passant, "-" for no capture.
func jsVictim(uci, flags string) string {
	switch {
	case strings.Contains(flags, "e"):
		return uci[2:3] + uci[1:2]
	case strings.Contains(flags, "c"):
		return uci[2:4]
	}
	return "-"
}

func victimName(sq chesslib.Square) string {
	if sq == chesslib.NoSquare {
		return "-"
	}
	return sq.String()
}

// libInsufficient is the library's insufficient-material verdict: a game
// from the FEN drawn automatically for it.
func libInsufficient(t *testing.T, fen string) bool {
	t.Helper()
	fenMu.Lock()
	opt, err := chesslib.FEN(fen)
	fenMu.Unlock()
	if err != nil {
		t.Fatalf("library FEN %q: %v", fen, err)
	}
	return chesslib.NewGame(opt).Method() == chesslib.InsufficientMaterial
}
