package walkers

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/mazes"
)

func TestReadAnswer(t *testing.T) {
	m, err := mazes.Generate(5, 1, mazes.DFS)
	require.NoError(t, err)
	at := func(r, c int) answer { return answer{pos: mazes.Cell{R: r, C: c}, hasPos: true} }
	for _, tc := range []struct {
		name, text string
		want       answer
	}{
		{"empty", "", answer{}},
		{"at", "You are at (2,3): [N↑ S↓].\n", at(2, 3)},
		{"start", "You are at (0,0): [E→ S↓]. Write your first STEP.\n", at(0, 0)},
		{"wall", "wall: no passage E from (2,3).\nYou are at (2,3): [N↑ S↓].\n", at(2, 3)},
		{"off grid", "outside the maze: no cell N of (0,0).\nYou are at (0,0): [E→ S↓].\n", at(0, 0)},
		{"teleport", "You wrote (1,1), but you were at (0,1); the move was made from there.\nYou are at (0,2): [W←].\n", at(0, 2)},
		{"no move", "No move found. Write exactly one line: STEP k: (r,c) → D. You are at (3,1): [E→].\n", at(3, 1)},
		{"exit", "EXIT reached at (4,4). Write your final output now: BACKTRACK_COUNT, HALLUCINATION_COUNT, CONFIDENCE_LOG and FINAL_PATH.\n",
			answer{pos: mazes.Cell{R: 4, C: 4}, hasPos: true, exit: true}},
		{"hint", "You are at (1,1): [N↑].\nHINT: you are in a loop; go back to (0,0): [E→]\n",
			answer{pos: mazes.Cell{R: 1, C: 1}, hasPos: true, hints: []string{"you are in a loop; go back to (0,0): [E→]"}}},
		{"korean at", "현재 위치는 (1,2): [N↑ E→] 입니다.\n", at(1, 2)},
		{"korean wall", "wall: (2,3)에서 E 방향으로 통로가 없습니다.\n현재 위치는 (2,3): [N↑] 입니다.\n", at(2, 3)},
		{"korean off grid", "미로 밖: (0,0)의 N 방향에는 셀이 없습니다.\n현재 위치는 (0,0): [E→] 입니다.\n", at(0, 0)},
		{"korean exit", "(4,4) 에서 EXIT에 도착했습니다. 이제 최종 출력을 쓰세요.\n",
			answer{pos: mazes.Cell{R: 4, C: 4}, hasPos: true, exit: true}},
		{"korean hint", "힌트: (0,0)(으)로 돌아가세요\n", answer{hints: []string{"(0,0)(으)로 돌아가세요"}}},
		{"outside the maze", "You are at (9,9): [N↑].\n", answer{}},
		{"spaces", "You are at ( 3 , 4 ) : [ W← ]\n", at(3, 4)},
		{"no list", "You are at (3,4).\n", answer{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := readAnswer(m, tc.text)
			if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(answer{})); diff != "" {
				t.Errorf("readAnswer(%q) (-want +got):\n%s", tc.text, diff)
			}
		})
	}
}

// TestInteractiveMatchesOneShot: without hints, the oracle and the explorer
// make the same moves turn by turn as in one reply.
func TestInteractiveMatchesOneShot(t *testing.T) {
	for _, name := range []string{"oracle", "explorer"} {
		for _, c := range grid([]int{5, 9}, []uint64{4}) {
			if c.proto != mazes.Interactive {
				continue
			}
			t.Run(name+"/"+c.String(), func(t *testing.T) {
				model := agent(t, name)
				turns := play(t, model, c, 0)
				one := c
				one.proto = mazes.OneShot
				whole := play(t, model, one, 0)
				if diff := cmp.Diff(stepsOf(whole.replies), stepsOf(turns.replies)); diff != "" {
					t.Errorf("moves (-one-shot +interactive):\n%s", diff)
				}
				assert.Equal(t, whole.scores.BT, turns.scores.BT)
				assert.Equal(t, whole.scores.LT, turns.scores.LT)
				assert.Equal(t, whole.scores.DeadEndLines, turns.scores.DeadEndLines)
			})
		}
	}
}

// TestHints: a hint turns the explorer to the shortest way to EXIT, with one
// STRATEGY_CHANGE line in the reply that follows it; the other agents do
// not change a byte.
func TestHints(t *testing.T) {
	for _, name := range allNames() {
		cases := grid([]int{7}, []uint64{1})
		if name == "explorer" {
			cases = grid([]int{7, 11}, []uint64{1, 2})
		}
		model := agent(t, name)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			for _, c := range cases {
				if c.proto == mazes.Interactive && !c.mirage {
					checkHint(t, name, model, c)
				}
			}
		})
	}
}

// checkHint plays a case with and without a hint a third of the way in.
func checkHint(t *testing.T, name string, model *Walker, c mazeCase) {
	t.Run(c.String(), func(t *testing.T) {
		plain := play(t, model, c, 0)
		hintAt := max(1, len(plain.replies)/3)
		hinted := play(t, model, c, hintAt)
		require.Equal(t, 1, hinted.stats.Hints)
		if name != "explorer" {
			if diff := cmp.Diff(plain.replies, hinted.replies); diff != "" {
				t.Errorf("%s changed its replies after a hint (-plain +hinted):\n%s", name, diff)
			}
			return
		}
		if hintAt >= len(plain.replies)-1 {
			t.Skip("the walk ended before the hint could be read")
		}
		require.Greater(t, len(hinted.replies), hintAt)
		after := hinted.replies[hintAt]
		assert.True(t, strings.HasPrefix(after, "STRATEGY_CHANGE — "), "the reply after the hint: %q", after)
		assert.Equal(t, 1, hinted.scores.StrategyChanges)
		if diff := cmp.Diff(plain.replies[:hintAt], hinted.replies[:hintAt]); diff != "" {
			t.Errorf("replies before the hint differ (-plain +hinted):\n%s", diff)
		}
		s := hinted.scores
		assert.Equal(t, 1.0, s.SR)
		assert.Zero(t, s.HC)
		assert.True(t, s.Optimal)
		assert.LessOrEqual(t, s.Steps, plain.scores.Steps, "a hint never lengthens the walk")
		m := c.maze(t)
		steps := mazes.ParseReply(strings.Join(hinted.replies, "\n")).Steps
		at := mazes.Verify(m, steps[:hintAt]).End
		assert.Equal(t, hintAt+len(mazes.Solve(m, at, m.Exit()))-1, s.Steps,
			"after the hint at %v the explorer takes the shortest way to EXIT", at)
	})
}

// TestHintFirstTurn: a hint in the very first answer also switches the
// explorer, which then walks the solution.
func TestHintFirstTurn(t *testing.T) {
	c := mazeCase{9, 8, mazes.Wilson, false, mazes.Korean, mazes.Interactive}
	o := play(t, agent(t, "explorer"), c, 1)
	assert.Equal(t, 1, o.scores.StrategyChanges)
	assert.True(t, strings.HasPrefix(o.replies[1], "STRATEGY_CHANGE — 힌트에 따라"), "%q", o.replies[1])
	assert.Equal(t, len(c.maze(t).Solution())-1, o.scores.Steps, "after the first move it walks straight to EXIT or back onto the solution")
}

// TestInteractiveStop: random and lured stop with a FINAL_PATH when their
// step bound is spent, even while the world keeps answering; the lured
// agent stops sooner when every way from its cell has been refused twice.
func TestInteractiveStop(t *testing.T) {
	m, err := mazes.Generate(5, 3, mazes.DFS)
	require.NoError(t, err)
	opt := mazes.PromptOptions{Lang: mazes.English, Confidence: true, Mirage: true, Protocol: mazes.Interactive}
	for _, tc := range []struct {
		name  string
		limit int
		exact bool
	}{{"random", 2 * 5 * 5, true}, {"lured", 3 * 5 * 5, false}} {
		t.Run(tc.name, func(t *testing.T) {
			// A world that never lets the walk move: every answer says (1,1).
			op := mazes.NewEpisode(m, opt, 0).Opening()
			req := Request{System: op.System, Messages: []Message{{Content: op.User}}}
			model := agent(t, tc.name)
			for turn := 1; ; turn++ {
				require.LessOrEqual(t, turn, tc.limit+1)
				rep, err := ask(model, req)
				require.NoError(t, err)
				tr := mazes.ParseReply(rep.Text)
				if tr.HasFinalPath {
					if tc.exact {
						assert.Equal(t, tc.limit+1, turn, "the final block comes once the bound is spent")
					}
					assert.Empty(t, tr.Steps)
					return
				}
				require.Len(t, tr.Steps, 1)
				req.Messages = append(req.Messages,
					Message{Reply: true, Content: rep.Text},
					Message{Content: "You are at (1,1): [N↑ E→ S↓ W←].\n"})
			}
		})
	}
}

// TestRandomFollowsDirectedHint: the random agent takes the direction a
// hint names on its next move, and only then.
func TestRandomFollowsDirectedHint(t *testing.T) {
	for _, hint := range []struct{ text, dir string }{
		{"Ariadne's thread: from (0,0) the way to the EXIT goes S.", "S"},
		{"아리아드네의 실: (0,0)에서 EXIT로 가는 길은 E 방향입니다.", "E"},
	} {
		m, err := mazes.Generate(5, 1, mazes.DFS)
		require.NoError(t, err)
		e := mazes.NewEpisode(m, mazes.PromptOptions{Lang: mazes.English, Confidence: true}, 0)
		open := e.Opening()
		model := agent(t, "random")
		msgs := []Message{{Content: open.User}}
		rep, err := ask(model, Request{System: open.System, Messages: msgs})
		require.NoError(t, err)
		answer, _, done := e.Turn(rep.Text)
		require.False(t, done)
		answer = e.WithHint(answer, hint.text)
		msgs = append(msgs, Message{Reply: true, Content: rep.Text}, Message{Content: answer})
		rep, err = ask(model, Request{System: open.System, Messages: msgs})
		require.NoError(t, err)
		st := mazes.ParseReply(rep.Text).Steps
		require.Len(t, st, 1, rep.Text)
		assert.Equal(t, hint.dir, st[0].Dir.Letter(), "the move after the hint")
	}
}
