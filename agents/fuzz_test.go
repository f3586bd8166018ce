package agents

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/mazes/walkers"
	"github.com/hallumaze/hallumaze/providers"
)

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
				if !errors.Is(err, walkers.ErrNoMaze) || !errors.Is(err, providers.ErrUnreadablePrompt) {
					t.Fatalf("%s: error that is not an unreadable prompt's ErrNoMaze: %v", name, err)
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
