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
	"github.com/hallumaze/hallumaze/mazes/walkers"
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
			require.NotNil(t, m)
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
				assert.Equal(t, tc.noMaze, errors.Is(err, walkers.ErrNoMaze), "errors.Is(err, ErrNoMaze): %v", err)
				assert.Equal(t, tc.noMaze, errors.Is(err, providers.ErrUnreadablePrompt), "errors.Is(err, ErrUnreadablePrompt): %v", err)
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

// TestWalkersReadTheRequest: a walker served as a model reads what the
// request holds as the walker's own request: the conversation, the
// sampling seed and the effort (a thinking budget read as one).
func TestWalkersReadTheRequest(t *testing.T) {
	m, err := mazes.Generate(7, 4, mazes.DFS)
	require.NoError(t, err)
	p := mazes.NewEpisode(m, mazes.PromptOptions{Lang: mazes.English, Mirage: true, Confidence: true}, 0).Opening()
	seed := int64(11)
	req := providers.Request{System: p.System, Seed: &seed, Effort: "xhigh", Messages: []providers.Message{
		{Role: providers.User, Content: p.User},
		{Role: providers.Assistant, Content: "STEP 1: (0,0) → E"},
		{Role: providers.User, Content: "You are at (0,1): [E→ W←].\n"},
	}}
	want := walkers.Request{System: p.System, Seed: 11, Effort: "high", Messages: []walkers.Message{
		{Content: p.User}, {Reply: true, Content: "STEP 1: (0,0) → E"}, {Content: "You are at (0,1): [E→ W←].\n"},
	}}
	for _, name := range allNames() {
		t.Run(name, func(t *testing.T) {
			w, ok := walkers.Lookup(name)
			require.True(t, ok)
			text, reasoning, err := w.Reply(want)
			require.NoError(t, err)
			rep, err := agent(t, name).Chat(t.Context(), req)
			require.NoError(t, err)
			assert.Equal(t, text, rep.Text)
			assert.Equal(t, reasoning, rep.Reasoning)
			if name == "lured" {
				assert.NotEmpty(t, rep.Reasoning, "the lured walker, asked for an effort, reasons")
			}
		})
	}
	one := oneShotRequest("random", m, mazes.PromptOptions{Lang: mazes.English})
	plain, err := agent(t, "random").Chat(t.Context(), one)
	require.NoError(t, err)
	one.Seed = &seed
	seeded, err := agent(t, "random").Chat(t.Context(), one)
	require.NoError(t, err)
	assert.NotEqual(t, plain.Text, seeded.Text, "the sampling seed reaches the random walker")
}
