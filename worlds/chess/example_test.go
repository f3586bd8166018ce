package chess

import (
	"slices"
	"strings"
	"testing"

	chesslib "github.com/corentings/chess/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/worlds"
)

// The worked example of docs/worlds.md: 1. e4 e5 2. Nf3 d6 3. Bc4 Bg4
// 4. Nc3 g6, white to move.
var examplePlies = strings.Fields("e2e4 e7e5 g1f3 d7d6 f1c4 c8g4 b1c3 g7g6")

const exampleFEN = "rn1qkbnr/ppp2p1p/3p2p1/4p3/2B1P1b1/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 0 5"

func sq(s string) chesslib.Square { return parseSquare(s) }

// examplePosition is the worked example with the transposed pair (c4, g4)
// and d8 among the masked squares.
func examplePosition(t *testing.T) *position {
	t.Helper()
	g, err := replay(StartFEN, examplePlies)
	require.NoError(t, err)
	n := g.last()
	return &position{game: g, node: n, fen: n.fen(),
		swap: []chesslib.Square{sq("c4"), sq("g4")}, masked: []chesslib.Square{sq("a3"), sq("d8")}}
}

func TestExamplePosition(t *testing.T) {
	p := examplePosition(t)
	assert.Equal(t, exampleFEN, p.fen)
	assert.Equal(t, "1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6", sanText(p.game))

	var checks, captures []string
	for _, mv := range p.node.moves() {
		if mv.check {
			checks = append(checks, p.node.san(mv))
		}
		if mv.capture() {
			captures = append(captures, p.node.san(mv))
		}
	}
	assert.Len(t, p.node.moves(), 35)
	assert.ElementsMatch(t, []string{"Bb5+", "Bxf7+"}, checks)
	assert.ElementsMatch(t, []string{"Nxe5", "Bxf7+"}, captures)

	assert.Equal(t, "rn1qkbnr/ppp2p1p/3p2p1/4p3/2b1P1B1/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 0 5", p.viewFEN(ViewTransposed))
	assert.Equal(t, "rn1qkbnr/ppp2p1p/3p2p1/4p3/2B1P1b1/2N2N2/PPPP1PPP/R1BQK2R b KQkq - 0 5", p.viewFEN(ViewFlipTurn))
	assert.Equal(t, exampleFEN, p.viewFEN(ViewTruth))
	assert.Empty(t, p.viewFEN(ViewOff))

	// The undefended count with no move played: Bc4, Ra1, Rh1, pawn g2.
	assert.Equal(t, 4, undefended(&p.node.sq, chesslib.White))
}

func TestExampleProbes(t *testing.T) {
	p := examplePosition(t)
	move := func(u string) move {
		mv, ok := p.node.find(u)
		require.True(t, ok, u)
		return mv
	}
	nxe5 := move("f3e5")
	reply, ok := p.node.play(nxe5).find("g4d1")
	require.True(t, ok)

	tests := []struct {
		name     string
		spec     spec
		question string
		gold     string
	}{
		{"can capture e5", p.canCaptureSpec(sq("e5")), "Can white legally capture the black pawn on e5?", "yes"},
		{"cannot capture g4", p.canCaptureSpec(sq("g4")), "Can white legally capture the black bishop on g4?", "no"},
		{"e5 defended", p.defendedSpec(sq("e5")), "Is the black pawn on e5 defended by its own side?", "yes"},
		{"f7 not hanging", p.hangingSpec(sq("f7")), "Is the black pawn on f7 hanging (attacked by the opponent and not defended)?", "no"},
		{"Bxf7 checks", p.inCheckSpec(move("c4f7")), "If white plays Bxf7 (c4f7), will black be in check?", "yes"},
		{"Nxe5 does not check", p.inCheckSpec(nxe5), "If white plays Nxe5 (f3e5), will black be in check?", "no"},
		{"after Nxe5 Bxd1", p.undefendedSpec(nxe5, reply),
			"If white plays Nxe5 (f3e5) and black replies Bxd1 (g4d1), how many of white's pieces, not counting the king, will be undefended?", "5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.question, tt.spec.question)
			for _, v := range views {
				ctx, gold, _ := p.render(tt.spec, v)
				assert.Equal(t, tt.gold, gold.Canonical(), "view %s", v)
				assert.Equal(t, tt.gold, replyValue(New().Reply(worlds.Oracle, ctx)), "oracle in %s", v)
			}
		})
	}
}

func TestExampleMoveLists(t *testing.T) {
	g, err := replay(StartFEN, strings.Fields("e2e4 e7e5 g1f3 d7d6 f1c4 c8g4 b1c3 g7g6 f3e5 g4d1 c4f7 e8e7 c3d5"))
	require.NoError(t, err)
	white, black := captureCountSpec(g, chesslib.White), captureCountSpec(g, chesslib.Black)
	assert.Equal(t, "2", white.truth.Canonical())
	assert.Equal(t, "1", black.truth.Canonical())
	assert.Equal(t, "Here are the moves of a game from the standard starting position, in UCI notation: "+
		"e2e4 e7e5 g1f3 d7d6 f1c4 c8g4 b1c3 g7g6 f3e5 g4d1 c4f7 e8e7 c3d5. How many captures did White make?", white.question)
	assert.Equal(t, "1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5#", sanText(g))
	assert.Equal(t, chesslib.Checkmate, g.last().status())

	start, err := replay(StartFEN, examplePlies)
	require.NoError(t, err)
	san := sanLegalSpec(start)
	assert.Equal(t, "The game so far, from the standard starting position, in SAN: 1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6. "+
		"Give one legal move for the side to move that is neither a capture nor a promotion.", san.question)
	assert.Len(t, san.truth.Members, 33)
	assert.Contains(t, san.truth.Members, "e1g1")
	assert.NotContains(t, san.truth.Members, "f3e5")
	assert.NotContains(t, san.truth.Members, "c4f7")

	for _, sp := range []spec{white, black, san} {
		ctx, gold, _ := (&position{}).render(sp, ViewOff)
		assert.True(t, strings.HasPrefix(ctx, "## Current observation\n(no board is shown)\n\n## Question\n"), ctx)
		assert.True(t, gold.Accepts(replyValue(New().Reply(worlds.Oracle, ctx))), sp.question)
	}
}

func TestExampleHiddenSquare(t *testing.T) {
	p := examplePosition(t)
	asked := p.hiddenSpec(sq("d8"))
	twin := p.hiddenSpec(sq("e5"))
	want := map[string][2]string{
		ViewOff:        {"unknown", "black pawn"},
		ViewTruth:      {"black queen", "black pawn"},
		ViewTransposed: {"unknown", "black pawn"},
		ViewFlipTurn:   {"unknown", "black pawn"},
	}
	for _, v := range views {
		ctx, gold, m := p.render(asked, v)
		assert.Equal(t, want[v][0], gold.Canonical(), "d8 in %s", v)
		assert.Equal(t, []string{"a3", "d8"}, m.Masked)
		assert.Contains(t, ctx, "8 r n . ? k b n r\n")
		assert.Contains(t, ctx, "  a b c d e f g h\n('?' means hidden)\nSide to move: white")
		assert.Equal(t, want[v][0], replyValue(New().Reply(worlds.Oracle, ctx)), "oracle on d8 in %s", v)
		_, gold, _ = p.render(twin, v)
		assert.Equal(t, want[v][1], gold.Canonical(), "e5 in %s", v)
	}
	assert.Equal(t, []string{"black bishop", "black king", "black knight", "black pawn", "black queen", "black rook",
		"empty", "white bishop", "white king", "white knight", "white pawn", "white queen", "white rook"}, asked.options)
	assert.True(t, slices.IsSorted(asked.options))
}

// TestExampleView is the fen-truth observation of the worked example, byte
// for byte.
func TestExampleView(t *testing.T) {
	p := examplePosition(t)
	ctx, _, _ := p.render(p.defendedSpec(sq("e5")), ViewTruth)
	want := `## Current observation
You are evaluating a chess position.
Coordinates follow standard chess notation: files a-h, ranks 1-8.
Board ('.' means empty):
8 r n . q k b n r
7 p p p . . p . p
6 . . . p . . p .
5 . . . . p . . .
4 . . B . P . b .
3 . . N . . N . .
2 P P P P . P P P
1 R . B Q K . . R
  a b c d e f g h
Side to move: white
FEN: rn1qkbnr/ppp2p1p/3p2p1/4p3/2B1P1b1/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 0 5

## Question
Is the black pawn on e5 defended by its own side?

Answer schema: defended=<yes|no|unknown>`
	assert.Equal(t, want, ctx)
}

// replyValue is the value of a reply's last line, key=value.
func replyValue(reply string) string {
	lines := strings.Split(strings.TrimSpace(reply), "\n")
	_, v, _ := strings.Cut(lines[len(lines)-1], "=")
	return v
}
