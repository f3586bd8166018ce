package mazereport

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites/maze/analysis"
	"github.com/hallumaze/hallumaze/suites/maze/record"
)

// TestTierRowsKeepConditionsApart: a model's lured and unlured walks are
// two rows of the strict and lenient table, never their mean.
func TestTierRowsKeepConditionsApart(t *testing.T) {
	mk := func(model, mirage string, seed string, sr float64) results.Result {
		return results.Result{Suite: record.Name, Model: model, Case: "size=7/seed=" + seed + "/" + mirage,
			Tags:    map[string]string{"size": "7", "seed": seed, "mirage": mirage},
			Metrics: map[string]float64{"SR": sr, "MEI": sr, "score": sr, "format-compliance": 1, "SR" + results.LenientSuffix: sr, "MEI" + results.LenientSuffix: sr, "score" + results.LenientSuffix: sr}}
	}
	var rs []results.Result
	for _, seed := range []string{"1", "2"} {
		rs = append(rs, mk("agent/lured", "on", seed, 0), mk("agent/lured", "off", seed, 1))
	}
	cs := analysis.Digests(rs)
	trs := tierRows(cs, boards(cs))
	require.Len(t, trs, 2)
	assert.Equal(t, "base", trs[0].Condition)
	assert.Equal(t, 0.0, trs[0].SR[0], "lured walks alone")
	assert.Equal(t, 1.0, trs[1].SR[0], "unlured walks alone")
	assert.NotEqual(t, trs[0].Condition, trs[1].Condition)
	text := tiersText(trs, false)
	assert.Contains(t, text, "condition")
	assert.NotContains(t, text, "0.50", "no pooled mean")
	assert.Equal(t, 1, strings.Count(text, "base"))
	one := tierRows(cs[:1], boards(cs[:1]))
	assert.NotContains(t, tiersText(one, false), "condition", "one condition needs no column")
}
