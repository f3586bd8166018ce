package workflow

import (
	"context"
	"io"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/providers/loopback"
	"github.com/hallumaze/hallumaze/suites"
)

// moduleRoot is the checkout these tests run in.
var moduleRoot = filepath.Join("..", "..")

// The scratch checkout: a git repository holding a copy of the module's
// files (its suites' cassettes left out), made once per test process and
// shared by the tests, which run one at a time. A test starts from its
// first commit on a branch of its own (reset), so that the go command
// builds the program there once and finds it in its cache after.
var scratch struct {
	sync.Mutex
	once sync.Once
	dir  string
	root string // the first commit
	err  error
}

// isSuiteCassette reports a committed cassette of a suite (not the
// cassettes package's code or test data).
func isSuiteCassette(path string) bool {
	rest, ok := strings.CutPrefix(filepath.ToSlash(path), "cassettes/")
	if !ok {
		return false
	}
	top, _, nested := strings.Cut(rest, "/")
	return nested && top != "testdata"
}

// repo is the scratch checkout, reset to its first commit on the branch
// named, with nothing else in its work tree but bin/. The test holds it
// until it ends.
func repo(t *testing.T, branch string) string {
	t.Helper()
	for _, tool := range []string{"git", "bash", "make", "jq"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (the workflows need it; on Debian: apt-get install %s)", tool, tool)
		}
	}
	scratch.Lock()
	t.Cleanup(scratch.Unlock)
	scratch.once.Do(func() { scratch.dir, scratch.root, scratch.err = makeScratch() })
	require.NoError(t, scratch.err)
	git(t, scratch.dir, "checkout", "-q", "-f", "-B", branch, scratch.root)
	git(t, scratch.dir, "clean", "-q", "-fdx", "-e", "/bin/")
	return scratch.dir
}

// makeScratch copies the module's files (tracked and untracked, not
// ignored), without the suites' cassettes, into a new repository and
// commits them.
func makeScratch() (dir, root string, err error) {
	files, err := exec.Command("git", "-C", moduleRoot, "ls-files", "-co", "--exclude-standard", "-z").Output()
	if err != nil {
		return "", "", err
	}
	dir, err = os.MkdirTemp("", "hallumaze-scratch-")
	if err != nil {
		return "", "", err
	}
	for _, f := range strings.Split(strings.TrimSuffix(string(files), "\x00"), "\x00") {
		if f == "" || isSuiteCassette(f) {
			continue
		}
		if err := copyFile(filepath.Join(moduleRoot, f), filepath.Join(dir, f)); err != nil {
			if os.IsNotExist(err) {
				continue // deleted in the work tree, not yet in the index
			}
			return "", "", err
		}
	}
	for _, args := range [][]string{
		{"init", "-q", "-b", "main"},
		{"config", "user.email", "ci@example.invalid"},
		{"config", "user.name", "ci"},
		{"config", "commit.gpgsign", "false"},
		{"add", "-A"},
		{"commit", "-q", "-m", "the module, no cassettes"},
	} {
		if out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput(); err != nil {
			return "", "", &gitError{args, out, err}
		}
	}
	out, err := exec.Command("git", "-C", dir, "rev-parse", "HEAD").Output()
	return dir, strings.TrimSpace(string(out)), err
}

type gitError struct {
	args []string
	out  []byte
	err  error
}

func (e *gitError) Error() string {
	return "git " + strings.Join(e.args, " ") + ": " + e.err.Error() + ": " + string(e.out)
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	st, err := in.Stat()
	if err != nil || st.IsDir() {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, st.Mode().Perm())
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// copyCassettes copies the module's committed cassettes of a model of a
// suite into the scratch checkout.
func copyCassettes(t *testing.T, dir, suite, model string) {
	t.Helper()
	path, err := bench.CassettePath("cassettes", model, bench.Case{Suite: suite, Name: "x"})
	require.NoError(t, err)
	rel := filepath.Dir(path) // the folder of the model with its settings
	entries, err := os.ReadDir(filepath.Join(moduleRoot, rel))
	require.NoError(t, err)
	require.NotEmpty(t, entries)
	for _, e := range entries {
		require.NoError(t, copyFile(filepath.Join(moduleRoot, rel, e.Name()), filepath.Join(dir, rel, e.Name())))
	}
}

// git runs git in dir and returns its output.
func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput()
	require.NoError(t, err, "git %s: %s", strings.Join(args, " "), out)
	return strings.TrimSpace(string(out))
}

// commit commits everything in dir and returns the commit.
func commit(t *testing.T, dir, message string) string {
	t.Helper()
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "--allow-empty", "-m", message)
	return git(t, dir, "rev-parse", "HEAD")
}

// baseEnv is the environment of a step or a pasted command: the go
// command's settings (its caches, the module cache, no network), PATH and
// HOME, and no key or base URL of the developer's shell.
func baseEnv(t *testing.T) []string {
	t.Helper()
	var env []string
	for _, k := range []string{"PATH", "HOME", "TMPDIR", "GOPATH", "GOCACHE", "GOMODCACHE", "GOROOT", "GOTOOLCHAIN", "LANG"} {
		if v, ok := os.LookupEnv(k); ok {
			env = append(env, k+"="+v)
		}
	}
	// The command is built without the race detector even when these tests
	// run under it: they drive it as a user does, and a race-instrumented
	// program would cost several times the CPU (its races are the concern
	// of cmd/hallumaze's tests).
	return append(env, "GOFLAGS="+os.Getenv("GOFLAGS"), "GOPROXY=off", "GONOSUMDB=*", "GOWORK=off")
}

// withEnv is env with more variables.
func withEnv(env []string, more map[string]string) []string {
	out := append([]string(nil), env...)
	for k, v := range more {
		out = append(out, k+"="+v)
	}
	return out
}

// loopbackServer serves the reference agents, and names of them given
// (name → agent), over the three wire protocols on loopback.
func loopbackServer(t *testing.T, names map[string]string) *httptest.Server {
	t.Helper()
	lookup := suites.Agents(suites.All())
	served := map[string]providers.Model{}
	for _, name := range suites.AgentNames(suites.All()) {
		served[name], _ = lookup(name)
	}
	for name, agent := range names {
		m, ok := lookup(agent)
		require.True(t, ok, agent)
		served[name] = m
	}
	srv := httptest.NewServer(loopback.New(served))
	t.Cleanup(srv.Close)
	return srv
}

// sh runs a command line pasted into sh -c in dir.
func sh(t *testing.T, dir string, env []string, line string) (code int, stdout, stderr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute) // only a hang
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", line)
	cmd.Dir = dir
	cmd.Env = env
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), out.String(), errOut.String()
	}
	require.NoError(t, err)
	return 0, out.String(), errOut.String()
}
