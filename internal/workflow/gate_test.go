package workflow

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ran counts, by workflow file, job and step name, the run: steps the
// tests of this package executed (TestEveryStepRuns holds them to all).
var ran = map[string]bool{}

func stepKey(f *File, j *Job, s Step) string {
	return filepath.Base(f.Path) + "/" + j.ID + "/" + s.Name + "/" + firstLine(s.Run)
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// runJob runs the run: steps of a job in order, as the runner does: a
// step that fails ends the job. It returns each step's result.
func runJob(t *testing.T, r Runner, f *File, id string) []Result {
	t.Helper()
	j := f.Jobs[id]
	require.NotNil(t, j, "job %s", id)
	var out []Result
	for _, s := range j.RunSteps() {
		res, err := r.Run(t.Context(), f, j, s, nil)
		require.NoError(t, err)
		ran[stepKey(f, j, s)] = true
		out = append(out, res)
		if res.Code != 0 {
			t.Logf("%s: job %s, step %q exited %d:\n%s%s", filepath.Base(f.Path), id, s.Name, res.Code, res.Stdout, res.Stderr)
			break
		}
	}
	return out
}

// gateOutcome is what gate.yml did on a pull request: the plan's step, and
// each comparison's last step (the gate) by "suite cand".
type gateOutcome struct {
	plan  Result
	gates map[string]Result
}

// runGateWorkflow runs gate.yml's steps in the checkout with the values
// of the event given: the plan, then the gate job once for each
// comparison it lists. A pull request's jobs run, as on Actions, in the
// merge of its head into its base.
func runGateWorkflow(t *testing.T, dir string, values map[string]string) gateOutcome {
	t.Helper()
	if head := values["github.event.pull_request.head.sha"]; head != "" {
		git(t, dir, "checkout", "-q", "--detach", values["github.event.pull_request.base.sha"])
		git(t, dir, "merge", "-q", "--no-edit", head)
	}
	f, err := Load(filepath.Join(moduleRoot, ".github", "workflows", "gate.yml"))
	require.NoError(t, err)
	r := Runner{Dir: dir, Env: baseEnv(t), Values: values}
	plan := runJob(t, r, f, "plan")
	out := gateOutcome{plan: plan[len(plan)-1], gates: map[string]Result{}}
	if out.plan.Code != 0 {
		return out
	}
	var matrix struct {
		Include []struct{ Suite, Cand string } `json:"include"`
	}
	require.NoError(t, json.Unmarshal([]byte(out.plan.Outputs["matrix"]), &matrix), out.plan.Outputs["matrix"])
	require.Equal(t, out.plan.Outputs["count"], strings.TrimSpace(jsonInt(len(matrix.Include))))
	for _, m := range matrix.Include {
		vals := map[string]string{"matrix.suite": m.Suite, "matrix.cand": m.Cand}
		for k, v := range values {
			vals[k] = v
		}
		steps := runJob(t, Runner{Dir: dir, Env: baseEnv(t), Values: vals}, f, "gate")
		out.gates[m.Suite+" "+m.Cand] = steps[len(steps)-1]
	}
	return out
}

func jsonInt(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// pullRequest is the event of a pull request from head into base.
func pullRequest(baseline, baseSHA, headSHA string) map[string]string {
	v := map[string]string{
		"github.event_name":                  "pull_request",
		"github.event.pull_request.base.sha": baseSHA,
		"github.event.pull_request.head.sha": headSHA,
	}
	if baseline != "" {
		v["vars.HALLUMAZE_GATE_BASE"] = baseline
	}
	return v
}

// touch changes a committed cassette of a model without changing what it
// replays: a re-recording that gave the same answers.
func touch(t *testing.T, dir, suite, model string) {
	t.Helper()
	d := filepath.Join(dir, "cassettes", suite, strings.Replace(model, "/", string(filepath.Separator), 1))
	entries, err := os.ReadDir(d)
	require.NoError(t, err)
	p := filepath.Join(d, entries[0].Name())
	data, err := os.ReadFile(p)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(p, append(data, "# recorded again\n"...), 0o644))
}

// TestGateWorkflow runs gate.yml's steps under bash -eo pipefail on a
// scratch clone, on pull requests that add a worse candidate, a better
// one, one the baseline cannot be compared with, and none; by hand; and
// with no baseline set. The plan lists the models the pull request changed
// since its fork point; each gate exits 1 on a regression with the table
// in the job summary, 0 with a pass, 2 with the message that ends with the
// command that records what is missing.
func TestGateWorkflow(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command in a scratch clone and replays the gate sets")
	}
	dir := repo(t, "gate")
	copyCassettes(t, dir, "maze", "openai/explorer")
	copyCassettes(t, dir, "maze", "google/oracle")
	copyCassettes(t, dir, "worlds", "openai/oracle")
	fork := commit(t, dir, "baseline cassettes")

	t.Run("regression", func(t *testing.T) {
		git(t, dir, "checkout", "-q", "-B", "pr-worse", fork)
		copyCassettes(t, dir, "maze", "anthropic/lured")
		head := commit(t, dir, "a worse candidate")
		// the base branch moves on after the fork: another model's
		// cassettes change there; they are not the pull request's
		git(t, dir, "checkout", "-q", "-B", "main-later", fork)
		touch(t, dir, "maze", "google/oracle")
		base := commit(t, dir, "oracle recorded again on the base branch")
		out := runGateWorkflow(t, dir, pullRequest("openai/explorer", base, head))
		require.Equal(t, 0, out.plan.Code, out.plan.Stderr)
		assert.Equal(t, "1", out.plan.Outputs["count"], "only the pull request's candidate: %s", out.plan.Outputs["matrix"])
		g, ok := out.gates["maze anthropic/lured"]
		require.True(t, ok, "%v", out.gates)
		assert.Equal(t, 1, g.Code, g.Stderr)
		assert.Contains(t, g.Summary, "| metric | better | n |")
		assert.Contains(t, g.Summary, "**regressed**")
		assert.Contains(t, g.Summary, "**Regression**")
		assert.Contains(t, g.Stdout, "::error title=hallumaze gate (maze)::")
	})

	t.Run("pass", func(t *testing.T) {
		git(t, dir, "checkout", "-q", "-B", "pr-better", fork)
		copyCassettes(t, dir, "maze", "anthropic/lured")
		git(t, dir, "rm", "-q", "-r", "cassettes/maze/google")
		base := commit(t, dir, "main without the oracle")
		copyCassettes(t, dir, "maze", "google/oracle")
		head := commit(t, dir, "a better candidate")
		out := runGateWorkflow(t, dir, pullRequest("openai/explorer", base, head))
		require.Equal(t, 0, out.plan.Code, out.plan.Stderr)
		g, ok := out.gates["maze google/oracle"]
		require.True(t, ok, "%v", out.gates)
		assert.Equal(t, 0, g.Code, g.Stderr)
		assert.Contains(t, g.Summary, "**Pass**")
		assert.Contains(t, g.Summary, "no significant regression")
		assert.NotContains(t, g.Stdout, "::error")
	})

	t.Run("set-up error", func(t *testing.T) {
		git(t, dir, "checkout", "-q", "-B", "pr-worlds", fork)
		copyCassettes(t, dir, "worlds", "anthropic/credulous")
		head := commit(t, dir, "a candidate of a suite the baseline lacks")
		out := runGateWorkflow(t, dir, pullRequest("openai/explorer", fork, head))
		g, ok := out.gates["worlds anthropic/credulous"]
		require.True(t, ok, "%v", out.gates)
		assert.Equal(t, 2, g.Code, g.Stderr)
		assert.Contains(t, g.Summary, "**Not compared**")
		assert.Contains(t, g.Summary, "record them with: bin/hallumaze record --models openai/explorer --suite worlds")
		assert.Contains(t, g.Stdout, "::error title=hallumaze gate (worlds)::")
	})

	t.Run("worlds", func(t *testing.T) {
		git(t, dir, "checkout", "-q", "-B", "pr-worlds-gate", fork)
		copyCassettes(t, dir, "worlds", "anthropic/credulous")
		head := commit(t, dir, "a worse HalluWorld candidate")
		out := runGateWorkflow(t, dir, pullRequest("openai/oracle", fork, head))
		g, ok := out.gates["worlds anthropic/credulous"]
		require.True(t, ok, "%v", out.gates)
		assert.Equal(t, 1, g.Code, "the gate plays what the recordings cover: %s", g.Stderr)
		assert.Contains(t, g.Summary, "75 paired cases")
		assert.Contains(t, g.Summary, "| hallucinated |")
	})

	t.Run("only the baseline changed", func(t *testing.T) {
		git(t, dir, "checkout", "-q", "-B", "pr-base", fork)
		touch(t, dir, "maze", "openai/explorer")
		head := commit(t, dir, "the baseline recorded again")
		out := runGateWorkflow(t, dir, pullRequest("openai/explorer", fork, head))
		require.Equal(t, 0, out.plan.Code, out.plan.Stderr)
		assert.Equal(t, "0", out.plan.Outputs["count"])
		assert.Contains(t, out.plan.Summary, "No candidate to gate")
		assert.Empty(t, out.gates)
	})

	t.Run("by hand", func(t *testing.T) {
		git(t, dir, "checkout", "-q", "-B", "dispatch", fork)
		copyCassettes(t, dir, "maze", "anthropic/lured")
		commit(t, dir, "a candidate")
		// the suite left empty: every suite either model has
		out := runGateWorkflow(t, dir, map[string]string{
			"github.event_name": "workflow_dispatch", "inputs.base": "openai/explorer", "inputs.cand": "anthropic/lured",
		})
		require.Equal(t, 0, out.plan.Code, out.plan.Stderr)
		g, ok := out.gates[" anthropic/lured"]
		require.True(t, ok, "%v", out.gates)
		assert.Equal(t, 1, g.Code, g.Stderr)
		// every suite, by name: those the models lack are to be recorded
		out = runGateWorkflow(t, dir, map[string]string{
			"github.event_name": "workflow_dispatch", "inputs.base": "openai/explorer", "inputs.cand": "anthropic/lured", "inputs.suite": "all",
		})
		g = out.gates["all anthropic/lured"]
		assert.Equal(t, 2, g.Code, g.Stderr)
		assert.Contains(t, g.Summary, "record them with: bin/hallumaze record --models anthropic/lured,openai/explorer --suite abstain,worlds")
	})

	t.Run("no baseline", func(t *testing.T) {
		out := runGateWorkflow(t, dir, pullRequest("", fork, fork))
		assert.Equal(t, 2, out.plan.Code)
		assert.Contains(t, out.plan.Stdout, "::error title=hallumaze gate::no baseline: set the repository variable HALLUMAZE_GATE_BASE")
	})
}
