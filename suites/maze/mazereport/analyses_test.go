package mazereport

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/agents"
	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/internal/golden"
	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/mazes/walkers"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites/maze/analysis"
	"github.com/hallumaze/hallumaze/suites/maze/record"
)

// playAgents plays the maze agents on specs in process.
func playAgents(t *testing.T, specs []record.Spec) []results.Result {
	t.Helper()
	env := bench.Env{Agents: func(name string) (providers.Model, bool) { return agents.Lookup(name) }}
	var out []results.Result
	for _, name := range agents.Names() {
		m, err := env.Open("agent/" + name)
		require.NoError(t, err)
		for _, s := range specs {
			c, err := maze.NewCase(s)
			require.NoError(t, err)
			out = append(out, bench.Play(context.Background(), m, c))
		}
	}
	return out
}

// TestChanceCorrection: corrected for chance, the random walker is near 0
// (it is the chance the correction subtracts) where the seed's MEI calls
// it good, and the oracle, a flawless walk, is at 1. Its bands read the
// corrected values.
func TestChanceCorrection(t *testing.T) {
	var specs []record.Spec
	for seed := range uint64(12) {
		specs = append(specs, record.Spec{Size: 7, Seed: seed + 1})
	}
	rs := playAgents(t, specs)
	boards := Boards(rs)
	a := analyze(analysis.Digests(rs), boards[0], "")
	byModel := map[string]int{}
	for i, c := range a.Chance {
		byModel[c.Model] = i
	}
	random, oracle := a.Chance[byModel["agent/random"]], a.Chance[byModel["agent/oracle"]]
	assert.Greater(t, random.MEI, 0.6, "the seed's MEI rewards the random walk's LOOP lines")
	assert.Less(t, math.Abs(random.MEICorrected), 0.25, "corrected, the random walk is chance")
	assert.Less(t, math.Abs(random.ScoreCorrected), 0.15)
	assert.InDelta(t, 1, oracle.MEICorrected, 1e-9)
	assert.Equal(t, 12, random.Cases)

	for _, mr := range a.Readings {
		if mr.Model != "agent/random" {
			continue
		}
		require.NotEmpty(t, mr.Readings)
		assert.Equal(t, "Score′", mr.Readings[0].Metric)
		assert.NotEqual(t, "excellent", mr.Readings[0].Band, "the band reads the corrected Score")
		assert.NotEqual(t, "good", mr.Readings[0].Band)
		require.NotNil(t, mr.Readings[0].Seed, "the seed's Score beside Score′")
		assert.Equal(t, random.Score, *mr.Readings[0].Seed)
	}
	text := analysesText(a, nil, false)
	assert.Contains(t, text, "HalluMaze beyond chance — base")
	assert.Contains(t, text, fmt.Sprintf("MEI′ %.3f (seed's MEI %.3f)", random.MEICorrected, random.MEI), "the band's value and the seed's, labelled")
	assert.Contains(t, text, "excellent metacognition")
	assert.NotContains(t, text, "우수한 메타인지", "an English run's readings in English only")
	ko := analysesText(a, nil, true)
	assert.Contains(t, ko, "우수한 메타인지")
	assert.NotContains(t, ko, "excellent metacognition", "a Korean run's readings in Korean only")
	assert.Contains(t, text, "Confidence at hallucinations")
	assert.Contains(t, text, "Ablation study")
}

// TestMazeBoxes: the seed's box of each maze before the results, at most
// three and a count of the rest.
func TestMazeBoxes(t *testing.T) {
	var rs []results.Result
	for _, seed := range []string{"1", "2", "3", "4", "5"} {
		rs = append(rs, results.Result{Suite: record.Name, Model: "m", Case: seed, Tags: map[string]string{"size": "7", "seed": seed, "algorithm": "dfs", "lang": "ko"}})
	}
	got := mazeBoxes(analysis.Digests(rs), 3)
	assert.Equal(t, 3, strings.Count(got, "미로 생성됨"))
	assert.Contains(t, got, "… 그 밖에 미로 2개", "the count in the results' language")
	m, err := mazes.Generate(7, 1, mazes.DFS)
	require.NoError(t, err)
	assert.Contains(t, got, "막다른 길: "+strconv.Itoa(m.DeadEnds()))
}

// TestChanceTable pins the chance baseline the report corrects by,
// agent/random's expected scores by maze size (docs/metrics.md, "Chance"):
// DFS seeds 1–3, ChanceWalks draws, lures shown and confidences asked,
// both protocols.
func TestChanceTable(t *testing.T) {
	rows, err := analysis.BaselineTable([]int{5, 7, 9, 11}, []uint64{1, 2, 3}, mazes.DFS,
		mazes.PromptOptions{Mirage: true, Confidence: true}, []mazes.Protocol{mazes.OneShot, mazes.Interactive},
		mazes.BaselineConfig{Walker: "agent/random", Walks: ChanceWalks, Sample: walkers.RandomScores})
	require.NoError(t, err)
	golden.Check(t, "chance_table.md", []byte(analysis.BaselineMarkdown(rows)))
}
