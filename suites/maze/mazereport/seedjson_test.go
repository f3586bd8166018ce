package mazereport_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/hallumaze/hallumaze/suites/maze/mazereport"
	"github.com/hallumaze/hallumaze/suites/maze/mazetest"

	"github.com/hallumaze/hallumaze/report"

	"github.com/hallumaze/hallumaze/internal/golden"
	"github.com/hallumaze/hallumaze/results"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/mazes"
)

// TestSeedJSONOneMazeGolden pins the file of one maze in one framing, the
// seed's own case: its bytes are those written before files of several
// mazes had the seed's top-level keys too.
func TestSeedJSONOneMazeGolden(t *testing.T) {
	var one []results.Result
	for _, r := range mazetest.Results(t) {
		if r.Case == "size=7/seed=1/base" {
			one = append(one, r)
		}
	}
	require.NotEmpty(t, one)
	var b bytes.Buffer
	require.NoError(t, writeSeedJSON(&b, one, report.Options{Timestamp: mazetest.Timestamp}))
	golden.Check(t, "seed-one-maze.json.golden", b.Bytes())
}

func TestSeedJSON(t *testing.T) {
	all := mazetest.Results(t)
	t.Run("several runs", func(t *testing.T) {
		f, err := mazereport.SeedJSON(all, 0)
		require.NoError(t, err)
		assert.Nil(t, f.Maze, "several mazes: not one maze")
		assert.Nil(t, f.Config, "several runs: not one framing")
		// 3 mazes × 2 framings one-shot, 3 groups interactive, 1 failed maze.
		assert.Len(t, f.Runs, 10)
		total, scored := 0, 0
		var inRuns []mazereport.SeedResult
		for _, r := range f.Runs {
			total += len(r.Results) + len(r.Errors)
			scored += len(r.Results)
			inRuns = append(inRuns, r.Results...)
		}
		assert.Equal(t, len(all), total, "every result in exactly one run")
		// The seed's keys: every result, run after run; what the mazes
		// and the framings share.
		assert.Equal(t, inRuns, f.Results, "results: every scored result, run after run")
		assert.Len(t, f.Results, scored)
		mazes, ok := f.SharedMaze.Get("mazes")
		require.True(t, ok)
		assert.JSONEq(t, "4", string(mazes))
		alg, ok := f.SharedMaze.Get("algorithm")
		require.True(t, ok, "every maze is a DFS maze")
		assert.JSONEq(t, `"dfs"`, string(alg))
		_, ok = f.SharedMaze.Get("size")
		assert.False(t, ok, "the sizes differ")
		_, ok = f.SharedConfig.Get("use_mirage")
		assert.False(t, ok, "lures on in some runs, off in others")
		lang, ok := f.SharedConfig.Get("lang")
		require.True(t, ok)
		assert.JSONEq(t, `"en"`, string(lang))
	})
	t.Run("one run fills the seed's keys", func(t *testing.T) {
		var one []results.Result
		for _, r := range all {
			if r.Case == "size=7/seed=1/base" {
				one = append(one, r)
			}
		}
		f, err := mazereport.SeedJSON(one, 4000)
		require.NoError(t, err)
		require.NotNil(t, f.Maze)
		require.NotNil(t, f.Config)
		m, err := mazes.Generate(7, 1, mazes.DFS)
		require.NoError(t, err)
		assert.Equal(t, len(m.Solution()), f.Maze.SolutionLength)
		assert.Equal(t, m.DeadEnds(), f.Maze.DeadEnds)
		assert.Equal(t, [2]int{6, 6}, f.Maze.SolutionPath[len(f.Maze.SolutionPath)-1])
		assert.Equal(t, mazereport.SeedConfig{UseMirage: true, UseConfidence: true, AriadneMode: "A", MaxTokens: 4000, Lang: "en", Protocol: "oneshot"}, *f.Config)
		require.Len(t, f.Results, 3)
		g := f.Results[2]
		assert.Equal(t, "openai", g.Provider)
		assert.Equal(t, "gpt-4o", g.Model)
		assert.Positive(t, g.HallucinationCount)
		assert.Equal(t, 1, g.FirstHallucinationStep)
		assert.False(t, g.PathValid)
		require.NotEmpty(t, g.ConfidenceLog)
		assert.Equal(t, mazereport.SeedConf{Step: 1, Conf: 95}, g.ConfidenceLog[0], "conf in percent, as the seed")
		d := f.Results[1]
		assert.Equal(t, []string{"dead end", "backtracking", "loop detected", "strategy_change"}, d.MetacogSignals)
	})
	t.Run("keys of the seed", func(t *testing.T) {
		var b bytes.Buffer
		require.NoError(t, writeSeedJSON(&b, all[:1], report.Options{Timestamp: mazetest.Timestamp}))
		var raw map[string]any
		require.NoError(t, json.Unmarshal(b.Bytes(), &raw))
		assert.Equal(t, "2026-03-22T14:30:22", raw["timestamp"])
		assert.Equal(t, "1.1", raw["hallumaze_version"])
		for _, k := range []string{"hallumaze_version", "timestamp", "maze", "config", "results", "runs"} {
			assert.Contains(t, raw, k)
		}
		res := raw["results"].([]any)[0].(map[string]any)
		for _, k := range []string{"provider", "model", "sr", "mei", "ce", "brs", "hallumaze_score", "hallucination_count",
			"backtrack_count", "loop_count", "hrr", "first_hallucination_step", "path_valid", "metacog_signals", "confidence_log", "latency_s"} {
			assert.Contains(t, res, k)
		}
		for _, k := range []string{"size", "seed", "solution_length", "dead_ends", "mirage_traps", "solution_path"} {
			assert.Contains(t, raw["maze"], k)
		}
	})
	t.Run("bad tags", func(t *testing.T) {
		_, err := mazereport.SeedJSON([]results.Result{{Suite: "maze", Model: "a/b", Case: "x", Tags: map[string]string{"size": "seven"}}}, 0)
		assert.ErrorContains(t, err, `size "seven" is not a number`)
	})
}
