package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/suites"
)

// startServe runs hallumaze serve on a free port until the test ends and
// returns its base URL and what it printed.
func startServe(t *testing.T, flags ...string) (string, string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var out, errOut bytes.Buffer
	done := make(chan error, 1)
	args := append([]string{"serve", "--addr", "127.0.0.1:0"}, flags...)
	go func() { done <- run(ctx, args, &lockedBuffer{b: &out}, &errOut) }()
	t.Cleanup(func() {
		cancel()
		assert.NoError(t, <-done)
	})
	var addr string
	require.Eventually(t, func() bool {
		text := (&lockedBuffer{b: &out}).String()
		if i := strings.Index(text, "http://"); i >= 0 && strings.Contains(text, "GET  /v1beta/models") {
			addr = strings.Fields(text[i:])[0]
			return true
		}
		return false
	}, 5*time.Second, 10*time.Millisecond)
	return addr, (&lockedBuffer{b: &out}).String()
}

// TestServeModelLists: every reference agent is in each protocol's list.
func TestServeModelLists(t *testing.T) {
	base, printed := startServe(t)
	assert.Contains(t, printed, "streamGenerateContent")
	want := suites.AgentNames(suites.All())
	require.NotEmpty(t, want)
	tests := []struct {
		name, path string
		header     map[string]string
		list, id   string
		prefix     string
	}{
		{"openai", "/v1/models", nil, "data", "id", ""},
		{"anthropic", "/v1/models?limit=1000", map[string]string{"anthropic-version": "2023-06-01"}, "data", "id", ""},
		{"gemini", "/v1beta/models?pageSize=1000", nil, "models", "name", "models/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := http.NewRequest(http.MethodGet, base+tt.path, nil)
			require.NoError(t, err)
			for k, v := range tt.header {
				req.Header.Set(k, v)
			}
			resp, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			defer resp.Body.Close()
			require.Equal(t, http.StatusOK, resp.StatusCode)
			data, err := io.ReadAll(resp.Body)
			require.NoError(t, err)
			var body map[string]json.RawMessage
			require.NoError(t, json.Unmarshal(data, &body), "%s", data)
			var list []map[string]any
			require.NoError(t, json.Unmarshal(body[tt.list], &list), "%s", data)
			var got []string
			for _, m := range list {
				got = append(got, strings.TrimPrefix(m[tt.id].(string), tt.prefix))
			}
			assert.ElementsMatch(t, want, got)
		})
	}
}

// TestServeModelNames: --model NAME=AGENT serves an agent under another
// name too, which answers as the agent does; an unknown agent or a bad
// pair is a usage error.
func TestServeModelNames(t *testing.T) {
	base, printed := startServe(t, "--model", "gpt-base=checker", "--model", "gpt-worse=always-answer")
	assert.Contains(t, printed, "gpt-base")
	ask := func(model string) string {
		body := `{"model":"` + model + `","messages":[{"role":"user","content":"A box holds 3 red and 4 blue marbles. How many marbles are in the box?\n\nReply with only the JSON object."}]}`
		resp, err := http.Post(base+"/v1/chat/completions", "application/json", strings.NewReader(body))
		require.NoError(t, err)
		defer resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode)
		data, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		var out struct {
			Choices []struct {
				Message struct{ Content string } `json:"message"`
			} `json:"choices"`
		}
		require.NoError(t, json.Unmarshal(data, &out), "%s", data)
		require.Len(t, out.Choices, 1)
		return out.Choices[0].Message.Content
	}
	assert.Equal(t, ask("checker"), ask("gpt-base"))
	assert.Equal(t, ask("always-answer"), ask("gpt-worse"))
	for _, bad := range [][]string{{"--model", "x=nosuch"}, {"--model", "novalue"}, {"--model", "a=checker", "--model", "a=checker"}} {
		code, _, stderr := runCLI(t, append([]string{"serve", "--addr", "127.0.0.1:0"}, bad...)...)
		assert.Equal(t, exitUsage, code, stderr)
		assert.Contains(t, stderr, "model")
	}
}

// TestServeStream: an agent's streamed answer to a maze prompt, its deltas
// put together, is its plain answer.
func TestServeStream(t *testing.T) {
	base, _ := startServe(t)
	call := func(stream bool) *http.Response {
		body, err := json.Marshal(map[string]any{
			"model": "oracle", "stream": stream,
			"messages": []map[string]string{{"role": "user", "content": sampleMazePrompt(t)}},
		})
		require.NoError(t, err)
		resp, err := http.Post(base+"/v1/chat/completions", "application/json", bytes.NewReader(body))
		require.NoError(t, err)
		t.Cleanup(func() { resp.Body.Close() })
		require.Equal(t, http.StatusOK, resp.StatusCode)
		return resp
	}
	var plain struct {
		Choices []struct {
			Message struct{ Content string } `json:"message"`
		} `json:"choices"`
	}
	require.NoError(t, json.NewDecoder(call(false).Body).Decode(&plain))
	require.Len(t, plain.Choices, 1)
	require.Contains(t, plain.Choices[0].Message.Content, "FINAL_PATH")

	var text strings.Builder
	chunks, done := 0, false
	sc := bufio.NewScanner(call(true).Body)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		if data == "[DONE]" {
			done = true
			break
		}
		var c struct {
			Choices []struct {
				Delta struct{ Content string } `json:"delta"`
			} `json:"choices"`
		}
		require.NoError(t, json.Unmarshal([]byte(data), &c), data)
		for _, ch := range c.Choices {
			if ch.Delta.Content != "" {
				text.WriteString(ch.Delta.Content)
				chunks++
			}
		}
	}
	require.NoError(t, sc.Err())
	assert.True(t, done, "the stream ends with data: [DONE]")
	assert.Greater(t, chunks, 1)
	assert.Equal(t, plain.Choices[0].Message.Content, text.String())
}

// TestServeRequiresKey: started with --api-key-env, serve answers a request
// with another key as each provider does, and one with the key as always.
func TestServeRequiresKey(t *testing.T) {
	t.Setenv("HALLUMAZE_TEST_SERVE_KEY", "sk-loopback-secret")
	base, _ := startServe(t, "--api-key-env", "HALLUMAZE_TEST_SERVE_KEY")
	tests := []struct {
		path, key, value string
		status           int
		want             string
	}{
		{"/v1/models", "Authorization", "Bearer sk-other", 401, `"code":"invalid_api_key"`},
		{"/v1/models", "Authorization", "Bearer sk-loopback-secret", 200, `"object":"list"`},
		{"/v1/models", "x-api-key", "sk-other", 401, `"authentication_error"`},
		{"/v1beta/models", "x-goog-api-key", "sk-other", 400, `"API_KEY_INVALID"`},
		{"/v1beta/models", "x-goog-api-key", "sk-loopback-secret", 200, `"models"`},
	}
	for _, tt := range tests {
		req, err := http.NewRequest(http.MethodGet, base+tt.path, nil)
		require.NoError(t, err)
		req.Header.Set(tt.key, tt.value)
		if tt.key == "x-api-key" {
			req.Header.Set("anthropic-version", "2023-06-01")
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		data, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.NoError(t, err)
		assert.Equal(t, tt.status, resp.StatusCode, "%s %s: %s", tt.path, tt.key, data)
		assert.Contains(t, string(data), tt.want)
	}

	var out, errOut bytes.Buffer
	err := run(context.Background(), []string{"serve", "--addr", "127.0.0.1:0", "--api-key-env", "HALLUMAZE_TEST_UNSET_VARIABLE"}, &out, &errOut)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the variable is empty or not set")
}
