package mazereport_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/suites/maze/mazereport"
	"github.com/hallumaze/hallumaze/suites/maze/mazetest"

	"github.com/hallumaze/hallumaze/internal/golden"
	"github.com/hallumaze/hallumaze/internal/textfmt"
	"github.com/hallumaze/hallumaze/results"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFixturesAreWhatTheyClaim(t *testing.T) {
	for _, r := range mazetest.Results(t) {
		if r.Error != "" {
			continue
		}
		t.Run(r.Model+"/"+r.Case, func(t *testing.T) {
			switch r.Model {
			case "anthropic/claude-sonnet-4":
				assert.Equal(t, 1.0, r.Metrics["SR"])
				assert.Zero(t, r.Metrics["HC"])
			case "openai/gpt-4o":
				assert.Positive(t, r.Metrics["HC"], "faults")
			case "deepseek/deepseek-reasoner":
				if r.Tags["mirage"] == "on" {
					assert.Equal(t, 1.0, r.Metrics["BT"], "one backtrack out of the lure's branch")
				} else {
					assert.Zero(t, r.Metrics["BT"])
				}
			}
		})
	}
}

func TestTableGolden(t *testing.T) {
	// The results of other suites change nothing in it: see
	// TestLeaderboardIgnoresAbstain in package suites.
	rs := append(mazetest.Results(t), mazetest.Human(t, "../../..")...)
	var b bytes.Buffer
	require.NoError(t, mazereport.WriteTable(&b, mazereport.Leaderboard(rs)))
	golden.Check(t, "table.golden", b.Bytes())
}

func TestSummaryLinesGolden(t *testing.T) {
	rs := mazetest.Results(t)
	var b strings.Builder
	for _, fm := range mazetest.Models {
		b.WriteString("▶ " + fm.Name + "\n" + mazereport.SummaryLine(fm.Name, rs) + "\n")
		// One case alone, as the seed prints it after each run.
		for _, r := range results.OfModel(rs, fm.Name) {
			if r.Case == "size=7/seed=1/base" {
				b.WriteString("▶ " + fm.Name + " " + r.Case + "\n" + mazereport.SummaryLine(fm.Name, []results.Result{r}) + "\n")
			}
		}
	}
	b.WriteString("▶ nobody\n" + mazereport.SummaryLine("nobody/none", rs) + "\n")
	golden.Check(t, "summary.golden", []byte(b.String()))
}

func TestLeaderboard(t *testing.T) {
	rs := append(mazetest.Results(t), mazetest.Human(t, "../../..")...)
	rows := mazereport.Leaderboard(rs)
	require.Len(t, rows, 4)
	byModel := map[string]mazereport.Row{}
	for _, r := range rows {
		byModel[r.Model] = r
	}
	t.Run("ranked by score", func(t *testing.T) {
		ranked := 0
		for i := 1; i < len(rows); i++ {
			if rows[i].Score.Defined() && rows[i-1].Score.Defined() {
				assert.GreaterOrEqual(t, rows[i-1].Score.Mean, rows[i].Score.Mean)
			}
		}
		for _, r := range rows {
			if r.Rank > 0 {
				ranked++
				assert.False(t, r.Human)
			}
		}
		assert.Equal(t, 3, ranked)
		best, ok := mazereport.Best(rows)
		require.True(t, ok)
		assert.Equal(t, "anthropic/claude-sonnet-4", best.Model)
	})
	t.Run("errors counted apart", func(t *testing.T) {
		g := byModel["openai/gpt-4o"]
		assert.Equal(t, 1, g.Errors)
		assert.Equal(t, 9, g.Cases)
		assert.Equal(t, 9, g.Score.N, "the failed case is not scored")
	})
	t.Run("human marked, not ranked", func(t *testing.T) {
		h := byModel["human/undergraduate_group_n30"]
		assert.True(t, h.Human)
		assert.Zero(t, h.Rank)
		assert.InDelta(t, (0.73+0.9)/2, h.SR.Mean, 1e-12)
	})
	t.Run("cases of one maze are not independent", func(t *testing.T) {
		// Nine cases, but framings of a few mazes: too few mazes for an
		// interval, and never Wilson's, which would count nine.
		c := byModel["anthropic/claude-sonnet-4"]
		assert.Equal(t, 1.0, c.SR.Mean)
		assert.Equal(t, 9, c.SR.N)
		assert.Less(t, c.SR.Clusters, 9)
		assert.False(t, c.SR.Wilson)
		assert.False(t, c.SR.HasCI())
	})
}

func TestBandAndMedal(t *testing.T) {
	for _, tc := range []struct {
		name string
		v    float64
		want string
	}{{"high", 0.7, "●"}, {"partial", 0.4, "◑"}, {"low", 0.399, "○"}, {"zero", 0, "○"}} {
		t.Run(tc.name, func(t *testing.T) { assert.Equal(t, tc.want, mazereport.Band(tc.v)) })
	}
	assert.Equal(t, []string{"🥇", "🥈", "🥉", ""}, []string{mazereport.Medal(1), mazereport.Medal(2), mazereport.Medal(3), mazereport.Medal(4)})
}

func TestTableAligned(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, mazereport.WriteTable(&b, mazereport.Leaderboard(mazetest.Results(t))))
	var widths []int
	for _, line := range strings.Split(b.String(), "\n") {
		if strings.HasPrefix(line, "│") || strings.HasPrefix(line, "┌") || strings.HasPrefix(line, "└") || strings.HasPrefix(line, "├") {
			widths = append(widths, textfmt.Width(line))
		}
	}
	require.NotEmpty(t, widths)
	for _, w := range widths {
		assert.Equal(t, widths[0], w, "every line of the box has the same width:\n%s", b.String())
	}
}

func TestLeaderboardWithoutScores(t *testing.T) {
	rs := []results.Result{
		{Suite: "maze", Model: "a/failed", Case: "c1", Error: "timeout"},
		{Suite: "maze", Model: "b/ok", Case: "c1", Metrics: map[string]float64{"SR": 0, "MEI": 0.1, "score": 0.2}},
		{Suite: "abstain", Model: "c/other", Case: "q1", Metrics: map[string]float64{"score": 1}},
	}
	rows := mazereport.Leaderboard(rs)
	require.Len(t, rows, 2, "only maze results are ranked")
	assert.Equal(t, "b/ok", rows[0].Model)
	assert.Equal(t, 1, rows[0].Rank)
	assert.Equal(t, "a/failed", rows[1].Model)
	assert.Zero(t, rows[1].Rank)
	assert.Equal(t, 1, rows[1].Errors)
	var b bytes.Buffer
	require.NoError(t, mazereport.WriteTable(&b, rows))
	assert.Contains(t, b.String(), "—")
	assert.Contains(t, b.String(), "★ best: b/ok — Score 0.200 | MEI 0.100")
	assert.Equal(t, "✗ no scored case (1 error)", mazereport.SummaryLine("a/failed", rs))
	assert.Contains(t, mazereport.SummaryLine("b/ok", rs), "CE=n/a")
}
