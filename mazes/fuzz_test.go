package mazes

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The fuzz targets for the parser of model output. Their seed corpora under
// testdata/fuzz hold the realistic replies of testdata/replies (and, for
// FuzzEpisode, the same walks cut into one move per turn).

// turnSep separates the replies of one FuzzEpisode input: each piece is one
// turn of the model.
const turnSep = "\x1e"

func FuzzParseReply(f *testing.F) {
	f.Add("STEP 1: (0,0) → E | confidence: 90%\nFINAL_PATH: (0,0)→(0,1)")
	f.Add("- **STEP 2:** (0,1) -> [S↓] | 확신도: 0.7\nCONFIDENCE_LOG: 1:90, 2:0.7\nLOOP at (1,1)\nDEAD_END")
	f.Add("FINAL_PATH:\n(0,0) → (1,0) →\n(1,1)\nBACKTRACK_COUNT: 3")
	mazes := fuzzMazes(f)
	f.Fuzz(func(t *testing.T, reply string) {
		tr := ParseReply(reply)
		checkTranscript(t, reply, tr)
		if again := ParseReply(reply); !cmp.Equal(tr, again) {
			t.Fatalf("ParseReply is not deterministic:\n%s", cmp.Diff(tr, again))
		}
		checkRoundTrip(t, tr)
		for _, m := range mazes {
			checkScores(t, Score(m, tr), len(tr.Steps), tr.HasFinalPath)
		}
	})
}

func FuzzEpisode(f *testing.F) {
	f.Add("STEP 1: (0,0) → E"+turnSep+"STEP 2: (0,1) → N"+turnSep+"FINAL_PATH: (0,0)", uint8(0), false, false)
	f.Add("hello"+turnSep+turnSep+"LOOP", uint8(3), true, true)
	mazes := fuzzMazes(f)
	f.Fuzz(func(t *testing.T, script string, budget uint8, korean, hints bool) {
		opt := PromptOptions{Lang: English, Confidence: true, Mirage: true}
		if korean {
			opt.Lang = Korean
		}
		for _, m := range mazes {
			e := NewEpisode(m, opt, int(budget))
			if open := e.Opening(); !strings.Contains(open.User, "(0,0)") {
				t.Fatalf("opening does not say where the walk starts:\n%s", open.User)
			}
			replies := strings.Split(script, turnSep)
			turns := 0
			for _, reply := range replies {
				if hints {
					e.Hint("go back")
				}
				answer, res, done := e.Turn(reply)
				if !m.In(e.Position()) {
					t.Fatalf("the walk left the grid: %v", e.Position())
				}
				if done {
					if answer != "" {
						t.Fatalf("an ended episode answered %q", answer)
					}
					break
				}
				turns++
				if answer == "" {
					t.Fatal("a running episode gave no answer")
				}
				if res.Moved && res.Check.To != e.Position() {
					t.Fatalf("the turn moved to %v but the walk is at %v", res.Check.To, e.Position())
				}
			}
			if e.Done() {
				if a, _, done := e.Turn("STEP 1: (0,0) → E"); !done || a != "" {
					t.Fatal("an ended episode took another turn")
				}
			}
			st := e.Stats()
			tr := e.Transcript()
			switch {
			case st.Turns > len(replies) || st.Turns < turns:
				t.Fatalf("turns %d for %d replies", st.Turns, len(replies))
			case st.StepsUsed != len(tr.Steps):
				t.Fatalf("steps used %d, transcript steps %d", st.StepsUsed, len(tr.Steps))
			case st.StepsUsed > st.Budget:
				t.Fatalf("steps used %d over budget %d", st.StepsUsed, st.Budget)
			case st.WallBumps > st.StepsUsed, st.IdleTurns > st.Turns:
				t.Fatalf("inconsistent stats %+v", st)
			case st.EndReason == EndNoMove && st.IdleTurns < MaxIdleTurns:
				t.Fatalf("ended for no move after %d idle turns", st.IdleTurns)
			}
			s := e.Scores()
			checkScores(t, s, len(tr.Steps), tr.HasFinalPath)
			if s.WallCrossings+s.OffGrid != st.WallBumps {
				t.Fatalf("wall crossings %d + off grid %d, wall bumps %d", s.WallCrossings, s.OffGrid, st.WallBumps)
			}
		}
	})
}

// fuzzMazes are the mazes fuzz inputs are scored against: the smallest, and
// the 5×5 maze most replies answer.
func fuzzMazes(f *testing.F) []*Maze {
	var out []*Maze
	for _, p := range []struct {
		n    int
		seed uint64
		alg  Algorithm
	}{{2, 0, DFS}, {5, 3, DFS}, {6, 7, Wilson}} {
		m, err := Generate(p.n, p.seed, p.alg)
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

// checkTranscript checks what the parser read for consistency with the
// reply's lines.
func checkTranscript(t *testing.T, reply string, tr Transcript) {
	t.Helper()
	read := reply
	if len(read) > MaxReply {
		read = read[:MaxReply]
	}
	if tr.Truncated != (len(reply) > MaxReply) {
		t.Fatalf("truncated %t for %d bytes", tr.Truncated, len(reply))
	}
	maxLines := strings.Count(read, "\n") + 1
	if tr.Lines > maxLines || tr.Lines < 0 {
		t.Fatalf("%d lines read from a reply of %d", tr.Lines, maxLines)
	}
	if tr.Unparsed+len(tr.Steps) > tr.Lines {
		t.Fatalf("%d unparsed + %d steps > %d lines", tr.Unparsed, len(tr.Steps), tr.Lines)
	}
	prev := 0
	for i, st := range tr.Steps {
		if st.Line <= prev || st.Line > tr.Lines {
			t.Fatalf("step %d on line %d after line %d of %d", i, st.Line, prev, tr.Lines)
		}
		prev = st.Line
		if st.HasConf && !(st.Conf >= 0 && st.Conf <= 1) || !st.HasConf && st.Conf != 0 {
			t.Fatalf("step %d confidence %v (has %t)", i, st.Conf, st.HasConf)
		}
		if st.K < 0 || bitsSet(st.Dir) != 1 {
			t.Fatalf("step %d: k %d dir %d", i, st.K, st.Dir)
		}
	}
	for _, e := range tr.ConfidenceLog {
		if !(e.Conf >= 0 && e.Conf <= 1) || e.Step < 0 {
			t.Fatalf("log entry %+v", e)
		}
	}
	if len(tr.FinalPath) > 0 && !tr.HasFinalPath {
		t.Fatal("cells without a FINAL_PATH")
	}
}

func bitsSet(d Dir) int { return popcount4(uint8(d)) }

// checkRoundTrip writes the parsed steps back in the seed's format and reads
// them again: the parser must read its own canonical form exactly.
func checkRoundTrip(t *testing.T, tr Transcript) {
	t.Helper()
	var b strings.Builder
	for _, st := range tr.Steps {
		fmt.Fprintf(&b, "STEP %d: %v → %s", st.K, st.From, st.Dir)
		if st.HasConf {
			b.WriteString(" | confidence: " + strconv.FormatFloat(st.Conf, 'f', -1, 64))
		}
		b.WriteString("\n")
	}
	back := ParseReply(b.String())
	if len(back.Steps) != len(tr.Steps) {
		t.Fatalf("round trip read %d of %d steps from:\n%s", len(back.Steps), len(tr.Steps), b.String())
	}
	for i, st := range back.Steps {
		want := tr.Steps[i]
		if st.K != want.K || st.From != want.From || st.Dir != want.Dir || st.HasConf != want.HasConf || st.Conf != want.Conf {
			t.Fatalf("round trip of step %d: got %+v, want %+v", i, st, want)
		}
	}
}

// checkScores checks that every metric is finite and in its range, and the
// relations the definitions imply.
func checkScores(t *testing.T, s Scores, steps int, hasFinalPath bool) {
	t.Helper()
	in01 := func(name string, v float64) {
		if !(v >= 0 && v <= 1) {
			t.Fatalf("%s = %v, want a number in [0,1]; scores %+v", name, v, s)
		}
	}
	in01p := func(name string, v *float64) {
		if v != nil {
			in01(name, *v)
		}
	}
	if s.SR != 0 && s.SR != 1 {
		t.Fatalf("SR = %v", s.SR)
	}
	for name, v := range map[string]float64{"HRR": s.HRR, "MEI": s.MEI, "BRS": s.BRS, "Score": s.Score, "E": s.EarlyError, "L": s.LoopEscape} {
		in01(name, v)
	}
	in01p("CE", s.CE)
	in01p("Brier", s.Brier)
	in01p("ECE", s.ECE)
	in01p("LureRate", s.LureRate)
	switch {
	case s.Steps != steps:
		t.Fatalf("steps %d, want %d", s.Steps, steps)
	case s.HC < 0 || s.HC > s.Steps, s.BT < 0 || s.BT > s.Steps:
		t.Fatalf("HC %d BT %d for %d steps", s.HC, s.BT, s.Steps)
	case (s.FHR == -1) != (s.HC == 0), s.FHR > s.Steps, s.FHR == 0 || s.FHR < -1:
		t.Fatalf("FHR %d with HC %d of %d steps", s.FHR, s.HC, s.Steps)
	case s.PathValid && (s.SR != 1 || !hasFinalPath):
		t.Fatal("a valid path without SR")
	case s.Optimal && !s.PathValid:
		t.Fatal("optimal but not valid")
	case s.Teleports+s.WallCrossings+s.OffGrid < s.HC:
		t.Fatalf("faults %d+%d+%d < HC %d", s.Teleports, s.WallCrossings, s.OffGrid, s.HC)
	case (s.CE == nil) != (s.ConfidenceSteps == 0), s.ConfidenceSteps > s.Steps:
		t.Fatalf("CE %v with %d confidence steps", s.CE, s.ConfidenceSteps)
	case s.LureFollows > s.MirageExposures, s.MirageExposures > s.Steps:
		t.Fatalf("lure %d/%d", s.LureFollows, s.MirageExposures)
	case s.SR == 1 && s.HC == 0 && (s.MEI != (hand{n: 2, fhr: -1, sr: true}).mei() || s.BRS != 1):
		t.Fatalf("a clean solved walk scored MEI %v BRS %v", s.MEI, s.BRS)
	}
	if math.IsNaN(s.Score) {
		t.Fatal("NaN score")
	}
	if _, err := json.Marshal(s); err != nil {
		t.Fatalf("score JSON: %v", err)
	}
}

// FuzzIsContractLine holds IsContractLine to ParseReply on any line.
func FuzzIsContractLine(f *testing.F) {
	for _, s := range []string{"STEP 1: (0,0) → E", "LOOP", "BACKTRACK_COUNT: x", "FINAL_PATH: (0,0)", "**STEP**", "a\nb"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		tr := ParseReply(line)
		want := tr.Unparsed == 0 && strings.TrimSpace(line) != ""
		if got := IsContractLine(line); got != want {
			t.Fatalf("%q: IsContractLine %v, ParseReply says %v", line, got, want)
		}
	})
}
