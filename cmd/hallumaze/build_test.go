package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// built is the command built once for the tests that run it as a process
// (signals, kill -9).
var built struct {
	once sync.Once
	dir  string
	bin  string
	out  []byte
	err  error
}

// buildCommand returns the path of the hallumaze binary, built on first
// use with the test binary's own flags (-race under the race detector, so
// its packages come from the same build cache).
func buildCommand(t testing.TB) string {
	t.Helper()
	built.once.Do(func() {
		built.dir, built.err = os.MkdirTemp("", "hallumaze-cmd-")
		if built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "hallumaze")
		args := append(append([]string{"build"}, buildFlags...), "-o", built.bin, ".")
		built.out, built.err = exec.Command("go", args...).CombinedOutput()
	})
	if built.err != nil {
		t.Fatalf("go build: %v: %s", built.err, built.out)
	}
	return built.bin
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	removeFullRun()
	os.Exit(code)
}
