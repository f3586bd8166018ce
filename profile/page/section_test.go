package page_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/profile"
	"github.com/hallumaze/hallumaze/profile/page"
	"github.com/hallumaze/hallumaze/results"
)

func abstainResult(model, item, variant string, abstained bool) results.Result {
	v := 0.0
	if abstained {
		v = 1
	}
	detail, _ := json.Marshal(map[string]string{"variant": variant, "outcome": map[bool]string{true: "abstained", false: "correct"}[abstained]})
	return results.Result{Suite: "abstain", Model: model, Case: variant + "/" + item, Tags: map[string]string{"variant": variant, "item": item},
		Metrics: map[string]float64{"right": 1, "parse-fail": 0, "abstained": v}, Detail: detail}
}

// TestSection: one card per model, with the model's name escaped, its
// measured rows drawn and its gaps named with the run that fills them;
// the short block names every dimension; the JSON holds the cards.
func TestSection(t *testing.T) {
	var rs []results.Result
	for i := range 10 {
		item := string(rune('a' + i))
		rs = append(rs, abstainResult("x/<b>", item, "modified", true), abstainResult("x/<b>", item, "intact", false))
		rs = append(rs, abstainResult("agent/knower", item, "modified", true), abstainResult("agent/knower", item, "intact", false))
	}
	sec, err := page.Section(rs, profile.Options{}, "hallumaze profile r.jsonl")
	require.NoError(t, err)
	assert.Equal(t, 2, strings.Count(string(sec.HTML), `<div class="pf-card">`))
	assert.NotContains(t, string(sec.HTML), "<b>")
	assert.Contains(t, string(sec.HTML), "x/&lt;b&gt;")
	assert.Contains(t, string(sec.HTML), "hallumaze run --suite worlds --models &#39;x/&lt;b&gt;&#39;")
	assert.Equal(t, 2*2, strings.Count(string(sec.HTML), "<circle"), "two models × the two Missing Piece rows (knows-unknown, answers)")
	for _, d := range profile.Dimensions {
		assert.Contains(t, sec.Text, d.Key)
		assert.Contains(t, string(sec.HTML), d.Title)
	}
	assert.Contains(t, sec.Text, "hallumaze profile r.jsonl")
	require.Len(t, sec.JSON, 1)
	_, err = json.Marshal(sec.JSON[0].Value)
	require.NoError(t, err)

	empty, err := page.Section(nil, profile.Options{}, "")
	require.NoError(t, err)
	assert.Empty(t, empty.Text)
	assert.Empty(t, empty.HTML)
}
