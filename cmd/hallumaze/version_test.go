package main

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestVersionNamesTheRevision: --version names the module version and the
// revision of the checkout the program was built from, also when the build
// recorded none (go run, -buildvcs=false), as this test binary's did not.
func TestVersionNamesTheRevision(t *testing.T) {
	out, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Skip("not in a git checkout, or git is not installed")
	}
	code, stdout, _ := runCLI(t, "--version")
	assert.Equal(t, 0, code)
	assert.True(t, strings.HasPrefix(stdout, "hallumaze "), stdout)
	assert.Contains(t, stdout, "revision "+strings.TrimSpace(string(out)))
}
