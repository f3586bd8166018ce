package walkers

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/mazes"
)

// mazeCase is one maze and its framing.
type mazeCase struct {
	n      int
	seed   uint64
	alg    mazes.Algorithm
	mirage bool
	lang   mazes.Lang
	proto  mazes.Protocol
}

func (c mazeCase) String() string {
	return fmt.Sprintf("n=%d/seed=%d/%s/mirage=%t/%s/%s", c.n, c.seed, c.alg, c.mirage, c.lang, c.proto)
}

func (c mazeCase) options() mazes.PromptOptions {
	return mazes.PromptOptions{Lang: c.lang, Mirage: c.mirage, Confidence: true, Protocol: c.proto}
}

func (c mazeCase) maze(t testing.TB) *mazes.Maze {
	t.Helper()
	m, err := mazes.Generate(c.n, c.seed, c.alg)
	require.NoError(t, err)
	return m
}

// grid lists every combination of the given sizes and seeds with both
// generators, mirage on and off, both languages and both protocols.
func grid(sizes []int, seeds []uint64) []mazeCase {
	var out []mazeCase
	for _, n := range sizes {
		for _, seed := range seeds {
			for _, alg := range []mazes.Algorithm{mazes.DFS, mazes.Wilson} {
				for _, mirage := range []bool{false, true} {
					for _, lang := range []mazes.Lang{mazes.English, mazes.Korean} {
						for _, proto := range []mazes.Protocol{mazes.OneShot, mazes.Interactive} {
							out = append(out, mazeCase{n, seed, alg, mirage, lang, proto})
						}
					}
				}
			}
		}
	}
	return out
}

// agent returns the named reference agent.
func agent(t testing.TB, name string) *Walker {
	t.Helper()
	a, ok := Lookup(name)
	require.True(t, ok, "agent %q", name)
	return a
}

// oneShotRequest is the request of a one-shot case.
func oneShotRequest(name string, m *mazes.Maze, opt mazes.PromptOptions) Request {
	opt.Protocol = mazes.OneShot
	p := mazes.BuildPrompt(m, opt)
	return Request{System: p.System, Messages: []Message{{Content: p.User}}}
}

// outcome is what one run of an agent gave.
type outcome struct {
	scores  mazes.Scores
	replies []string // the agent's replies, in order
	stats   mazes.EpisodeStats
}

// play runs an agent on a case: one request in the one-shot protocol, an
// episode driven turn by turn in the interactive one. hintAt, when > 0,
// queues a hint after that many turns.
func play(t testing.TB, model *Walker, c mazeCase, hintAt int) outcome {
	t.Helper()
	m := c.maze(t)
	if c.proto == mazes.OneShot {
		rep, err := ask(model, oneShotRequest("x", m, c.options()))
		require.NoError(t, err)
		return outcome{scores: mazes.Score(m, mazes.ParseReply(rep.Text)), replies: []string{rep.Text}}
	}
	ep := mazes.NewEpisode(m, c.options(), 0)
	op := ep.Opening()
	req := Request{System: op.System, Messages: []Message{{Content: op.User}}}
	var out outcome
	limit := 8*c.n*c.n + 10
	for turn := 1; ; turn++ {
		require.LessOrEqual(t, turn, limit, "the episode did not end within %d turns", limit)
		rep, err := ask(model, req)
		require.NoError(t, err)
		out.replies = append(out.replies, rep.Text)
		if turn == hintAt {
			ep.Hint(fmt.Sprintf("you are in a loop; go back to %v", m.Start()))
		}
		answer, _, done := ep.Turn(rep.Text)
		if done {
			break
		}
		req.Messages = append(req.Messages,
			Message{Reply: true, Content: rep.Text},
			Message{Content: answer})
	}
	out.scores, out.stats = ep.Scores(), ep.Stats()
	return out
}

// allNames is every maze agent: the reference agents and the hint follower.
func allNames() []string { return append(Names(), HintNames()...) }

// reply is a walker's answer as the tests read it.
type reply struct{ Text, Reasoning string }

// ask asks a walker for its reply, as the harness asks a model.
func ask(a *Walker, req Request) (reply, error) {
	text, reasoning, err := a.Reply(req)
	return reply{text, reasoning}, err
}
