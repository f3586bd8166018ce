package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/cassettes"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/results"
)

// TestGateSettings: two settings of one model are two models the gate
// compares, replayed from their committed cassettes or played in-process.
func TestGateSettings(t *testing.T) {
	gate := []string{"--suite", "abstain", "--cassettes", "../../cassettes"}
	for _, tc := range []struct {
		name, base, cand string
		code             int
		stdout           string
	}{
		{"less thinking regresses", "anthropic/checker@thinking=16000", "anthropic/checker@thinking=1024", 1, "**regressed**"},
		{"more thinking does not", "anthropic/checker@thinking=1024", "anthropic/checker@thinking=16000", 0, "no significant regression"},
		{"in-process", "agent/checker@effort=high", "agent/checker@effort=low", 1, "`agent/checker@effort=high` → `agent/checker@effort=low`"},
		{"spelt otherwise", "agent/checker@seed=1,effort=high", "agent/checker@effort=high", 0, "`agent/checker@effort=high,seed=1`"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, append([]string{"gate", "--base", tc.base, "--cand", tc.cand}, gate...)...)
			assert.Equal(t, tc.code, code, stderr)
			assert.Contains(t, stdout, tc.stdout)
		})
	}
	code, _, stderr := runCLI(t, "gate", "--base", "openai/gpt-4o@effort=high", "--cand", "agent/checker")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "gate: model openai/gpt-4o@effort=high: effort: gpt-4o is not one of OpenAI's reasoning models")
}

// TestRunSettings: models named with settings run as models of their own:
// their names in the results, what they ran with recorded beside, a
// setting the provider does not take refused before anything runs.
func TestRunSettings(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "r")
	code, stdout, stderr := runCLI(t, "run", "--suite", "abstain", "--limit", "6", "--quiet", "--output", out,
		"--models", "agent/checker@effort=low, agent/checker@effort=high")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "agent/checker@effort=low")
	assert.Contains(t, stdout, "agent/checker@effort=high")
	rs := readRunResults(t, dir)
	require.Len(t, rs, 12)
	for _, r := range rs {
		require.NotNil(t, r.Settings, r.Model)
		_, level, _ := strings.Cut(r.Model, "@effort=")
		assert.Equal(t, level, r.Settings.Effort)
		assert.NotEmpty(t, r.Turns[1].Reasoning, "the checker says what it checked")
		assert.Positive(t, r.Usage.ReasoningTokens)
	}

	for _, tc := range []struct{ models, want string }{
		{"openai/gpt-4o@effort=high", "run: --models: model openai/gpt-4o@effort=high: effort: gpt-4o is not one of OpenAI's reasoning models"},
		{"anthropic/claude-sonnet-4@thinking=8000,max_tokens=4000", "max_tokens=4000: Anthropic needs max_tokens above the thinking budget"},
		{"agent/checker@effort=low,agent/checker@effort=LOW", "names agent/checker@effort=low twice"},
		{"openai/o4-mini@effort", "no API key"},
		{"agent/checker,seed=3", `"seed=3" is a setting, and agent/checker has no "@"`},
	} {
		code, _, stderr := runCLI(t, "run", "--suite", "abstain", "--limit", "1", "--quiet", "--output", out, "--models", tc.models)
		assert.Equal(t, exitUsage, code, tc.models)
		assert.Contains(t, stderr, tc.want, tc.models)
		assert.Equal(t, 1, strings.Count(strings.TrimSpace(stderr), "\n")+1, "one line: %q", stderr)
	}
}

// TestRunConfigModelBlocks: the config file names models with their
// settings, in blocks.
func TestRunConfigModelBlocks(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "config.json")
	require.NoError(t, os.WriteFile(cfg, []byte(`{"models": [{"model": "agent/checker", "effort": "low"}, "agent/checker@effort=medium"]}`), 0o644))
	code, _, stderr := runCLI(t, "run", "--suite", "abstain", "--limit", "2", "--quiet", "--config", cfg, "--output", filepath.Join(dir, "r"))
	require.Equal(t, 0, code, stderr)
	models := map[string]bool{}
	for _, r := range readRunResults(t, dir) {
		models[r.Model] = true
	}
	assert.Equal(t, map[string]bool{"agent/checker@effort=low": true, "agent/checker@effort=medium": true}, models)

	require.NoError(t, os.WriteFile(cfg, []byte(`{"models": [{"model": "anthropic/claude-sonnet-4", "seed": 3}]}`), 0o644))
	code, _, stderr = runCLI(t, "run", "--suite", "abstain", "--limit", "2", "--quiet", "--config", cfg, "--output", filepath.Join(dir, "r"))
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "models[0]: model anthropic/claude-sonnet-4@seed=3: seed: Anthropic's messages API takes no seed")
}

// TestEstimateSettings: a model with settings is priced at its model's
// entry, its thinking budget counted as reasoning on every call.
func TestEstimateSettings(t *testing.T) {
	prices := filepath.Join(t.TempDir(), "prices.json")
	require.NoError(t, os.WriteFile(prices, []byte(`{"anthropic/claude-sonnet-4": {"input": 3, "output": 15}}`), 0o644))
	code, stdout, stderr := runCLI(t, "estimate", "--prices", prices, "--models", "anthropic/claude-sonnet-4,anthropic/claude-sonnet-4@thinking=8000,openai/gpt-x")
	require.Equal(t, 0, code, stderr)
	var plain, thinking string
	for _, line := range strings.Split(stdout, "\n") {
		switch {
		case strings.HasPrefix(line, "anthropic/claude-sonnet-4@thinking=8000 "):
			thinking = line
		case strings.HasPrefix(line, "anthropic/claude-sonnet-4 "):
			plain = line
		}
	}
	require.NotEmpty(t, plain, stdout)
	require.NotEmpty(t, thinking, stdout)
	assert.Contains(t, stdout, "openai/gpt-x")
	assert.Contains(t, stdout, "price unknown")
	costOf := func(line string) string {
		for _, f := range strings.Fields(line) {
			if strings.HasPrefix(f, "$") {
				return f
			}
		}
		return ""
	}
	assert.NotEqual(t, costOf(plain), costOf(thinking), "the thinking budget costs")
	code, _, stderr = runCLI(t, "estimate", "--models", "anthropic/claude-sonnet-4@thinking=100")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "smallest thinking budget is 1024")
}

// readRunResults reads the JSONL results a run wrote into dir.
func readRunResults(t *testing.T, dir string) []results.Result {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	require.NoError(t, err)
	require.Len(t, files, 1, "one results file in %s", dir)
	data, err := os.ReadFile(files[0])
	require.NoError(t, err)
	var out []results.Result
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var r results.Result
		require.NoError(t, json.Unmarshal([]byte(line), &r))
		out = append(out, r)
	}
	return out
}

// TestGateSuitesOfSettings: without --suite, the gate compares the suites
// a model with settings has: those its agent plays, or those it has
// cassettes of in the folder of its settings.
func TestGateSuitesOfSettings(t *testing.T) {
	a := runCall{}.app()
	for _, models := range [][]string{
		{"agent/checker@effort=high", "agent/checker@effort=low"},
		{"anthropic/checker@thinking=16000", "anthropic/checker@thinking=1024"},
		{"google/credulous@effort=high", "agent/credulous@effort=low"},
	} {
		var got []string
		for _, s := range a.suitesHad("../../cassettes", models...) {
			got = append(got, s.Name)
		}
		want := "abstain"
		if strings.Contains(models[0], "credulous") {
			want = "worlds"
		}
		assert.Equal(t, []string{want}, got, models)
	}
}

// TestRecordSettings: hallumaze record of a model with settings plans and
// records into the folder of its settings, with its settings on the wire,
// and prices a thinking budget as spent in full on every call, so that
// --max-cost holds.
func TestRecordSettings(t *testing.T) {
	srv := newAgentServer(t, 0)
	root := t.TempDir()
	env := map[string]string{providers.EnvAnthropicKey: "sk-ant-test-key-not-real", providers.EnvAnthropicBaseURL: srv.URL}
	args := []string{"record", "--models", "anthropic/checker@thinking=16000", "--suite", "abstain", "--filter", "cf-01/", "--cassettes", root}
	prices := writeFile(t, t.TempDir(), "prices.json", `{"anthropic/checker": {"input": 1, "output": 1}}`)
	// two calls of at most 16,000 reasoning tokens at $1 per million:
	// about $0.03, over $0.02, however little the answers take
	code, stdout, stderr := recordCall(t, env, append(args, "--prices", prices, "--max-cost", "0.02")...)
	assert.Equal(t, exitUsage, code, stderr)
	assert.Contains(t, stdout, "record anthropic/checker@thinking=16000: 2 case(s)")
	assert.Contains(t, stdout, "up to 32000 reasoning tokens (its thinking budget on every call)")
	assert.Contains(t, stderr, "is over --max-cost $0.02; nothing was called")
	assert.Zero(t, srv.requests.Load())

	code, stdout, stderr = recordCall(t, env, append(args, "--prices", prices, "--max-cost", "0.05")...)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "recorded 2 cassette(s)")
	for _, c := range []string{"contradictory_facts/cf-01/intact", "contradictory_facts/cf-01/modified"} {
		bodies, err := cassettes.RequestBodies(cassettes.Path(root, "abstain", "anthropic", "checker@thinking=16000", c))
		require.NoError(t, err, stdout)
		assert.Contains(t, strings.Join(bodies, "\n"), `"thinking":{"type":"enabled","budget_tokens":16000}`)
	}

	// named twice, one model: nothing left to record
	code, stdout, stderr = recordCall(t, env, "record", "--models", "anthropic/checker@thinking=16000, anthropic/checker@thinking=16000", "--suite", "abstain", "--filter", "cf-01/", "--cassettes", root)
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, "record anthropic/checker@thinking=16000: all 2 case(s) replay from their cassettes: nothing to record\n", stdout)
	code, _, stderr = recordCall(t, env, "record", "--models", "anthropic/checker@effort=turbo", "--cassettes", root)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "record: --models: ")
}
