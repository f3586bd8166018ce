package chess

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// This file runs chess.js, a second rules engine, for the differential
// tests: one node process per test answers every request, one JSON line
// each way (testdata/chessjs_driver.mjs says what it answers).

// chessJSVersion is the chess.js that scripts/chessjs.sh pins and the
// differential tests were written against.
const chessJSVersion = "1.4.0"

// chessJSInstall is what a skipped test tells the reader to run.
const chessJSInstall = "scripts/chessjs.sh (npm installs chess.js@" + chessJSVersion + " into a cache folder)"

// jsRequest asks chess.js about the position fen after plies: the
// analysis of every position along the line (every) or of the last one,
// with the FEN after each legal move (after) and the squares each side
// attacks (attacks); boardOnly reads the board of
// a FEN that need not be legal; epVariants analyses the FEN with each en
// passant field its board allows ("-" first).
type jsRequest struct {
	ID         int      `json:"id"`
	FEN        string   `json:"fen"`
	Plies      []string `json:"plies,omitempty"`
	Every      bool     `json:"every,omitempty"`
	After      bool     `json:"after,omitempty"`
	Attacks    bool     `json:"attacks,omitempty"`
	BoardOnly  bool     `json:"boardOnly,omitempty"`
	EPVariants bool     `json:"epVariants,omitempty"`
}

// jsStep is one ply as chess.js played it: SAN, flags (n quiet, b double
// pawn push, c capture, e en passant, p promotion, k and q castling) and
// the FEN after it.
type jsStep struct {
	SAN   string `json:"san"`
	Flags string `json:"flags"`
	FEN   string `json:"fen"`
}

// jsNode is chess.js's analysis of one position. Board, AttW and AttB
// (asked for with attacks, else empty) have one byte a square in a1, b1,
// …, h8 order: the FEN letter ('.' empty), and '1' where White (Black)
// attacks the square. Moves are sorted by UCI, each [uci, san, flags] or
// [uci, san, flags, fen after].
type jsNode struct {
	FEN          string     `json:"fen"`
	Board        string     `json:"board"`
	Check        bool       `json:"check"`
	Mate         bool       `json:"mate"`
	Stale        bool       `json:"stale"`
	Insufficient bool       `json:"insufficient"`
	AttW         string     `json:"attW"`
	AttB         string     `json:"attB"`
	Moves        [][]string `json:"moves"`
}

// jsAnswer is the answer to one request.
type jsAnswer struct {
	ID    int      `json:"id"`
	Error string   `json:"error"`
	Steps []jsStep `json:"steps"`
	Nodes []jsNode `json:"nodes"`
}

// last is the analysis of the line's last position.
func (a jsAnswer) last() jsNode { return a.Nodes[len(a.Nodes)-1] }

// chessJSDir is the folder holding node_modules/chess.js: $HALLUMAZE_CHESSJS,
// else the cache folder scripts/chessjs.sh installs into. The test skips,
// saying how to install, when node or the package is missing, and fails
// when the folder holds another version than the pin.
func chessJSDir(t *testing.T) (node, dir string) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skipf("node is not installed: the chess.js differential test needs Node.js 18 or later, then %s", chessJSInstall)
	}
	dir = os.Getenv("HALLUMAZE_CHESSJS")
	if dir == "" {
		// The script's ${XDG_CACHE_HOME:-$HOME/.cache}, on every system.
		cache := os.Getenv("XDG_CACHE_HOME")
		if cache == "" {
			home, err := os.UserHomeDir()
			if err != nil {
				t.Skipf("no home folder (%v): set HALLUMAZE_CHESSJS or run %s", err, chessJSInstall)
			}
			cache = filepath.Join(home, ".cache")
		}
		dir = filepath.Join(cache, "hallumaze", "chessjs", chessJSVersion)
	}
	data, err := os.ReadFile(filepath.Join(dir, "node_modules", "chess.js", "package.json"))
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("chess.js is not installed in %s: run %s", dir, chessJSInstall)
	}
	if err != nil {
		t.Fatalf("read chess.js's package.json: %v", err)
	}
	var pkg struct{ Version string }
	if err := json.Unmarshal(data, &pkg); err != nil {
		t.Fatalf("read chess.js's package.json in %s: %v", dir, err)
	}
	if pkg.Version != chessJSVersion {
		t.Fatalf("%s holds chess.js %s, want the pinned %s: run %s", dir, pkg.Version, chessJSVersion, chessJSInstall)
	}
	return node, dir
}

// askChessJS sends every request to one node process running the driver
// and returns the answers in request order.
func askChessJS(t *testing.T, reqs []jsRequest) []jsAnswer {
	t.Helper()
	answers := make([]jsAnswer, 0, len(reqs))
	streamChessJS(t, reqs, func(_ int, a jsAnswer) { answers = append(answers, a) })
	return answers
}

// streamChessJS sends every request to one node process running the
// driver and hands each answer to handle, in request order, as it
// arrives, so the comparison runs while chess.js works. Requests are
// written from a goroutine, so neither pipe fills up.
func streamChessJS(t *testing.T, reqs []jsRequest, handle func(i int, a jsAnswer)) {
	t.Helper()
	node, dir := chessJSDir(t)
	driver, err := filepath.Abs(filepath.Join("testdata", "chessjs_driver.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, driver, dir)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("start the chess.js driver: %v", err)
	}
	for i := range reqs {
		reqs[i].ID = i
	}
	written := make(chan error, 1)
	go func() { written <- writeRequests(stdin, reqs) }()

	n := 0
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 0, 1<<20), 64<<20)
	for sc.Scan() {
		var a jsAnswer
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatalf("chess.js driver answer %d: %v", n, err)
		}
		if a.ID != n {
			t.Fatalf("chess.js driver answered request %d, want %d", a.ID, n)
		}
		handle(n, a)
		n++
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("read the chess.js driver: %v", err)
	}
	if err := <-written; err != nil {
		t.Fatalf("write to the chess.js driver: %v\n%s", err, stderr.String())
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("chess.js driver: %v\n%s", err, stderr.String())
	}
	if n != len(reqs) {
		t.Fatalf("chess.js driver answered %d of %d requests\n%s", n, len(reqs), stderr.String())
	}
}

// writeRequests writes the requests as JSON lines and closes w.
func writeRequests(w io.WriteCloser, reqs []jsRequest) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	enc := json.NewEncoder(bw)
	for i := range reqs {
		if err := enc.Encode(reqs[i]); err != nil {
			w.Close()
			return fmt.Errorf("request %d: %w", i, err)
		}
	}
	if err := bw.Flush(); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

// wellFormed reports whether an answer has a position with its board and
// attacked squares.
func wellFormed(a jsAnswer) bool {
	if len(a.Nodes) == 0 {
		return false
	}
	n := a.last()
	return len(n.Board) == 64 && len(n.AttW) == 64 && len(n.AttB) == 64
}

// jsCaptures reports whether a legal move in a chess.js analysis removes
// the piece on sq: a capture on it, or en passant from beside it.
func jsCaptures(n jsNode, sq string) bool {
	for _, mv := range n.Moves {
		if jsVictim(mv[0], mv[2]) == sq {
			return true
		}
	}
	return false
}

// squareIndex is a square's index in a chess.js board string (a1 = 0).
func squareIndex(s string) int { return int(s[1]-'1')*8 + int(s[0]-'a') }

// squareName is the name of index i of a board string.
func squareName(i int) string { return string([]byte{byte('a' + i%8), byte('1' + i/8)}) }

// jsTurn is the side to move of a FEN, "white" or "black".
func jsTurn(fen string) string {
	if f := strings.Fields(fen); len(f) > 1 && f[1] == "b" {
		return "black"
	}
	return "white"
}

func otherColour(c string) string {
	if c == "white" {
		return "black"
	}
	return "white"
}

// jsColour is the colour of a FEN letter.
func jsColour(c byte) string {
	if c >= 'a' && c <= 'z' {
		return "black"
	}
	return "white"
}

// jsPiece names a FEN letter as the questions do: "black knight", "empty".
func jsPiece(c byte) string {
	names := map[byte]string{'k': "king", 'q': "queen", 'r': "rook", 'b': "bishop", 'n': "knight", 'p': "pawn"}
	if c == '.' {
		return "empty"
	}
	return jsColour(c) + " " + names[c|0x20]
}

// plainSAN is a SAN without its check or mate mark.
func plainSAN(san string) string { return strings.TrimRight(san, "+#") }

// TestDifferentialDriverReadsAlteredFEN: a view's FEN line can name an en
// passant square whose pawn the view swapped away (chess-builtin seed 365,
// fen-transposed: the pawn on c5 and the bishop on a6). chess.js 1.4.0
// accepts such a FEN, and its fen() turns the bishop into a pawn; the
// driver reads the board first.
func TestDifferentialDriverReadsAlteredFEN(t *testing.T) {
	skipDifferential(t)
	const line = "r2k3r/p3qpb1/p3p1p1/2bPN3/Bp2P1Q1/2N3Pp/PnPB1P1P/R3KR2 w Q c6 0 8"
	a := askChessJS(t, []jsRequest{{FEN: line, BoardOnly: true}})
	require.Empty(t, a[0].Error)
	b := a[0].last().Board
	require.Len(t, b, 64)
	require.Equal(t, "b", string(b[squareIndex("c5")]), "c5 as chess.js read it")
	require.Equal(t, "p", string(b[squareIndex("a6")]), "a6 as chess.js read it")
	require.Equal(t, line, a[0].last().FEN)
}
