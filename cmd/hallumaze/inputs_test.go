package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// specialInputs are paths an input flag may be given that a blocking open
// would wait on for ever: a named pipe, a link to one, a device, a link to
// a device. Each names what it is.
func specialInputs(t *testing.T, dir, name string) map[string]string {
	t.Helper()
	fifo := filepath.Join(dir, "fifo-"+name)
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	link := filepath.Join(dir, "link-"+name)
	require.NoError(t, os.Symlink(fifo, link))
	dev := filepath.Join(dir, "dev-"+name)
	require.NoError(t, os.Symlink(os.DevNull, dev))
	return map[string]string{"fifo": fifo, "link to a fifo": link, "device": os.DevNull, "link to a device": dev}
}

// runGuarded runs the command line in-process, and fails the test rather
// than hang when it does not return (a generous bound: it only catches a
// blocking open).
func runGuarded(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	type outcome struct {
		code           int
		stdout, stderr string
	}
	done := make(chan outcome, 1)
	go func() {
		var out, errOut bytes.Buffer
		err := run(context.Background(), args, &out, &errOut)
		done <- outcome{exitCode(err, &errOut), out.String(), errOut.String()}
	}()
	select {
	case o := <-done:
		return o.code, o.stdout, o.stderr
	case <-time.After(2 * time.Minute):
		t.Fatalf("hallumaze %s did not return: it waits on an input", strings.Join(args, " "))
		return 0, "", ""
	}
}

// TestInputsRefuseSpecialFiles: every input flag, given a named pipe, a
// link to one or a device, exits 2 at once with one line that says what
// the path is, instead of waiting on it.
func TestInputsRefuseSpecialFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	regular := func(name, content string) string { return writeFile(t, dir, name, content) }
	mazeFile := regular("maze.json", "")
	code, out, stderr := runCLI(t, "maze", "--size", "5", "--format", "json")
	require.Equal(t, 0, code, stderr)
	require.NoError(t, os.WriteFile(mazeFile, []byte(out), 0o644))
	reply := regular("reply.txt", "FINAL_PATH: (0,0)\n")
	results := regular("r.jsonl", reportLine+"\n")
	items := regular("items.jsonl", "")
	code, out, stderr = runCLI(t, "abstain", "items")
	require.Equal(t, 0, code, stderr)
	require.NoError(t, os.WriteFile(items, []byte(out), 0o644))
	probes := regular("probes.jsonl", "")
	code, out, stderr = runCLI(t, "worlds", "probes", "--world", "grid", "--level", "P1_dense_array")
	require.Equal(t, 0, code, stderr)
	require.NoError(t, os.WriteFile(probes, []byte(out), 0o644))
	responses := regular("responses.jsonl", `{"id":"x","output":"1"}`+"\n")

	// A replayed model whose cassette is special.
	cas := filepath.Join(dir, "cassettes")
	casDir := filepath.Join(cas, "maze", "openai", "explorer")
	require.NoError(t, os.MkdirAll(casDir, 0o755))

	const in = "\x00" // where a case's input goes
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"run --config", []string{"run", "--size", "5", "--config", in}},
		{"run --prices", []string{"run", "--size", "5", "--prices", in}},
		{"run --resume", []string{"run", "--size", "5", "--resume", in}},
		{"run --human", []string{"run", "--size", "5", "--human", in}},
		{"run --items", []string{"run", "--suite", "abstain", "--items", in}},
		{"run --umwp", []string{"run", "--suite", "abstain", "--umwp", in}},
		{"report FILE", []string{"report", in}},
		{"report --human", []string{"report", results, "--human", in}},
		{"report --prices", []string{"report", results, "--prices", in}},
		{"gate --results", []string{"gate", "--base", "openai/gpt-4o", "--cand", "openai/gpt-4o", "--results", in}},
		{"gate --gate", []string{"gate", "--base", "agent/oracle", "--cand", "agent/explorer", "--gate", in}},
		{"estimate --prices", []string{"estimate", "--prices", in}},
		{"score --maze", []string{"score", "--maze", in, "--response", reply}},
		{"score --response", []string{"score", "--maze", mazeFile, "--response", in}},
		{"maze import FILE", []string{"maze", "import", "--from", "adjlist", in}},
		{"abstain score --items", []string{"abstain", "score", "--items", in, "--responses", responses}},
		{"abstain score --responses", []string{"abstain", "score", "--items", items, "--responses", in}},
		{"abstain items --umwp", []string{"abstain", "items", "--umwp", in}},
		{"worlds score --probes", []string{"worlds", "score", "--probes", in, "--responses", responses}},
		{"worlds score --responses", []string{"worlds", "score", "--probes", probes, "--responses", in}},
		{"run a cassette", []string{"run", "--models", "openai/explorer", "--size", "7", "--runs", "1", "--cassettes", cas, "--output", filepath.Join(dir, "cas.json")}},
		{"gate a cassette", []string{"gate", "--base", "openai/explorer", "--cand", "agent/explorer", "--cassettes", cas}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for kind, path := range specialInputs(t, dir, strings.ReplaceAll(tc.name, " ", "_")) {
				args := make([]string, len(tc.args))
				for i, a := range tc.args {
					args[i] = strings.ReplaceAll(a, in, path)
				}
				if strings.Contains(tc.name, "cassette") {
					name := "size=7%2Fseed=1%2Fbase.yaml" // the run's case
					if strings.HasPrefix(tc.name, "gate") {
						name = "size=5%2Fseed=1%2Fbase.yaml" // the gate's first
					}
					cassette := filepath.Join(casDir, name)
					os.Remove(cassette)
					require.NoError(t, os.Symlink(path, cassette))
				}
				code, _, stderr := runGuarded(t, args...)
				assert.Equal(t, exitUsage, code, "%s: %s", kind, stderr)
				assert.Equal(t, 1, strings.Count(stderr, "\n"), "%s: one line: %q", kind, stderr)
				assert.Contains(t, stderr, "not a regular file", kind)
			}
		})
	}
}

// TestCassetteLinkedToStdin: a committed cassette that is a link to
// /dev/stdin does not make a run wait on its standard input (a pipe that
// never closes): the run exits 2 at once, naming it.
func TestCassetteLinkedToStdin(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	t.Parallel()
	bin := buildCommand(t)
	dir := t.TempDir()
	casDir := filepath.Join(dir, "cassettes", "maze", "openai", "explorer")
	require.NoError(t, os.MkdirAll(casDir, 0o755))
	require.NoError(t, os.Symlink("/dev/stdin", filepath.Join(casDir, "size=7%2Fseed=1%2Fbase.yaml")))
	pr, pw, err := os.Pipe()
	require.NoError(t, err)
	defer pw.Close() // the pipe stays open, and empty, while the run lives
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "run", "--models", "openai/explorer", "--size", "7", "--runs", "1",
		"--cassettes", filepath.Join(dir, "cassettes"), "--output", filepath.Join(dir, "r.json"))
	cmd.Env = []string{"HOME=" + dir}
	cmd.Stdin = pr
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	pr.Close()
	require.NoError(t, ctx.Err(), "the run waited on its standard input")
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee, stderr.String())
	assert.Equal(t, exitUsage, ee.ExitCode(), stderr.String())
	assert.Contains(t, stderr.String(), "is a named pipe, not a regular file")
}

// readingPipe reports whether a thread of the process waits in a read of a
// pipe, as Linux's /proc shows it.
func readingPipe(pid int) bool {
	tasks, _ := filepath.Glob(filepath.Join("/proc", strconv.Itoa(pid), "task", "*", "wchan"))
	for _, p := range tasks {
		if data, err := os.ReadFile(p); err == nil && strings.Contains(string(data), "pipe") {
			return true
		}
	}
	return false
}

// TestSecondSignalStops: a command that waits on standard input given as
// "-" (a pipe that never closes) stops on the second Ctrl-C, exit 130.
func TestSecondSignalStops(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	t.Parallel()
	bin := buildCommand(t)
	dir := t.TempDir()
	pr, pw, err := os.Pipe()
	require.NoError(t, err)
	defer pw.Close()
	cmd := exec.Command(bin, "estimate", "--prices", "-")
	cmd.Env = []string{"HOME=" + dir}
	cmd.Stdin = pr
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	pr.Close()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	defer cmd.Process.Kill()
	deadline := time.Now().Add(time.Minute) // generous: only a machine without /proc reaches it
	for !readingPipe(cmd.Process.Pid) {
		if time.Now().After(deadline) {
			t.Skip("/proc does not show the command waiting on its standard input")
		}
		time.Sleep(10 * time.Millisecond)
	}
	// Ctrl-C, again and again (two sent at once may arrive as one), until
	// the command stops; it must stop on the second.
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for sent := 0; ; {
		select {
		case err := <-done:
			var ee *exec.ExitError
			require.ErrorAs(t, err, &ee, stderr.String())
			assert.Equal(t, 130, ee.ExitCode(), stderr.String())
			assert.Contains(t, stderr.String(), "again: stopping now")
			return
		case <-tick.C:
			require.Less(t, sent, 1200, "Ctrl-C did not stop the command")
			cmd.Process.Signal(os.Interrupt)
			sent++
		}
	}
}
