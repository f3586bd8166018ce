package workflow

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTestWorkflow runs test.yml's steps under bash -eo pipefail on a
// scratch clone, make in its dry-run mode (make -n: the recipes are read
// and printed, not run; make test is what runs these tests): each step
// names targets that exist, and make test lists every one of its steps.
func TestTestWorkflow(t *testing.T) {
	realMake, err := exec.LookPath("make")
	if err != nil {
		t.Skip("make is not installed")
	}
	dir := repo(t, "test")
	shim := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(shim, "make"), []byte("#!/bin/sh\nexec "+realMake+" -n \"$@\"\n"), 0o755))
	env := baseEnv(t)
	for i, kv := range env {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			env[i] = "PATH=" + shim + string(os.PathListSeparator) + v
		}
	}
	f, err := Load(filepath.Join(moduleRoot, ".github", "workflows", "test.yml"))
	require.NoError(t, err)
	for _, id := range f.Order {
		steps := runJob(t, Runner{Dir: dir, Env: env}, f, id)
		for _, res := range steps {
			assert.Equal(t, 0, res.Code, "job %s: %s%s", id, res.Stdout, res.Stderr)
		}
		if id == "test" {
			out := steps[len(steps)-1].Stdout
			for _, step := range []string{"browser", "vet", "race", "bash", "chessjs", "fuzz-smoke"} {
				assert.Contains(t, out, "=== make "+step)
			}
			assert.Contains(t, out, "-timeout", "each test binary has its bound")
		}
	}
}
