package workflow

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// benchOutcome is what bench.yml did: the check, each shard, the report.
type benchOutcome struct {
	check  Result
	shards []Result
	report []Result
}

// runBenchWorkflow runs bench.yml's steps in the checkout with the inputs
// given: the check, then each shard of the matrix (when the check passed),
// then the report (when the check passed). Each job starts from a clean
// checkout; a shard's results file is kept aside as its artifact and put
// in the report's checkout, as download-artifact does.
func runBenchWorkflow(t *testing.T, dir string, inputs map[string]string) benchOutcome {
	t.Helper()
	f, err := Load(filepath.Join(moduleRoot, ".github", "workflows", "bench.yml"))
	require.NoError(t, err)
	fresh := func() { git(t, dir, "clean", "-q", "-fdx", "-e", "/bin/") }
	artifacts := t.TempDir()
	var out benchOutcome
	fresh()
	check := runJob(t, Runner{Dir: dir, Env: baseEnv(t), Values: inputs}, f, "check")
	out.check = check[len(check)-1]
	if out.check.Code != 0 {
		return out
	}
	const shards = 4
	for i := 1; i <= shards; i++ {
		vals := map[string]string{"matrix.shard": strconv.Itoa(i), "strategy.job-total": strconv.Itoa(shards)}
		for k, v := range inputs {
			vals[k] = v
		}
		fresh()
		steps := runJob(t, Runner{Dir: dir, Env: baseEnv(t), Values: vals}, f, "shard")
		out.shards = append(out.shards, steps[len(steps)-1])
		name := fmt.Sprintf("shard-%d.jsonl", i)
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			require.NoError(t, copyFile(filepath.Join(dir, name), filepath.Join(artifacts, name)))
		}
	}
	fresh()
	entries, err := os.ReadDir(artifacts)
	require.NoError(t, err)
	for _, e := range entries {
		require.NoError(t, copyFile(filepath.Join(artifacts, e.Name()), filepath.Join(dir, e.Name())))
	}
	out.report = runJob(t, Runner{Dir: dir, Env: baseEnv(t), Values: inputs}, f, "report")
	return out
}

// TestBenchWorkflow runs bench.yml's steps under bash -eo pipefail on a
// scratch clone: a run small enough to leave shards without a case (they
// exit 0 and the report merges the others), a run replaying a model's
// committed cassettes with no key, and a model with neither a key nor
// cassettes, which the check stops with one message before any shard.
func TestBenchWorkflow(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command in a scratch clone and runs shards")
	}
	dir := repo(t, "bench")
	copyCassettes(t, dir, "maze", "openai/explorer")
	commit(t, dir, "a model's cassettes")

	t.Run("empty shards", func(t *testing.T) {
		out := runBenchWorkflow(t, dir, map[string]string{"inputs.suite": "maze", "inputs.args": "--size 5 --runs 2 --quiet"})
		require.Equal(t, 0, out.check.Code, out.check.Stderr)
		empty := 0
		for i, s := range out.shards {
			assert.Equal(t, 0, s.Code, "shard %d: %s", i+1, s.Stderr)
			st, err := os.Stat(filepath.Join(dir, fmt.Sprintf("shard-%d.jsonl", i+1)))
			require.NoError(t, err, "shard %d left its results for the report", i+1)
			if st.Size() == 0 {
				empty++
				assert.Contains(t, s.Stderr, "holds no case of this run")
			}
		}
		assert.Positive(t, empty, "two mazes × four agents leave a shard empty")
		require.Len(t, out.report, 2)
		rep := out.report[1]
		require.Equal(t, 0, rep.Code, rep.Stderr)
		assert.Contains(t, rep.Summary, "4 shard(s) merged")
		assert.Contains(t, rep.Summary, "agent/oracle")
		for _, f := range []string{"report.html", "report.jsonl", "all.json", "all.csv"} {
			assert.FileExists(t, filepath.Join(dir, f))
		}
	})

	t.Run("committed cassettes, no key", func(t *testing.T) {
		out := runBenchWorkflow(t, dir, map[string]string{"inputs.suite": "maze", "inputs.models": "openai/explorer", "inputs.args": "--size 5 --runs 3 --quiet"})
		require.Equal(t, 0, out.check.Code, out.check.Stderr)
		assert.Contains(t, out.check.Stdout, "openai/explorer: 3 case(s), replayed from their cassettes")
		for i, s := range out.shards {
			assert.Equal(t, 0, s.Code, "shard %d: %s", i+1, s.Stderr)
		}
		require.Len(t, out.report, 2)
		assert.Equal(t, 0, out.report[1].Code, out.report[1].Stderr)
		assert.Contains(t, out.report[1].Summary, "openai/explorer")
	})

	t.Run("missing secret", func(t *testing.T) {
		out := runBenchWorkflow(t, dir, map[string]string{"vars.HALLUMAZE_BENCH_MODELS": "openai/gpt-4o", "inputs.args": "--quiet"})
		assert.Equal(t, 2, out.check.Code)
		assert.Contains(t, out.check.Summary, "the run cannot start")
		assert.Contains(t, out.check.Summary, "OPENAI_API_KEY")
		assert.Contains(t, out.check.Summary, "add the key named above as a repository secret")
		assert.Contains(t, out.check.Stdout, "::error title=hallumaze bench::")
		assert.Empty(t, out.shards, "no shard starts")
	})
}
