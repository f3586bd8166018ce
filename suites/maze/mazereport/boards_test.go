package mazereport

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites/maze/record"
)

// scored is a maze result of one case with a Score and the given tags.
func scored(model, cas string, score float64, tags map[string]string) results.Result {
	// Each case is its own maze (its name as the seed tag), so the tie test
	// has as many mazes as cases.
	t := map[string]string{"size": "7", "seed": cas}
	for k, v := range tags {
		t[k] = v
	}
	return results.Result{Suite: record.Name, Model: model, Case: cas, Tags: t,
		Metrics: map[string]float64{"SR": 1, "MEI": score, "CE": 0.1, "BRS": 1, "HC": 0, "BT": 0, "score": score}}
}

func TestBoards(t *testing.T) {
	var rs []results.Result
	for i := range 12 {
		c := fmt.Sprintf("case-%02d", i)
		rs = append(rs,
			scored("strong", c, 0.9+0.001*float64(i), nil),
			scored("weak", c, 0.5+0.002*float64(i%3), nil),
			// "close" differs from "weak" by noise of both signs.
			scored("close", c, 0.5+0.002*float64(i%3)+0.01*float64(1-2*(i%2)), nil),
			scored("hinted", c, 0.99, map[string]string{"protocol": "interactive", "group": "B"}),
		)
	}
	rs = append(rs, scored("human/grad", "h-5", 0.8, map[string]string{"human": "true", "size": "5"}))

	boards := Boards(rs)
	require.Len(t, boards, 2)
	base, hinted := boards[0], boards[1]
	assert.Equal(t, "base", base.Name)
	assert.Equal(t, "interactive · group B", hinted.Name)
	assert.Equal(t, "B", hinted.Filter["group"])

	ranks := map[string]Row{}
	for _, r := range base.Rows {
		ranks[r.Model] = r
	}
	require.NotContains(t, ranks, "hinted", "a hinted model is not ranked against unhinted ones")
	assert.Equal(t, 1, ranks["strong"].Rank)
	assert.False(t, ranks["strong"].Tied, "strong beats the others on every case: p < 0.05")
	assert.Equal(t, 2, ranks["weak"].Rank)
	assert.Equal(t, 2, ranks["close"].Rank, "a difference that is noise shares the rank")
	assert.True(t, ranks["close"].Tied)
	assert.Equal(t, 0, ranks["human/grad"].Rank, "human groups are not ranked")
	require.Len(t, base.Ties, 1)
	assert.ElementsMatch(t, []string{"weak", "close"}, base.Ties[0])
	assert.Equal(t, []int{5}, base.Sizes["human/grad"])
	assert.True(t, mixedSizes(base))

	t.Run("text", func(t *testing.T) {
		assert.Equal(t, "="+Medal(2), rankCell(ranks["close"]), "a shared rank is marked")
		assert.Equal(t, "=2", rankText(ranks["close"]), "the page writes no emoji")
		notes := notesText(base, false)
		assert.Contains(t, notes, "statistically tied")
		assert.Contains(t, notes, "human/grad: 5")
		more, err := boardsText(boards, false)
		require.NoError(t, err)
		assert.Contains(t, more, "The results span 2 conditions")
		assert.Contains(t, more, "HalluMaze comparison — interactive · group B")
	})
	t.Run("json", func(t *testing.T) {
		data, err := json.Marshal(boards)
		require.NoError(t, err)
		var back []struct {
			Condition string            `json:"condition"`
			Filter    map[string]string `json:"filter"`
			Ties      [][]string        `json:"ties"`
			Rows      []map[string]any  `json:"rows"`
		}
		require.NoError(t, json.Unmarshal(data, &back))
		assert.Equal(t, "base", back[0].Condition)
		assert.Len(t, back[0].Ties, 1)
		for _, r := range back[0].Rows {
			if r["model"] == "human/grad" {
				assert.Equal(t, []any{5.0}, r["sizes"])
			}
		}
		assert.Empty(t, back[1].Ties)
	})
}

// TestBoardsFewCases: with fewer shared mazes than the paired test needs
// nothing separates two models, so they share the rank.
func TestBoardsFewCases(t *testing.T) {
	boards := Boards([]results.Result{scored("a", "c1", 0.9, nil), scored("b", "c1", 0.1, nil)})
	require.Len(t, boards, 1)
	assert.True(t, boards[0].Rows[0].Tied && boards[0].Rows[1].Tied)
	assert.Equal(t, 1, boards[0].Rows[1].Rank)
	assert.False(t, strings.Contains(notesText(boards[0], false), "sizes"))
}

func TestConditionString(t *testing.T) {
	for _, tc := range []struct {
		tags map[string]string
		want string
	}{
		{nil, "base"},
		{map[string]string{"mirage": "off", "lang": "ko"}, "no lures · ko"},
		{map[string]string{"protocol": "interactive", "group": "C", "confidence": "off", "algorithm": "wilson"}, "interactive · group C · no confidence asked · wilson"},
		{map[string]string{"human": "true", "group": "B"}, "interactive · group B"},
	} {
		assert.Equal(t, tc.want, conditionOf(func(k string) string { return tc.tags[k] }).String(), "%v", tc.tags)
	}
}

// TestBoardsCompetitionRanking: after two models tied for first, the next
// is third.
func TestBoardsCompetitionRanking(t *testing.T) {
	var rs []results.Result
	for i := range 10 {
		c := fmt.Sprintf("case-%02d", i)
		noise := 0.01 * float64(1-2*(i%2))
		rs = append(rs, scored("a", c, 0.9, nil), scored("b", c, 0.9+noise, nil), scored("c", c, 0.3, nil))
	}
	ranks := map[string]int{}
	for _, r := range Boards(rs)[0].Rows {
		ranks[r.Model] = r.Rank
	}
	assert.Equal(t, map[string]int{"a": 1, "b": 1, "c": 3}, ranks)
}
