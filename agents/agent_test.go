package agents

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/providers"
)

func TestLookup(t *testing.T) {
	if diff := cmp.Diff([]string{"oracle", "explorer", "random", "lured"}, Names()); diff != "" {
		t.Errorf("Names() (-want +got):\n%s", diff)
	}
	for _, name := range allNames() {
		t.Run(name, func(t *testing.T) {
			m, ok := Lookup(name)
			require.True(t, ok)
			a, ok := m.(*Agent)
			require.True(t, ok, "Lookup returns an *Agent")
			assert.Equal(t, name, a.Name())
		})
	}
	for _, name := range []string{"", "Oracle", "agent/oracle", "gpt-4o", "explorer "} {
		t.Run("unknown/"+name, func(t *testing.T) {
			m, ok := Lookup(name)
			assert.False(t, ok)
			assert.Nil(t, m)
		})
	}
}

func TestReplyFields(t *testing.T) {
	m, err := mazes.Generate(5, 7, mazes.DFS)
	require.NoError(t, err)
	req := oneShotRequest("oracle", m, mazes.PromptOptions{Lang: mazes.English, Confidence: true})
	for _, name := range allNames() {
		t.Run(name, func(t *testing.T) {
			rep, err := agent(t, name).Chat(context.Background(), req)
			require.NoError(t, err)
			assert.Equal(t, "agent/"+name, rep.Model)
			assert.Equal(t, "end", rep.StopReason)
			assert.Zero(t, rep.Latency)
			assert.Empty(t, rep.Reasoning)
			in := len(req.System) + len(req.Messages[0].Content)
			want := providers.Usage{InputTokens: (in + 3) / 4, OutputTokens: (len(rep.Text) + 3) / 4}
			if diff := cmp.Diff(want, rep.Usage); diff != "" {
				t.Errorf("usage (-want +got):\n%s", diff)
			}
		})
	}
}

func TestApproxTokens(t *testing.T) {
	for _, tc := range []struct{ bytes, want int }{{0, 0}, {1, 1}, {4, 1}, {5, 2}, {8, 2}, {9, 3}} {
		assert.Equal(t, tc.want, approxTokens(tc.bytes), "%d bytes", tc.bytes)
	}
}

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

func TestBadRequests(t *testing.T) {
	m, err := mazes.Generate(5, 1, mazes.DFS)
	require.NoError(t, err)
	good := mazes.BuildPrompt(m, mazes.PromptOptions{Lang: mazes.English, Confidence: true}).User
	broken := strings.Replace(good, "(2,2): [", "(9,9): [", 1)
	for _, tc := range []struct {
		name   string
		req    providers.Request
		noMaze bool
		want   string
	}{
		{"no messages", providers.Request{}, false, "holds no user message"},
		{"assistant only", providers.Request{Messages: []providers.Message{{Role: providers.Assistant, Content: good}}}, false, "holds no user message"},
		{"no maze", providers.Request{Messages: []providers.Message{{Role: providers.User, Content: "What is 2+2?"}}}, true, "the prompt holds no maze"},
		{"maze only in system", providers.Request{System: good, Messages: []providers.Message{{Role: providers.User, Content: "go"}}}, true, "the prompt holds no maze"},
		{"broken maze", providers.Request{Messages: []providers.Message{{Role: providers.User, Content: broken}}}, true, "the prompt holds no maze"},
		{"header only", providers.Request{Messages: []providers.Message{{Role: providers.User, Content: "MAZE 3×3 | START:(0,0)"}}}, true, "no line for cell"},
	} {
		for _, name := range allNames() {
			t.Run(tc.name+"/"+name, func(t *testing.T) {
				_, err := agent(t, name).Chat(context.Background(), tc.req)
				require.Error(t, err)
				assert.Equal(t, tc.noMaze, errors.Is(err, ErrNoMaze), "errors.Is(err, ErrNoMaze): %v", err)
				assert.Contains(t, err.Error(), tc.want)
				assert.True(t, strings.HasPrefix(err.Error(), "agent/"+name+": "), "%v", err)
			})
		}
	}
}

func TestCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m, err := mazes.Generate(5, 1, mazes.DFS)
	require.NoError(t, err)
	_, err = agent(t, "oracle").Chat(ctx, oneShotRequest("oracle", m, mazes.PromptOptions{}))
	require.ErrorIs(t, err, context.Canceled)
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
				rep, err := agent(t, name).Chat(context.Background(), req)
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

func TestAbstainAgentsAnswerTheContract(t *testing.T) {
	for _, name := range AbstainNames() {
		m, ok := Lookup(name)
		if !ok {
			t.Fatalf("Lookup(%q) found nothing", name)
		}
		rep, err := m.Chat(t.Context(), providers.Request{Messages: []providers.Message{{Role: providers.User, Content: "Ann had 5 apples and ate 2. How many apples does Ann have left?\n\nReply with only the JSON object."}}})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !strings.HasPrefix(rep.Text, "{") || rep.Model != "agent/"+name {
			t.Errorf("%s replied %q as %q", name, rep.Text, rep.Model)
		}
		if _, err := m.Chat(t.Context(), providers.Request{}); err == nil {
			t.Errorf("%s answered a request with no question", name)
		}
	}
}
