package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/agents"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/providers/loopback"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
)

// TestRunBadInput: every mistake in the input exits 2 with one line on
// stderr, before any model is called and without writing anything.
func TestRunBadInput(t *testing.T) {
	t.Parallel()
	const model = "openai-compatible/explorer"
	resultLine := func(model, name string) string {
		return `{"suite":"maze","model":"` + model + `","case":"` + name + `","metrics":{"SR":1},"usage":{},"duration_s":0.1}` + "\n"
	}
	for _, tc := range []struct {
		name  string
		files map[string]string // written into the folder first
		args  []string          // "DIR" is replaced by the folder
		env   map[string]string // nil: the agent server's
		want  string
	}{
		{name: "unknown flag", args: []string{"--colour"}, want: "flag provided but not defined: -colour"},
		{name: "stray argument", args: []string{"extra"}, want: `unexpected argument "extra"`},
		{name: "size too small", args: []string{"--size", "1"}, want: "--size 1 out of range 2..1001"},
		{name: "size not a number", args: []string{"--size", "seven"}, want: `--size "seven" is not a number`},
		{name: "size in a list out of range", args: []string{"--size", "5,1002"}, want: "--size 1002 out of range 2..1001"},
		{name: "size twice", args: []string{"--size", "5,7,5"}, want: "--size 5 given twice"},
		{name: "runs zero", args: []string{"--runs", "0"}, want: "--runs 0 out of range"},
		{name: "unknown group", args: []string{"--group", "D"}, want: "--group"},
		{name: "group B one-shot", args: []string{"--group", "B", "--protocol", "oneshot"}, want: "--group B plays interactively"},
		{name: "unknown protocol", args: []string{"--protocol", "telepathy"}, want: "--protocol"},
		{name: "unknown suite", args: []string{"--suite", "chess"}, want: `unknown --suite "chess"`},
		{name: "unknown lang", args: []string{"--lang", "fr"}, want: "--lang"},
		{name: "bad seed", args: []string{"--seed", "-3"}, want: `--seed "-3" is not a number`},
		{name: "zero concurrency", args: []string{"--concurrency", "0"}, want: "--concurrency must be at least 1"},
		{name: "rpm unknown provider", args: []string{"--rpm", "acme=3"}, want: `unknown provider "acme"`},
		{name: "per-provider not a number", args: []string{"--per-provider", "openai=x"}, want: "is not provider=N"},
		{name: "bad shard", args: []string{"--shard", "4/3"}, want: `bad shard "4/3"`},
		{name: "items with the maze suite", args: []string{"--items", "x.jsonl"}, want: "--items belongs to --suite abstain (or all)"},
		{name: "bare spelling of a prefixed flag of another suite", args: []string{"--arm", "innav"}, want: "--arm belongs to --suite innav (or all)"},
		{name: "unknown provider", args: []string{"--models", "acme/x"}, want: "acme"},
		{name: "unknown agent", args: []string{"--models", "agent/houdini"}, want: `unknown agent "houdini"`},
		{name: "agent of another suite", args: []string{"--models", "agent/checker"}, want: "agent/checker plays no case of the suites of this run (maze)"},
		{name: "model twice", args: []string{"--models", model + "," + model}, want: "names " + model + " twice"},
		{name: "no OpenAI key", args: []string{"--models", "openai/gpt-4o"}, want: "openai/gpt-4o: no API key: set OPENAI_API_KEY or \"openai_api_key\" in --config"},
		{name: "no Anthropic key", args: []string{"--models", "anthropic/claude-sonnet-4-20250514"}, want: "set ANTHROPIC_API_KEY"},
		{name: "no Google key", args: []string{"--models", "google/gemini-2.5-flash"}, want: "set GOOGLE_API_KEY (or GEMINI_API_KEY)"},
		{name: "no DeepSeek key", args: []string{"--models", "deepseek/deepseek-reasoner"}, want: "set DEEPSEEK_API_KEY"},
		{name: "no base URL", env: map[string]string{}, want: providers.EnvOpenAICompatibleBaseURL},
		{name: "config not JSON", files: map[string]string{"c.json": `{"models": [`}, args: []string{"--config", "DIR/c.json"}, want: "--config"},
		{name: "config unknown key", files: map[string]string{"c.json": `{"modles": ["agent/oracle"]}`}, args: []string{"--config", "DIR/c.json"}, want: `unknown field "modles"`},
		{name: "config bad model", files: map[string]string{"c.json": `{"models": ["gpt-4o"]}`}, args: []string{"--config", "DIR/c.json", "--models", ""}, want: "models[0]"},
		{name: "config missing", args: []string{"--config", "DIR/nope.json"}, want: "nope.json"},
		{name: "human file missing", args: []string{"--human", "DIR/nope.json"}, want: "--human"},
		{name: "resume missing", args: []string{"--resume", "DIR/nope.jsonl"}, want: "nope.jsonl"},
		{name: "resume not JSONL", files: map[string]string{"r.jsonl": "hello\nworld\n"}, args: []string{"--resume", "DIR/r.jsonl"}, want: "results line 1"},
		{name: "resume seed JSON", files: map[string]string{"r.jsonl": `{"hallumaze_version":"1.1","runs":[]}`}, args: []string{"--resume", "DIR/r.jsonl"}, want: "not a hallumaze result"},
		{name: "resume foreign last line", files: map[string]string{"r.jsonl": resultLine(model, "size=5/seed=1/base") + "PK\x03\x04 zip"}, args: []string{"--resume", "DIR/r.jsonl"}, want: "is not a hallumaze JSONL results file"},
		{name: "resume other settings", files: map[string]string{"r.jsonl": resultLine(model, "size=9/seed=1/base")}, args: []string{"--resume", "DIR/r.jsonl"}, want: "not a case of this run"},
		{name: "resume other model", files: map[string]string{"r.jsonl": resultLine("agent/oracle", "size=5/seed=1/base")}, args: []string{"--resume", "DIR/r.jsonl"}, want: "not a case of this run"},
		{name: "resume case twice", files: map[string]string{"r.jsonl": resultLine(model, "size=5/seed=1/base") + resultLine(model, "size=5/seed=1/base")}, args: []string{"--resume", "DIR/r.jsonl"}, want: "twice"},
		{name: "resume the JSON", files: map[string]string{"r.json": resultLine(model, "size=5/seed=1/base")}, args: []string{"--resume", "DIR/r.json", "--output", ""}, want: "would both be"},
		{name: "output under a file", files: map[string]string{"file": "x"}, args: []string{"--output", "DIR/file/r.json"}, want: "is not a folder"},
		{name: "output is a folder", files: map[string]string{"sub/keep": "x"}, args: []string{"--output", "DIR/sub"}, want: "is a folder, not a regular file"},
		{name: "html is a folder", files: map[string]string{"sub/keep": "x"}, args: []string{"--html", "DIR/sub"}, want: "is a folder, not a regular file"},
		{name: "output is the JSONL", args: []string{"--output", "DIR/r.jsonl"}, want: "would both be"},
		{name: "JSONL exists", files: map[string]string{"out/r.jsonl": resultLine(model, "size=5/seed=1/base")}, want: "already exists: continue it with --resume"},
		{name: "interactive without a terminal", args: []string{"--interactive"}, want: "--interactive needs a terminal"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			for name, content := range tc.files {
				p := filepath.Join(dir, name)
				require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
				require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
			}
			before := listDir(t, dir)
			srv := newAgentServer(t, 0)
			env := srv.env()
			if tc.env != nil {
				env = tc.env
			}
			args := []string{"--models", model, "--size", "5", "--runs", "2", "--cassettes", filepath.Join(dir, "cassettes"),
				"--output", filepath.Join(dir, "out", "r.json")}
			for _, a := range tc.args {
				args = append(args, strings.ReplaceAll(a, "DIR", dir))
			}
			code, stdout, stderr, _ := runCall{env: env}.run(t, t.Context(), args...)
			assert.Equal(t, exitUsage, code, stderr)
			assert.Contains(t, stderr, tc.want)
			assert.Equal(t, 1, strings.Count(stderr, "\n"), "one line on stderr: %q", stderr)
			assert.True(t, strings.HasPrefix(stderr, "hallumaze: run: "), stderr)
			assert.Empty(t, stdout)
			assert.Zero(t, srv.requests.Load(), "no model may be called")
			assert.Equal(t, before, listDir(t, dir), "nothing may be written")
		})
	}
}

// TestRunAgentsWithoutKey: with no key and no --models the reference agents
// run, the note on real models is printed once, the leaderboard is
// printed and every output is written.
func TestRunAgentsWithoutKey(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out := filepath.Join(dir, "res", "r.json")
	code, stdout, stderr, stats := runCall{}.run(t, t.Context(), "--size", "5", "--runs", "2", "--csv", "--html", "auto", "--output", out)
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, 1, strings.Count(stderr, "To benchmark a real model"), stderr)
	assert.Equal(t, 1, strings.Count(stderr, noKeyNote), stderr)
	for _, name := range []string{"agent/oracle", "agent/explorer", "agent/random", "agent/lured"} {
		assert.Contains(t, stdout, name, "leaderboard")
		assert.Contains(t, stderr, "  ▶ "+name+"\n", "summary of %s", name)
	}
	assert.Contains(t, stdout, "HalluMaze comparison")
	rs := readJSONL(t, filepath.Join(dir, "res", "r.jsonl"))
	assert.Len(t, rs, 8)
	assert.Equal(t, 8, stats.Cases)
	for _, ext := range []string{".json", ".csv", ".html"} {
		data, err := os.ReadFile(filepath.Join(dir, "res", "r"+ext))
		require.NoError(t, err, ext)
		assert.NotEmpty(t, data, ext)
	}
	assert.Contains(t, stderr, "results: "+filepath.Join(dir, "res", "r.jsonl")+" (JSONL)")
	assert.Equal(t, []string{"res", "res/r.csv", "res/r.html", "res/r.json", "res/r.jsonl"}, listDir(t, dir), "no stray files")
}

// TestRunRunsAndSeed: --runs with --seed repeats one maze; without, each
// run is a new maze.
func TestRunRunsAndSeed(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name      string
		args      []string
		wantCases []string
		sameMaze  bool
	}{
		{"seed given", []string{"--seed", "42"}, []string{"size=5/seed=42/base", "size=5/seed=42/base/run=1", "size=5/seed=42/base/run=2"}, true},
		{"no seed", nil, []string{"size=5/seed=1/base", "size=5/seed=2/base", "size=5/seed=3/base"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			args := append([]string{"--models", "agent/oracle", "--size", "5", "--runs", "3", "--output", filepath.Join(dir, "r.json")}, tc.args...)
			code, _, stderr, _ := runCall{}.run(t, t.Context(), args...)
			require.Equal(t, 0, code, stderr)
			rs := readJSONL(t, filepath.Join(dir, "r.jsonl"))
			var names []string
			prompts := map[string]bool{}
			for _, r := range rs {
				names = append(names, r.Case)
				require.NotEmpty(t, r.Turns)
				prompts[r.Turns[0].Content] = true
			}
			assert.ElementsMatch(t, tc.wantCases, names)
			if tc.sameMaze {
				assert.Len(t, prompts, 1, "the same maze every run")
			} else {
				assert.Len(t, prompts, 3, "a new maze every run")
			}
		})
	}
}

// TestRunGroupB: --group B plays the interactive protocol with hints.
func TestRunGroupB(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	code, _, stderr, _ := runCall{}.run(t, t.Context(), "--models", "agent/explorer", "--size", "5", "--group", "B", "--output", filepath.Join(dir, "r.json"))
	require.Equal(t, 0, code, stderr)
	rs := readJSONL(t, filepath.Join(dir, "r.jsonl"))
	require.Len(t, rs, 1)
	assert.Equal(t, "size=5/seed=1/interactive+group=B", rs[0].Case)
	assert.Equal(t, "interactive", rs[0].Tags["protocol"])
	assert.Greater(t, len(rs[0].Turns), 2, "several turns")
}

// TestRunProgressLines: off a terminal, one plain line per case, and each
// model's summary lines once, after its last case.
func TestRunProgressLines(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	code, _, stderr, _ := runCall{}.run(t, t.Context(), "--models", "agent/oracle,agent/lured", "--size", "5", "--runs", "3", "--concurrency", "1", "--output", filepath.Join(dir, "r.json"))
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, 6, countLines(stderr, "["), stderr)
	for i := 1; i <= 6; i++ {
		assert.Contains(t, stderr, "["+itoa(i)+"/6] ")
	}
	assert.NotContains(t, stderr, "\r", "no bar off a terminal")
	lines := strings.Split(stderr, "\n")
	for _, m := range []string{"agent/oracle", "agent/lured"} {
		i := indexOf(lines, "  ▶ "+m)
		require.GreaterOrEqual(t, i, 0, "summary of %s", m)
		assert.Contains(t, lines[i-1], "[", "the summary follows the model's last case")
		assert.Contains(t, lines[i-1], "/seed=3/base", "after the model's last case")
		assert.Regexp(t, `^  [✓✗] SR=`, lines[i+1])
		assert.True(t, strings.HasPrefix(lines[i+2], "  ↳ metacognitive signals: "), lines[i+2])
	}
	quietCode, _, quiet, _ := runCall{}.run(t, t.Context(), "--models", "agent/oracle", "--size", "5", "--quiet", "--output", filepath.Join(dir, "q.json"))
	require.Equal(t, 0, quietCode)
	assert.Zero(t, countLines(quiet, "["), quiet)
}

// TestRunProviderFailures: cases that fail on the provider's side after
// retries are kept as errors, reported apart and not scored; --resume
// plays them again.
func TestRunProviderFailures(t *testing.T) {
	t.Parallel()
	srv := newAgentServer(t, 0)
	srv.fail.Store(true)
	dir := t.TempDir()
	jsonl := filepath.Join(dir, "r.jsonl")
	call := runCall{env: srv.env(), retry: &fastRetry}
	args := []string{"--models", "openai-compatible/explorer", "--size", "5", "--runs", "3", "--output", filepath.Join(dir, "r.json"), "--csv"}
	code, stdout, stderr, _ := call.run(t, t.Context(), append(args, "--max-errors", "100%")...)
	require.Equal(t, exitCaseErrors, code, "a run that scored nothing never passes, whatever --max-errors allows:\n%s", stderr)
	assert.Contains(t, stderr, "no case was scored (3 failed)")
	assert.EqualValues(t, 3*fastRetry.MaxAttempts, srv.requests.Load(), "each case tried MaxAttempts times")
	rs := readJSONL(t, jsonl)
	require.Len(t, rs, 3, "failures are recorded, never dropped")
	for _, r := range rs {
		assert.Contains(t, r.Error, "500")
		assert.Empty(t, r.Metrics, "a failure is not scored")
	}
	assert.Contains(t, stderr, "3 case(s) could not be played (after 3 retries): reported apart, not scored; --resume "+jsonl+" plays them again.")
	assert.Contains(t, stderr, "  openai-compatible/explorer: 3 failed (first: ")
	assert.Contains(t, stderr, "✗ no scored case (3 errors)")
	assert.Regexp(t, `openai-compatible/explorer\s.*\s3\s+│`, stdout, "the leaderboard counts the errors apart")

	srv.fail.Store(false)
	code, _, stderr, _ = call.run(t, t.Context(), append(args, "--resume", jsonl)...)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "resume: 0 finished case(s) kept from "+jsonl+"; 3 failed case(s) will be played again")
	rs = readJSONL(t, jsonl)
	require.Len(t, rs, 3, "each case once")
	for _, r := range rs {
		assert.Empty(t, r.Error)
		assert.Contains(t, r.Metrics, "MEI")
	}
	assert.NotContains(t, stderr, "could not be played")
}

// TestRunMaxErrors: a run with provider errors exits 3 unless --max-errors
// allows them, as a count or as a share of the cases; without retries the
// summary does not speak of retries.
func TestRunMaxErrors(t *testing.T) {
	t.Parallel()
	srv := newAgentServer(t, 0)
	srv.failEvery.Store(2) // every second request fails
	noRetry := fastRetry
	noRetry.MaxAttempts = 1
	for _, tc := range []struct {
		budget string
		code   int
	}{{"0", exitCaseErrors}, {"1", exitCaseErrors}, {"2", 0}, {"10%", exitCaseErrors}, {"50%", 0}} {
		t.Run(tc.budget, func(t *testing.T) {
			srv.requests.Store(0)
			dir := t.TempDir()
			call := runCall{env: srv.env(), retry: &noRetry}
			args := []string{"--models", "openai-compatible/explorer", "--size", "5", "--runs", "4", "--concurrency", "1", "--output", filepath.Join(dir, "r.json"), "--max-errors", tc.budget}
			code, _, stderr, _ := call.run(t, t.Context(), args...)
			assert.Equal(t, tc.code, code, stderr)
			assert.Contains(t, stderr, "2 case(s) could not be played: reported apart")
			if tc.code != 0 {
				assert.Contains(t, stderr, "2 of 4 case(s) failed on the provider's side, more than --max-errors "+tc.budget+" allows")
			}
		})
	}
}

// TestRunShardsMerge: the shards of a run, merged, are the run on one
// machine, case for case.
func TestRunShardsMerge(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	// Every suite, HalluWorld on one level (its whole standard set is
	// 14,000 cases with the agents, and the sharding is the same).
	base := []string{"--size", "5", "--runs", "12", "--seed", "7", "--suite", "all", "--level", "P1_dense_array", "--quiet"}
	code, _, stderr, _ := runCall{}.run(t, t.Context(), append(base, "--output", filepath.Join(dir, "one.json"))...)
	require.Equal(t, 0, code, stderr)
	one := readJSONL(t, filepath.Join(dir, "one.jsonl"))
	var shards []string
	var sizes []int
	for i := 1; i <= 3; i++ {
		out := filepath.Join(dir, "shard"+itoa(i)+".json")
		code, _, stderr, _ := runCall{}.run(t, t.Context(), append(base, "--shard", itoa(i)+"/3", "--output", out)...)
		require.Equal(t, 0, code, stderr)
		jsonl := strings.TrimSuffix(out, ".json") + ".jsonl"
		shards = append(shards, jsonl)
		sizes = append(sizes, len(readJSONL(t, jsonl)))
	}
	for i, n := range sizes {
		assert.Positive(t, n, "shard %d has cases", i+1)
		assert.Less(t, n, len(one), "shard %d has only part of them", i+1)
	}
	mergedJSON := filepath.Join(dir, "merged.json")
	code, _, stderr = runCLI(t, append(append([]string{"report"}, shards...), "--json", mergedJSON, "--csv", filepath.Join(dir, "merged.csv"))...)
	require.Equal(t, 0, code, stderr)
	var sets [][]results.Result
	for _, s := range shards {
		sets = append(sets, readJSONL(t, s))
	}
	merged, err := report.Merge(sets...)
	require.NoError(t, err)
	assert.Equal(t, keys(one), keys(merged), "each case once")
	if diff := cmp.Diff(comparable(one), comparable(merged)); diff != "" {
		t.Errorf("merged shards differ from the one-machine run (-want +got):\n%s", diff)
	}
	_, err = os.Stat(mergedJSON)
	assert.NoError(t, err)
}

func itoa(i int) string { return strconv.Itoa(i) }

func indexOf(xs []string, x string) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return -1
}

// TestRunInteractiveRefuses: --interactive off a terminal refuses with a
// hint instead of waiting for input.
func TestRunInteractiveRefuses(t *testing.T) {
	t.Parallel()
	f, err := os.Open(os.DevNull)
	require.NoError(t, err)
	defer f.Close()
	a := newApp()
	o, err := a.parseRun([]string{"--interactive", "--output", filepath.Join(t.TempDir(), "r.json")}, nil)
	require.NoError(t, err)
	a.stdin, a.getenv = f, func(string) string { return "" }
	_, err = a.execRun(context.Background(), o, io.Discard, io.Discard)
	require.Error(t, err)
	assert.Equal(t, exitUsage, exitCode(err, &strings.Builder{}))
	assert.Contains(t, err.Error(), "set the keys in the environment or pass --config")
}

// TestRunSizes plays several sizes in one run, as the seed's difficulty
// experiment does: each size has its own cases.
func TestRunSizes(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.json")
	code, _, stderr := runCLI(t, "run", "--models", "agent/oracle", "--size", "5,7", "--runs", "2", "--quiet", "--output", out)
	require.Equal(t, 0, code, stderr)
	data, err := os.ReadFile(strings.TrimSuffix(out, ".json") + ".jsonl")
	require.NoError(t, err)
	var cases []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var r struct{ Case string }
		require.NoError(t, json.Unmarshal([]byte(line), &r))
		cases = append(cases, r.Case)
	}
	slices.Sort(cases)
	assert.Equal(t, []string{"size=5/seed=1/base", "size=5/seed=2/base", "size=7/seed=1/base", "size=7/seed=2/base"}, cases)
}

// TestRunBaseURL reaches an openai-compatible server named by --base-url
// alone, and refuses a base URL that is not one.
func TestRunBaseURL(t *testing.T) {
	served := map[string]providers.Model{}
	for _, name := range agents.Names() {
		a, _ := agents.Lookup(name)
		served[name] = a
	}
	srv := httptest.NewServer(loopback.New(served))
	defer srv.Close()
	out := filepath.Join(t.TempDir(), "r.json")
	code, stdout, stderr := runCLI(t, "run", "--models", "openai-compatible/oracle", "--base-url", srv.URL+"/v1", "--quiet", "--output", out)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "openai-compatible/oracle")

	code, _, stderr = runCLI(t, "run", "--models", "openai-compatible/oracle", "--base-url", "openai-compatible=ftp://x", "--quiet", "--output", out)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "--base-url")
	code, _, stderr = runCLI(t, "run", "--base-url", "ollama=", "--quiet")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "is not provider=URL")
}

// TestRunFilterLimit: --filter keeps the cases whose name or suite/name
// matches, --limit the first N of each suite; a filter that matches
// nothing, a bad expression or a bad limit is a usage error before any
// call.
func TestRunFilterLimit(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name      string
		args      []string
		wantCases []string
	}{
		{"filter on the name", []string{"--filter", "seed=[13]/"}, []string{"size=5/seed=1/base", "size=5/seed=3/base"}},
		{"filter on suite/name", []string{"--filter", "^maze/size=5/seed=2/"}, []string{"size=5/seed=2/base"}},
		{"limit", []string{"--limit", "2"}, []string{"size=5/seed=1/base", "size=5/seed=2/base"}},
		{"filter then limit", []string{"--filter", "seed=[23]", "--limit", "1"}, []string{"size=5/seed=2/base"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			args := append([]string{"--models", "agent/oracle", "--size", "5", "--runs", "3", "--output", filepath.Join(dir, "r.json")}, tc.args...)
			code, _, stderr, _ := runCall{}.run(t, t.Context(), args...)
			require.Equal(t, 0, code, stderr)
			var names []string
			for _, r := range readJSONL(t, filepath.Join(dir, "r.jsonl")) {
				names = append(names, r.Case)
			}
			assert.ElementsMatch(t, tc.wantCases, names)
		})
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--filter", "nothing-is-called-this"}, `--filter "nothing-is-called-this" matches no case of maze`},
		{[]string{"--filter", "size=(5"}, "--filter: error parsing regexp"},
		{[]string{"--limit", "0"}, "--limit"},
		{[]string{"--limit", "x"}, "--limit"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			args := append([]string{"--models", "agent/oracle", "--size", "5", "--output", filepath.Join(dir, "r.json")}, tc.args...)
			code, _, stderr, _ := runCall{}.run(t, t.Context(), args...)
			assert.Equal(t, 2, code)
			assert.Contains(t, stderr, tc.want)
			assert.NoFileExists(t, filepath.Join(dir, "r.jsonl"), "nothing played")
		})
	}
}
