package chess

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	chesslib "github.com/corentings/chess/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hallumaze/hallumaze/internal/golden"
	"github.com/hallumaze/hallumaze/worlds"
)

// recheck re-derives a record's gold from its meta alone, the way an
// outside chess program would: the FEN (and the moves) say the position,
// the brute-force attacks say who attacks what. It fails the test when the
// record disagrees.
func recheck(t require.TestingT, p worlds.Probe) {
	var m meta
	require.NoError(t, json.Unmarshal(p.Meta, &m), p.ID)
	n, err := nodeFromFEN(m.FEN)
	require.NoError(t, err, p.ID)
	require.Equal(t, m.FEN, n.fen(), "%s: meta FEN is not canonical", p.ID)
	b := &n.sq
	gold := p.Gold.Canonical()
	if len(m.Plies) > 0 {
		key := m.Start + " " + strings.Join(m.Plies, " ")
		if _, done := reached.Load(key); !done {
			g, err := replay(m.Start, m.Plies)
			require.NoError(t, err, p.ID)
			require.Equal(t, m.FEN, g.last().fen(), "%s: plies do not reach the FEN", p.ID)
			reached.Store(key, true)
		}
	}
	checkContext(t, p, m, n)
	switch p.ProbeType {
	case TypeCanCapture:
		target := parseSquare(m.Square)
		want := false
		for _, mv := range n.moves() {
			if victimOf(b, *mv.lib) == target {
				want = true
			}
		}
		require.Equal(t, yesNo(want), gold, p.ID)
		require.Equal(t, fmt.Sprintf("Can %s legally capture the %s on %s?", colourName(n.turn()), pieceName(b[target]), m.Square), p.Question)
		require.Equal(t, n.turn().Other(), b[target].Color(), p.ID)
	case TypeDefended, TypeHanging:
		s := parseSquare(m.Square)
		c := b[s].Color()
		require.NotEqual(t, chesslib.King, b[s].Type(), p.ID)
		def := attacksBrute(b, c, s)
		want := def
		if p.ProbeType == TypeHanging {
			want = attacksBrute(b, c.Other(), s) && !def
		}
		require.Equal(t, yesNo(want), gold, p.ID)
	case TypeInCheck:
		mv, ok := n.find(m.Move)
		require.True(t, ok, p.ID)
		after := n.play(mv)
		want := attacksBrute(&after.sq, n.turn(), kingSquare(&after.sq, n.turn().Other()))
		require.Equal(t, yesNo(want), gold, p.ID)
	case TypeUndefended:
		m1, ok := n.find(m.Move)
		require.True(t, ok, p.ID)
		after := n.play(m1)
		m2, ok := after.find(m.Reply)
		require.True(t, ok, p.ID)
		end := after.play(m2)
		side, count := n.turn(), 0
		for s, pc := range end.sq {
			if pc != chesslib.NoPiece && pc.Color() == side && pc.Type() != chesslib.King && !attacksBrute(&end.sq, side, chesslib.Square(s)) {
				count++
			}
		}
		require.Equal(t, fmt.Sprint(count), gold, p.ID)
	case TypeCaptureCount:
		g, err := replay(StartFEN, m.Moves)
		require.NoError(t, err, p.ID)
		require.Equal(t, m.FEN, g.last().fen(), p.ID)
		count := 0
		for i, mv := range g.moves {
			if colourName(g.nodes[i].turn()) == m.Side && victimOf(&g.nodes[i].sq, *mv.lib) != chesslib.NoSquare {
				count++
			}
		}
		require.Equal(t, fmt.Sprint(count), gold, p.ID)
		require.Contains(t, p.Question, strings.Join(m.Moves, " "))
	case TypeSANLegal:
		require.Nil(t, p.Conflict, p.ID)
		require.Nil(t, p.Testimony, p.ID)
		g, err := replay(StartFEN, m.Moves)
		require.NoError(t, err, p.ID)
		require.Contains(t, p.Question, "in SAN: "+sanText(g)+". Give")
		var want []string
		for _, mv := range g.last().moves() {
			if victimOf(&g.last().sq, *mv.lib) == chesslib.NoSquare && mv.lib.Promo() == chesslib.NoPieceType {
				want = append(want, mv.uci)
			}
		}
		require.NotEmpty(t, want, p.ID)
		require.Equal(t, worlds.GoldMembers(want).Members, p.Gold.Members, p.ID)
	case TypeHiddenSquare:
		s := parseSquare(m.Square)
		want := pieceName(b[s])
		if slices.Contains(m.Masked, m.Square) && p.View != ViewTruth {
			want = worlds.Unknown
		}
		require.Equal(t, want, gold, p.ID)
		require.Len(t, m.Masked, 2, p.ID)
		var masked []chesslib.Square
		for _, sq := range m.Masked {
			masked = append(masked, parseSquare(sq))
			require.NotEqual(t, chesslib.King, b[parseSquare(sq)].Type(), "%s: a king is masked", p.ID)
		}
		require.False(t, settled(b, n.turn(), masked), "%s: the rules settle a masked square", p.ID)
	case TypeClaim, TypeReported:
		s := parseSquare(m.Square)
		require.NotNil(t, p.Testimony, p.ID)
		require.Contains(t, squareOptions, *p.Testimony, p.ID)
		require.Contains(t, p.Context, "\n\n[Annotation]: \""+annotationText(s, *p.Testimony)+"\"\n\n## Question\n", p.ID)
		require.NotEqual(t, chesslib.King, b[s].Type(), p.ID)
		require.NotContains(t, m.Swapped, m.Square, p.ID)
		if p.ProbeType == TypeClaim {
			require.Equal(t, pieceName(b[s]), gold, p.ID)
			require.NotNil(t, p.Conflict, p.ID)
			require.Equal(t, *p.Conflict, *p.Testimony != gold, p.ID)
		} else {
			require.Equal(t, *p.Testimony, gold, p.ID)
			require.Nil(t, p.Conflict, p.ID)
		}
	default:
		require.Fail(t, "unknown probe type", p.ProbeType)
	}
}

// standardSet is the standard set, generated once for the tests that
// read it.
var standardSet = func() func(t testing.TB) []worlds.Probe {
	var once sync.Once
	var probes []worlds.Probe
	var err error
	return func(t testing.TB) []worlds.Probe {
		once.Do(func() { probes, err = New().Standard() })
		require.NoError(t, err)
		return probes
	}
}()

// reached remembers the (start, plies) games already replayed to their FEN.
var reached sync.Map

// victimOf is the square whose piece a move removes: its target when
// occupied, the pawn beside it for a pawn's diagonal move to an empty
// square (en passant), else NoSquare.
func victimOf(b *board, m chesslib.Move) chesslib.Square {
	if b[m.S2()] != chesslib.NoPiece {
		return m.S2()
	}
	if b[m.S1()].Type() == chesslib.Pawn && m.S1().File() != m.S2().File() {
		return chesslib.NewSquare(m.S2().File(), m.S1().Rank())
	}
	return chesslib.NoSquare
}

// checkContext reads a record's context back and holds it to the meta: the
// board is the position (masked squares '?'), the side to move is the
// position's, and the FEN line is the view's.
func checkContext(t require.TestingT, p worlds.Probe, m meta, n *node) {
	msg, err := worlds.ParseMessage(p.Context)
	require.NoError(t, err, p.ID)
	require.Equal(t, p.Question, msg.Question)
	require.Equal(t, p.Schema, msg.Schema)
	obs, err := readObservation(msg.Observation)
	require.NoError(t, err, p.ID)
	if p.ProbeType == TypeCaptureCount || p.ProbeType == TypeSANLegal {
		require.True(t, obs.boardless, p.ID)
		require.Equal(t, ViewOff, p.View)
		return
	}
	require.Equal(t, n.turn(), obs.turn, p.ID)
	for s := range chesslib.Square(64) {
		if slices.Contains(m.Masked, s.String()) {
			require.True(t, obs.masked[s], p.ID)
			continue
		}
		require.False(t, obs.masked[s], p.ID)
		require.Equal(t, n.sq[s], obs.sq[s], "%s: %s", p.ID, s)
	}
	switch p.View {
	case ViewOff:
		require.Empty(t, obs.fen, p.ID)
	case ViewTruth:
		require.Equal(t, m.FEN, obs.fen, p.ID)
	case ViewFlipTurn:
		want := strings.Fields(m.FEN)
		got := strings.Fields(obs.fen)
		require.Len(t, got, 6)
		require.NotEqual(t, want[1], got[1], p.ID)
		require.Equal(t, "-", got[3], p.ID)
		want[1], want[3] = got[1], got[3]
		require.Equal(t, want, got, p.ID)
	case ViewTransposed:
		fb, turn, err := readFEN(obs.fen)
		require.NoError(t, err, p.ID)
		require.Equal(t, n.turn(), turn)
		require.Len(t, m.Swapped, 2, p.ID)
		x, y := parseSquare(m.Swapped[0]), parseSquare(m.Swapped[1])
		require.NotEqual(t, n.sq[x], n.sq[y], p.ID)
		for s := range chesslib.Square(64) {
			switch s {
			case x:
				require.Equal(t, n.sq[y], fb[s], p.ID)
			case y:
				require.Equal(t, n.sq[x], fb[s], p.ID)
			default:
				require.Equal(t, n.sq[s], fb[s], p.ID)
			}
		}
		require.NotEqual(t, chesslib.King, n.sq[x].Type())
		require.NotEqual(t, chesslib.King, n.sq[y].Type())
	}
}

// TestProbesRecheck: for any seed, every record's gold agrees with a
// direct recomputation from its meta (rapid).
func TestProbesRecheck(t *testing.T) {
	w := New()
	rapid.Check(t, func(rt *rapid.T) {
		level := rapid.SampledFrom([]string{LevelRandom, LevelRandom, LevelBuiltin}).Draw(rt, "level")
		seed := rapid.Uint64Range(0, 1<<40).Draw(rt, "seed")
		probes, err := w.Probes(level, "", seed)
		if err != nil {
			rt.Fatal(err)
		}
		for _, p := range probes {
			recheck(rt, p)
		}
	})
}

// TestStandard: every record of the standard set re-checks, ids are
// numbered per view from q00, records survive a JSON round trip, golds of
// board probes other than a masked square are the same in every view, and
// every UNKNOWN is category U.
func TestStandard(t *testing.T) {
	probes := standardSet(t)
	require.LessOrEqual(t, len(probes), StandardSeeds*(2+4*15))
	next := map[string]int{}
	golds := map[string]string{}
	for _, p := range probes {
		recheck(t, p)
		unit := fmt.Sprintf("%s/%s/s%d/%s", p.World, p.Level, p.Seed, p.View)
		assert.Equal(t, worlds.ProbeID(worlds.Chess, p.Level, p.Seed, p.View, next[unit]), p.ID)
		next[unit]++
		assert.Equal(t, string(p.Category)+"."+p.ProbeType, p.Template)
		if !p.Answerable() {
			assert.Equal(t, worlds.Uncertainty, p.Category, p.ID)
		}
		if p.Category == worlds.Perception || p.Category == worlds.Causal || p.ProbeType == TypeClaim || p.ProbeType == TypeReported {
			key := fmt.Sprintf("%d/%s", p.Seed, p.Question)
			if g, ok := golds[key]; ok {
				assert.Equal(t, g, p.Gold.Canonical(), "%s differs across views", p.ID)
			}
			golds[key] = p.Gold.Canonical()
		}
	}
	var buf bytes.Buffer
	require.NoError(t, worlds.WriteProbes(&buf, probes))
	back, err := worlds.ReadProbes(&buf)
	require.NoError(t, err)
	require.Len(t, back, len(probes))
	for i := range back {
		a, _ := json.Marshal(back[i])
		b, _ := json.Marshal(probes[i])
		require.Equal(t, string(b), string(a))
	}
}

// TestStandardCounts pins the standard set's counts by view and probe
// type, the gold balance of each type, and a digest of its bytes.
func TestStandardCounts(t *testing.T) {
	probes := standardSet(t)
	type row struct{ view, typ string }
	counts := map[row]int{}
	balance := map[string]map[string]int{}
	for _, p := range probes {
		counts[row{p.View, p.ProbeType}]++
		if balance[p.ProbeType] == nil {
			balance[p.ProbeType] = map[string]int{}
		}
		g := p.Gold.Canonical()
		switch {
		case p.AnswerType == worlds.Member:
			g = "set"
		case p.AnswerType == worlds.Int:
			g = "count"
		case (p.ProbeType == TypeHiddenSquare || p.ProbeType == TypeClaim || p.ProbeType == TypeReported) && p.Answerable():
			g = "answerable"
		}
		balance[p.ProbeType][g]++
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "probes %d\n", len(probes))
	types := []string{TypeCanCapture, TypeDefended, TypeHanging, TypeInCheck, TypeUndefended, TypeCaptureCount, TypeSANLegal, TypeHiddenSquare, TypeClaim, TypeReported}
	for _, v := range views {
		for _, typ := range types {
			if n := counts[row{v, typ}]; n > 0 {
				fmt.Fprintf(&sb, "%-15s %-28s %d\n", v, typ, n)
			}
		}
	}
	for _, typ := range types {
		keys := make([]string, 0, len(balance[typ]))
		for k := range balance[typ] {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		fmt.Fprintf(&sb, "gold %-28s", typ)
		for _, k := range keys {
			fmt.Fprintf(&sb, " %s=%d", k, balance[typ][k])
		}
		sb.WriteString("\n")
	}
	var buf bytes.Buffer
	require.NoError(t, worlds.WriteProbes(&buf, probes))
	fmt.Fprintf(&sb, "sha256 %x\n", sha256.Sum256(buf.Bytes()))
	golden.Check(t, "standard_counts.golden", []byte(sb.String()))
}

// TestRegress pins seed → probe bytes: chess-random seeds 1 and 2 in every
// view and chess-builtin seed 1 in fen-truth.
func TestRegress(t *testing.T) {
	w := New()
	var all []worlds.Probe
	for _, u := range []struct {
		level, view string
		seed        uint64
	}{{LevelRandom, "", 1}, {LevelRandom, "", 2}, {LevelBuiltin, ViewTruth, 1}} {
		ps, err := w.Probes(u.level, u.view, u.seed)
		require.NoError(t, err)
		all = append(all, ps...)
	}
	var buf bytes.Buffer
	require.NoError(t, worlds.WriteProbes(&buf, all))
	golden.Check(t, "regress.jsonl", buf.Bytes())
}

func TestShow(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, New().Show(&buf, LevelRandom, 1))
	golden.Check(t, "show_random_1.golden", buf.Bytes())
	buf.Reset()
	require.NoError(t, New().Show(&buf, LevelBuiltin, 1))
	assert.Equal(t, 3, strings.Count(buf.String(), "[fen-truth]"))
}

func TestProbesErrors(t *testing.T) {
	w := New()
	_, err := w.Probes("chess-puzzles", "", 1)
	assert.ErrorContains(t, err, `unknown level "chess-puzzles"`)
	_, err = w.Probes(LevelRandom, "fen-sideways", 1)
	assert.ErrorContains(t, err, `unknown view "fen-sideways"`)
	assert.Error(t, w.Show(&bytes.Buffer{}, "nope", 1))
}

func TestProbesDeterministic(t *testing.T) {
	w := New()
	a, err := w.Probes(LevelRandom, ViewTransposed, 7)
	require.NoError(t, err)
	b, err := w.Probes(LevelRandom, ViewTransposed, 7)
	require.NoError(t, err)
	require.Equal(t, a, b)
	one, err := w.Probes(LevelRandom, "", 7)
	require.NoError(t, err)
	var inView []worlds.Probe
	for _, p := range one {
		if p.View == ViewTransposed {
			inView = append(inView, p)
		}
	}
	require.Equal(t, a, inView)
}

func TestWorldBasics(t *testing.T) {
	w := New()
	assert.Equal(t, "chess", w.Name())
	assert.Equal(t, []string{"chess-random", "chess-builtin"}, w.Levels())
	assert.Equal(t, []string{"fen-off", "fen-truth", "fen-transposed", "fen-flip-turn"}, w.Views())
	assert.True(t, strings.HasPrefix(w.Rules(), "Standard chess rules apply."))
}
