package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/internal/responses"
	"github.com/hallumaze/hallumaze/worlds"
)

// TestWorldsCommands: probes prints records that read back, score prints
// the spec's score JSON with the missing replies listed, show prints a
// level in each view, and bad input exits 2.
func TestWorldsCommands(t *testing.T) {
	dir := t.TempDir()
	code, out, stderr := runCLI(t, "worlds", "probes", "--world", "terminal", "--level", "terminal", "--seed", "3")
	require.Equal(t, 0, code, stderr)
	probes, err := worlds.ReadProbes(strings.NewReader(out))
	require.NoError(t, err)
	require.Len(t, probes, 11)
	assert.Equal(t, "terminal/terminal/s3/transcript/q00", probes[0].ID)
	probesFile := writeFile(t, dir, "p.jsonl", out)

	var resp strings.Builder
	for i, p := range probes[:8] {
		reply := p.Key + "=" + p.Gold.Canonical()
		if i == 0 {
			reply = "I think so.\n" + p.Key + "=unknown"
		}
		line, _ := json.Marshal(responses.Response{ID: p.ID, Output: reply})
		resp.Write(append(line, '\n'))
	}
	respFile := writeFile(t, dir, "r.jsonl", resp.String())
	code, out, stderr = runCLI(t, "worlds", "score", "--probes", probesFile, "--responses", respFile)
	require.Equal(t, 0, code, stderr)
	var rep map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.EqualValues(t, 11, rep["n_probes"])
	assert.Len(t, rep["missing"], 3)
	acc := rep["accuracy"].(map[string]any)
	assert.EqualValues(t, 11, acc["n"])
	for _, k := range []string{"prior_accuracy", "accuracy_prime", "skill", "hallucination_rate", "parse_failure_rate", "abstention_recall", "abstention_precision", "over_abstention", "over_abstention_u", "testimony_following", "halluworld_rate", "by_world", "by_category", "by_world_category", "by_probe_type", "by_view", "by_level"} {
		assert.Contains(t, rep, k)
	}

	code, out, stderr = runCLI(t, "worlds", "show", "--world", "chess", "--level", "chess-random", "--seed", "1")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "fen-transposed")

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"worlds"}, "want a subcommand"},
		{[]string{"worlds", "dig"}, `unknown subcommand "dig"`},
		{[]string{"worlds", "probes", "--world", "moon"}, `unknown world "moon"`},
		{[]string{"worlds", "score", "--probes", probesFile}, "--probes and --responses are required"},
		{[]string{"worlds", "score", "--probes", respFile, "--responses", respFile}, "p.jsonl"},
		{[]string{"worlds", "score", "--probes", writeFile(t, dir, "empty.jsonl", ""), "--responses", respFile}, "no probe records"},
		{[]string{"worlds", "show", "--world", "grid", "--level", "Z9"}, "Z9"},
		{[]string{"worlds", "show", "--seed", "x"}, `--seed "x"`},
	} {
		code, _, stderr := runCLI(t, tc.args...)
		assert.Equal(t, exitUsage, code, "%v: %s", tc.args, stderr)
		if !strings.Contains(tc.want, ".jsonl") {
			assert.Contains(t, stderr, tc.want, tc.args)
		}
	}
	_, err = os.Stat(filepath.Join(dir, "p.jsonl"))
	require.NoError(t, err)
}

// TestRunWorldsSuite: run --suite worlds plays the selected probes and
// writes the suite's part of every output.
func TestRunWorldsSuite(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	code, stdout, stderr, _ := runCall{}.run(t, t.Context(), "--suite", "worlds", "--world", "grid", "--level", "proc-8", "--world-seed", "1",
		"--view", "symbolic", "--output", filepath.Join(dir, "w.json"), "--html", "auto", "--quiet")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, " HalluWorld: agent/oracle ")
	rs := readJSONL(t, filepath.Join(dir, "w.jsonl"))
	require.NotEmpty(t, rs)
	for _, r := range rs {
		assert.Equal(t, "worlds", r.Suite)
		assert.Equal(t, "symbolic", r.Tags["view"])
	}
	var js map[string]any
	data, err := os.ReadFile(filepath.Join(dir, "w.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &js))
	assert.Contains(t, js, "worlds")
	page, err := os.ReadFile(filepath.Join(dir, "w.html"))
	require.NoError(t, err)
	assert.Contains(t, string(page), `<section id="worlds">`)
}
