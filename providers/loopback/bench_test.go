package loopback_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/providers/internal/wire"
	"github.com/hallumaze/hallumaze/providers/loopback"
)

// The benchmarks measure one call against the loopback server with a
// trivial model. BenchmarkRawHTTP does the same OpenAI-shaped POST with a
// bare http.Client and json, so the difference is the client code's cost.

var benchRequest = providers.Request{
	Model:  "echo",
	System: "You are in a maze.",
	Messages: []providers.Message{
		{Role: providers.User, Content: "Where are you?"},
		{Role: providers.Assistant, Content: "At (0,0)."},
		{Role: providers.User, Content: "Move east."},
	},
}

func benchClient(b *testing.B, protocol string) {
	srv := newServer(b, map[string]providers.Model{"echo": echo})
	var m providers.Model
	for _, c := range clients {
		if c.name == protocol {
			m = c.open(srv.Client(), srv.URL)
		}
	}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := m.Chat(ctx, benchRequest); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLoopbackOpenAI(b *testing.B)    { benchClient(b, "openai") }
func BenchmarkLoopbackAnthropic(b *testing.B) { benchClient(b, "anthropic") }
func BenchmarkLoopbackGemini(b *testing.B)    { benchClient(b, "gemini") }

func BenchmarkRawHTTP(b *testing.B) {
	srv := newServer(b, map[string]providers.Model{"echo": echo})
	hc := srv.Client()
	body, err := json.Marshal(map[string]any{
		"model": "echo",
		"messages": []map[string]string{
			{"role": "system", "content": "You are in a maze."},
			{"role": "user", "content": "Where are you?"},
			{"role": "assistant", "content": "At (0,0)."},
			{"role": "user", "content": "Move east."},
		},
		"max_tokens":  2500,
		"temperature": 0,
	})
	if err != nil {
		b.Fatal(err)
	}
	url := srv.URL + "/v1/chat/completions"
	b.ReportAllocs()
	for b.Loop() {
		resp, err := hc.Post(url, "application/json", bytes.NewReader(body))
		if err != nil {
			b.Fatal(err)
		}
		data, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK {
			b.Fatalf("status %d: %v", resp.StatusCode, err)
		}
		var out wire.OpenAIChatResponse
		if err := json.Unmarshal(data, &out); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHandler measures the server alone, without a network.
func BenchmarkHandler(b *testing.B) {
	h := loopback.New(map[string]providers.Model{"echo": echo})
	body := []byte(`{"model":"echo","messages":[{"role":"system","content":"s"},{"role":"user","content":"Move east."}]}`)
	b.ReportAllocs()
	for b.Loop() {
		w := discard{header: http.Header{}}
		r, _ := http.NewRequest(http.MethodPost, "/v1/chat/completions", bytes.NewReader(body))
		h.ServeHTTP(&w, r)
		if w.status != http.StatusOK {
			b.Fatalf("status %d", w.status)
		}
	}
}

// discard is a ResponseWriter that keeps only the status.
type discard struct {
	header http.Header
	status int
}

func (d *discard) Header() http.Header         { return d.header }
func (d *discard) Write(p []byte) (int, error) { return len(p), nil }
func (d *discard) WriteHeader(status int)      { d.status = status }
