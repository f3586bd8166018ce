package loopback_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/providers/loopback"
)

// FuzzServe sends arbitrary bodies to every endpoint: the server must never
// panic, and must always answer with a known status either a JSON object
// or, for a streamed call, well-formed events (server-sent events whose
// data are JSON objects or OpenAI's [DONE], or Gemini's JSON array). Its
// seed corpus is under testdata/fuzz/FuzzServe.
func FuzzServe(f *testing.F) {
	f.Add(uint8(0), []byte(`{"model":"echo","messages":[{"role":"user","content":"hi"}]}`))
	f.Add(uint8(0), []byte(`{"model":"echo","stream":true,"stream_options":{"include_usage":true},"messages":[{"role":"user","content":"hi"}]}`))
	f.Add(uint8(1), []byte(`{"model":"echo","stream":true,"messages":[{"role":"user","content":"hi"}]}`))
	f.Add(uint8(3), []byte(`{"contents":[{"parts":[{"text":"hello, world"}]}]}`))
	f.Add(uint8(4), []byte(`{"contents":[{"parts":[{"text":"hello, world"}]}]}`))
	f.Add(uint8(0), []byte(`{"model":"echo","n":2,"reasoning_effort":"high","max_completion_tokens":3,"messages":[{"role":"user","content":"hi there"}]}`))
	f.Add(uint8(1), []byte(`{"model":"echo","max_tokens":3000,"thinking":{"type":"enabled","budget_tokens":1024},"stream":true,"messages":[{"role":"user","content":"hi"}]}`))
	f.Add(uint8(2), []byte(`{"contents":[{"parts":[{"text":"hi"}]}],"generationConfig":{"maxOutputTokens":1,"thinkingConfig":{"thinkingBudget":-1,"includeThoughts":true}}}`))
	h := loopback.New(map[string]providers.Model{"echo": echo})
	paths := []string{
		"/v1/chat/completions", "/v1/messages", "/v1beta/models/echo:generateContent",
		"/v1beta/models/echo:streamGenerateContent?alt=sse", "/v1beta/models/echo:streamGenerateContent",
	}
	f.Fuzz(func(t *testing.T, which uint8, body []byte) {
		path := paths[int(which)%len(paths)]
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(http.MethodPost, path, bytes.NewReader(body)))
		switch w.Code {
		case http.StatusOK, http.StatusBadRequest, http.StatusNotFound:
		default:
			t.Fatalf("POST %s %q: status %d", path, body, w.Code)
		}
		if w.Code == http.StatusOK && w.Header().Get("Content-Type") == "text/event-stream" {
			events, err := readSSE(w.Body)
			if err != nil || len(events) == 0 {
				t.Fatalf("POST %s %q: stream %q: %d events, %v", path, body, w.Body.Bytes(), len(events), err)
			}
			for _, e := range events {
				var obj map[string]any
				if e.data != "[DONE]" && json.Unmarshal([]byte(e.data), &obj) != nil {
					t.Fatalf("POST %s %q: event data %q is not a JSON object", path, body, e.data)
				}
			}
			return
		}
		if w.Code == http.StatusOK && bytes.HasPrefix(w.Body.Bytes(), []byte("[")) {
			var chunks []map[string]any
			if err := json.Unmarshal(w.Body.Bytes(), &chunks); err != nil || len(chunks) == 0 {
				t.Fatalf("POST %s %q: stream %q is not a JSON array of objects: %v", path, body, w.Body.Bytes(), err)
			}
			return
		}
		var out map[string]any
		if err := json.Unmarshal(w.Body.Bytes(), &out); err != nil {
			t.Fatalf("POST %s %q: answer %q is not a JSON object: %v", path, body, w.Body.Bytes(), err)
		}
		if _, failed := out["error"]; failed == (w.Code == http.StatusOK) {
			t.Fatalf("POST %s %q: status %d with body %s", path, body, w.Code, w.Body.Bytes())
		}
	})
}
