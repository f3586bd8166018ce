package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/suites"
)

// TestRunAttemptTimeout: a server that accepts the connection and never
// answers costs each attempt its --timeout, the retry policy tries again,
// and the run ends with the cases failed (exit 3) instead of waiting for
// ever.
func TestRunAttemptTimeout(t *testing.T) {
	t.Parallel()
	hung := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-hung:
		case <-r.Context().Done():
		}
	}))
	defer func() { close(hung); srv.Close() }()
	dir := t.TempDir()
	call := runCall{env: map[string]string{providers.EnvOpenAICompatibleBaseURL: srv.URL + "/v1"}, retry: &fastRetry}
	code, _, stderr, _ := call.run(t, t.Context(), "--models", "openai-compatible/explorer", "--size", "5", "--runs", "2",
		"--timeout", "50ms", "--output", filepath.Join(dir, "r.json"))
	assert.Equal(t, exitCaseErrors, code, stderr)
	assert.Contains(t, stderr, "no answer within 50ms (the attempt's timeout)")
	assert.Contains(t, stderr, "giving up after 2 attempts")

	// The case bound stops a case whose attempts each fit their timeout.
	code, _, stderr, _ = call.run(t, t.Context(), "--models", "openai-compatible/explorer", "--size", "5",
		"--timeout", "10m", "--case-timeout", "50ms", "--output", filepath.Join(dir, "c.json"))
	assert.Equal(t, exitCaseErrors, code, stderr)
	assert.Contains(t, stderr, "the case took longer than its 50ms bound")
}

// TestRunSetupErrors: a replayed model whose cassette is missing or is not
// a cassette is a set-up error: exit 2 before any case runs, naming the
// file and ending with the command that records it. A cassette recorded
// through another server than the one configured replays.
func TestRunSetupErrors(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	// A recorded model: copy the committed cassettes of openai/explorer for
	// the three mazes the run plays.
	src := filepath.Join("..", "..", "cassettes", "maze", "openai", "explorer")
	dst := filepath.Join(root, "maze", "openai", "explorer")
	require.NoError(t, os.MkdirAll(dst, 0o755))
	for _, name := range []string{"size=7%2Fseed=1%2Fbase.yaml", "size=7%2Fseed=2%2Fbase.yaml"} {
		data, err := os.ReadFile(filepath.Join(src, name))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dst, name), data, 0o644))
	}
	args := func(out string) []string {
		return []string{"--models", "openai/explorer", "--size", "7", "--runs", "2", "--cassettes", root, "--output", filepath.Join(root, out)}
	}
	code, _, stderr, _ := runCall{}.run(t, t.Context(), args("ok.json")...)
	require.Equal(t, 0, code, "the two cassettes replay: %s", stderr)

	code, _, stderr, _ = runCall{}.run(t, t.Context(), append(args("missing.json"), "--runs", "3")...)
	assert.Equal(t, exitUsage, code, stderr)
	assert.Contains(t, stderr, "1 case(s) cannot be replayed")
	assert.Contains(t, stderr, "size=7%2Fseed=3%2Fbase.yaml does not exist")
	assert.Contains(t, stderr, "with OPENAI_API_KEY set, record them with: hallumaze record --models openai/explorer --suite maze --filter '^(?:maze/size=7/seed=3/base)$' --cassettes "+suites.ShellQuote(root)+"\n")
	assert.NoFileExists(t, filepath.Join(root, "missing.jsonl"), "nothing is written")

	garbage := filepath.Join(dst, "size=7%2Fseed=2%2Fbase.yaml")
	require.NoError(t, os.WriteFile(garbage, []byte("\x00not: [yaml"), 0o644))
	code, _, stderr, _ = runCall{}.run(t, t.Context(), args("garbage.json")...)
	assert.Equal(t, exitUsage, code, stderr)
	assert.Contains(t, stderr, "not a replayable cassette")

	bomb := "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\ng: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]\n"
	require.NoError(t, os.WriteFile(garbage, []byte(bomb), 0o644))
	code, _, stderr, _ = runCall{}.run(t, t.Context(), args("bomb.json")...)
	assert.Equal(t, exitUsage, code, stderr)

	data, err := os.ReadFile(filepath.Join(src, "size=7%2Fseed=2%2Fbase.yaml"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(garbage, data, 0o644))
	// a base URL set where it replays changes nothing: cassettes replay
	// whatever server recorded them
	code, _, stderr, _ = runCall{env: map[string]string{providers.EnvOpenAIBaseURL: "https://proxy.example.test/v1"}}.run(t, t.Context(), args("other.json")...)
	assert.Equal(t, 0, code, stderr)
}

// TestRunOutputsRefuseSpecialFiles: the files a run writes are new paths or
// regular files; a named pipe, a symbolic link or a folder is refused
// before anything runs.
func TestRunOutputsRefuseSpecialFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.json")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	target := filepath.Join(dir, "target.html")
	require.NoError(t, os.WriteFile(target, []byte("keep me"), 0o644))
	link := filepath.Join(dir, "link.html")
	require.NoError(t, os.Symlink(target, link))
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"fifo output", []string{"--output", fifo}, "is a named pipe"},
		{"symlink html", []string{"--output", filepath.Join(dir, "r.json"), "--html", link}, "is a symbolic link"},
		{"symlink jsonl", []string{"--output", filepath.Join(dir, "link.json")}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.want == "" {
				require.NoError(t, os.Symlink(target, filepath.Join(dir, "link.jsonl")))
				tc.want = "is a symbolic link"
			}
			code, _, stderr, _ := runCall{}.run(t, t.Context(), append([]string{"--size", "5", "--quiet"}, tc.args...)...)
			assert.Equal(t, exitUsage, code, stderr)
			assert.Contains(t, stderr, tc.want)
		})
	}
	data, err := os.ReadFile(target)
	require.NoError(t, err)
	assert.Equal(t, "keep me", string(data), "the link's target is untouched")
	st, err := os.Lstat(fifo)
	require.NoError(t, err)
	assert.NotZero(t, st.Mode()&os.ModeNamedPipe, "the pipe is still a pipe")

	code, _, stderr := runCLI(t, "report", writeFile(t, dir, "a.jsonl", reportLine+"\n"), "-o", link)
	assert.Equal(t, exitUsage, code, stderr)
	code, _, stderr = runCLI(t, "gate", "--base", "agent/oracle", "--cand", "agent/oracle", "--markdown", fifo)
	assert.Equal(t, exitUsage, code, stderr)
}

// TestRunRedactsEchoedKeys: a server that echoes the key in its reply and
// in an error message leaves no trace of it in any file or message.
func TestRunRedactsEchoedKeys(t *testing.T) {
	t.Parallel()
	const key = "sk-test-echo-1234567890abcdef"
	calls := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls++
		auth := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		if calls%2 == 0 {
			w.WriteHeader(http.StatusBadRequest)
			json.NewEncoder(w).Encode(map[string]any{"error": map[string]string{"message": "bad key " + auth + " (echoed)", "type": "invalid_request_error"}})
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"model": "x", "choices": []map[string]any{{"message": map[string]string{"role": "assistant", "content": "your key is " + auth + "\nFINAL_PATH: (0,0)"}, "finish_reason": "stop"}}})
	}))
	defer srv.Close()
	dir := t.TempDir()
	env := map[string]string{providers.EnvOpenAICompatibleBaseURL: srv.URL + "/v1", providers.EnvOpenAICompatibleKey: key}
	noRetry := fastRetry
	noRetry.MaxAttempts = 1
	code, stdout, stderr, _ := runCall{env: env, retry: &noRetry}.run(t, t.Context(), "--models", "openai-compatible/x", "--size", "5", "--runs", "4",
		"--concurrency", "1", "--output", filepath.Join(dir, "r.json"), "--csv", "--html", "auto", "--max-errors", "50%")
	require.Equal(t, 0, code, stderr)
	assert.NotContains(t, stdout+stderr, key)
	files, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, files, 4)
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(dir, f.Name()))
		require.NoError(t, err)
		assert.NotContains(t, string(data), key, f.Name())
		assert.NotContains(t, string(data), "1234567890abcdef", f.Name())
	}
	jsonl, err := os.ReadFile(filepath.Join(dir, "r.jsonl"))
	require.NoError(t, err)
	assert.Contains(t, string(jsonl), "your key is [REDACTED]")
}

// TestBadInputRest: the rest of the bad inputs, each one line and exit 2.
func TestBadInputRest(t *testing.T) {
	dir := t.TempDir()
	empty := writeFile(t, dir, "empty.jsonl", "")
	null := writeFile(t, dir, "null.json", "null")
	big := filepath.Join(dir, "big.txt")
	f, err := os.Create(big)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(300<<20)) // sparse: 300 MB that cost no disk
	f.Close()
	mazeFile := filepath.Join(dir, "m.json")
	code, out, stderr := runCLI(t, "maze", "--size", "5", "--format", "json")
	require.Equal(t, 0, code, stderr)
	require.NoError(t, os.WriteFile(mazeFile, []byte(out), 0o644))
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"empty items", []string{"run", "--suite", "abstain", "--items", empty}, "holds no item"},
		{"empty items to score", []string{"abstain", "score", "--items", empty, "--responses", empty}, "holds no item"},
		{"record without a key", []string{"run", "--record", "--size", "5"}, "--record saves the cassettes of live calls"},
		{"record an agent", []string{"run", "--record", "--models", "agent/oracle"}, "runs in-process and has no traffic to record"},
		{"estimate NaN", []string{"estimate", "--output-factor", "NaN"}, "is not a positive number"},
		{"estimate Inf", []string{"estimate", "--seconds-per-call", "+Inf"}, "is not a positive number"},
		{"models of commas", []string{"run", "--models", ",,,"}, `--models ",,," names no model`},
		{"config null", []string{"run", "--config", null}, "want a JSON object"},
		{"bad timeout", []string{"run", "--timeout", "-3s"}, "--timeout"},
		{"bad max errors", []string{"run", "--max-errors", "120%"}, "--max-errors"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLI(t, tc.args...)
			assert.Equal(t, exitUsage, code, stderr)
			assert.Contains(t, stderr, tc.want)
			assert.Equal(t, 1, strings.Count(stderr, "\n"), "one line: %q", stderr)
		})
	}
	// A reply larger than the parser reads is read only as far as it reads.
	code, out, stderr = runCLI(t, "score", "--maze", mazeFile, "--response", big)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, `"truncated": true`)
}

// TestServeHardening: the server bounds every connection's time, caps the
// connections open at once, and answers 422, which clients do not retry,
// to a prompt no agent can read.
func TestServeHardening(t *testing.T) {
	srv, _ := newServer(http.NotFoundHandler(), nil, 1, 1)
	assert.Positive(t, srv.ReadHeaderTimeout)
	assert.Positive(t, srv.ReadTimeout)
	assert.Positive(t, srv.WriteTimeout)
	assert.Positive(t, srv.IdleTimeout)

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	lim := limitListener(ln, 1)
	defer lim.Close()
	accepted := make(chan net.Conn, 2)
	go func() {
		for {
			c, err := lim.Accept()
			if err != nil {
				return
			}
			accepted <- c
		}
	}()
	c1, err := net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	defer c1.Close()
	first := <-accepted
	c2, err := net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	defer c2.Close()
	select {
	case <-accepted:
		t.Fatal("a second connection was accepted while the first was open")
	case <-time.After(50 * time.Millisecond):
	}
	first.Close()
	second := <-accepted
	second.Close()

	ctx, cancel := context.WithCancel(context.Background())
	var out, errOut bytes.Buffer
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0"}, &lockedBuffer{b: &out}, &errOut) }()
	var addr string
	require.Eventually(t, func() bool {
		line := (&lockedBuffer{b: &out}).String()
		if i := strings.Index(line, "http://"); i >= 0 {
			addr = strings.Fields(line[i:])[0]
			return true
		}
		return false
	}, 5*time.Second, 10*time.Millisecond)
	resp, err := http.Post(addr+"/v1/chat/completions", "application/json", strings.NewReader(`{"model":"oracle","messages":[{"role":"user","content":"what is the weather?"}]}`))
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, http.StatusUnprocessableEntity, resp.StatusCode, string(body))
	cancel()
	require.NoError(t, <-done)
}

// TestRunSIGTERM: SIGTERM stops a run as Ctrl-C does, finished cases kept
// and the --resume line printed, with exit 143.
func TestRunSIGTERM(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	t.Parallel()
	dir := t.TempDir()
	bin := buildCommand(t)
	srv := newAgentServer(t, 30*time.Millisecond)
	jsonl := filepath.Join(dir, "r.jsonl")
	cmd := exec.Command(bin, "run", "--models", "openai-compatible/explorer", "--size", "5", "--runs", "40", "--concurrency", "2",
		"--output", filepath.Join(dir, "r.json"), "--cassettes", filepath.Join(dir, "cassettes"))
	cmd.Env = []string{"OPENAI_COMPATIBLE_BASE_URL=" + srv.URL + "/v1", "HOME=" + dir}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	require.Eventually(t, func() bool {
		data, _ := os.ReadFile(jsonl)
		return bytes.Count(data, []byte("\n")) >= 2
	}, 2*time.Minute, 5*time.Millisecond)
	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	err := cmd.Wait()
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee, stderr.String())
	assert.Equal(t, 143, ee.ExitCode(), stderr.String())
	assert.Contains(t, stderr.String(), "continue with --resume "+jsonl)
	assert.NotEmpty(t, readJSONL(t, jsonl))
}
