package chess

import (
	"encoding/json"
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/worlds"
)

// TestDifferentialProbes re-derives every probe of the standard set and of
// chess-builtin seeds 1–10 (-chessjs.seeds N adds seeds up to N), in every
// view, from chess.js's answers and the record's meta alone, and compares
// the gold and the question's text:
//
//   - can_capture: a chess.js legal move of the side to move captures on
//     the square (en passant for the pawn beside its target). The board
//     must decide it: chess.js gives the same answer with each en passant
//     field the board allows.
//   - defended, hanging: chess.js's isAttacked by each colour.
//   - hypothetical_in_check: chess.js's inCheck after the move.
//   - after_move_undefended_count: after chess.js plays the move and the
//     reply, the mover's non-king pieces that no piece of theirs attacks.
//   - capture_count: the side's moves chess.js flags as captures or en
//     passant when it replays the UCI list from the start.
//   - san_legal_move: the question's SAN list is chess.js's history of the
//     moves; the gold is chess.js's legal moves without the capture, en
//     passant and promotion flags.
//   - hidden_square: the piece chess.js reads on the square; on a masked
//     square, the FEN line (read by chess.js) fills the gap only where its
//     board agrees with every shown square and its side to move with the
//     position's, else the gold is UNKNOWN.
//   - claim: the piece chess.js reads on the annotated square; reported:
//     what the record's testimony says the annotation states (the context
//     check holds the annotation line to it).
//
// Every record's context is also read back: the diagram and the side to
// move are chess.js's board and turn (masked squares '?'); the fen-truth
// line is chess.js's FEN; the fen-transposed line's board is the true one
// with the two meta.swapped squares exchanged; the fen-flip-turn line has
// the true board and the other side to move. Each position is also
// reached by chess.js replaying meta.start and meta.plies (meta.moves).
//
// What is not re-derived: which square, move or reply a probe asks about
// and which pair and squares a view swaps or masks (draws from the seed's
// streams, not rules), and the views' FEN fields other than the board and
// the side to move (fen-flip-turn's en passant "-" is set by construction).
func TestDifferentialProbes(t *testing.T) {
	skipDifferential(t)
	t.Parallel()
	w := New()
	probes, err := w.Standard()
	require.NoError(t, err)
	for seed := uint64(StandardSeeds + 1); seed <= uint64(*diffSeeds); seed++ {
		ps, err := w.Probes(LevelRandom, "", seed)
		require.NoError(t, err)
		probes = append(probes, ps...)
	}
	for seed := uint64(1); seed <= uint64(max(10, *diffSeeds)); seed++ {
		ps, err := w.Probes(LevelBuiltin, "", seed)
		require.NoError(t, err)
		probes = append(probes, ps...)
	}
	plans, reqs := planProbes(t, probes)
	answers := askChessJS(t, reqs)
	byType := map[string]int{}
	unknown := 0
	for _, pl := range plans {
		want, question, err := pl.derive(answers)
		if err != nil {
			t.Errorf("%s: %v", pl.p.ID, err)
			continue
		}
		if got := pl.p.Gold.Canonical(); got != want.Canonical() {
			t.Errorf("%s (%s): gold %q, chess.js %q\n%s", pl.p.ID, pl.p.ProbeType, got, want.Canonical(), pl.p.Question)
		}
		if question != pl.p.Question {
			t.Errorf("%s: question\n  ours:     %s\n  chess.js: %s", pl.p.ID, pl.p.Question, question)
		}
		if err := pl.checkContext(answers); err != nil {
			t.Errorf("%s: context: %v", pl.p.ID, err)
		}
		byType[pl.p.ProbeType]++
		if want.Unknown {
			unknown++
		}
	}
	var kinds []string
	for k, n := range byType {
		kinds = append(kinds, fmt.Sprintf("%s %d", k, n))
	}
	slices.Sort(kinds)
	t.Logf("re-derived %d probes with chess.js (%d UNKNOWN): %s", len(plans), unknown, strings.Join(kinds, ", "))
	if len(byType) != 10 {
		t.Errorf("re-derived %d probe types, want all 10", len(byType))
	}
}

// diffSeeds is the last seed whose probes TestDifferentialProbes
// re-derives beyond the standard set (chess-random seeds 1–50) and
// chess-builtin seeds 1–10.
var diffSeeds = flag.Int("chessjs.seeds", 0, "also re-derive with chess.js the probes of chess-random seeds 51…N and chess-builtin seeds 11…N")

// probePlan is one probe and the chess.js answers it is re-derived from
// (indices into the answers, -1 where not asked).
type probePlan struct {
	p worlds.Probe
	m meta
	// pos analyses meta.fen; reach replays the moves that lead to it; line
	// plays the question's move (and reply) from it; variants are its en
	// passant variants; fenLine reads the view's FEN line.
	pos, reach, line, variants, fenLine int
}

// planProbes lists the chess.js requests the probes need, each once.
func planProbes(t *testing.T, probes []worlds.Probe) ([]probePlan, []jsRequest) {
	t.Helper()
	var reqs []jsRequest
	index := map[string]int{}
	ask := func(r jsRequest) int {
		data, err := json.Marshal(r)
		require.NoError(t, err)
		key := string(data)
		if i, ok := index[key]; ok {
			return i
		}
		index[key] = len(reqs)
		reqs = append(reqs, r)
		return len(reqs) - 1
	}
	plans := make([]probePlan, 0, len(probes))
	for _, p := range probes {
		pl := probePlan{p: p, pos: -1, reach: -1, line: -1, variants: -1, fenLine: -1}
		require.NoError(t, json.Unmarshal(p.Meta, &pl.m), p.ID)
		m := pl.m
		pl.pos = ask(jsRequest{FEN: m.FEN, Attacks: true})
		switch {
		case len(m.Moves) > 0:
			pl.reach = ask(jsRequest{FEN: StartFEN, Plies: m.Moves})
		case m.Start != "":
			pl.reach = ask(jsRequest{FEN: m.Start, Plies: m.Plies})
		}
		switch p.ProbeType {
		case TypeInCheck:
			pl.line = ask(jsRequest{FEN: m.FEN, Plies: []string{m.Move}, Attacks: true})
		case TypeUndefended:
			pl.line = ask(jsRequest{FEN: m.FEN, Plies: []string{m.Move, m.Reply}, Attacks: true})
		case TypeCanCapture:
			pl.variants = ask(jsRequest{FEN: m.FEN, EPVariants: true})
		}
		if line := fenLineOf(p.Context); line != "" {
			pl.fenLine = ask(jsRequest{FEN: line, BoardOnly: true})
		}
		plans = append(plans, pl)
	}
	return plans, reqs
}

// fenLineOf is the text of a context's "FEN: " line, "" without one.
func fenLineOf(context string) string {
	for l := range strings.SplitSeq(context, "\n") {
		if fen, ok := strings.CutPrefix(l, "FEN: "); ok {
			return strings.TrimSpace(fen)
		}
	}
	return ""
}

// derive is the probe's gold and question as chess.js's answers give them.
func (pl probePlan) derive(answers []jsAnswer) (worlds.Gold, string, error) {
	for _, i := range []int{pl.pos, pl.reach, pl.line, pl.variants, pl.fenLine} {
		if i >= 0 && answers[i].Error != "" {
			return worlds.Gold{}, "", fmt.Errorf("chess.js: %s", answers[i].Error)
		}
	}
	m := pl.m
	for _, i := range []int{pl.pos, pl.line} {
		if i >= 0 && !wellFormed(answers[i]) {
			return worlds.Gold{}, "", fmt.Errorf("chess.js answer %d is not whole", i)
		}
	}
	pos := answers[pl.pos].last()
	if pos.FEN != m.FEN {
		return worlds.Gold{}, "", fmt.Errorf("meta FEN %q, chess.js writes it %q", m.FEN, pos.FEN)
	}
	if pl.reach >= 0 {
		if got := answers[pl.reach].last().FEN; got != m.FEN {
			return worlds.Gold{}, "", fmt.Errorf("the moves reach %q per chess.js, meta says %q", got, m.FEN)
		}
	}
	turn := jsTurn(pos.FEN)
	switch pl.p.ProbeType {
	case TypeCanCapture:
		sq := squareIndex(m.Square)
		can := jsCaptures(pos, m.Square)
		for _, v := range answers[pl.variants].Nodes {
			if jsCaptures(v, m.Square) != can {
				return worlds.Gold{}, "", fmt.Errorf("the board does not decide: with en passant field %s the answer is %v", strings.Fields(v.FEN)[3], !can)
			}
		}
		q := fmt.Sprintf("Can %s legally capture the %s on %s?", turn, jsPiece(pos.Board[sq]), m.Square)
		return worlds.GoldBool(can), q, nil
	case TypeDefended, TypeHanging:
		sq := squareIndex(m.Square)
		own, opp := pos.AttW, pos.AttB
		if jsColour(pos.Board[sq]) == "black" {
			own, opp = opp, own
		}
		defended := own[sq] == '1'
		if pl.p.ProbeType == TypeDefended {
			return worlds.GoldBool(defended), fmt.Sprintf("Is the %s on %s defended by its own side?", jsPiece(pos.Board[sq]), m.Square), nil
		}
		q := fmt.Sprintf("Is the %s on %s hanging (attacked by the opponent and not defended)?", jsPiece(pos.Board[sq]), m.Square)
		return worlds.GoldBool(opp[sq] == '1' && !defended), q, nil
	case TypeInCheck:
		a := answers[pl.line]
		if len(a.Steps) != 1 {
			return worlds.Gold{}, "", fmt.Errorf("chess.js played %d plies of 1", len(a.Steps))
		}
		q := fmt.Sprintf("If %s plays %s (%s), will %s be in check?", turn, plainSAN(a.Steps[0].SAN), m.Move, otherColour(turn))
		return worlds.GoldBool(a.last().Check), q, nil
	case TypeUndefended:
		a := answers[pl.line]
		if len(a.Steps) != 2 {
			return worlds.Gold{}, "", fmt.Errorf("chess.js played %d plies of 2", len(a.Steps))
		}
		end := a.last()
		att := end.AttW
		if turn == "black" {
			att = end.AttB
		}
		count := 0
		for sq := range 64 {
			if c := end.Board[sq]; c != '.' && c != 'K' && c != 'k' && jsColour(c) == turn && att[sq] == '0' {
				count++
			}
		}
		q := fmt.Sprintf("If %s plays %s (%s) and %s replies %s (%s), how many of %s's pieces, not counting the king, will be undefended?",
			turn, plainSAN(a.Steps[0].SAN), m.Move, otherColour(turn), plainSAN(a.Steps[1].SAN), m.Reply, turn)
		return worlds.GoldInt(count), q, nil
	case TypeCaptureCount:
		count := 0
		for i, st := range answers[pl.reach].Steps {
			mover := "white"
			if i%2 == 1 {
				mover = "black"
			}
			if mover == m.Side && strings.ContainsAny(st.Flags, "ce") {
				count++
			}
		}
		side := strings.ToUpper(m.Side[:1]) + m.Side[1:]
		q := fmt.Sprintf("Here are the moves of a game from the standard starting position, in UCI notation: %s. How many captures did %s make?",
			strings.Join(m.Moves, " "), side)
		return worlds.GoldInt(count), q, nil
	case TypeSANLegal:
		var text strings.Builder
		for i, st := range answers[pl.reach].Steps {
			if i > 0 {
				text.WriteByte(' ')
			}
			if i%2 == 0 {
				fmt.Fprintf(&text, "%d. ", i/2+1)
			}
			text.WriteString(st.SAN)
		}
		var quiet []string
		for _, mv := range pos.Moves {
			if !strings.ContainsAny(mv[2], "cep") {
				quiet = append(quiet, mv[0])
			}
		}
		q := fmt.Sprintf("The game so far, from the standard starting position, in SAN: %s. Give one legal move for the side to move that is neither a capture nor a promotion.",
			text.String())
		return worlds.GoldMembers(quiet), q, nil
	case TypeHiddenSquare:
		return pl.hiddenGold(answers, pos), fmt.Sprintf("What is on %s?", m.Square), nil
	case TypeClaim:
		return worlds.GoldEnum(jsPiece(pos.Board[squareIndex(m.Square)])), fmt.Sprintf("What stands on %s?", m.Square), nil
	case TypeReported:
		if pl.p.Testimony == nil {
			return worlds.Gold{}, "", fmt.Errorf("a reported probe without testimony")
		}
		return worlds.GoldEnum(*pl.p.Testimony), fmt.Sprintf("According to the annotation, what stands on %s?", m.Square), nil
	}
	return worlds.Gold{}, "", fmt.Errorf("probe type %q has no re-derivation", pl.p.ProbeType)
}

// hiddenGold is hidden_square's gold: the piece on the square, or on a
// masked square what an admissible FEN line says, else UNKNOWN.
func (pl probePlan) hiddenGold(answers []jsAnswer, pos jsNode) worlds.Gold {
	sq := squareIndex(pl.m.Square)
	if !slices.Contains(pl.m.Masked, pl.m.Square) {
		return worlds.GoldEnum(jsPiece(pos.Board[sq]))
	}
	if pl.fenLine < 0 {
		return worlds.GoldUnknown()
	}
	line := answers[pl.fenLine].last()
	if len(line.Board) != 64 || jsTurn(line.FEN) != jsTurn(pos.FEN) {
		return worlds.GoldUnknown()
	}
	for i := range 64 {
		if !slices.Contains(pl.m.Masked, squareName(i)) && line.Board[i] != pos.Board[i] {
			return worlds.GoldUnknown()
		}
	}
	return worlds.GoldEnum(jsPiece(line.Board[sq]))
}

// checkContext holds the record's diagram, side to move and FEN line to
// chess.js's reading of the position and of the line.
func (pl probePlan) checkContext(answers []jsAnswer) error {
	p, m := pl.p, pl.m
	msg, err := worlds.ParseMessage(p.Context)
	if err != nil {
		return err
	}
	obs, err := readObservation(msg.Observation)
	if err != nil {
		return err
	}
	if p.ProbeType == TypeCaptureCount || p.ProbeType == TypeSANLegal {
		if !obs.boardless {
			return fmt.Errorf("a move-list probe shows a board")
		}
		return nil
	}
	pos := answers[pl.pos].last()
	for i := range 64 {
		want := pos.Board[i]
		if slices.Contains(m.Masked, squareName(i)) {
			want = '?'
		}
		got := letter(obs.sq[i])
		if obs.masked[i] {
			got = '?'
		}
		if got != want {
			return fmt.Errorf("the diagram shows %c on %s, chess.js reads %c", got, squareName(i), want)
		}
	}
	if colourName(obs.turn) != jsTurn(pos.FEN) {
		return fmt.Errorf("side to move %s, chess.js %s", colourName(obs.turn), jsTurn(pos.FEN))
	}
	if pl.fenLine < 0 {
		if p.View != ViewOff {
			return fmt.Errorf("no FEN line in %s", p.View)
		}
		return nil
	}
	line := answers[pl.fenLine].last()
	if len(line.Board) != 64 {
		return fmt.Errorf("chess.js read no board from the FEN line %q", obs.fen)
	}
	want := []byte(pos.Board)
	sameTurn := true
	switch p.View {
	case ViewTruth:
		if obs.fen != pos.FEN {
			return fmt.Errorf("fen-truth line %q, chess.js writes the position %q", obs.fen, pos.FEN)
		}
	case ViewTransposed:
		if len(m.Swapped) != 2 {
			return fmt.Errorf("fen-transposed without two swapped squares")
		}
		x, y := squareIndex(m.Swapped[0]), squareIndex(m.Swapped[1])
		if want[x] == want[y] || strings.ContainsRune("Kk", rune(want[x])) || strings.ContainsRune("Kk", rune(want[y])) {
			return fmt.Errorf("swapped %c and %c", want[x], want[y])
		}
		want[x], want[y] = want[y], want[x]
	case ViewFlipTurn:
		sameTurn = false
	default:
		return fmt.Errorf("a FEN line in %s", p.View)
	}
	if line.Board != string(want) {
		return fmt.Errorf("%s line's board per chess.js %s, want %s", p.View, line.Board, want)
	}
	if (jsTurn(line.FEN) == jsTurn(pos.FEN)) != sameTurn {
		return fmt.Errorf("%s line's side to move %s, the position's %s", p.View, jsTurn(line.FEN), jsTurn(pos.FEN))
	}
	return nil
}
