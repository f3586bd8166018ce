package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hallumaze/hallumaze/mazes"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runCLI runs the command line in-process and returns its exit code and
// output streams.
func runCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := run(context.Background(), args, &out, &errOut)
	code = exitCode(err, &errOut)
	return code, out.String(), errOut.String()
}

func TestUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no command", nil, "no command given"},
		{"unknown command", []string{"frobnicate"}, `unknown command "frobnicate"`},
		{"size too small", []string{"maze", "--size", "1"}, "--size 1 out of range 2..1001"},
		{"size too large", []string{"maze", "--size", "1002"}, "--size 1002 out of range 2..1001"},
		{"size not a number", []string{"maze", "--size", "seven"}, `--size "seven" is not a number`},
		{"negative seed", []string{"maze", "--seed", "-1"}, `--seed "-1" is not a number`},
		{"unknown format", []string{"maze", "--format", "png"}, `unknown --format "png"`},
		{"unknown algorithm", []string{"maze", "--algorithm", "prim"}, `unknown algorithm "prim"`},
		{"unknown lang", []string{"maze", "--lang", "fr"}, `unknown language "fr"`},
		{"unknown flag", []string{"maze", "--colour"}, "flag provided but not defined: -colour"},
		{"stray argument", []string{"maze", "extra"}, `unexpected argument "extra"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, tc.args...)
			assert.Equal(t, exitUsage, code)
			assert.Contains(t, stderr, tc.want)
			assert.Equal(t, 1, strings.Count(strings.TrimSpace(stderr), "\n")+1, "one line on stderr: %q", stderr)
			if tc.args != nil {
				assert.Empty(t, stdout)
			}
		})
	}
}

func TestHelp(t *testing.T) {
	code, stdout, _ := runCLI(t, "--help")
	require.Equal(t, 0, code)
	assert.Contains(t, stdout, "maze")
	code, stdout, _ = runCLI(t, "maze", "--help")
	require.Equal(t, 0, code)
	for _, flag := range []string{"-size", "-seed", "-algorithm", "-format", "-no-mirage", "-lang"} {
		assert.Contains(t, stdout, flag)
	}
}

func TestMazeFormats(t *testing.T) {
	for _, tc := range []struct {
		name  string
		args  []string
		check func(t *testing.T, out string)
	}{
		{"text", []string{"--size", "5", "--seed", "3"}, func(t *testing.T, out string) {
			assert.True(t, strings.HasPrefix(out, "MAZE 5×5 | START:(0,0) | EXIT:(4,4)\nSeed: 3\n"))
			assert.Contains(t, out, "⚑")
		}},
		{"text without mirage", []string{"--size", "5", "--seed", "3", "--no-mirage"}, func(t *testing.T, out string) {
			assert.NotContains(t, out, "⚑")
		}},
		{"korean", []string{"--size", "5", "--seed", "3", "--lang", "ko"}, func(t *testing.T, out string) {
			assert.Contains(t, out, "각 셀에서 이동 가능한 방향:")
		}},
		{"json", []string{"--size", "9", "--seed", "1", "--format", "json", "--algorithm", "wilson"}, func(t *testing.T, out string) {
			var v map[string]any
			require.NoError(t, json.Unmarshal([]byte(out), &v))
			for _, key := range []string{"size", "seed", "algorithm", "start", "exit", "open", "solution", "dead_ends", "mirage_traps"} {
				assert.Contains(t, v, key)
			}
			assert.Equal(t, "wilson", v["algorithm"])
		}},
		{"ascii", []string{"--size", "3", "--format", "ascii"}, func(t *testing.T, out string) {
			assert.True(t, strings.HasPrefix(out, "+---+---+---+\n| S"))
		}},
		{"svg", []string{"--size", "3", "--format", "svg", "--solution"}, func(t *testing.T, out string) {
			assert.True(t, strings.HasPrefix(out, "<svg"))
			assert.Contains(t, out, `class="solution"`)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, append([]string{"maze"}, tc.args...)...)
			require.Equal(t, 0, code, stderr)
			tc.check(t, stdout)
		})
	}
}

func TestServe(t *testing.T) {
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
	body, err := json.Marshal(map[string]any{"model": "oracle", "messages": []map[string]string{{"role": "user", "content": sampleMazePrompt(t)}}})
	require.NoError(t, err)
	resp, err := http.Post(addr+"/v1/chat/completions", "application/json", bytes.NewReader(body))
	require.NoError(t, err)
	data, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode, string(data))
	assert.Contains(t, string(data), "FINAL_PATH")
	resp, err = http.Post(addr+"/v1/chat/completions", "application/json", strings.NewReader(`{"model":"gpt-9","messages":[{"role":"user","content":"hi"}]}`))
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
	cancel()
	require.NoError(t, <-done)
	code, _, stderr := runCLI(t, "serve", "--addr", "not-an-address")
	assert.Equal(t, exitUsage, code, stderr)
}

// lockedBuffer lets the test read what the server goroutine writes.
type lockedBuffer struct {
	b *bytes.Buffer
}

var serveMu sync.Mutex

func (l *lockedBuffer) Write(p []byte) (int, error) {
	serveMu.Lock()
	defer serveMu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	serveMu.Lock()
	defer serveMu.Unlock()
	return l.b.String()
}

func sampleMazePrompt(t *testing.T) string {
	t.Helper()
	m, err := mazes.Generate(5, 1, mazes.DFS)
	require.NoError(t, err)
	return mazes.BuildPrompt(m, mazes.PromptOptions{Lang: mazes.English, Mirage: true, Confidence: true}).User
}
