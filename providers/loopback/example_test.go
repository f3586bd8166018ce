package loopback_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"

	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/providers/loopback"
)

// Serve an in-process model on loopback and reach it by name through the
// OpenAI-compatible client, as a recorder or a third-party tool would.
func ExampleNew() {
	shout := providers.ModelFunc(func(_ context.Context, req providers.Request) (providers.Reply, error) {
		last := req.Messages[len(req.Messages)-1].Content
		return providers.Reply{Text: strings.ToUpper(last), StopReason: providers.StopEnd}, nil
	})
	srv := httptest.NewServer(loopback.New(map[string]providers.Model{"shout": shout}))
	defer srv.Close()

	cfg := providers.Config{BaseURLs: map[string]string{providers.ProviderOpenAICompatible: srv.URL}}
	m, err := providers.Open("openai-compatible/shout", cfg, srv.Client())
	if err != nil {
		fmt.Println(err)
		return
	}
	reply, err := m.Chat(context.Background(), providers.Request{
		System:   "Answer loudly.",
		Messages: []providers.Message{{Role: providers.User, Content: "move east"}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(reply.Text, reply.StopReason, reply.Usage.InputTokens, reply.Usage.OutputTokens)
	// Output: MOVE EAST end 7 3
}
