package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestViewServesTheRuns(t *testing.T) {
	dir := t.TempDir()
	code, _, stderr := runCLI(t, "run", "--suite", "abstain", "--models", "agent/checker", "--quiet", "--html", "auto", "--output", filepath.Join(dir, "run1.json"))
	require.Equal(t, 0, code, stderr)
	require.NoError(t, os.WriteFile(filepath.Join(dir, ".run1.html.tmp-1"), []byte("partial"), 0o644))

	ctx, cancel := context.WithCancel(context.Background())
	out := lockedBuffer{b: &bytes.Buffer{}}
	done := make(chan error, 1)
	go func() { done <- newApp().runView(ctx, []string{dir, "--addr", "127.0.0.1:0"}, &out, io.Discard) }()
	var base string
	for deadline := time.Now().Add(time.Minute); base == "" && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m := regexp.MustCompile(`on (http://127\.0\.0\.1:[0-9]+)/`).FindStringSubmatch(out.String()); m != nil {
			base = m[1]
		}
	}
	require.NotEmpty(t, base, "the server said where it listens: %s", out.String())
	get := func(path string) (int, string) {
		t.Helper()
		resp, err := http.Get(base + path)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return resp.StatusCode, string(b)
	}
	code, index := get("/")
	assert.Equal(t, http.StatusOK, code)
	assert.Contains(t, index, `<a href="run1.html">html</a>`)
	assert.Contains(t, index, "agent/checker")
	code, page := get("/run1.html")
	assert.Equal(t, http.StatusOK, code)
	assert.Contains(t, page, `id="case-index"`)
	code, _ = get("/.run1.html.tmp-1")
	assert.Equal(t, http.StatusNotFound, code, "no partial file")
	code, _ = get("/../../etc/passwd")
	assert.NotEqual(t, http.StatusOK, code)
	resp, err := http.Post(base+"/", "text/plain", strings.NewReader("x"))
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode)

	cancel()
	select {
	case err := <-done:
		assert.NoError(t, err)
	case <-time.After(time.Minute):
		t.Fatal("view did not stop")
	}
}

func TestViewErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no folder", []string{}, "one folder of runs expected"},
		{"not a folder", []string{filepath.Join(dir, "none")}, "not a folder"},
		{"exposed", []string{dir, "--addr", "0.0.0.0:0"}, "not a loopback address"},
		{"bad addr", []string{dir, "--addr", "nowhere"}, "--addr nowhere"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLI(t, append([]string{"view"}, tc.args...)...)
			assert.Equal(t, 2, code)
			assert.Contains(t, stderr, tc.want)
		})
	}
}
