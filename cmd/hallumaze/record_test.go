package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/cassettes"
	"github.com/hallumaze/hallumaze/providers"
)

// recordCall runs hallumaze record (or any command) in-process with the
// environment given.
func recordCall(t *testing.T, env map[string]string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	rc := runCall{env: env}
	a := rc.app()
	a.self = "hallumaze"
	var out, errOut strings.Builder
	err := a.run(t.Context(), args, &out, &errOut)
	code = a.exitCode(t.Context(), err, &errOut)
	return code, out.String(), errOut.String()
}

// openaiAt is the environment that sends openai/ models to the server.
func openaiAt(s *agentServer) map[string]string {
	return map[string]string{providers.EnvOpenAIKey: "sk-test-key-not-real", providers.EnvOpenAIBaseURL: s.URL + "/v1"}
}

// TestRecordFillsTheGaps: hallumaze record calls live only the cases whose
// cassettes are missing or no longer match their requests, and replays the
// others; the plan says so before the first call, and a second run records
// nothing.
func TestRecordFillsTheGaps(t *testing.T) {
	srv := newAgentServer(t, 0)
	root := t.TempDir()
	args := []string{"record", "--models", "openai/checker", "--suite", "abstain", "--filter", "cf-0[1-3]/", "--cassettes", root}
	code, stdout, stderr := recordCall(t, openaiAt(srv), args...)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "6 case(s): 0 replay from their cassettes, 6 to record (6 missing, 0 no longer matching their requests)")
	assert.Equal(t, int64(6), srv.requests.Load())
	path := func(c string) string {
		return cassettes.Path(root, "abstain", "openai", "checker", "contradictory_facts/"+c)
	}
	data, err := os.ReadFile(path("cf-01/intact"))
	require.NoError(t, err)
	assert.NotContains(t, string(data), strings.TrimPrefix(srv.URL, "http://"), "the server's address is not kept")

	// one cassette gone, one no longer matching its request
	require.NoError(t, os.Remove(path("cf-02/intact")))
	stale := strings.Replace(string(data), "contradict", "contraband", 1)
	require.NotEqual(t, string(data), stale)
	require.NoError(t, os.WriteFile(path("cf-03/modified"), []byte(stale), 0o644))
	code, stdout, stderr = recordCall(t, openaiAt(srv), args...)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "6 case(s): 4 replay from their cassettes, 2 to record (1 missing, 1 no longer matching their requests)")
	assert.Equal(t, int64(8), srv.requests.Load(), "only the two were called")

	code, stdout, _ = recordCall(t, openaiAt(srv), args...)
	require.Equal(t, 0, code)
	assert.Contains(t, stdout, "all 6 case(s) replay from their cassettes: nothing to record")
	assert.Equal(t, int64(8), srv.requests.Load())

	// with everything recorded, no key is needed
	code, _, stderr = recordCall(t, nil, args...)
	assert.Equal(t, 0, code, stderr)
}

// TestRecordWithoutKey: a model with a case to record and no key fails at
// once, exit 2, one line naming the variable; nothing is called.
func TestRecordWithoutKey(t *testing.T) {
	srv := newAgentServer(t, 0)
	env := map[string]string{providers.EnvOpenAIBaseURL: srv.URL + "/v1"}
	code, stdout, stderr := recordCall(t, env, "record", "--models", "openai/gpt-4.1", "--cassettes", t.TempDir())
	assert.Equal(t, 2, code)
	assert.Empty(t, stdout)
	assert.Equal(t, 1, strings.Count(stderr, "\n"), stderr)
	assert.Contains(t, stderr, "OPENAI_API_KEY")
	assert.Zero(t, srv.requests.Load())
}

// TestRecordMaxCost: a plan estimated over --max-cost, or one whose model
// has no price, is refused before anything is called.
func TestRecordMaxCost(t *testing.T) {
	srv := newAgentServer(t, 0)
	dir := t.TempDir()
	prices := writeFile(t, dir, "prices.json", `{"openai/checker": {"input": 1000, "output": 1000}}`)
	base := []string{"record", "--models", "openai/checker", "--suite", "abstain", "--cassettes", filepath.Join(dir, "cassettes")}
	code, stdout, stderr := recordCall(t, openaiAt(srv), append(base, "--prices", prices, "--max-cost", "1")...)
	assert.Equal(t, 2, code)
	assert.Contains(t, stdout, "≈ $")
	assert.Contains(t, stderr, "is over --max-cost $1.00; nothing was called")
	code, _, stderr = recordCall(t, openaiAt(srv), append(base, "--max-cost", "1")...)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "no price for openai/checker")
	assert.Zero(t, srv.requests.Load())
	code, _, stderr = recordCall(t, openaiAt(srv), append(base, "--max-cost", "-3")...)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "--max-cost")
}

// TestBudget: cases start while what was spent, what is in flight and the
// next estimate stay within the bound; after the first that would not,
// none starts.
func TestBudget(t *testing.T) {
	b := &budget{max: 10}
	assert.True(t, b.start(4))
	assert.True(t, b.start(4))
	assert.False(t, b.start(4), "4 + 4 + 4 > 10")
	b.done(4, 1)
	b.done(4, 1)
	assert.False(t, b.start(1), "stopped once")
	var none *budget
	assert.True(t, none.start(1e9))
}

// TestRecordUsage: bad input is a usage error before anything is read.
func TestRecordUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"record"}, "--models is required"},
		{[]string{"record", "--models", "agent/oracle"}, "runs in-process"},
		{[]string{"record", "--models", "gpt4"}, "want provider/model"},
		{[]string{"record", "--models", "openai/x", "--suite", "nosuch"}, `unknown --suite "nosuch"`},
		{[]string{"record", "--models", "openai/x", "--set", "some"}, `--set "some"`},
		{[]string{"record", "--models", "openai/x", "--filter", "("}, "--filter"},
		{[]string{"record", "--models", "openai/x", "--filter", "nothing-matches-this"}, "matches no case"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, _, stderr := recordCall(t, nil, tc.args...)
			assert.Equal(t, 2, code)
			assert.Contains(t, stderr, tc.want)
			assert.Equal(t, 1, strings.Count(stderr, "\n"), stderr)
		})
	}
}

// TestRunRecordFillsTheGaps: run --record records the cases whose
// cassettes are missing and replays the others; a run whose cassettes are
// missing says so with the one command that records them, which records
// exactly those.
func TestRunRecordFillsTheGaps(t *testing.T) {
	srv := newAgentServer(t, 0)
	root := t.TempDir()
	out := t.TempDir()
	args := []string{"--suite", "maze", "--size", "13", "--runs", "2", "--models", "openai/explorer", "--cassettes", root, "--quiet"}
	code, _, stderr, _ := runCall{env: openaiAt(srv)}.run(t, t.Context(), append(args, "--record", "--output", filepath.Join(out, "a.json"))...)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "2 case(s): 0 replay from their cassettes, 2 to record")
	n := srv.requests.Load()

	require.NoError(t, os.Remove(cassettes.Path(root, "maze", "openai", "explorer", "size=13/seed=2/base")))
	code, _, stderr, _ = runCall{}.run(t, t.Context(), append(args, "--output", filepath.Join(out, "b.json"))...)
	require.Equal(t, 2, code)
	assert.Contains(t, stderr, "1 case(s) cannot be replayed")
	assert.Contains(t, stderr, "with OPENAI_API_KEY set, record them with: ")
	assert.Contains(t, stderr, "--record --models openai/explorer --filter '^(?:maze/size=13/seed=2/base)$'")
	assert.Equal(t, 1, strings.Count(stderr, "\n"), stderr)

	code, stdout, stderr, _ := runCall{env: openaiAt(srv)}.run(t, t.Context(), append(args, "--record", "--dry-run")...)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "openai/explorer: 2 case(s), 1 recorded live, the others replayed")
	assert.Contains(t, stdout, "dry run: nothing called or written")
	assert.Equal(t, n, srv.requests.Load(), "a dry run calls nothing")
}

// TestDefaultOutputNamesNeverCollide: runs started in the same second take
// results/hallumaze_results_<time>.json, then _2, _3, even when two chose
// the same name before either made its file.
func TestDefaultOutputNamesNeverCollide(t *testing.T) {
	t.Chdir(t.TempDir())
	now := time.Date(2026, 3, 22, 14, 30, 22, 0, time.Local)
	a := newApp()
	first, err := choosePaths(runOptions{}, now)
	require.NoError(t, err)
	second, err := choosePaths(runOptions{}, now) // before the first reserved its name
	require.NoError(t, err)
	require.Equal(t, first, second)
	var got []string
	for _, paths := range []runPaths{first, second} {
		p := &runPlan{now: now, paths: paths}
		require.NoError(t, a.reserveOutputs(p, runOptions{}))
		got = append(got, p.paths.jsonl)
	}
	third, err := choosePaths(runOptions{}, now)
	require.NoError(t, err)
	got = append(got, third.jsonl)
	assert.Equal(t, []string{
		filepath.Join("results", "hallumaze_results_20260322_143022.jsonl"),
		filepath.Join("results", "hallumaze_results_20260322_143022_2.jsonl"),
		filepath.Join("results", "hallumaze_results_20260322_143022_3.jsonl"),
	}, got)
	// a name given with --output is never changed: a second run is refused
	p := &runPlan{now: now, paths: runPaths{jsonl: got[0]}}
	assert.ErrorContains(t, a.reserveOutputs(p, runOptions{output: "x.json"}), "already exists")
}
