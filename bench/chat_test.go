package bench

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/results"
)

// A provider's count of tokens beyond what a results file holds fails the
// call rather than the results file.
func TestChatRefusesImplausibleUsage(t *testing.T) {
	for _, u := range []providers.Usage{{InputTokens: -1}, {OutputTokens: results.MaxTokens + 1}} {
		chat := NewChat(usageModel{u}, "")
		_, err := chat.Say(context.Background(), "hi")
		assert.ErrorContains(t, err, "not a count of tokens")
	}
	chat := NewChat(usageModel{providers.Usage{InputTokens: results.MaxTokens / 2, OutputTokens: 1}}, "")
	_, err := chat.Say(context.Background(), "hi")
	require.NoError(t, err)
	_, err = chat.Say(context.Background(), "again")
	require.NoError(t, err, "the sum is within the bound")
	_, err = chat.Say(context.Background(), "and again")
	assert.ErrorContains(t, err, "not a count of tokens", "the sum would pass it")
}

type usageModel struct{ u providers.Usage }

func (m usageModel) Chat(context.Context, providers.Request) (providers.Reply, error) {
	return providers.Reply{Text: "ok", Usage: m.u}, nil
}
