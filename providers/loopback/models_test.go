package loopback_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/providers"
)

// manyModels are n echo models named m00, m01, …
func manyModels(n int) map[string]providers.Model {
	out := map[string]providers.Model{}
	for i := range n {
		out[fmt.Sprintf("m%02d", i)] = echo
	}
	return out
}

// get sends a GET with the headers given and decodes the JSON answer.
func get(t *testing.T, base, path string, header map[string]string) (int, map[string]any) {
	t.Helper()
	status, data := do(t, http.MethodGet, base+path, "", header)
	var out map[string]any
	require.NoError(t, json.Unmarshal([]byte(data), &out), "body %q", data)
	return status, out
}

var anthropicHeaders = map[string]string{"anthropic-version": "2023-06-01", "x-api-key": "sk-ant-loop"}

// ids collects a field of each element of a list member.
func ids(t *testing.T, body map[string]any, list, field string) []string {
	t.Helper()
	items, ok := body[list].([]any)
	require.True(t, ok, "no list %q in %v", list, body)
	var out []string
	for _, it := range items {
		out = append(out, it.(map[string]any)[field].(string))
	}
	return out
}

// TestModelLists: each protocol's list, walked page by page as a client
// walks it, names every model once, in order.
func TestModelLists(t *testing.T) {
	models := manyModels(45)
	var want []string
	for n := range models {
		want = append(want, n)
	}
	slices.Sort(want)
	srv := newServer(t, models)

	t.Run("openai", func(t *testing.T) {
		status, body := get(t, srv.URL, "/v1/models", map[string]string{"Authorization": "Bearer sk"})
		require.Equal(t, 200, status)
		assert.Equal(t, "list", body["object"])
		assert.Equal(t, want, ids(t, body, "data", "id"))
		first := body["data"].([]any)[0].(map[string]any)
		assert.Equal(t, map[string]any{"id": "m00", "object": "model", "created": 0.0, "owned_by": "hallumaze"}, first)
	})
	t.Run("anthropic forward", func(t *testing.T) {
		var got []string
		q := url.Values{"limit": {"20"}}
		for pages := 0; ; pages++ {
			require.Less(t, pages, 10, "the walk does not end")
			status, body := get(t, srv.URL, "/v1/models?"+q.Encode(), anthropicHeaders)
			require.Equal(t, 200, status, "%v", body)
			page := ids(t, body, "data", "id")
			assert.LessOrEqual(t, len(page), 20)
			assert.Equal(t, page[0], body["first_id"])
			assert.Equal(t, page[len(page)-1], body["last_id"])
			got = append(got, page...)
			if body["has_more"] != true {
				break
			}
			q.Set("after_id", body["last_id"].(string))
		}
		assert.Equal(t, want, got)
	})
	t.Run("anthropic backward", func(t *testing.T) {
		var got []string
		q := url.Values{"limit": {"7"}, "before_id": {"m40"}}
		for pages := 0; ; pages++ {
			require.Less(t, pages, 10, "the walk does not end")
			status, body := get(t, srv.URL, "/v1/models?"+q.Encode(), anthropicHeaders)
			require.Equal(t, 200, status, "%v", body)
			got = append(ids(t, body, "data", "id"), got...)
			if body["has_more"] != true {
				break
			}
			q.Set("before_id", body["first_id"].(string))
		}
		assert.Equal(t, want[:40], got)
	})
	t.Run("anthropic default page", func(t *testing.T) {
		_, body := get(t, srv.URL, "/v1/models", anthropicHeaders)
		assert.Equal(t, want[:20], ids(t, body, "data", "id"))
		assert.Equal(t, true, body["has_more"])
		m := body["data"].([]any)[0].(map[string]any)
		assert.Equal(t, map[string]any{"type": "model", "id": "m00", "display_name": "m00", "created_at": "1970-01-01T00:00:00Z"}, m)
	})
	t.Run("gemini", func(t *testing.T) {
		var got []string
		q := url.Values{"pageSize": {"16"}}
		for pages := 0; ; pages++ {
			require.Less(t, pages, 10, "the walk does not end")
			status, body := get(t, srv.URL, "/v1beta/models?"+q.Encode(), map[string]string{"x-goog-api-key": "AIza"})
			require.Equal(t, 200, status, "%v", body)
			for _, name := range ids(t, body, "models", "name") {
				got = append(got, name[len("models/"):])
			}
			tok, more := body["nextPageToken"].(string)
			if !more {
				break
			}
			q.Set("pageToken", tok)
		}
		assert.Equal(t, want, got)
		_, body := get(t, srv.URL, "/v1beta/models", nil)
		assert.Len(t, body["models"], 45, "the default page of 50 holds them all")
		m := body["models"].([]any)[0].(map[string]any)
		assert.Equal(t, []any{"generateContent", "streamGenerateContent"}, m["supportedGenerationMethods"])
	})
}

func TestModelListEmpty(t *testing.T) {
	srv := newServer(t, nil)
	_, oai := get(t, srv.URL, "/v1/models", nil)
	assert.Equal(t, map[string]any{"object": "list", "data": []any{}}, oai)
	_, ant := get(t, srv.URL, "/v1/models", anthropicHeaders)
	assert.Equal(t, map[string]any{"data": []any{}, "has_more": false, "first_id": nil, "last_id": nil}, ant)
	_, gem := get(t, srv.URL, "/v1beta/models", nil)
	assert.Equal(t, map[string]any{"models": []any{}}, gem)
}

func TestModelInfoAndErrors(t *testing.T) {
	srv := newServer(t, manyModels(3))
	tests := []struct {
		name, method, path string
		header             map[string]string
		status             int
		// want is a member of the answer: a field of the model, or the
		// error's message (part of it).
		key, want string
	}{
		{"openai model", "GET", "/v1/models/m01", nil, 200, "object", "model"},
		{"anthropic model", "GET", "/v1/models/m01", anthropicHeaders, 200, "type", "model"},
		{"gemini model", "GET", "/v1beta/models/m01", nil, 200, "name", "models/m01"},
		{"openai unknown", "GET", "/v1/models/gpt-9", nil, 404, "error", "The model `gpt-9` does not exist"},
		{"anthropic unknown", "GET", "/v1/models/claude-9", anthropicHeaders, 404, "error", "model: claude-9"},
		{"gemini unknown", "GET", "/v1beta/models/gemini-9", nil, 404, "error", "models/gemini-9 is not found"},
		{"openai post", "POST", "/v1/models", nil, 405, "error", "use GET"},
		{"anthropic delete", "DELETE", "/v1/models/m01", anthropicHeaders, 405, "error", "use GET"},
		{"gemini post", "POST", "/v1beta/models", nil, 405, "error", "use GET"},
		{"anthropic bad limit", "GET", "/v1/models?limit=0", anthropicHeaders, 400, "error", "limit"},
		{"anthropic unknown cursor", "GET", "/v1/models?after_id=zz", anthropicHeaders, 400, "error", `no model "zz"`},
		{"anthropic both cursors", "GET", "/v1/models?after_id=m00&before_id=m02", anthropicHeaders, 400, "error", "one or the other"},
		{"gemini bad page size", "GET", "/v1beta/models?pageSize=-1", nil, 400, "error", "pageSize"},
		{"gemini bad token", "GET", "/v1beta/models?pageToken=zz", nil, 400, "error", "pageToken"},
		{"gemini get of an action", "GET", "/v1beta/models/m01:generateContent", nil, 405, "error", "use POST"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := http.NewRequest(tt.method, srv.URL+tt.path, nil)
			require.NoError(t, err)
			for k, v := range tt.header {
				req.Header.Set(k, v)
			}
			resp, err := srv.Client().Do(req)
			require.NoError(t, err)
			defer resp.Body.Close()
			data, err := io.ReadAll(resp.Body)
			require.NoError(t, err)
			var body map[string]any
			require.NoError(t, json.Unmarshal(data, &body), "%s", data)
			assert.Equal(t, tt.status, resp.StatusCode, "%s", data)
			if tt.key != "error" {
				assert.Equal(t, tt.want, body[tt.key])
				return
			}
			e, ok := body["error"].(map[string]any)
			require.True(t, ok, "no error object in %s", data)
			assert.Contains(t, e["message"], tt.want)
			if tt.header != nil {
				assert.Equal(t, "error", body["type"], "Anthropic's error shape")
			}
		})
	}
}
