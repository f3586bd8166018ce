package chess_test

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	chesslib "github.com/corentings/chess/v2"

	"github.com/hallumaze/hallumaze/worlds"
)

// This file is a reader of chess probes written apart from the world: it
// sees a probe's user message only, reads the diagram, the side to move,
// the FEN line and the annotation back from the text, and answers with its
// own attack maps and move making. Only legal move generation and SAN
// decoding come from the rules library (its chess.js differential test
// holds those). A gold it cannot settle, or settles otherwise, fails the
// tests (reading_test.go).

// pos is a board as the reader keeps it: squares a1…h8 (rank-major), each
// a FEN letter or '.', and '?' for a masked square.
type pos struct {
	sq   [64]byte
	turn byte // 'w' or 'b'
}

// observation is what the reader takes from a message's observation.
type observation struct {
	board      pos
	fen        string
	annotation string
	boardless  bool
}

func readObs(text string) (observation, error) {
	var o observation
	if strings.TrimSpace(text) == "(no board is shown)" {
		o.boardless = true
		return o, nil
	}
	lines := strings.Split(text, "\n")
	rank := -1
	for _, l := range lines {
		f := strings.Fields(l)
		switch {
		case len(f) == 9 && len(f[0]) == 1 && f[0][0] >= '1' && f[0][0] <= '8':
			r := int(f[0][0] - '1')
			for i, tok := range f[1:] {
				o.board.sq[r*8+i] = tok[0]
			}
			rank = r
		case strings.HasPrefix(l, "Side to move: "):
			o.board.turn = strings.TrimPrefix(l, "Side to move: ")[0]
		case strings.HasPrefix(l, "FEN: "):
			o.fen = strings.TrimPrefix(l, "FEN: ")
		case strings.HasPrefix(l, "[Annotation]: "):
			o.annotation = strings.Trim(strings.TrimPrefix(l, "[Annotation]: "), `"`)
		}
	}
	if rank != 0 || o.board.turn != 'w' && o.board.turn != 'b' {
		return o, fmt.Errorf("no board or side to move in %q", text)
	}
	return o, nil
}

func square(s string) int { return int(s[1]-'1')*8 + int(s[0]-'a') }

func squareName(i int) string { return string(rune('a'+i%8)) + string(rune('1'+i/8)) }

func white(c byte) bool { return c >= 'A' && c <= 'Z' }

// colourOf is 'w' or 'b' for a piece letter.
func colourOf(c byte) byte {
	if white(c) {
		return 'w'
	}
	return 'b'
}

func upper(c byte) byte { return strings.ToUpper(string(c))[0] }

// name is a square's content in the probes' words.
func name(c byte) string {
	if c == '.' {
		return "empty"
	}
	side := "black"
	if white(c) {
		side = "white"
	}
	return side + " " + map[byte]string{'K': "king", 'Q': "queen", 'R': "rook", 'B': "bishop", 'N': "knight", 'P': "pawn"}[upper(c)]
}

// attacked reports whether a piece of colour side attacks square t.
func (p *pos) attacked(t int, side byte) bool {
	tf, tr := t%8, t/8
	at := func(f, r int) byte {
		if f < 0 || f > 7 || r < 0 || r > 7 {
			return 0
		}
		return p.sq[r*8+f]
	}
	own := func(c byte, kind byte) bool {
		return c != 0 && c != '.' && c != '?' && colourOf(c) == side && upper(c) == kind
	}
	dir := 1
	if side == 'b' {
		dir = -1
	}
	if own(at(tf-1, tr-dir), 'P') || own(at(tf+1, tr-dir), 'P') {
		return true
	}
	for _, d := range [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
		if own(at(tf+d[0], tr+d[1]), 'N') {
			return true
		}
	}
	for _, d := range [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}} {
		if own(at(tf+d[0], tr+d[1]), 'K') {
			return true
		}
		diagonal := d[0] != 0 && d[1] != 0
		for k := 1; ; k++ {
			c := at(tf+k*d[0], tr+k*d[1])
			if c == 0 {
				break
			}
			if c == '.' {
				continue
			}
			if own(c, 'Q') || diagonal && own(c, 'B') || !diagonal && own(c, 'R') {
				return true
			}
			break
		}
	}
	return false
}

// play makes a UCI move the question says is legal: castling moves the
// rook, a pawn's diagonal step to an empty square takes en passant, a
// promotion letter promotes.
func (p pos) play(uci string) pos {
	from, to := square(uci[:2]), square(uci[2:4])
	c := p.sq[from]
	p.sq[from] = '.'
	if upper(c) == 'P' && from%8 != to%8 && p.sq[to] == '.' {
		p.sq[(from/8)*8+to%8] = '.'
	}
	if upper(c) == 'K' && (to-from == 2 || from-to == 2) {
		rookFrom, rookTo := (from/8)*8+7, from+1
		if to < from {
			rookFrom, rookTo = (from/8)*8, from-1
		}
		p.sq[rookTo], p.sq[rookFrom] = p.sq[rookFrom], '.'
	}
	if len(uci) == 5 {
		c = uci[4]
		if p.turn == 'w' {
			c = upper(c)
		}
	}
	p.sq[to] = c
	if p.turn == 'w' {
		p.turn = 'b'
	} else {
		p.turn = 'w'
	}
	return p
}

func (p *pos) king(side byte) int {
	k := byte('k')
	if side == 'w' {
		k = 'K'
	}
	return slices.Index(p.sq[:], k)
}

func other(side byte) byte {
	if side == 'w' {
		return 'b'
	}
	return 'w'
}

// placement is the FEN board field.
func (p *pos) placement() string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := range 8 {
			c := p.sq[r*8+f]
			if c == '.' {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			sb.WriteByte(c)
		}
		if empty > 0 {
			sb.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String()
}

// captures is the set of squares whose piece a legal move of the side to
// move removes, by the rules library, with the en passant field ep.
func (p *pos) captures(ep string) (map[int]bool, error) {
	fen := p.placement() + " " + string(p.turn) + " - " + ep + " 0 1"
	opt, err := chesslib.FEN(fen)
	if err != nil {
		return nil, err
	}
	out := map[int]bool{}
	for _, m := range chesslib.NewGame(opt).ValidMoves() {
		from, to := int(m.S1()), int(m.S2())
		switch {
		case p.sq[to] != '.':
			out[to] = true
		case upper(p.sq[from]) == 'P' && from%8 != to%8:
			out[(from/8)*8+to%8] = true
		}
	}
	return out, nil
}

// epSquares are the en passant fields the board allows: behind a pawn of
// the side not to move that may just have made a double step.
func (p *pos) epSquares() []string {
	out := []string{"-"}
	for f := range 8 {
		if p.turn == 'w' && p.sq[4*8+f] == 'p' && p.sq[5*8+f] == '.' && p.sq[6*8+f] == '.' {
			out = append(out, squareName(5*8+f))
		}
		if p.turn == 'b' && p.sq[3*8+f] == 'P' && p.sq[2*8+f] == '.' && p.sq[1*8+f] == '.' {
			out = append(out, squareName(2*8+f))
		}
	}
	return out
}

var (
	qCapture   = regexp.MustCompile(`^Can (white|black) legally capture the (white|black) (\w+) on ([a-h][1-8])\?$`)
	qDefended  = regexp.MustCompile(`^Is the (white|black) (\w+) on ([a-h][1-8]) defended by its own side\?$`)
	qHanging   = regexp.MustCompile(`^Is the (white|black) (\w+) on ([a-h][1-8]) hanging \(attacked by the opponent and not defended\)\?$`)
	qCheck     = regexp.MustCompile(`^If (white|black) plays \S+ \(([a-h1-8qrbn]+)\), will (white|black) be in check\?$`)
	qAfter     = regexp.MustCompile(`^If (white|black) plays \S+ \(([a-h1-8qrbn]+)\) and (white|black) replies \S+ \(([a-h1-8qrbn]+)\), how many of (white|black)'s pieces, not counting the king, will be undefended\?$`)
	qCount     = regexp.MustCompile(`^Here are the moves of a game from the standard starting position, in UCI notation: ([a-h1-8qrbn ]+)\. How many captures did (White|Black) make\?$`)
	qSAN       = regexp.MustCompile(`^The game so far, from the standard starting position, in SAN: (.+)\. Give one legal move for the side to move that is neither a capture nor a promotion\.$`)
	qOn        = regexp.MustCompile(`^What is on ([a-h][1-8])\?$`)
	qStands    = regexp.MustCompile(`^What stands on ([a-h][1-8])\?$`)
	qAccording = regexp.MustCompile(`^According to the annotation, what stands on ([a-h][1-8])\?$`)
	aSays      = regexp.MustCompile(`^(?:A (.+) stands on ([a-h][1-8])|The square ([a-h][1-8]) is empty)\.$`)
)

func yes(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// readGold is the answer the message determines: a canonical value,
// "unknown", or for san_legal_move the accepted moves joined by ",".
func readGold(user string) (string, error) {
	m, err := worlds.ParseMessage(user)
	if err != nil {
		return "", err
	}
	o, err := readObs(m.Observation)
	if err != nil {
		return "", err
	}
	q := m.Question
	if g := qCount.FindStringSubmatch(q); g != nil {
		return countCaptures(strings.Fields(g[1]), strings.ToLower(g[2])[0]), nil
	}
	if g := qSAN.FindStringSubmatch(q); g != nil {
		return quietMoves(g[1])
	}
	if o.boardless {
		return "", fmt.Errorf("a board question without a board: %q", q)
	}
	b := o.board
	switch {
	case qDefended.MatchString(q):
		g := qDefended.FindStringSubmatch(q)
		sq := square(g[3])
		return yes(b.attacked(sq, colourOf(b.sq[sq]))), nil
	case qHanging.MatchString(q):
		g := qHanging.FindStringSubmatch(q)
		sq := square(g[3])
		c := colourOf(b.sq[sq])
		return yes(b.attacked(sq, other(c)) && !b.attacked(sq, c)), nil
	case qCapture.MatchString(q):
		g := qCapture.FindStringSubmatch(q)
		if g[1][0] != b.turn {
			return "no", nil
		}
		answer := ""
		for _, ep := range b.epSquares() {
			caps, err := b.captures(ep)
			if err != nil {
				return "", err
			}
			got := yes(caps[square(g[4])])
			if answer != "" && got != answer {
				return "", fmt.Errorf("the board does not settle %q: it depends on the last move", q)
			}
			answer = got
		}
		return answer, nil
	case qCheck.MatchString(q):
		g := qCheck.FindStringSubmatch(q)
		after := b.play(g[2])
		return yes(after.attacked(after.king(after.turn), b.turn)), nil
	case qAfter.MatchString(q):
		g := qAfter.FindStringSubmatch(q)
		end := b.play(g[2]).play(g[4])
		n := 0
		for sq, c := range end.sq {
			if c != '.' && upper(c) != 'K' && colourOf(c) == b.turn && !end.attacked(sq, b.turn) {
				n++
			}
		}
		return strconv.Itoa(n), nil
	case qOn.MatchString(q):
		sq := square(qOn.FindStringSubmatch(q)[1])
		if b.sq[sq] != '?' {
			return name(b.sq[sq]), nil
		}
		return hidden(o, sq)
	case qStands.MatchString(q):
		return name(b.sq[square(qStands.FindStringSubmatch(q)[1])]), nil
	case qAccording.MatchString(q):
		sq := qAccording.FindStringSubmatch(q)[1]
		a := aSays.FindStringSubmatch(o.annotation)
		switch {
		case a == nil:
			return "", fmt.Errorf("annotation %q", o.annotation)
		case a[3] == sq:
			return "empty", nil
		case a[2] == sq:
			return a[1], nil
		}
		return "", fmt.Errorf("the annotation %q is about another square than %s", o.annotation, sq)
	}
	return "", fmt.Errorf("question %q", q)
}

// hidden is a masked square's answer: what an admissible FEN line says (it
// agrees with every shown square and the side to move), else UNKNOWN, once
// the reader has made sure the rules do not settle the square.
func hidden(o observation, sq int) (string, error) {
	if o.fen != "" {
		f := strings.Fields(o.fen)
		line := pos{turn: f[1][0]}
		i := 63 - 7
		for _, c := range f[0] {
			switch {
			case c == '/':
				i -= 16
			case c >= '1' && c <= '8':
				for range int(c - '0') {
					line.sq[i] = '.'
					i++
				}
			default:
				line.sq[i] = byte(c)
				i++
			}
		}
		ok := line.turn == o.board.turn
		for j := range 64 {
			if o.board.sq[j] != '?' && line.sq[j] != o.board.sq[j] {
				ok = false
			}
		}
		if ok {
			return name(line.sq[sq]), nil
		}
	}
	if settles(o.board, sq) {
		return "", fmt.Errorf("the rules settle the masked %s", squareName(sq))
	}
	return worlds.Unknown, nil
}

// settles reports whether only one content of the masked square sq is
// possible over every filling of the masked squares that keeps the
// position legal: one king a side, no pawn on the first or last rank, at
// most 8 pawns and 16 pieces a side, the side not to move not in check.
func settles(b pos, sq int) bool {
	var masked []int
	for i, c := range b.sq {
		if c == '?' {
			masked = append(masked, i)
		}
	}
	possible := map[byte]bool{}
	var try func(k int)
	try = func(k int) {
		if k == len(masked) {
			if legal(&b) {
				possible[b.sq[sq]] = true
			}
			return
		}
		for _, c := range []byte(".KQRBNPkqrbnp") {
			b.sq[masked[k]] = c
			try(k + 1)
		}
		b.sq[masked[k]] = '?'
	}
	try(0)
	return len(possible) < 2
}

func legal(b *pos) bool {
	count, side := map[byte]int{}, map[byte]int{}
	for i, c := range b.sq {
		if c == '.' {
			continue
		}
		count[c]++
		side[colourOf(c)]++
		if upper(c) == 'P' && (i < 8 || i >= 56) {
			return false
		}
	}
	if count['K'] != 1 || count['k'] != 1 || count['P'] > 8 || count['p'] > 8 || side['w'] > 16 || side['b'] > 16 {
		return false
	}
	return !b.attacked(b.king(other(b.turn)), b.turn)
}

// start is the standard starting position.
func start() pos {
	var p pos
	copy(p.sq[:], "RNBQKBNRPPPPPPPP................................pppppppprnbqkbnr")
	p.turn = 'w'
	return p
}

// countCaptures replays a UCI list and counts the captures of one side: a
// move onto an occupied square, or a pawn's diagonal step to an empty one.
func countCaptures(moves []string, side byte) string {
	p, n := start(), 0
	for _, m := range moves {
		from, to := square(m[:2]), square(m[2:4])
		if p.turn == side && (p.sq[to] != '.' || upper(p.sq[from]) == 'P' && from%8 != to%8) {
			n++
		}
		p = p.play(m)
	}
	return strconv.Itoa(n)
}

// quietMoves replays a numbered SAN list with the rules library and lists
// the legal moves that neither capture nor promote, sorted, joined by ",".
func quietMoves(text string) (string, error) {
	p := chesslib.StartingPosition()
	for _, tok := range strings.Fields(text) {
		if strings.HasSuffix(tok, ".") {
			continue
		}
		m, err := chesslib.AlgebraicNotation{}.Decode(p, tok)
		if err != nil {
			return "", fmt.Errorf("SAN %s: %w", tok, err)
		}
		p = p.Update(m)
	}
	board := p.Board()
	var out []string
	for _, m := range p.ValidMoves() {
		piece := board.Piece(m.S2())
		mover := board.Piece(m.S1())
		enPassant := mover.Type() == chesslib.Pawn && m.S1().File() != m.S2().File()
		if piece != chesslib.NoPiece || enPassant || m.Promo() != chesslib.NoPieceType {
			continue
		}
		out = append(out, m.String())
	}
	slices.Sort(out)
	return strings.Join(out, ","), nil
}
