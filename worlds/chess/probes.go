package chess

import (
	"fmt"
	"slices"
	"strings"

	chesslib "github.com/corentings/chess/v2"

	"github.com/hallumaze/hallumaze/worlds"
)

// The probe types (docs/worlds.md, "Probe types"), in the order of their
// table, which is also the order they draw in.
const (
	TypeCanCapture   = "can_capture"
	TypeDefended     = "defended"
	TypeHanging      = "hanging"
	TypeInCheck      = "hypothetical_in_check"
	TypeUndefended   = "after_move_undefended_count"
	TypeCaptureCount = "capture_count"
	TypeSANLegal     = "san_legal_move"
	TypeHiddenSquare = "hidden_square"
	// TypeClaim and TypeReported are the conflict probes: an annotation
	// beside the board says what stands on a square, true or not; the
	// first asks what stands there (the board decides, P2), the second
	// what the annotation says (P3).
	TypeClaim    = "claim"
	TypeReported = "reported"
)

// squareOptions are hidden_square's options: empty and the 12 pieces,
// sorted byte-wise.
var squareOptions = func() []string {
	out := []string{"empty"}
	for p := chesslib.WhiteKing; p <= chesslib.BlackPawn; p++ {
		out = append(out, pieceName(p))
	}
	slices.Sort(out)
	return out
}()

// meta is a record's world data, so another chess program can re-check
// the gold: the true position's FEN and, as they apply, how it was reached
// and which squares and moves the probe names.
type meta struct {
	// FEN is the true position the probe is about (for a move list, the
	// position after it).
	FEN string `json:"fen"`
	// Base names the chess-builtin base position.
	Base string `json:"base,omitempty"`
	// Start and Plies: the position is Start after the UCI Plies.
	Start string   `json:"start,omitempty"`
	Plies []string `json:"plies,omitempty"`
	// Moves are a move-list probe's UCI moves from the starting position.
	Moves []string `json:"moves,omitempty"`
	// Side is capture_count's side; Square, Move and Reply are the square
	// and UCI moves the question names.
	Side   string `json:"side,omitempty"`
	Square string `json:"square,omitempty"`
	Move   string `json:"move,omitempty"`
	Reply  string `json:"reply,omitempty"`
	// Masked are the squares the board hides; Swapped the two squares the
	// fen-transposed FEN line exchanges.
	Masked  []string `json:"masked,omitempty"`
	Swapped []string `json:"swapped,omitempty"`
}

// spec is one probe drawn for a position, rendered in each view.
type spec struct {
	cat      worlds.Category
	typ      string
	question string
	key      string
	atype    worlds.AnswerType
	schema   string
	options  []string
	// truth is the gold computed from the world.
	truth worlds.Gold
	// boardless probes (M, X) show no board and exist in fen-off only.
	boardless bool
	// masked probes show the position's masked squares; gap says the asked
	// square is one of them, so the gold follows P4 per view.
	masked bool
	gap    bool
	square chesslib.Square
	// annotation is the line shown after the observation (claim and
	// reported probes); conflict and testimony are the claim's.
	annotation string
	conflict   *bool
	testimony  *string
	meta       meta
}

// position is one probe position and what was drawn for it.
type position struct {
	base   string
	game   *game
	node   *node
	fen    string
	swap   []chesslib.Square // the fen-transposed pair; nil when none exists
	masked []chesslib.Square // two squares, a1…h8 order
	specs  []spec
}

// viewFEN is the FEN line of a view: "" in fen-off.
func (p *position) viewFEN(view string) string {
	switch view {
	case ViewTruth:
		return p.fen
	case ViewTransposed:
		return transposedFEN(p.fen, p.node.sq, p.swap[0], p.swap[1])
	case ViewFlipTurn:
		return flipTurnFEN(p.fen)
	}
	return ""
}

// hasView reports whether the position can be shown in the view: a
// position with no pair of different non-king pieces has no fen-transposed.
func (p *position) hasView(view string) bool { return view != ViewTransposed || p.swap != nil }

// newPosition starts the probes of one position on the chess-probes
// stream s: it draws the transposed pair, the masked squares, then the
// board probes up to after_move_undefended_count; the caller draws the rest
// of the table from the same stream.
func newPosition(base string, g *game, s *worlds.Stream) (*position, error) {
	n := g.last()
	p := &position{base: base, game: g, node: n, fen: n.fen()}
	p.drawSwap(s)
	p.drawMask(s)
	if err := p.drawBoardProbes(s); err != nil {
		return nil, err
	}
	return p, nil
}

// baseMeta is the meta every board probe of the position starts from.
func (p *position) baseMeta() meta {
	return meta{FEN: p.fen, Base: p.base, Start: p.game.start, Plies: p.game.plies}
}

// drawSwap picks the fen-transposed pair among the unordered pairs of
// occupied non-king squares holding different pieces, in a1…h8 order.
func (p *position) drawSwap(s *worlds.Stream) {
	b := &p.node.sq
	var pairs [][2]chesslib.Square
	for i := range 64 {
		if b[i] == chesslib.NoPiece || b[i].Type() == chesslib.King {
			continue
		}
		for j := i + 1; j < 64; j++ {
			if b[j] != chesslib.NoPiece && b[j].Type() != chesslib.King && b[j] != b[i] {
				pairs = append(pairs, [2]chesslib.Square{chesslib.Square(i), chesslib.Square(j)})
			}
		}
	}
	if len(pairs) == 0 {
		return
	}
	pair := worlds.Pick(s, pairs)
	p.swap = pair[:]
}

// drawMask picks the two masked squares, without replacement, among the
// squares not in the transposed pair that hold no king: what stands on
// each is drawn first (empty or one of the pieces there, uniformly), then
// a square holding it, so that the masked golds are not mostly "empty". A
// square the rules would settle once masked (see settled) is not masked.
func (p *position) drawMask(s *worlds.Stream) {
	b := &p.node.sq
	free := p.kinglessOutsideSwap()
	for len(free) >= 2 {
		a := drawByContent(s, b, free)
		rest := slices.DeleteFunc(slices.Clone(free), func(sq chesslib.Square) bool { return sq == a })
		c := drawByContent(s, b, rest)
		masked := []chesslib.Square{min(a, c), max(a, c)}
		if !settled(b, p.node.turn(), masked) {
			p.masked = masked
			return
		}
		// Drop the squares whose content the rules settle and draw again.
		for _, sq := range masked {
			if settled(b, p.node.turn(), []chesslib.Square{sq}) {
				free = slices.DeleteFunc(free, func(x chesslib.Square) bool { return x == sq })
			}
		}
		if len(free) == len(rest)+1 {
			free = rest // neither settles alone: drop the first and go on
		}
	}
}

// kinglessOutsideSwap are the squares, a1…h8, outside the transposed
// pair that hold no king: those a mask or an annotation may name.
func (p *position) kinglessOutsideSwap() []chesslib.Square {
	var out []chesslib.Square
	for sq := range chesslib.Square(64) {
		if !slices.Contains(p.swap, sq) && p.node.sq[sq].Type() != chesslib.King {
			out = append(out, sq)
		}
	}
	return out
}

// drawByContent draws what stands on the square (empty, or a piece),
// uniformly among the contents the candidates hold, in the order of
// squareOptions, then one of the candidates holding it (a1…h8 order).
func drawByContent(s *worlds.Stream, b *board, cands []chesslib.Square) chesslib.Square {
	by := map[string][]chesslib.Square{}
	for _, sq := range cands {
		name := pieceName(b[sq])
		by[name] = append(by[name], sq)
	}
	var kinds []string
	for _, name := range squareOptions {
		if len(by[name]) > 0 {
			kinds = append(kinds, name)
		}
	}
	return worlds.Pick(s, by[worlds.Pick(s, kinds)])
}

// boolSpec is a yes/no board probe about the position.
func (p *position) boolSpec(cat worlds.Category, typ, key, question string, gold bool, m meta) spec {
	return spec{cat: cat, typ: typ, question: question, key: key, atype: worlds.Bool,
		schema: worlds.Schema(key, worlds.SchemaBool), truth: worlds.GoldBool(gold), meta: m}
}

// canCaptureSpec asks whether the side to move can legally capture the
// piece on sq.
func (p *position) canCaptureSpec(sq chesslib.Square) spec {
	m := p.baseMeta()
	m.Square = sq.String()
	q := fmt.Sprintf("Can %s legally capture the %s on %s?", colourName(p.node.turn()), pieceName(p.node.sq[sq]), sq)
	return p.boolSpec(worlds.Perception, TypeCanCapture, "can_capture", q, capturable(p.node, sq), m)
}

// defendedSpec asks whether the piece on sq is defended.
func (p *position) defendedSpec(sq chesslib.Square) spec {
	m := p.baseMeta()
	m.Square = sq.String()
	q := fmt.Sprintf("Is the %s on %s defended by its own side?", pieceName(p.node.sq[sq]), sq)
	return p.boolSpec(worlds.Perception, TypeDefended, "defended", q, defended(&p.node.sq, sq), m)
}

// hangingSpec asks whether the piece on sq is hanging.
func (p *position) hangingSpec(sq chesslib.Square) spec {
	m := p.baseMeta()
	m.Square = sq.String()
	q := fmt.Sprintf("Is the %s on %s hanging (attacked by the opponent and not defended)?", pieceName(p.node.sq[sq]), sq)
	return p.boolSpec(worlds.Perception, TypeHanging, "hanging", q, hanging(&p.node.sq, sq), m)
}

// inCheckSpec asks whether a legal move gives check.
func (p *position) inCheckSpec(mv move) spec {
	n := p.node
	m := p.baseMeta()
	m.Move = mv.uci
	q := fmt.Sprintf("If %s plays %s (%s), will %s be in check?", colourName(n.turn()), n.plainSAN(mv), mv.uci, colourName(n.turn().Other()))
	return p.boolSpec(worlds.Causal, TypeInCheck, "check", q, mv.check, m)
}

// undefendedSpec asks how many of the mover's pieces are undefended after
// a legal move m1 and a legal reply m2.
func (p *position) undefendedSpec(m1, m2 move) spec {
	n := p.node
	side, other := n.turn(), n.turn().Other()
	after := n.play(m1)
	end := after.play(m2)
	m := p.baseMeta()
	m.Move, m.Reply = m1.uci, m2.uci
	q := fmt.Sprintf("If %s plays %s (%s) and %s replies %s (%s), how many of %s's pieces, not counting the king, will be undefended?",
		colourName(side), n.plainSAN(m1), m1.uci, colourName(other), after.plainSAN(m2), m2.uci, colourName(side))
	return spec{cat: worlds.Causal, typ: TypeUndefended, question: q, key: "count",
		atype: worlds.Int, schema: worlds.Schema("count", worlds.SchemaInt),
		truth: worlds.GoldInt(undefended(&end.sq, side)), meta: m}
}

// drawBoardProbes draws can_capture, defended, hanging,
// hypothetical_in_check and after_move_undefended_count in that order.
func (p *position) drawBoardProbes(s *worlds.Stream) error {
	n := p.node
	b := &n.sq
	side, other := n.turn(), n.turn().Other()

	// can_capture: opponent non-king pieces the board decides about.
	caps, err := boardCaptures(b, side)
	if err != nil {
		return err
	}
	var yes, no []chesslib.Square
	for sq := range chesslib.Square(64) {
		pc := b[sq]
		if pc == chesslib.NoPiece || pc.Color() != other || pc.Type() == chesslib.King || caps.open[sq] {
			continue
		}
		truth := capturable(n, sq)
		if truth != caps.sure[sq] {
			return fmt.Errorf("chess: %s: the board and the position disagree on capturing %s", p.fen, sq)
		}
		if truth {
			yes = append(yes, sq)
		} else {
			no = append(no, sq)
		}
	}
	if y, n, ok := pickPair(s, yes, no); ok {
		p.specs = append(p.specs, p.canCaptureSpec(y), p.canCaptureSpec(n))
	}

	// defended and hanging: non-king pieces of either colour, each a pair
	// of one piece for which the answer is yes and one for which it is no.
	var def, undef, hang, safe []chesslib.Square
	for sq := range chesslib.Square(64) {
		if b[sq] == chesslib.NoPiece || b[sq].Type() == chesslib.King {
			continue
		}
		if defended(b, sq) {
			def = append(def, sq)
		} else {
			undef = append(undef, sq)
		}
		if hanging(b, sq) {
			hang = append(hang, sq)
		} else {
			safe = append(safe, sq)
		}
	}
	if y, n, ok := pickPair(s, def, undef); ok {
		p.specs = append(p.specs, p.defendedSpec(y), p.defendedSpec(n))
	}
	if y, n, ok := pickPair(s, hang, safe); ok {
		p.specs = append(p.specs, p.hangingSpec(y), p.hangingSpec(n))
	}

	// hypothetical_in_check: a checking move and a quiet one.
	var checks, quiet []move
	for _, mv := range n.moves() {
		if mv.check {
			checks = append(checks, mv)
		} else {
			quiet = append(quiet, mv)
		}
	}
	if y, n, ok := pickPair(s, checks, quiet); ok {
		p.specs = append(p.specs, p.inCheckSpec(y), p.inCheckSpec(n))
	}

	// after_move_undefended_count: m1, then a reply; an m1 with no reply
	// is dropped and another drawn.
	firsts := slices.Clone(n.moves())
	for len(firsts) > 0 {
		m1 := worlds.Take(s, &firsts)
		replies := n.play(m1).moves()
		if len(replies) == 0 {
			continue
		}
		p.specs = append(p.specs, p.undefendedSpec(m1, worlds.Pick(s, replies)))
		break
	}
	return nil
}

// pickPair draws one item whose answer is yes and one whose answer is
// no, in that order, when both branches have items: a yes/no probe type is
// asked as such a pair, so its golds are half yes and half no.
func pickPair[T any](s *worlds.Stream, yes, no []T) (T, T, bool) {
	if len(yes) == 0 || len(no) == 0 {
		var zero T
		return zero, zero, false
	}
	return worlds.Pick(s, yes), worlds.Pick(s, no), true
}

// addHiddenSquare draws the asked masked square, then the twin among the
// squares not masked, by content (see drawByContent).
func (p *position) addHiddenSquare(s *worlds.Stream) {
	if len(p.masked) == 0 {
		return
	}
	asked := worlds.Pick(s, p.masked)
	var shown []chesslib.Square
	for sq := range chesslib.Square(64) {
		if !slices.Contains(p.masked, sq) {
			shown = append(shown, sq)
		}
	}
	twin := drawByContent(s, &p.node.sq, shown)
	p.specs = append(p.specs, p.hiddenSpec(asked), p.hiddenSpec(twin))
}

// hiddenSpec asks what is on sq, on the board with the masked squares.
func (p *position) hiddenSpec(sq chesslib.Square) spec {
	m := p.baseMeta()
	m.Square = sq.String()
	return spec{cat: worlds.Uncertainty, typ: TypeHiddenSquare,
		question: fmt.Sprintf("What is on %s?", sq), key: "square", atype: worlds.Enum,
		schema: worlds.EnumSchema("square", squareOptions), options: squareOptions,
		truth: worlds.GoldEnum(pieceName(p.node.sq[sq])), masked: true,
		gap: slices.Contains(p.masked, sq), square: sq, meta: m}
}

// addClaim appends the conflict pair. The annotated square is drawn by
// content (see drawByContent) among the squares outside the transposed pair
// that hold no king; then coin(): the annotation is true, or else it names
// another content drawn among the rest but kings, so a false annotation
// never agrees with the board (the one thing the model sees of the square,
// in every view).
func (p *position) addClaim(s *worlds.Stream) {
	b := &p.node.sq
	sq := drawByContent(s, b, p.kinglessOutsideSwap())
	truth := pieceName(b[sq])
	said := truth
	if !s.Coin() {
		var wrong []string
		for _, name := range squareOptions {
			if name != truth && !strings.HasSuffix(name, " king") {
				wrong = append(wrong, name)
			}
		}
		said = worlds.Pick(s, wrong)
	}
	conflict := said != truth
	line := "[Annotation]: \"" + annotationText(sq, said) + "\""
	m := p.baseMeta()
	m.Square = sq.String()
	claim := spec{cat: worlds.Conflict, typ: TypeClaim, question: fmt.Sprintf("What stands on %s?", sq), key: "square",
		atype: worlds.Enum, schema: worlds.EnumSchema("square", squareOptions), options: squareOptions,
		truth: worlds.GoldEnum(truth), square: sq, annotation: line, conflict: &conflict, testimony: &said, meta: m}
	reported := claim
	reported.typ, reported.question = TypeReported, fmt.Sprintf("According to the annotation, what stands on %s?", sq)
	reported.truth, reported.conflict = worlds.GoldEnum(said), nil
	p.specs = append(p.specs, claim, reported)
}

// annotationText is what the annotation says of a square.
func annotationText(sq chesslib.Square, name string) string {
	if name == "empty" {
		return fmt.Sprintf("The square %s is empty.", sq)
	}
	return fmt.Sprintf("A %s stands on %s.", name, sq)
}
