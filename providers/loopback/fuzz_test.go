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
// panic, and must always answer a JSON object with a known status. Its seed
// corpus is under testdata/fuzz/FuzzServe.
func FuzzServe(f *testing.F) {
	f.Add(uint8(0), []byte(`{"model":"echo","messages":[{"role":"user","content":"hi"}]}`))
	h := loopback.New(map[string]providers.Model{"echo": echo})
	paths := []string{"/v1/chat/completions", "/v1/messages", "/v1beta/models/echo:generateContent"}
	f.Fuzz(func(t *testing.T, which uint8, body []byte) {
		path := paths[int(which)%len(paths)]
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(http.MethodPost, path, bytes.NewReader(body)))
		switch w.Code {
		case http.StatusOK, http.StatusBadRequest, http.StatusNotFound:
		default:
			t.Fatalf("POST %s %q: status %d", path, body, w.Code)
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
