package main

import (
	"context"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCacheDir: HALLUMAZE_CACHE names the folder, "off" keeps none, and
// otherwise it is hallumaze in the user's cache folder of the app's
// environment; with no such folder, none.
func TestCacheDir(t *testing.T) {
	dir := func(env map[string]string) string { return (runCall{env: env}).app().cacheDir() }
	assert.Equal(t, "/tmp/c", dir(map[string]string{envCache: "/tmp/c", "HOME": "/home/u"}))
	assert.Equal(t, "", dir(map[string]string{envCache: "off", "HOME": "/home/u"}))
	assert.Equal(t, "", dir(nil))
	if runtime.GOOS == "linux" {
		assert.Equal(t, filepath.Join("/home/u", ".cache", "hallumaze"), dir(map[string]string{"HOME": "/home/u"}))
		assert.Equal(t, filepath.Join("/x", "hallumaze"), dir(map[string]string{"HOME": "/home/u", "XDG_CACHE_HOME": "/x"}))
	}
}

// TestRunKeepsChanceBaselines: a run keeps the chance baselines of its
// mazes in the cache folder, and a second run over the same mazes reads
// them and prints the same tables.
func TestRunKeepsChanceBaselines(t *testing.T) {
	cache := t.TempDir()
	call := runCall{env: map[string]string{envCache: cache}}
	dir1, dir2 := t.TempDir(), t.TempDir()
	args := func(dir string) []string {
		return []string{"--size", "5", "--runs", "3", "--concurrency", "1", "--quiet", "--output", filepath.Join(dir, "r.json")}
	}
	code, first, stderr, _ := call.run(t, context.Background(), args(dir1)...)
	require.Equal(t, 0, code, stderr)
	files, err := filepath.Glob(filepath.Join(cache, "chance", "*", "n5.jsonl"))
	require.NoError(t, err)
	require.Len(t, files, 1)
	code, second, stderr, _ := call.run(t, context.Background(), args(dir2)...)
	require.Equal(t, 0, code, stderr)
	// The tables name the run's own files.
	assert.Equal(t, first, strings.ReplaceAll(second, dir2, dir1))
}
