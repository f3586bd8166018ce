package providers

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// indentJSON pretty-prints a JSON body for a golden file.
func indentJSON(t *testing.T, body []byte) []byte {
	t.Helper()
	var out bytes.Buffer
	require.NoError(t, json.Indent(&out, body, "", "  "))
	out.WriteByte('\n')
	return out.Bytes()
}

// seen is a request as the test server saw it.
type seen struct {
	Method string
	Path   string
	Query  string
	Header http.Header
	Body   []byte
}

// canned is a test server that records each request and answers every one
// with the same status, headers and body.
type canned struct {
	*httptest.Server
	mu   sync.Mutex
	reqs []seen
}

func newCanned(t *testing.T, status int, header http.Header, body string) *canned {
	t.Helper()
	c := &canned{}
	c.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		c.mu.Lock()
		c.reqs = append(c.reqs, seen{r.Method, r.URL.Path, r.URL.RawQuery, r.Header.Clone(), b})
		c.mu.Unlock()
		for k, v := range header {
			w.Header()[k] = v
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}))
	t.Cleanup(c.Close)
	return c
}

// last returns the last request the server saw.
func (c *canned) last(t *testing.T) seen {
	t.Helper()
	c.mu.Lock()
	defer c.mu.Unlock()
	require.NotEmpty(t, c.reqs, "the server saw no request")
	return c.reqs[len(c.reqs)-1]
}

// conversation is the request the protocol tests send.
func conversation() Request {
	temp := 0.0
	seed := int64(42)
	return Request{
		Model:  "test-model",
		System: "You are in a maze.",
		Messages: []Message{
			{Role: User, Content: "Where are you?"},
			{Role: Assistant, Content: "At (0,0)."},
			{Role: User, Content: "Move east."},
		},
		MaxTokens:   100,
		Temperature: &temp,
		Seed:        &seed,
	}
}

func ptr[T any](v T) *T { return &v }
