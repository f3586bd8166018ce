package workflow

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readmeExample says what a command line of the README does on a fresh
// checkout with no key: its exit code and what it prints, or why the test
// does not run it.
type readmeExample struct {
	code   int
	output string // printed (stdout or stderr)
	skip   string
}

// readmeExamples are the README's command lines (without their comments),
// each with what it does offline. A line the README gains must be added
// here: the test fails on a line it does not know.
var readmeExamples = map[string]readmeExample{
	"make run":  {output: "HalluMaze comparison"},
	"make test": {skip: "make test runs this test"},
	"go run ./cmd/hallumaze run --size 9 --runs 5 --csv --html auto":                                                    {output: "HalluMaze comparison"},
	"go run ./cmd/hallumaze run --suite worlds --world chess --category U,X":                                            {output: "agent/oracle"},
	"go run ./cmd/hallumaze run --suite all --filter 'size=7' --limit 20":                                               {output: "HalluMaze comparison"},
	"go run ./cmd/hallumaze run --models openai/explorer,anthropic/lured --size 5 --runs 3":                             {output: "anthropic/lured"},
	"export ANTHROPIC_API_KEY=...":                                                                                      {skip: "a key"},
	"export OPENAI_API_KEY=...":                                                                                         {skip: "a key"},
	"cp config.example.json config.json":                                                                                {},
	"go run ./cmd/hallumaze run --config config.json --dry-run":                                                         {code: 1, output: "no API key: set ANTHROPIC_API_KEY"}, // go run exits 1 for the program's 2,
	"go run ./cmd/hallumaze run --config config.json --models openai/gpt-4o,ollama/llama3.1":                            {skip: "calls models live: needs a key and an Ollama server"},
	"go run ./cmd/hallumaze run --models 'openai/o4-mini@effort=high,anthropic/claude-sonnet-4-20250514@thinking=8000'": {code: 1, output: "openai/o4-mini@effort=high: no API key: set OPENAI_API_KEY"},
	"go install github.com/hallumaze/hallumaze/cmd/hallumaze@latest":                                                    {skip: "fetches the module from the module proxy; the test installs the checkout's instead"},
	"hallumaze --version":             {output: "revision "},
	"go test ./bench -run Mirage -v":  {skip: "make test runs go test ./bench"},
	"go test ./bench -run Maze":       {skip: "make test runs go test ./bench"},
	"go test ./bench -run Ariadne -v": {skip: "make test runs go test ./bench"},
	"go test ./bench -run Abstain -v": {skip: "make test runs go test ./bench"},
	"go test ./bench -run Worlds -v":  {skip: "make test runs go test ./bench"},
	"go test ./bench -run Effort -v":  {skip: "make test runs go test ./bench"},
	"go test ./bench -run '^$' -bench Maze -benchtime 1x -cpu 1 | tee new.txt; benchstat -col /model new.txt": {skip: "needs benchstat, installed from the module proxy"},
	"make record MODEL=openai/gpt-4.1":                                                        {skip: "calls a model live: needs its key"},
	"make record MODEL=openai/gpt-4.1 SUITE=maze MAX_COST=5":                                  {skip: "calls a model live: needs its key"},
	"make gate BASE=openai/gpt-4o CAND=openai/gpt-4.1":                                        {skip: "gates models whose cassettes are recorded with a key"},
	"make gate BASE=openai/explorer CAND=anthropic/lured":                                     {code: 1, output: "**regressed**"},
	"go run ./cmd/hallumaze estimate":                                                         {output: "estimated cost"},
	"go run ./cmd/hallumaze worlds probes --world grid --level P1_dense_array > probes.jsonl": {},
	"go run ./cmd/hallumaze run --suite worlds --world grid --level P1_dense_array --models agent/oracle --quiet --output w.json": {},
	"jq -c 'select(.suite == \"worlds\") | {id: .case, output: .turns[-1].content}' w.jsonl > replies.jsonl":                      {},
	"go run ./cmd/hallumaze worlds score --probes probes.jsonl --responses replies.jsonl":                                         {output: `"n_probes": 12`},
}

// readmeLines are the command lines of the README's sh blocks, in order,
// their comments left out.
func readmeLines(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(moduleRoot, "README.md"))
	require.NoError(t, err)
	var out []string
	in := false
	comment := regexp.MustCompile(`\s+#\s.*$`)
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "```sh"):
			in = true
		case strings.HasPrefix(line, "```"):
			in = false
		case in && strings.TrimSpace(line) != "":
			out = append(out, strings.TrimSpace(comment.ReplaceAllString(line, "")))
		}
	}
	return out
}

// TestReadmeExamples runs the README's command lines as written, in order,
// on a scratch clone with no key and no network (the hallumaze on PATH
// installed from the checkout), and checks what each does; those that need
// a key, the network or are make test itself are named with the reason.
func TestReadmeExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the README's examples in a scratch clone")
	}
	lines := readmeLines(t)
	require.NotEmpty(t, lines)
	dir := repo(t, "readme")
	copyCassettes(t, dir, "maze", "openai/explorer")
	copyCassettes(t, dir, "maze", "anthropic/lured")
	gobin := t.TempDir()
	env := baseEnv(t)
	for i, kv := range env {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			env[i] = "PATH=" + gobin + string(os.PathListSeparator) + v
		}
	}
	code, _, stderr := sh(t, dir, withEnv(env, map[string]string{"GOBIN": gobin}), "go install ./cmd/hallumaze")
	require.Equal(t, 0, code, stderr)
	done := map[string]bool{}
	for _, line := range lines {
		ex, ok := readmeExamples[line]
		if !assert.True(t, ok, "the README's line %q is not in readmeExamples: say what it does offline", line) || done[line] {
			continue
		}
		done[line] = true
		if ex.skip != "" {
			t.Logf("not run: %s (%s)", line, ex.skip)
			continue
		}
		code, stdout, stderr := sh(t, dir, env, line)
		assert.Equal(t, ex.code, code, "%s:\n%s%s", line, stdout, stderr)
		assert.Contains(t, stdout+stderr, ex.output, line)
	}
	for line := range readmeExamples {
		assert.True(t, done[line], "readmeExamples holds %q, which the README no longer has", line)
	}
}
