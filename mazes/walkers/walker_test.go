package walkers

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/mazes"
)

// TestDeterminism: the same request gives the same bytes, from the same
// agent and from a fresh one, in both protocols.
func TestDeterminism(t *testing.T) {
	for _, name := range allNames() {
		for _, c := range []mazeCase{
			{9, 5, mazes.Wilson, true, mazes.English, mazes.OneShot},
			{7, 11, mazes.DFS, true, mazes.Korean, mazes.OneShot},
			{7, 11, mazes.DFS, false, mazes.English, mazes.Interactive},
		} {
			t.Run(name+"/"+c.String(), func(t *testing.T) {
				first := play(t, agent(t, name), c, 0)
				model := agent(t, name)
				again := play(t, model, c, 0)
				third := play(t, model, c, 0) // now from the agent's cache
				if diff := cmp.Diff(first.replies, again.replies); diff != "" {
					t.Errorf("replies differ (-first +again):\n%s", diff)
				}
				if diff := cmp.Diff(first.replies, third.replies); diff != "" {
					t.Errorf("replies differ (-first +third):\n%s", diff)
				}
			})
		}
	}
}

// TestLanguageKeepsTheWalk: the random choices hang on the maze, not on the
// language of the prompt.
func TestLanguageKeepsTheWalk(t *testing.T) {
	for _, name := range allNames() {
		t.Run(name, func(t *testing.T) {
			en := play(t, agent(t, name), mazeCase{9, 3, mazes.DFS, false, mazes.English, mazes.OneShot}, 0)
			ko := play(t, agent(t, name), mazeCase{9, 3, mazes.DFS, false, mazes.Korean, mazes.OneShot}, 0)
			if diff := cmp.Diff(stepsOf(en.replies), stepsOf(ko.replies)); diff != "" {
				t.Errorf("steps differ between languages (-en +ko):\n%s", diff)
			}
			assert.Contains(t, ko.replies[0], "확신도:")
			assert.NotContains(t, ko.replies[0], "confidence:")
		})
	}
}

// stepsOf lists the moves of replies as "(r,c) D".
func stepsOf(replies []string) []string {
	var out []string
	for _, r := range replies {
		for _, st := range mazes.ParseReply(r).Steps {
			out = append(out, st.From.String()+" "+st.Dir.Letter())
		}
	}
	return out
}

// TestWithoutConfidence: when the prompt does not ask for confidences, no
// step carries one and there is no CONFIDENCE_LOG.
func TestWithoutConfidence(t *testing.T) {
	m, err := mazes.Generate(7, 2, mazes.Wilson)
	require.NoError(t, err)
	for _, lang := range []mazes.Lang{mazes.English, mazes.Korean} {
		req := oneShotRequest("x", m, mazes.PromptOptions{Lang: lang, Mirage: true})
		for _, name := range allNames() {
			t.Run(string(lang)+"/"+name, func(t *testing.T) {
				rep, err := ask(agent(t, name), req)
				require.NoError(t, err)
				assert.NotContains(t, rep.Text, "CONFIDENCE_LOG")
				assert.NotContains(t, rep.Text, "%")
				s := mazes.Score(m, mazes.ParseReply(rep.Text))
				assert.Nil(t, s.CE)
				assert.Zero(t, s.UnparsedLines)
				assert.Positive(t, s.Steps)
			})
		}
	}
}

// TestTinyMaze: the smallest maze works for every agent and protocol.
func TestTinyMaze(t *testing.T) {
	for _, name := range allNames() {
		for _, proto := range []mazes.Protocol{mazes.OneShot, mazes.Interactive} {
			for seed := range uint64(4) {
				c := mazeCase{2, seed, mazes.DFS, true, mazes.English, proto}
				t.Run(name+"/"+c.String(), func(t *testing.T) {
					o := play(t, agent(t, name), c, 0)
					assert.Positive(t, o.scores.Steps)
					if name == "oracle" || name == "explorer" {
						assert.Equal(t, 1.0, o.scores.SR)
					}
				})
			}
		}
	}
}
