package workflow

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/providers"
)

// serve starts bin/hallumaze serve of the checkout on a free loopback port
// until the test ends, with the extra flags given, and returns its URL.
func serve(t *testing.T, dir string, flags ...string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, filepath.Join(dir, "bin", "hallumaze"), append([]string{"serve", "--addr", "127.0.0.1:0"}, flags...)...)
	cmd.Dir = dir
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		cancel()
		cmd.Wait()
	})
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := regexp.MustCompile(`on (http://127\.0\.0\.1:\d+)`).FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
			}
		}
	}()
	select {
	case u := <-found:
		return u
	case <-time.After(2 * time.Minute): // only a hang
		t.Fatal("hallumaze serve printed no address")
		return ""
	}
}

// TestUpgradeStory plays the upgrade of a model end to end, as a user
// would: build the command, serve the reference agents under model names
// with hallumaze serve, record a baseline with make record, commit it;
// then, on two pull requests, record a candidate that is worse and one
// that is as good, each through another server, and run the gate
// workflow's steps: exit 1 with the regression's table in the job
// summary, and exit 0 with a pass. make gate says the same locally, and a
// second make record of the baseline records nothing.
func TestUpgradeStory(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command in a scratch clone, records three models through hallumaze serve and gates them")
	}
	dir := repo(t, "upgrade")
	code, _, stderr := sh(t, dir, baseEnv(t), "make build")
	require.Equal(t, 0, code, stderr)
	// go run names the revision it runs, whatever the build recorded
	code, stdout, stderr := sh(t, dir, baseEnv(t), "go run ./cmd/hallumaze --version")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "revision "+git(t, dir, "rev-parse", "HEAD"))
	// two servers: a model of one provider may be recorded through any
	// server, and its cassettes compare with another's
	first := serve(t, dir, "--model", "gpt-base=checker")
	second := serve(t, dir, "--model", "gpt-worse=always-answer", "--model", "gpt-same=checker")
	recordThrough := func(server, model string) string {
		t.Helper()
		env := withEnv(baseEnv(t), map[string]string{providers.EnvOpenAIKey: "sk-test-0123456789abcdefghij", providers.EnvOpenAIBaseURL: server + "/v1"})
		code, stdout, stderr := sh(t, dir, env, "make record MODEL="+model+" SUITE=abstain")
		require.Equal(t, 0, code, "%s%s", stdout, stderr)
		return stdout + stderr
	}

	out := recordThrough(first, "openai/gpt-base")
	assert.Contains(t, out, "record openai/gpt-base: 120 case(s): 0 replay from their cassettes, 120 to record (120 missing")
	assert.Contains(t, out, "recorded 120 cassette(s)")
	entries, err := os.ReadDir(filepath.Join(dir, "cassettes", "abstain", "openai", "gpt-base"))
	require.NoError(t, err)
	assert.Len(t, entries, 120)
	fork := commit(t, dir, "record the baseline")

	out = recordThrough(first, "openai/gpt-base")
	assert.Contains(t, out, "all 120 case(s) replay from their cassettes: nothing to record")

	for _, tc := range []struct {
		cand    string
		code    int
		summary []string
	}{
		{"openai/gpt-worse", 1, []string{"**Regression**", "| right |", "**regressed**"}},
		{"openai/gpt-same", 0, []string{"**Pass**", "no significant regression", "120 paired cases"}},
	} {
		t.Run(tc.cand, func(t *testing.T) {
			git(t, dir, "checkout", "-q", "-B", "upgrade-"+strings.TrimPrefix(tc.cand, "openai/"), fork)
			recordThrough(second, tc.cand)
			head := commit(t, dir, "record "+tc.cand)
			for _, f := range cassetteFiles(t, filepath.Join(dir, "cassettes")) {
				data, err := os.ReadFile(f)
				require.NoError(t, err)
				for _, server := range []string{first, second} {
					require.NotContains(t, string(data), strings.TrimPrefix(server, "http://"), "%s keeps the server's address", f)
				}
			}

			g := runGateWorkflow(t, dir, pullRequest("openai/gpt-base", fork, head))
			require.Equal(t, 0, g.plan.Code, g.plan.Stderr)
			require.Equal(t, "1", g.plan.Outputs["count"], g.plan.Outputs["matrix"])
			res, ok := g.gates["abstain "+tc.cand]
			require.True(t, ok, "%v", g.gates)
			assert.Equal(t, tc.code, res.Code, res.Stderr)
			for _, s := range tc.summary {
				assert.Contains(t, res.Summary, s)
			}

			// the same locally, offline: no key, no base URL
			code, stdout, stderr := sh(t, dir, baseEnv(t), "make gate BASE=openai/gpt-base CAND="+tc.cand)
			assert.Equal(t, tc.code, code, stderr)
			assert.Contains(t, stdout, "| right |")
		})
	}
}

// cassetteFiles lists every file under root.
func cassetteFiles(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	require.NoError(t, filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, p)
		}
		return err
	}))
	return out
}
