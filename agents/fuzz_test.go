package agents

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/providers"
)

// FuzzReadAnswer: any text from the world reads without panic, and a
// position read lies inside the maze.
func FuzzReadAnswer(f *testing.F) {
	f.Add("You are at (2,3): [N↑ S↓].\n")
	f.Add("wall: no passage E from (2,3).\nYou are at (2,3): [N↑ S↓].\nHINT: go back to (0,0)\n")
	f.Add("(4,4) 에서 EXIT에 도착했습니다.\n")
	f.Add("현재 위치는 (1,2): [N↑ E→] 입니다.\n힌트: 돌아가세요\n")
	m, err := mazes.Generate(5, 1, mazes.DFS)
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, text string) {
		a := readAnswer(m, text)
		if a.hasPos && !m.In(a.pos) {
			t.Fatalf("position %v outside the maze", a.pos)
		}
		if a.exit && !a.hasPos {
			t.Fatal("exit without a position")
		}
	})
}

// FuzzChat: whatever the prompt and the conversation hold, every agent
// answers without panic, either with an error or with a reply whose every
// line follows the contract.
func FuzzChat(f *testing.F) {
	m, err := mazes.Generate(3, 5, mazes.DFS)
	require.NoError(f, err)
	opening := mazes.NewEpisode(m, mazes.PromptOptions{Lang: mazes.English, Mirage: true, Confidence: true}, 0).Opening().User
	oneShot := mazes.BuildPrompt(m, mazes.PromptOptions{Lang: mazes.Korean, Mirage: true}).User
	f.Add(opening, "STEP 1: (0,0) → E | confidence: 90%", "You are at (0,1): [E→ W←].\n")
	f.Add(opening, "STEP 1: (0,0) → N", "outside the maze: no cell N of (0,0).\nYou are at (0,0): [E→].\nHINT: try east\n")
	f.Add(oneShot, "", "")
	f.Add("What is 2+2?", "4", "no")
	f.Fuzz(func(t *testing.T, prompt, reply, answer string) {
		msgs := []providers.Message{{Role: providers.User, Content: prompt}}
		if reply != "" || answer != "" {
			msgs = append(msgs,
				providers.Message{Role: providers.Assistant, Content: reply},
				providers.Message{Role: providers.User, Content: answer})
		}
		for _, name := range allNames() {
			a, _ := Lookup(name)
			rep, err := a.Chat(context.Background(), providers.Request{Messages: msgs})
			if err != nil {
				if !errors.Is(err, ErrNoMaze) {
					t.Fatalf("%s: error that is not ErrNoMaze: %v", name, err)
				}
				continue
			}
			tr := mazes.ParseReply(rep.Text)
			if tr.Unparsed != 0 {
				t.Fatalf("%s: %d unparsed lines in %q", name, tr.Unparsed, rep.Text)
			}
			if len(tr.Steps) == 0 && !tr.HasFinalPath && tr.ReportedBacktracks == nil {
				t.Fatalf("%s: neither a move nor a final block: %q", name, rep.Text)
			}
		}
	})
}
