package cassettes

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// episodeCalls are the requests of a conversation of n turns: each repeats
// the conversation so far and adds a reply and a question, as a chat API's
// requests do.
func episodeCalls(n int) []call {
	var messages []map[string]string
	messages = append(messages, map[string]string{"role": "system", "content": strings.Repeat("You are in a maze. ", 40)},
		map[string]string{"role": "user", "content": strings.Repeat("(0,0): [E→ S↓]\n", 60)})
	var out []call
	for turn := range n {
		body, _ := json.Marshal(map[string]any{"model": "gpt-4o", "messages": messages, "max_tokens": 2500, "temperature": 0})
		out = append(out, call{url: "https://api.openai.com/v1/chat/completions", body: string(body), header: map[string]string{"Content-Type": "application/json"}})
		messages = append(messages, map[string]string{"role": "assistant", "content": fmt.Sprintf("STEP %d: (0,%d) → E | confidence: 90%%", turn+1, turn)},
			map[string]string{"role": "user", "content": fmt.Sprintf("You are at (0,%d): [E→ W←].", turn+1)})
	}
	return out
}

// TestCompactLinearInTurns: a conversation's cassette grows by what each
// turn adds, not by the whole conversation: the 200-turn cassette is about
// four times the 50-turn one, where the requests alone grow sixteenfold.
func TestCompactLinearInTurns(t *testing.T) {
	size := func(n int) int {
		api := newFakeAPI(t, reply{code: 200, body: `{"choices":[{"message":{"role":"assistant","content":"STEP 1: (0,0) → E"}}]}`})
		path := cassettePath(t)
		record(t, path, Options{Transport: handlerTransport{api.srv.Config.Handler}}, episodeCalls(n)...)
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		require.True(t, isCompact(data))
		return len(data)
	}
	s50, s200 := size(50), size(200)
	t.Logf("50 turns: %d bytes (%d a turn); 200 turns: %d bytes (%d a turn)", s50, s50/50, s200, s200/200)
	assert.Less(t, float64(s200)/float64(s50), 4.5, "linear in turns")
	assert.Less(t, s200/200, 1024, "a turn of this conversation costs its own bytes")
}

// TestCompactReplaysEveryTurn: every request of a recorded conversation is
// answered, and a request changed in one byte of an early message is not.
func TestCompactReplaysEveryTurn(t *testing.T) {
	calls := episodeCalls(30)
	var replies []reply
	for i := range calls {
		replies = append(replies, reply{code: 200, body: fmt.Sprintf(`{"n":%d}`, i)})
	}
	api := newFakeAPI(t, replies...)
	path := cassettePath(t)
	want := record(t, path, Options{Transport: handlerTransport{api.srv.Config.Handler}}, calls...)
	rec, err := Open(path, Options{Transport: &offline{}})
	require.NoError(t, err)
	for i, cl := range calls {
		got, err := do(rec.Client(), cl)
		require.NoError(t, err, "turn %d", i)
		assert.Equal(t, want[i], got, "turn %d", i)
	}
	changed := calls[3]
	changed.body = strings.Replace(changed.body, "(0,1)", "(0,9)", 1)
	rec2, err := Open(path, Options{Transport: &offline{}})
	require.NoError(t, err)
	_, err = do(rec2.Client(), changed)
	assert.ErrorIs(t, err, ErrNoInteraction, "the whole request is matched, not what is new in it")
	// The same request by meaning (keys in another order) is answered.
	var v map[string]any
	require.NoError(t, json.Unmarshal([]byte(calls[0].body), &v))
	reordered, _ := json.MarshalIndent(v, "", "  ")
	got, err := do(rec2.Client(), call{url: calls[0].url, body: string(reordered)})
	require.NoError(t, err)
	assert.Equal(t, want[0].body, got.body)
}

// TestCompactCorrupt: a cassette of this form cut short, or with a part
// that does not add up, is an error that names the file and says what to
// do, never a panic or a silent replay.
func TestCompactCorrupt(t *testing.T) {
	api := newFakeAPI(t, reply{code: 200, body: `{"ok":true}`})
	path := cassettePath(t)
	record(t, path, Options{Transport: handlerTransport{api.srv.Config.Handler}}, episodeCalls(5)...)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	for name, bad := range map[string]string{
		"cut short":       string(data[:len(data)/2]),
		"prefix too long": strings.Replace(string(data), `"prefix":`, `"prefix":9`, 1),
		"no interaction":  `{"hallumaze_cassette":2,"interactions":[]}`,
		"a later version": strings.Replace(string(data), `"hallumaze_cassette":2`, `"hallumaze_cassette":3`, 1),
		"unknown field":   strings.Replace(string(data), `"method"`, `"verb":1,"method"`, 1),
	} {
		t.Run(name, func(t *testing.T) {
			require.NoError(t, os.WriteFile(path, []byte(bad), 0o644))
			_, err := Open(path, Options{})
			require.Error(t, err)
			assert.ErrorIs(t, err, ErrBadCassette)
			assert.Contains(t, err.Error(), path)
		})
	}
}

// TestOldFormReplays: a cassette of go-vcr's YAML form, as recorded before
// this form, still replays.
func TestOldFormReplays(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "v1.yaml"))
	require.NoError(t, err)
	path := cassettePath(t)
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, data, 0o644))
	rec, err := Open(path, Options{})
	require.NoError(t, err)
	got, err := do(rec.Client(), call{url: "https://api.anthropic.com/v1/messages?beta=true", header: map[string]string{"Anthropic-Version": "2023-06-01"}})
	require.NoError(t, err)
	assert.Contains(t, got.body, "PATH: R R D D L")
}

// TestSameCassettesPoint: a cassette byte for byte another of its folder
// is saved as a pointer and replays the same; when the cassette pointed to
// is recorded again with other answers, the pointer first takes its old
// bytes; a pointer whose cassette changed behind its back is an error.
func TestSameCassettesPoint(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cassettes")
	a := Path(dir, "maze", "openai", "gpt-4o", "case=A")
	b := Path(dir, "maze", "openai", "gpt-4o", "case=B")
	rec := func(path, answer string) {
		api := newFakeAPI(t, reply{code: 200, body: answer})
		record(t, path, Options{Transport: handlerTransport{api.srv.Config.Handler}}, episodeCalls(3)...)
	}
	rec(a, `{"v":1}`)
	rec(b, `{"v":1}`)
	pointer, err := os.ReadFile(b)
	require.NoError(t, err)
	assert.Equal(t, filepath.Base(a), pointerTarget(pointer), "B is saved as a pointer to A: %s", pointer)
	replayFirst := func(path string) string {
		r, err := Open(path, Options{})
		require.NoError(t, err)
		got, err := do(r.Client(), episodeCalls(1)[0])
		require.NoError(t, err)
		return got.body
	}
	assert.Equal(t, `{"v":1}`, replayFirst(b))

	rec(a, `{"v":2}`)
	assert.Equal(t, `{"v":2}`, replayFirst(a))
	assert.Equal(t, `{"v":1}`, replayFirst(b), "B keeps what it said")
	data, err := os.ReadFile(b)
	require.NoError(t, err)
	assert.Empty(t, pointerTarget(data), "B holds its own bytes now")

	// A pointer to a cassette changed by hand says so.
	c := Path(dir, "maze", "openai", "gpt-4o", "case=C")
	rec(c, `{"v":2}`)
	require.Equal(t, filepath.Base(a), pointerTarget(mustRead(t, c)))
	require.NoError(t, os.WriteFile(a, append(mustRead(t, a), ' '), 0o644))
	_, err = Open(c, Options{})
	assert.ErrorIs(t, err, ErrBadCassette)
	assert.ErrorContains(t, err, "has changed since")
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return data
}

// TestRequestBodies: the requests a cassette holds read back whole, from
// the linear form (what is new put back together), from a pointer and
// from the old form; a file that is no cassette is an error.
func TestRequestBodies(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cassettes")
	a := Path(dir, "maze", "openai", "gpt-4o", "case=A")
	b := Path(dir, "maze", "openai", "gpt-4o", "case=B")
	calls := episodeCalls(4)
	for _, p := range []string{a, b} {
		api := newFakeAPI(t, reply{code: 200, body: `{"v":1}`})
		record(t, p, Options{Transport: handlerTransport{api.srv.Config.Handler}}, calls...)
	}
	var want []string
	for _, c := range calls {
		want = append(want, c.body)
	}
	for _, p := range []string{a, b} {
		got, err := RequestBodies(p)
		require.NoError(t, err)
		assert.Equal(t, want, got, p)
	}
	old, err := RequestBodies(filepath.Join("testdata", "v1.yaml"))
	require.NoError(t, err)
	assert.Len(t, old, 1)
	require.NoError(t, os.WriteFile(a, []byte("{not a cassette"), 0o644))
	_, err = RequestBodies(a)
	assert.ErrorIs(t, err, ErrBadCassette)
}
