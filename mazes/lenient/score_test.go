package lenient

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hallumaze/hallumaze/mazes"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestScoreLenientKeepsStrict: where the strict tier reads a reply, the
// lenient tier scores it exactly as the strict tier does, for every
// realistic reply under mazes/testdata/replies, on every maze they answer.
func TestScoreLenientKeepsStrict(t *testing.T) {
	ms := replyMazes(t)
	for _, rc := range replies(t) {
		for _, m := range ms {
			t.Run(fmt.Sprintf("%s/%dx%d", rc.name, m.Size(), m.Size()), func(t *testing.T) {
				keepsStrict(t, m, rc.text)
			})
		}
	}
}

func keepsStrict(t *testing.T, m *mazes.Maze, text string) {
	tr := mazes.ParseReply(text)
	ls := Score(m, text)
	strictReads := len(tr.Steps) > 0 || tr.HasFinalPath
	assert.Equal(t, strictReads, ls.Format.Compliant == 1)
	assert.Equal(t, 1, ls.Format.Replies)
	if !strictReads {
		return
	}
	assert.Equal(t, FormStrict, ls.Form)
	if diff := cmp.Diff(mazes.Score(m, tr), ls.Scores); diff != "" {
		t.Errorf("lenient scores differ from strict (-strict +lenient):\n%s", diff)
	}
}

// movesText writes the solution's moves in a form the strict tier cannot
// read: "RIGHT, DOWN, ...".
func movesText(sol []mazes.Cell) string {
	words := map[mazes.Dir]string{mazes.North: "UP", mazes.East: "RIGHT", mazes.South: "DOWN", mazes.West: "LEFT"}
	var parts []string
	for i := 1; i < len(sol); i++ {
		parts = append(parts, words[sol[i-1].DirTo(sol[i])])
	}
	return strings.Join(parts, ", ")
}

func cellsText(cells []mazes.Cell) string {
	parts := make([]string, len(cells))
	for i, c := range cells {
		parts[i] = c.String()
	}
	return strings.Join(parts, " -> ")
}

func TestScoreLenientWalks(t *testing.T) {
	m, err := mazes.Generate(5, 3, mazes.DFS)
	require.NoError(t, err)
	sol := m.Solution()
	// A cell two moves down the solution, for a jump.
	jumped := append([]mazes.Cell{sol[0], sol[1]}, sol[3:]...)
	wall := mazes.Cell{R: 0, C: 0}.Move(mazes.South)
	if m.IsOpen(mazes.Cell{R: 0, C: 0}, mazes.South) {
		wall = mazes.Cell{R: 0, C: 0}.Move(mazes.East)
	}
	for _, tc := range []struct {
		name, reply string
		form        Form
		sr          float64
		hc, steps   int
		pathValid   bool
		optimal     bool
	}{
		{"directions", "Moves: " + movesText(sol), FormMoves, 1, 0, len(sol) - 1, true, true},
		{"coordinates", "Path: " + cellsText(sol), FormPath, 1, 0, len(sol) - 1, true, true},
		{"coordinates without START", "Path: " + cellsText(sol[1:]), FormPath, 1, 0, len(sol) - 1, true, true},
		{"a jump", "Path: " + cellsText(jumped), FormPath, 0, 1, len(sol) - 2, false, false},
		{"into a wall", "Move: " + map[bool]string{true: "E", false: "S"}[wall.C == 1], FormMoves, 0, 1, 1, false, false},
		{"one good move", "I'll go " + sol[0].DirTo(sol[1]).Letter() + ".", FormMoves, 0, 0, 1, false, false},
		{"nothing", "I'm not sure which is right.", FormNone, 0, 0, 0, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ls := Score(m, tc.reply)
			assert.Equal(t, tc.form, ls.Form)
			assert.Equal(t, tc.sr, ls.SR)
			assert.Equal(t, tc.hc, ls.HC)
			assert.Equal(t, tc.steps, ls.Steps)
			assert.Equal(t, tc.pathValid, ls.PathValid)
			assert.Equal(t, tc.optimal, ls.Optimal)
			assert.Equal(t, 0, ls.Format.Compliant)
			assert.Equal(t, b2i(tc.form != FormNone), ls.Format.LenientOnly)
			assert.Equal(t, b2i(tc.form == FormNone), ls.Format.ParseFailures)
		})
	}
	// The jump lands where it says: the walk goes on from the cell named.
	r := Parse("Path: " + cellsText(jumped))
	w := mazes.Verify(m, r.Transcript(m).Steps)
	assert.Equal(t, m.Exit(), w.End)
	assert.Equal(t, 1, w.HC)
	assert.True(t, w.Checks[1].Teleport, "the jump is one teleporting step")
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestLenientScoresJSON: the lenient scores keep the score JSON's keys and
// add form and format.
func TestLenientScoresJSON(t *testing.T) {
	m, err := mazes.Generate(4, 1, mazes.DFS)
	require.NoError(t, err)
	b, err := json.Marshal(Score(m, "E"))
	require.NoError(t, err)
	var got map[string]any
	require.NoError(t, json.Unmarshal(b, &got))
	for _, key := range []string{"sr", "hc", "mei", "score", "ce", "form", "format"} {
		assert.Contains(t, got, key)
	}
	assert.Equal(t, map[string]any{"replies": 1.0, "compliant": 0.0, "compliance": 0.0, "lenient_only": 1.0, "reasks": 0.0, "parse_failures": 0.0}, got["format"])
}

// TestLenientEpisode drives an episode with replies that ignore the
// contract.
func TestLenientEpisode(t *testing.T) {
	m, err := mazes.Generate(5, 3, mazes.DFS)
	require.NoError(t, err)
	sol := m.Solution()
	words := map[mazes.Dir]string{mazes.North: "I'll go north.", mazes.East: "Move: right", mazes.South: "**S**", mazes.West: "My next move is: W"}

	t.Run("prose moves reach the exit", func(t *testing.T) {
		e := NewEpisode(m, mazes.PromptOptions{Lang: mazes.English}, 0)
		assert.Equal(t, mazes.Lenient, e.Tier())
		for i := 1; i < len(sol); i++ {
			ans, res, done := e.Turn(words[sol[i-1].DirTo(sol[i])])
			require.False(t, done)
			require.True(t, res.Moved, "turn %d: %q", i, ans)
			assert.True(t, res.Check.Valid)
			assert.False(t, res.Compliant)
			assert.Equal(t, i, e.Format().LenientOnly, "turn %d read as a move only the lenient tier reads", i)
		}
		_, _, done := e.Turn("Done!")
		require.True(t, done)
		assert.Equal(t, mazes.EndExit, e.Stats().EndReason)
		s := e.Scores()
		assert.Equal(t, 1.0, s.SR, "no FINAL_PATH, no fault, the walk ends at EXIT")
		assert.Equal(t, 0, s.HC)
		f := e.Format()
		assert.Equal(t, len(sol), f.Replies)
		assert.Equal(t, 0, f.Compliant)
		assert.Equal(t, len(sol)-1, f.LenientOnly)
		assert.Equal(t, 0.0, f.Compliance)
		strict := e.StrictScores()
		assert.Equal(t, 0, strict.Steps, "the strict tier read no move: its walk is empty")
		assert.Equal(t, 0.0, strict.SR)
	})

	t.Run("re-ask, then a move", func(t *testing.T) {
		e := NewEpisode(m, mazes.PromptOptions{Lang: mazes.English}, 0)
		ans, res, done := e.Turn("Hmm, let me think about this maze.")
		require.False(t, done)
		assert.Equal(t, "Reply with one move: N, E, S or W.\n", ans)
		assert.True(t, res.Reasked)
		assert.False(t, res.Moved)
		d := sol[0].DirTo(sol[1])
		ans, res, done = e.Turn(d.Letter())
		require.False(t, done)
		assert.True(t, res.Moved)
		assert.Contains(t, ans, "You are at "+sol[1].String())
		assert.Equal(t, 1, e.Format().Reasks)
		assert.Equal(t, 0, e.Format().ParseFailures)
		assert.Equal(t, 0, e.Stats().IdleTurns)
	})

	t.Run("two failures end the turn, three such turns the episode", func(t *testing.T) {
		e := NewEpisode(m, mazes.PromptOptions{Lang: mazes.English}, 0)
		for turn := 1; turn <= mazes.MaxIdleTurns; turn++ {
			ans, res, done := e.Turn("?")
			require.False(t, done)
			assert.True(t, res.Reasked)
			require.Equal(t, "Reply with one move: N, E, S or W.\n", ans)
			ans, res, done = e.Turn("")
			assert.True(t, res.ParseFailure)
			if turn < mazes.MaxIdleTurns {
				require.False(t, done)
				assert.Equal(t, "No move found. Write exactly one line: STEP k: (r,c) → D. You are at (0,0): "+openDirs(m, mazes.Cell{R: 0, C: 0})+".\n", ans)
			} else {
				require.True(t, done)
			}
		}
		assert.Equal(t, mazes.EndNoMove, e.Stats().EndReason)
		assert.Equal(t, mazes.MaxIdleTurns, e.Stats().IdleTurns)
		f := e.Format()
		assert.Equal(t, 2*mazes.MaxIdleTurns, f.Replies)
		assert.Equal(t, mazes.MaxIdleTurns, f.Reasks)
		assert.Equal(t, mazes.MaxIdleTurns, f.ParseFailures)
	})

	t.Run("korean re-ask", func(t *testing.T) {
		e := NewEpisode(m, mazes.PromptOptions{Lang: mazes.Korean}, 0)
		ans, _, _ := e.Turn("")
		assert.Equal(t, "이동 하나로 답하세요: N, E, S 또는 W.\n", ans)
	})

	t.Run("the strict tier's walk stops where the contract was first broken", func(t *testing.T) {
		e := NewEpisode(m, mazes.PromptOptions{Lang: mazes.English, Confidence: true}, 0)
		for i := 1; i <= 3; i++ {
			_, res, _ := e.Turn(fmt.Sprintf("STEP %d: %v → %s | confidence: 90%%", i, sol[i-1], sol[i-1].DirTo(sol[i])))
			require.True(t, res.Compliant)
		}
		before := e.Scores()
		_, res, _ := e.Turn(words[sol[3].DirTo(sol[4])])
		require.True(t, res.Moved)
		require.False(t, res.Compliant)
		_, res, _ = e.Turn(fmt.Sprintf("STEP 5: %v → %s", sol[4], sol[4].DirTo(sol[5])))
		require.True(t, res.Compliant)
		assert.Equal(t, before, e.StrictScores())
		assert.Equal(t, 3, e.StrictScores().Steps)
		assert.Equal(t, 5, e.Scores().Steps)
		assert.InDelta(t, 4.0/5.0, e.Format().Compliance, 1e-12)
	})

	t.Run("a path is walked one cell a turn", func(t *testing.T) {
		e := NewEpisode(m, mazes.PromptOptions{Lang: mazes.English}, 0)
		_, res, _ := e.Turn("Path: " + cellsText(sol[:4]))
		require.True(t, res.Moved)
		assert.Equal(t, sol[1], e.Position())
		assert.Equal(t, 2, e.Stats().ExtraSteps)
	})
}

// TestPropLenientEpisode: whatever mix of replies a model sends, the
// lenient episode stays in the grid, ends within MaxReplies, and keeps its
// counts consistent.
func TestPropLenientEpisode(t *testing.T) {
	replies := []string{"", "Hmm.", "E", "S", "N", "W", "I'll go east.", "Move: down", "Path: (0,0) -> (0,1) -> (1,1)",
		"<think>x</think>\nS", "STEP 1: (0,0) → E", "STEP 2: (9,9) → S", "LOOP at (0,0)\nnorth", "north or east?"}
	rapid.Check(t, func(t *rapid.T) {
		m := genMazeEnds(t)
		e := NewEpisode(m, mazes.PromptOptions{Lang: mazes.English}, rapid.IntRange(0, 30).Draw(t, "budget"))
		limit := e.MaxReplies()
		n := 0
		for ; n < limit && !e.Done(); n++ {
			reply := rapid.SampledFrom(replies).Draw(t, "reply")
			_, res, _ := e.Turn(reply)
			if !m.In(e.Position()) {
				t.Fatalf("the walk left the grid at %v", e.Position())
			}
			if res.Moved && res.Check.To != e.Position() {
				t.Fatalf("moved to %v, stands at %v", res.Check.To, e.Position())
			}
		}
		f, st := e.Format(), e.Stats()
		switch {
		case f.Replies != st.Turns:
			t.Fatalf("%d replies counted, %d turns", f.Replies, st.Turns)
		case f.Compliant+f.LenientOnly > f.Replies, f.Reasks > f.Replies, f.ParseFailures > f.Reasks:
			t.Fatalf("inconsistent format counts %+v", f)
		case st.StepsUsed > st.Budget:
			t.Fatalf("%d steps over a budget of %d", st.StepsUsed, st.Budget)
		case e.StrictScores().Steps > e.Scores().Steps:
			t.Fatal("the strict walk is longer than the walk")
		}
		if s := e.Scores(); s.Steps != st.StepsUsed || s.MEI < 0 || s.MEI > 1 || s.Score < 0 || s.Score > 1 {
			t.Fatalf("scores %+v for %d steps", s, st.StepsUsed)
		}
	})
}

// FuzzLenientEpisode plays a script of replies (separated by turnSep)
// through a lenient episode.
func FuzzLenientEpisode(f *testing.F) {
	f.Add("E"+turnSep+"hmm"+turnSep+""+turnSep+"Move: down"+turnSep+"STEP 3: (1,1) → E", uint8(0))
	f.Add("<think>x</think>S"+turnSep+"Path: (0,0) -> (0,1) -> (1,1)"+turnSep+"FINAL_PATH: (0,0)", uint8(2))
	ms := fuzzMazes(f)
	f.Fuzz(func(t *testing.T, script string, budget uint8) {
		for _, m := range ms {
			e := NewEpisode(m, mazes.PromptOptions{Lang: mazes.English}, int(budget))
			replies := strings.Split(script, turnSep)
			for _, reply := range replies {
				answer, res, done := e.Turn(reply)
				if !m.In(e.Position()) {
					t.Fatalf("the walk left the grid: %v", e.Position())
				}
				if done != (answer == "") {
					t.Fatalf("done %v with answer %q", done, answer)
				}
				if res.Reasked && (res.Moved || answer != reask) {
					t.Fatalf("a re-ask that moved or said %q", answer)
				}
				if done {
					break
				}
			}
			f, st := e.Format(), e.Stats()
			if f.Replies != st.Turns || f.ParseFailures != st.IdleTurns || st.StepsUsed != len(e.Transcript().Steps) {
				t.Fatalf("inconsistent counts: format %+v, stats %+v", f, st)
			}
			tr := e.Transcript()
			checkScores(t, e.Scores(), len(tr.Steps), tr.HasFinalPath)
		}
	})
}

// TestScoreLenientGrids scores the solution drawn on maze-dataset's ASCII
// grid, and given in the grid's character coordinates, against the maze:
// both are the solution, so SR is 1 and no move is a hallucination.
func TestScoreLenientGrids(t *testing.T) {
	m, err := mazes.Generate(5, 3, mazes.DFS)
	require.NoError(t, err)
	n := m.Size()
	grid := make([][]rune, 2*n+1)
	for r := range grid {
		grid[r] = []rune(strings.Repeat("#", 2*n+1))
	}
	for r := range n {
		for c := range n {
			grid[2*r+1][2*c+1] = ' '
			if m.IsOpen(mazes.Cell{R: r, C: c}, mazes.East) {
				grid[2*r+1][2*c+2] = ' '
			}
			if m.IsOpen(mazes.Cell{R: r, C: c}, mazes.South) {
				grid[2*r+2][2*c+1] = ' '
			}
		}
	}
	sol := m.Solution()
	var chars []string
	for i, c := range sol {
		grid[2*c.R+1][2*c.C+1] = '*'
		if i > 0 {
			p := sol[i-1]
			grid[p.R+c.R+1][p.C+c.C+1] = '*'
		}
		chars = append(chars, mazes.Cell{R: 2*c.R + 1, C: 2*c.C + 1}.String())
	}
	grid[1][1], grid[2*n-1][2*n-1] = 'S', 'E'
	var drawing []string
	for _, row := range grid {
		drawing = append(drawing, string(row))
	}
	for name, reply := range map[string]string{
		"drawn":      "My path:\n\n```\n" + strings.Join(drawing, "\n") + "\n```",
		"char-cells": "Path: " + strings.Join(chars, " -> "),
	} {
		t.Run(name, func(t *testing.T) {
			s := Score(m, reply)
			assert.Equal(t, FormPath, s.Form)
			assert.Equal(t, 1.0, s.SR)
			assert.Zero(t, s.HC)
			assert.Equal(t, name == "char-cells", s.CharGrid)
		})
	}
}

// TestScoreReplyIsTheThree: ScoreReply gives what ParseReply, Verify,
// Score and Score give, over the labelled corpus (prose, paths, moves,
// reasoning blocks, refusals) and the replies of the reply tests, on a
// maze of each reply's own and on another.
func TestScoreReplyIsTheThree(t *testing.T) {
	other, err := mazes.Generate(7, 3, mazes.DFS)
	require.NoError(t, err)
	check := func(name string, m *mazes.Maze, text string) {
		tr, w, s, ls := ScoreReply(m, text)
		if diff := cmp.Diff(mazes.ParseReply(text), tr); diff != "" {
			t.Errorf("%s: transcript (-want +got):\n%s", name, diff)
		}
		if diff := cmp.Diff(mazes.Verify(m, tr.Steps), w); diff != "" {
			t.Errorf("%s: walk (-want +got):\n%s", name, diff)
		}
		if diff := cmp.Diff(mazes.Score(m, mazes.ParseReply(text)), s); diff != "" {
			t.Errorf("%s: strict scores (-want +got):\n%s", name, diff)
		}
		if diff := cmp.Diff(Score(m, text), ls); diff != "" {
			t.Errorf("%s: lenient scores (-want +got):\n%s", name, diff)
		}
	}
	for _, rc := range loadCorpus(t) {
		m := rc.maze
		if m == nil {
			m = other
		}
		check(rc.file+"/"+rc.id, m, rc.reply)
	}
	ms := append(replyMazes(t), other)
	for _, rc := range replies(t) {
		for _, m := range ms {
			check(fmt.Sprintf("%s on %d×%d", rc.name, m.Size(), m.Size()), m, rc.text)
		}
	}
	check("too long", other, strings.Repeat("STEP 1: (0,0) → E\n", mazes.MaxReply/10))
}
