package lenient_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hallumaze/hallumaze/agents"
	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/mazes/lenient"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/stretchr/testify/require"
)

// TestLenientEpisodeReplaysAgents plays every reference agent's interactive
// walk through a strict episode and a lenient one side by side. The agents
// keep the contract, so the lenient tier must play them exactly as the
// strict tier does: the same answer after every reply, the same end, the
// same transcript and scores, and full format compliance. Recorded
// conversations (the cassettes) therefore replay unchanged.
func TestLenientEpisodeReplaysAgents(t *testing.T) {
	cases := []struct {
		n    int
		seed uint64
		alg  mazes.Algorithm
		lang mazes.Lang
		conf bool
	}{
		{5, 3, mazes.DFS, mazes.English, true},
		{7, 42, mazes.DFS, mazes.Korean, true},
		{6, 7, mazes.Wilson, mazes.English, false},
		{9, 1, mazes.Wilson, mazes.English, true},
	}
	for _, name := range agents.Names() {
		model, ok := agents.Lookup(name)
		require.True(t, ok)
		for _, c := range cases {
			t.Run(fmt.Sprintf("%s/%d-%d-%s-%s", name, c.n, c.seed, c.alg, c.lang), func(t *testing.T) {
				m, err := mazes.Generate(c.n, c.seed, c.alg)
				require.NoError(t, err)
				opt := mazes.PromptOptions{Lang: c.lang, Mirage: true, Confidence: c.conf}
				strict := mazes.NewEpisode(m, opt, 0)
				lenient := lenient.NewEpisode(m, opt, 0)
				op := strict.Opening()
				require.Equal(t, op, lenient.Opening())
				req := providers.Request{Model: "x", System: op.System, Messages: []providers.Message{{Role: providers.User, Content: op.User}}}
				for turn := 1; ; turn++ {
					require.LessOrEqual(t, turn, strict.MaxReplies())
					rep, err := model.Chat(context.Background(), req)
					require.NoError(t, err)
					if turn == 3 {
						strict.Hint("go back")
						lenient.Hint("go back")
					}
					a1, r1, d1 := strict.Turn(rep.Text)
					a2, r2, d2 := lenient.Turn(rep.Text)
					require.Equal(t, a1, a2, "turn %d: the answers differ", turn)
					require.Equal(t, d1, d2)
					require.Equal(t, r1.Check, r2.Check)
					require.Equal(t, r1.Step, r2.Step)
					if d1 {
						break
					}
					req.Messages = append(req.Messages,
						providers.Message{Role: providers.Assistant, Content: rep.Text},
						providers.Message{Role: providers.User, Content: a1})
				}
				if diff := cmp.Diff(strict.Transcript(), lenient.Transcript()); diff != "" {
					t.Errorf("transcripts differ:\n%s", diff)
				}
				require.Equal(t, strict.Stats(), lenient.Stats())
				require.Equal(t, strict.Scores(), lenient.Scores())
				require.Equal(t, strict.Scores(), lenient.StrictScores())
				f := lenient.Format()
				require.Equal(t, 1.0, f.Compliance, "%+v", f)
				require.Zero(t, f.Reasks)
			})
		}
	}
}
