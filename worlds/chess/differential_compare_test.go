package chess

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	chesslib "github.com/corentings/chess/v2"
)

// The comparison of one position with chess.js's analysis of it: the FEN
// (castling rights, the en passant field as both write it, the clocks),
// the board, check, checkmate, stalemate, insufficient material (the
// library's automatic draw, which no probe uses), which squares each side
// attacks (attacks, under defended, hanging and
// after_move_undefended_count), and the legal moves as UCI with their SAN
// (check and mate marks, disambiguation), their capture, en passant,
// castling and promotion flags, the square a capture empties, whether the
// move gives check (hypothetical_in_check), and, where asked, the FEN
// after each move.

// differ compares positions, each distinct FEN once for each way it is
// asked about (with or without the FENs after its moves and the attacked
// squares), and counts what it compared.
type differ struct {
	t      *testing.T
	seen   map[string]bool
	errors int
	counts diffCounts
}

// diffCounts is what the comparison covered.
type diffCounts struct {
	positions, moves, afters, attacks, plies              int
	checks, mates, stalemates, insufficient               int
	enPassant, castles, promotions, disambiguated, mating int
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
	d.t.Logf("compared %d plies (SAN, flags, FEN after) and %d positions (%d legal moves, %d FENs after a move, %d square attacks): "+
		"%d in check, %d checkmates, %d stalemates, %d with insufficient material; moves: %d en passant, "+
		"%d castling, %d promotions, %d disambiguated SANs, %d mating",
		c.plies, c.positions, c.moves, c.afters, c.attacks, c.checks, c.mates, c.stalemates, c.insufficient,
		c.enPassant, c.castles, c.promotions, c.disambiguated, c.mating)
	if c.positions == 0 || c.moves == 0 {
		d.t.Error("nothing was compared")
	}
}

// position compares one position, unless its FEN was compared already
// the same way (with the FENs after its moves when after is set, with the
// attacked squares when withAttacks is).
func (d *differ) position(where string, n *node, js jsNode, after, withAttacks bool) {
	d.t.Helper()
	fen := n.fen()
	key := fmt.Sprintf("%s|%v|%v", fen, after, withAttacks)
	if d.seen[key] {
		return
	}
	d.seen[key] = true
	first := !d.seen[fen]
	d.seen[fen] = true
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
	d.equal(where, "insufficient material", libInsufficient(d.t, n), js.Insufficient)
	if withAttacks {
		d.attacks(where, n, js)
	}
	d.moves(where, n, js, after, first)
	if first {
		d.countPosition(js)
	}
}

// countPosition counts a position's kind the first time it is compared.
func (d *differ) countPosition(js jsNode) {
	c := &d.counts
	c.positions++
	if js.Check {
		c.checks++
	}
	if js.Mate {
		c.mates++
	}
	if js.Stale {
		c.stalemates++
	}
	if js.Insufficient {
		c.insufficient++
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

// moves compares the legal moves one by one, counting them the first time
// their position is compared.
func (d *differ) moves(where string, n *node, js jsNode, after, first bool) {
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
		if first {
			d.countMove(m, san)
		}
	}
}

// countMove counts a move and its kind.
func (d *differ) countMove(m move, san string) {
	c := &d.counts
	c.moves++
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
		c.mating++
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
// from the FEN drawn automatically for it. A game costs two FEN decodes,
// and the library's first rule finds enough material wherever a pawn, rook
// or queen stands (hasSufficientMaterial in v2.3.2's board.go), so only
// the boards without one are handed to it.
func libInsufficient(t *testing.T, n *node) bool {
	t.Helper()
	for _, p := range n.sq {
		switch p.Type() {
		case chesslib.Pawn, chesslib.Rook, chesslib.Queen:
			return false
		}
	}
	fen := n.fen()
	fenMu.Lock()
	opt, err := chesslib.FEN(fen)
	fenMu.Unlock()
	if err != nil {
		t.Fatalf("library FEN %q: %v", fen, err)
	}
	return chesslib.NewGame(opt).Method() == chesslib.InsufficientMaterial
}
