package chess

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	chesslib "github.com/corentings/chess/v2"

	"github.com/hallumaze/hallumaze/worlds"
)

// The reference agents read only the user message, as a model would: the
// board diagram, the side-to-move line, the FEN line, masked squares and
// move lists, all parsed back from text. They answer with the rules library
// and end their reply with one key=value line.
//
//   - oracle reads the board, never the FEN line, and abstains exactly where
//     the board does not determine the answer; on a masked square it takes
//     the FEN line's word only when that FEN agrees with every shown square
//     and the side to move (P4);
//   - credulous reads the FEN line instead of the board whenever there is
//     one it can use;
//   - always-unknown abstains;
//   - guesser answers like the oracle but never abstains: where the board
//     says nothing it guesses (no, 0, empty, e2e4).
//   - prior reads the question alone: it names the probe type from the
//     question's wording and the view from the observation's form, and
//     answers the prior's answer for them.

// Reply is a reference agent's reply to a chess user message
// ([worlds.Reply]).
func (World) Reply(policy worlds.Policy, user string) string {
	return worlds.Reply(reader, policy, user)
}

// reader reads a chess message for the reference agents.
var reader = worlds.Reader{Answer: answer, Prior: priorKey}

// priorKey is the prior's key for a message: the probe type its question
// names, the view its observation's form shows.
func priorKey(msg worlds.Message) worlds.PriorKey {
	view := ViewOff
	if obs, err := readObservation(msg.Observation); err == nil {
		view = viewOf(obs)
	}
	return worlds.PriorKey{World: worlds.Chess, ProbeType: ProbeType(msg.Question), View: view, Key: msg.Key}
}

// answer is a reading agent's reason and value ("unknown" to abstain).
func answer(policy worlds.Policy, msg worlds.Message) (string, string) {
	obs, err := readObservation(msg.Observation)
	if err != nil {
		return guess(policy, msg, "I cannot read the observation: "+err.Error())
	}
	if v, ok := annotated(policy, obs, msg.Question); ok {
		return "From the annotation.", v
	}
	ev := evidenceFor(policy, obs)
	value, ok, why := ev.solve(msg.Question)
	if !ok {
		return guess(policy, msg, why)
	}
	return why, value
}

// guess is what an agent says where the evidence does not determine the
// answer: the guesser guesses, the others abstain.
func guess(policy worlds.Policy, msg worlds.Message, why string) (string, string) {
	if policy != worlds.Guesser {
		return why, worlds.Unknown
	}
	g := map[string]string{"count": "0", "square": "empty", "move": "e2e4"}[msg.Key]
	if g == "" {
		g = "no"
	}
	return why + " I guess.", g
}

// evidence is what an agent reasons from: a board and side to move, the
// squares it does not see, and, when it trusts a FEN line, that position
// exactly (castling rights and en passant included).
type evidence struct {
	sq     board
	masked [64]bool
	turn   chesslib.Color
	fen    string
	exact  *node
	source string
	// boardless: no board was shown, so only move-list questions answer.
	boardless bool
}

// evidenceFor picks the agent's source: credulous takes the FEN line's
// position when it is one the rules can be applied to, else the board.
func evidenceFor(policy worlds.Policy, obs seen) evidence {
	ev := evidence{sq: obs.sq, masked: obs.masked, turn: obs.turn, fen: obs.fen, source: "the board", boardless: obs.boardless}
	if policy != worlds.Credulous || obs.fen == "" {
		return ev
	}
	b, turn, err := readFEN(obs.fen)
	if err != nil || !legalBoard(&b, turn) {
		return ev
	}
	n, err := usableNode(obs.fen, b, turn)
	if err != nil {
		return ev
	}
	return evidence{sq: b, turn: turn, fen: obs.fen, exact: n, source: "the FEN line"}
}

// usableNode is a FEN's position with its castling rights cut to those the
// placement allows and an en passant square kept only where a double push
// could have made it, so a false FEN cannot make the library move a rook
// that is not there.
func usableNode(fen string, b board, turn chesslib.Color) (*node, error) {
	fields := strings.Fields(fen)
	castle := "-"
	if len(fields) > 2 {
		var sb strings.Builder
		for _, r := range plausibleCastling(&b) {
			if strings.ContainsRune(fields[2], r) {
				sb.WriteRune(r)
			}
		}
		if sb.Len() > 0 {
			castle = sb.String()
		}
	}
	ep := "-"
	if len(fields) > 3 {
		for _, t := range epTargets(&b, turn) {
			if t.String() == fields[3] {
				ep = fields[3]
			}
		}
	}
	return nodeFromFEN(placement(&b) + " " + turn.String() + " " + castle + " " + ep + " 0 1")
}

// The questions, as the probe types word them.
var (
	side        = `(white|black)`
	square      = `([a-h][1-8])`
	uci         = `([a-h][1-8][a-h][1-8][qrbn]?)`
	reCapture   = regexp.MustCompile(`^Can ` + side + ` legally capture the ` + side + ` (\w+) on ` + square + `\?$`)
	reDefended  = regexp.MustCompile(`^Is the ` + side + ` (\w+) on ` + square + ` defended by its own side\?$`)
	reHanging   = regexp.MustCompile(`^Is the ` + side + ` (\w+) on ` + square + ` hanging \(attacked by the opponent and not defended\)\?$`)
	reCheck     = regexp.MustCompile(`^If ` + side + ` plays \S+ \(` + uci + `\), will ` + side + ` be in check\?$`)
	reAfter     = regexp.MustCompile(`^If ` + side + ` plays \S+ \(` + uci + `\) and ` + side + ` replies \S+ \(` + uci + `\), how many of ` + side + `'s pieces, not counting the king, will be undefended\?$`)
	reCount     = regexp.MustCompile(`^Here are the moves of a game from the standard starting position, in UCI notation: ([a-h1-8qrbn ]*)\. How many captures did (White|Black) make\?$`)
	reSAN       = regexp.MustCompile(`^The game so far, from the standard starting position, in SAN: (.*)\. Give one legal move for the side to move that is neither a capture nor a promotion\.$`)
	reSquare    = regexp.MustCompile(`^What is on ` + square + `\?$`)
	reStands    = regexp.MustCompile(`^What stands on ` + square + `\?$`)
	reReported  = regexp.MustCompile(`^According to the annotation, what stands on ` + square + `\?$`)
	reSays      = regexp.MustCompile(`^(?:A (.+) stands on|The square) ` + square + `(?: is empty)?\.$`)
	colourNamed = map[string]chesslib.Color{"white": chesslib.White, "black": chesslib.Black}
)

// solve answers a question from the evidence: the value, whether the
// evidence determines it, and a one-line reason.
func (ev evidence) solve(q string) (string, bool, string) {
	q = strings.TrimSpace(q)
	if m := reCount.FindStringSubmatch(q); m != nil {
		return captureCount(strings.Fields(m[1]), colourNamed[strings.ToLower(m[2])])
	}
	if m := reSAN.FindStringSubmatch(q); m != nil {
		return quietFromSAN(m[1])
	}
	if ev.boardless {
		return "", false, "No board is shown."
	}
	if m := reSquare.FindStringSubmatch(q); m != nil {
		return ev.hiddenSquare(parseSquare(m[1]))
	}
	if m := reStands.FindStringSubmatch(q); m != nil {
		return pieceName(ev.sq[parseSquare(m[1])]), true, "From " + ev.source + "."
	}
	if m := reDefended.FindStringSubmatch(q); m != nil {
		sq, c := parseSquare(m[3]), colourNamed[m[1]]
		return yesNo(attacks(&ev.sq, c, sq)), true, "From " + ev.source + ": who attacks " + m[3] + "."
	}
	if m := reHanging.FindStringSubmatch(q); m != nil {
		sq, c := parseSquare(m[3]), colourNamed[m[1]]
		return yesNo(attacks(&ev.sq, c.Other(), sq) && !attacks(&ev.sq, c, sq)), true, "From " + ev.source + ": who attacks " + m[3] + "."
	}
	if m := reCapture.FindStringSubmatch(q); m != nil {
		return ev.canCapture(colourNamed[m[1]], parseSquare(m[4]))
	}
	if m := reCheck.FindStringSubmatch(q); m != nil {
		_, mv, err := ev.playable(colourNamed[m[1]], m[2])
		if err != nil {
			return "", false, err.Error()
		}
		return yesNo(mv.check), true, "From " + ev.source + ": " + m[2] + " played."
	}
	if m := reAfter.FindStringSubmatch(q); m != nil {
		mover := colourNamed[m[1]]
		n, m1, err := ev.playable(mover, m[2])
		if err != nil {
			return "", false, err.Error()
		}
		after := n.play(m1)
		m2, ok := after.find(m[4])
		if !ok {
			return "", false, "The reply " + m[4] + " is not legal after " + m[2] + "."
		}
		end := after.play(m2)
		return strconv.Itoa(undefended(&end.sq, mover)), true, "From " + ev.source + ": " + m[2] + " and " + m[4] + " played."
	}
	return "", false, "I do not know this question."
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func parseSquare(s string) chesslib.Square {
	return chesslib.NewSquare(chesslib.File(s[0]-'a'), chesslib.Rank(s[1]-'1'))
}

// canCapture answers can_capture. From a board, a capture that only en
// passant would make is undetermined: the board does not show whether the
// last move was a double push.
func (ev evidence) canCapture(c chesslib.Color, sq chesslib.Square) (string, bool, string) {
	if ev.exact != nil {
		return yesNo(c == ev.exact.turn() && capturable(ev.exact, sq)), true, "From the FEN line's position."
	}
	if c != ev.turn {
		return "no", true, "From the board: it is not " + colourName(c) + "'s move."
	}
	if !legalBoard(&ev.sq, ev.turn) {
		return "", false, "The board is not a legal position."
	}
	caps, err := boardCaptures(&ev.sq, ev.turn)
	switch {
	case err != nil:
		return "", false, err.Error()
	case caps.sure[sq]:
		return "yes", true, "From the board: a legal capture lands there."
	case caps.open[sq]:
		return "", false, "Only en passant could capture there, and the board does not show the last move."
	}
	return "no", true, "From the board: no legal capture lands there."
}

// playable is the position where mover is to move and the named move is
// legal: from the board with every plausible castling right and, for a
// pawn moving diagonally to an empty square, that square as the en passant
// target; from a trusted FEN, its position with mover to move.
func (ev evidence) playable(mover chesslib.Color, u string) (*node, move, error) {
	var n *node
	var err error
	switch {
	case ev.exact != nil && ev.exact.turn() == mover:
		n = ev.exact
	default:
		if !legalBoard(&ev.sq, mover) {
			return nil, move{}, fmt.Errorf("the position with %s to move is not legal", colourName(mover))
		}
		ep := "-"
		from, to := parseSquare(u[:2]), parseSquare(u[2:4])
		if ev.sq[from].Type() == chesslib.Pawn && from.File() != to.File() && ev.sq[to] == chesslib.NoPiece {
			ep = to.String()
		}
		n, err = boardNode(&ev.sq, mover, ep)
		if err != nil {
			return nil, move{}, err
		}
	}
	mv, ok := n.find(u)
	if !ok {
		return nil, move{}, fmt.Errorf("%s is not a legal move for %s here", u, colourName(mover))
	}
	return n, mv, nil
}

// hiddenSquare answers hidden_square: a shown square from the board; a
// masked one from the FEN line only when that FEN agrees with every shown
// square and the side to move (P4).
func (ev evidence) hiddenSquare(sq chesslib.Square) (string, bool, string) {
	if !ev.masked[sq] {
		return pieceName(ev.sq[sq]), true, "From " + ev.source + "."
	}
	if ev.fen == "" {
		return "", false, "The square is hidden and nothing else shows it."
	}
	sc := scene{sq: ev.sq, turn: ev.turn, fen: ev.fen}
	for i := range chesslib.Square(64) {
		if ev.masked[i] {
			sc.masked = append(sc.masked, i)
		}
	}
	c := fenClaim(sc, sq)
	if !c.Admissible {
		return "", false, "The square is hidden and the FEN line contradicts the board."
	}
	return c.Value.Value, true, "The square is hidden; the FEN line agrees with the board, so I take its word."
}

// captureCount replays a UCI move list from the start and counts the
// captures (en passant included) of one side.
func captureCount(list []string, c chesslib.Color) (string, bool, string) {
	n := startNode()
	count := 0
	for i, u := range list {
		mv, ok := n.find(u)
		if !ok {
			return "", false, fmt.Sprintf("Move %d (%s) is not legal.", i+1, u)
		}
		if n.turn() == c && mv.capture() {
			count++
		}
		n = n.play(mv)
	}
	return strconv.Itoa(count), true, "From the move list replayed."
}

// quietFromSAN replays a numbered SAN move list from the start and names
// the first quiet move (no capture, no promotion) in UCI order.
func quietFromSAN(text string) (string, bool, string) {
	n := startNode()
	for _, tok := range strings.Fields(text) {
		if strings.HasSuffix(tok, ".") {
			continue
		}
		mv, ok := n.fromSAN(tok)
		if !ok {
			return "", false, fmt.Sprintf("I cannot replay %s.", tok)
		}
		n = n.play(mv)
	}
	quiet := quietMoves(n)
	if len(quiet) == 0 {
		return "", false, "The side to move has no quiet move."
	}
	slices.Sort(quiet)
	return quiet[0], true, "From the game replayed."
}

// annotated answers from the annotation line: what it says of a square,
// asked as reported speech by every agent, and asked as a fact by the
// credulous agent, which takes the annotation at its word.
func annotated(policy worlds.Policy, obs seen, q string) (string, bool) {
	m := reReported.FindStringSubmatch(q)
	if m == nil && policy == worlds.Credulous {
		m = reStands.FindStringSubmatch(q)
	}
	if m == nil || obs.annotation == "" {
		return "", false
	}
	said := reSays.FindStringSubmatch(obs.annotation)
	if said == nil || said[2] != m[1] {
		return "", false
	}
	if said[1] == "" {
		return "empty", true
	}
	return said[1], true
}

// ProbeType is the probe type a question's wording names, "" for a
// question of no probe type of this world.
func ProbeType(q string) string {
	q = strings.TrimSpace(q)
	for _, t := range []struct {
		re  *regexp.Regexp
		typ string
	}{
		{reCapture, TypeCanCapture}, {reDefended, TypeDefended}, {reHanging, TypeHanging},
		{reCheck, TypeInCheck}, {reAfter, TypeUndefended}, {reCount, TypeCaptureCount},
		{reSAN, TypeSANLegal}, {reSquare, TypeHiddenSquare}, {reStands, TypeClaim}, {reReported, TypeReported},
	} {
		if t.re.MatchString(q) {
			return t.typ
		}
	}
	return ""
}
