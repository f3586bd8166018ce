package cassettes

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/dnaeon/go-vcr.v4/pkg/cassette"
)

const chatBody = `{"model":"gpt-4o","messages":[{"role":"user","content":"Find the exit."}],"temperature":0}`

func TestRecordThenReplay(t *testing.T) {
	tests := []struct {
		name  string
		reply reply
		call  call
	}{
		{
			name:  "json post",
			reply: reply{code: 200, body: `{"choices":[{"message":{"content":"DOWN"}}]}`},
			call:  call{url: "/v1/chat/completions", body: chatBody},
		},
		{
			name:  "get with query",
			reply: reply{code: 200, body: `{"data":[]}`},
			call:  call{method: http.MethodGet, url: "/v1/models?limit=5&order=asc"},
		},
		{
			name:  "plain text body",
			reply: reply{code: 200, body: "pong\n", header: map[string]string{"Content-Type": "text/plain"}},
			call:  call{url: "/ping", body: "ping"},
		},
		{
			name:  "client error is kept",
			reply: reply{code: 400, body: `{"error":{"message":"bad request"}}`},
			call:  call{url: "/v1/chat/completions", body: `{"model":""}`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			api := newFakeAPI(t, tt.reply)
			path := cassettePath(t)
			tt.call.url = api.srv.URL + tt.call.url
			live := record(t, path, Options{}, tt.call)
			require.Equal(t, 1, api.calls())

			net := &offline{}
			rec, err := Open(path, Options{Transport: net})
			require.NoError(t, err)
			defer rec.Close()
			got, err := do(rec.Client(), tt.call)
			require.NoError(t, err)
			if diff := cmp.Diff(live[0], got, cmp.AllowUnexported(result{})); diff != "" {
				t.Errorf("replay differs from live answer (-want +got):\n%s", diff)
			}
			assert.Equal(t, tt.reply.code, got.code)
			assert.Equal(t, tt.reply.body, got.body)
			assert.Equal(t, 1, api.calls(), "replay reached the server")
			assert.Zero(t, net.calls, "replay used the transport")
		})
	}
}

func TestReplayMissingCassette(t *testing.T) {
	tests := []struct {
		name string
		hint string
		want string
	}{
		{"with hint", "make record MODEL=openai/gpt-4o RUN=Mirage", "record it with: make record MODEL=openai/gpt-4o RUN=Mirage"},
		{"without hint", "", "record it by running again with recording enabled"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := cassettePath(t)
			_, err := Open(path, Options{RecordHint: tt.hint})
			require.Error(t, err)
			assert.ErrorIs(t, err, ErrNoInteraction)
			assert.ErrorIs(t, err, cassette.ErrCassetteNotFound)
			assert.Contains(t, err.Error(), path)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

func TestReplayMissingInteraction(t *testing.T) {
	const hint = "make record MODEL=openai/gpt-4o RUN=Mirage"
	tests := []struct {
		name     string
		replay   []string // bodies sent on replay; the last one must fail
		replayed string
	}{
		{"different body", []string{`{"model":"gpt-4o","messages":[]}`}, "(0 of 1 recorded"},
		{"one request too many", []string{chatBody, chatBody}, "(1 of 1 recorded"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			api := newFakeAPI(t, reply{code: 200, body: `{"ok":true}`})
			path := cassettePath(t)
			target := api.srv.URL + "/v1/chat/completions?key=" + fakeGoogleKey
			record(t, path, Options{}, call{url: target, body: chatBody})

			rec, err := Open(path, Options{RecordHint: hint})
			require.NoError(t, err)
			defer rec.Close()
			for _, body := range tt.replay[:len(tt.replay)-1] {
				_, err := do(rec.Client(), call{url: target, body: body})
				require.NoError(t, err)
			}
			_, err = do(rec.Client(), call{url: target, body: tt.replay[len(tt.replay)-1]})
			require.Error(t, err)
			assert.ErrorIs(t, err, ErrNoInteraction)
			assert.ErrorIs(t, err, cassette.ErrInteractionNotFound)
			// net/http's *url.Error adds the request URL as sent; the
			// recorder's own message leaves the key parameter out.
			var ue *url.Error
			require.ErrorAs(t, err, &ue)
			msg := ue.Err.Error()
			assert.NotContains(t, msg, fakeGoogleKey[4:], "the key parameter is not repeated")
			assert.Contains(t, msg, "cassettes: no recorded interaction for POST "+api.srv.URL+"/v1/chat/completions in "+path)
			assert.Contains(t, msg, tt.replayed)
			assert.Contains(t, msg, "record it with: "+hint)
		})
	}
}

func TestReplayWithNetworkUnreachable(t *testing.T) {
	api := newFakeAPI(t, reply{code: 200, body: `{"answer":"UP"}`})
	path := cassettePath(t)
	c := call{url: api.srv.URL + "/v1/chat/completions", body: chatBody}
	record(t, path, Options{}, c)
	api.srv.Close()

	net := &offline{}
	rec, err := Open(path, Options{Transport: net})
	require.NoError(t, err)
	defer rec.Close()
	got, err := do(rec.Client(), c)
	require.NoError(t, err)
	assert.Equal(t, `{"answer":"UP"}`, got.body)
	assert.Zero(t, net.calls, "replay used the transport")
}

func TestReplayOrderOfIdenticalRequests(t *testing.T) {
	answers := []string{`{"n":1}`, `{"n":2}`, `{"n":3}`}
	var replies []reply
	for _, a := range answers {
		replies = append(replies, reply{code: 200, body: a})
	}
	api := newFakeAPI(t, replies...)
	path := cassettePath(t)
	c := call{url: api.srv.URL + "/v1/chat/completions", body: chatBody}
	record(t, path, Options{}, c, c, c)

	rec, err := Open(path, Options{})
	require.NoError(t, err)
	defer rec.Close()
	var got []string
	for range answers {
		res, err := do(rec.Client(), c)
		require.NoError(t, err)
		got = append(got, res.body)
	}
	if diff := cmp.Diff(answers, got); diff != "" {
		t.Errorf("replayed answers (-want +got):\n%s", diff)
	}
	_, err = do(rec.Client(), c)
	assert.ErrorIs(t, err, ErrNoInteraction, "a fourth sample has no recorded answer")
}

func TestRetriedAttemptsAreDropped(t *testing.T) {
	api := newFakeAPI(t,
		reply{code: 429, body: `{"error":"rate limited"}`, header: map[string]string{"Retry-After": "1"}},
		reply{code: 500, body: `{"error":"internal"}`},
		reply{code: 503, body: `{"error":"overloaded"}`},
		reply{code: 200, body: `{"answer":"UP"}`},
	)
	path := cassettePath(t)
	c := call{url: api.srv.URL + "/v1/messages", body: chatBody}

	// A caller that retries until it gets an answer.
	retry := func(client *http.Client) (result, int, error) {
		for attempt := 1; attempt <= 10; attempt++ {
			res, err := do(client, c)
			if err != nil || res.code == 200 {
				return res, attempt, err
			}
		}
		return result{}, 10, errors.New("gave up")
	}

	rec, err := Open(path, Options{Record: true})
	require.NoError(t, err)
	res, attempts, err := retry(rec.Client())
	require.NoError(t, err)
	require.Equal(t, 4, attempts)
	require.NoError(t, rec.Close())

	saved, err := cassette.Load(path[:len(path)-len(".yaml")])
	require.NoError(t, err)
	require.Len(t, saved.Interactions, 1)
	assert.Equal(t, 200, saved.Interactions[0].Response.Code)
	assert.Equal(t, 0, saved.Interactions[0].ID)

	rec, err = Open(path, Options{})
	require.NoError(t, err)
	defer rec.Close()
	got, attempts, err := retry(rec.Client())
	require.NoError(t, err)
	assert.Equal(t, 1, attempts, "replay answers the first attempt")
	assert.Equal(t, res.body, got.body)
}

func TestAllAttemptsFailedSavesNothing(t *testing.T) {
	api := newFakeAPI(t, reply{code: 429, body: `{}`}, reply{code: 502, body: `{}`})
	path := cassettePath(t)
	rec, err := Open(path, Options{Record: true})
	require.NoError(t, err)
	for range 2 {
		_, err := do(rec.Client(), call{url: api.srv.URL + "/v1/messages", body: chatBody})
		require.NoError(t, err)
	}
	err = rec.Close()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "every recorded attempt failed")
	assert.NoFileExists(t, path)
	assert.Equal(t, err, rec.Close(), "a second Close returns the first result")
}

func TestNothingRecordedWritesNothing(t *testing.T) {
	path := cassettePath(t)
	rec, err := Open(path, Options{Record: true})
	require.NoError(t, err)
	require.NoError(t, rec.Close())
	assert.NoFileExists(t, path)
}

func TestCorruptCassette(t *testing.T) {
	tests := []struct {
		name string
		data string
		want string
	}{
		{"not yaml", "{{{: [", "load cassette"},
		{"wrong shape", "version: 2\ninteractions: 5\n", "load cassette"},
		{"old version", "version: 1\ninteractions: []\n", "unsupported cassette version"},
		{"empty file", "", "file is empty"},
		{"null interaction", "version: 2\ninteractions:\n  - null\n", "interaction 0 is empty"},
		{"bad url", "version: 2\ninteractions:\n  - request:\n      url: \"http://[::1\"\n      method: GET\n    response:\n      code: 200\n", "interaction 0"},
		{"binary", "\x00\xff\xfe garbage", "load cassette"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := cassettePath(t)
			require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
			require.NoError(t, os.WriteFile(path, []byte(tt.data), 0o644))
			_, err := Open(path, Options{})
			require.Error(t, err)
			assert.Contains(t, err.Error(), path)
			assert.Contains(t, err.Error(), tt.want)
			assert.NotErrorIs(t, err, ErrNoInteraction)
		})
	}
}

func TestOpenRejectsPathWithoutYAML(t *testing.T) {
	_, err := Open(filepath.Join(t.TempDir(), "case.yml"), Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "must end in .yaml")
}

func TestConcurrentReplay(t *testing.T) {
	api := newFakeAPI(t, reply{code: 200, body: `{"ok":true}`})
	path := cassettePath(t)
	const n = 16
	var calls []call
	for i := range n {
		calls = append(calls, call{url: api.srv.URL + "/v1/chat/completions", body: fmt.Sprintf(`{"case":%d}`, i)})
	}
	record(t, path, Options{}, calls...)

	rec, err := Open(path, Options{})
	require.NoError(t, err)
	defer rec.Close()
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i, c := range calls {
		wg.Go(func() {
			_, errs[i] = do(rec.Client(), c)
		})
	}
	wg.Wait()
	for i, err := range errs {
		assert.NoError(t, err, "call %d", i)
	}
}

func TestRecordingLeavesLiveTrafficAlone(t *testing.T) {
	api := newFakeAPI(t, reply{code: 200, body: `{"ok":true}`})
	path := cassettePath(t)
	rec, err := Open(path, Options{Record: true})
	require.NoError(t, err)
	require.True(t, rec.Recording())
	require.Equal(t, path, rec.Path())

	req, err := http.NewRequest(http.MethodPost, api.srv.URL+"/v1/chat/completions", strings.NewReader(chatBody))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+fakeOpenAIKey)
	resp, err := rec.Client().Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, "req_0123456789", resp.Header.Get("X-Request-Id"), "the live caller sees every header")
	assert.Same(t, req, resp.Request)
	require.NoError(t, rec.Close())
	assert.Equal(t, "Bearer "+fakeOpenAIKey, req.Header.Get("Authorization"), "the caller's request is unchanged")
	assert.Equal(t, []string{chatBody}, api.bodies, "the server got the body once, intact")
}

func TestReplayCloseIsQuiet(t *testing.T) {
	api := newFakeAPI(t, reply{code: 200, body: `{}`})
	path := cassettePath(t)
	record(t, path, Options{}, call{url: api.srv.URL + "/x", body: "{}"})
	rec, err := Open(path, Options{})
	require.NoError(t, err)
	assert.False(t, rec.Recording())
	assert.NoError(t, rec.Close())
	assert.NoError(t, rec.Close())
}

// TestDiscard: a discarded recording saves nothing and leaves an older
// cassette as it was.
func TestDiscard(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"ok":true}`)
	}))
	defer srv.Close()
	path := filepath.Join(t.TempDir(), "case.yaml")
	rec, err := Open(path, Options{Record: true, Transport: http.DefaultTransport})
	require.NoError(t, err)
	resp, err := rec.Client().Post(srv.URL, "application/json", strings.NewReader(`{}`))
	require.NoError(t, err)
	resp.Body.Close()
	rec.Discard()
	require.NoError(t, rec.Close())
	_, err = os.Stat(path)
	require.True(t, os.IsNotExist(err), "a discarded recording wrote %s", path)

	require.NoError(t, os.WriteFile(path, []byte("older"), 0o644))
	rec, err = Open(path, Options{Record: true, Transport: http.DefaultTransport})
	require.NoError(t, err)
	resp, err = rec.Client().Post(srv.URL, "application/json", strings.NewReader(`{}`))
	require.NoError(t, err)
	resp.Body.Close()
	rec.Discard()
	require.NoError(t, rec.Close())
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, "older", string(data))
}

// TestReplayIgnoresTheServer: a cassette recorded from one server replays
// for the same call made to any other (scheme, host and port differ; path,
// method and body decide), and a call to another path does not match.
func TestReplayIgnoresTheServer(t *testing.T) {
	api := newFakeAPI(t, reply{code: 200, body: `{"choices":[{"message":{"content":"DOWN"}}]}`})
	path := cassettePath(t)
	record(t, path, Options{}, call{url: api.srv.URL + "/v1/chat/completions", body: chatBody})
	rec, err := Open(path, Options{Transport: &offline{}})
	require.NoError(t, err)
	defer rec.Close()
	got, err := do(rec.Client(), call{url: "https://gateway.example:8443/v1/chat/completions", body: chatBody})
	require.NoError(t, err)
	assert.Equal(t, 200, got.code)
	_, err = do(rec.Client(), call{url: "https://gateway.example:8443/openai/v1/chat/completions", body: chatBody})
	assert.ErrorIs(t, err, ErrNoInteraction, "the path still decides")
}

// TestRecordedBaseURL: asked to, a recording notes the base URL it went
// through in each request, without its key parameters or user information;
// by default it notes nothing.
func TestRecordedBaseURL(t *testing.T) {
	api := newFakeAPI(t, reply{code: 200, body: `{"ok":true}`}, reply{code: 200, body: `{"ok":true}`})
	for _, base := range []string{"", "http://user:pw@gpu-box:8000/v1?key=sk-not-saved-0123456789"} {
		path := cassettePath(t)
		record(t, path, Options{BaseURL: base}, call{url: api.srv.URL + "/v1/chat/completions", body: chatBody})
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		if base == "" {
			assert.NotContains(t, string(data), RecordedBaseURLHeader)
			continue
		}
		assert.Contains(t, string(data), RecordedBaseURLHeader)
		assert.Contains(t, string(data), "http://gpu-box:8000/v1")
		assert.NotContains(t, string(data), "sk-not-saved")
		assert.NotContains(t, string(data), "user:pw")
	}
}
