package sdkcheck

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/abstain"
	"github.com/hallumaze/hallumaze/agents"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/providers/loopback"
)

// key is the key the server is started with; wrongKey is another.
const (
	key      = "sk-sdk-check-0123456789"
	wrongKey = "sk-sdk-check-wrong-key"
)

// long is the reply of the "long" model, longer than the token limits the
// checks ask for.
var long = strings.Repeat("STEP 1: (0,1) east\n", 40)

// question is an intact Missing Piece item, which the checker answers with
// its number, and at an effort with its reasoning.
var question = abstain.UserPrompt(abstain.Standard(abstain.DefaultSeed)[0])

// serve starts the loopback server with a required key, serving the
// Missing Piece checker ("checker"), a model that answers at length
// ("long") and one that echoes the last message ("echo").
func serve(t *testing.T) string {
	t.Helper()
	checker, ok := agents.Lookup("checker")
	if !ok {
		t.Fatal("no checker agent")
	}
	models := map[string]providers.Model{
		"checker": checker,
		"long": providers.ModelFunc(func(context.Context, providers.Request) (providers.Reply, error) {
			return providers.Reply{Text: long}, nil
		}),
		"echo": providers.ModelFunc(func(_ context.Context, req providers.Request) (providers.Reply, error) {
			return providers.Reply{Text: req.Messages[len(req.Messages)-1].Content}, nil
		}),
	}
	srv := httptest.NewServer(loopback.New(models, loopback.RequireKey(key)))
	t.Cleanup(srv.Close)
	return srv.URL
}
