package mazereport_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/suites/maze/mazereport"
	"github.com/hallumaze/hallumaze/suites/maze/mazetest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
)

// TestSeedJSONReadsBack: the maze cases of the results JSON file read back
// with their tags, the seed's keys as their metrics, the failed cases and
// the human groups; the leaderboard made of them is the one made of the
// results the file was written from.
func TestSeedJSONReadsBack(t *testing.T) {
	rs := append(mazetest.Results(t), mazetest.Human(t, "../../..")...)
	var b bytes.Buffer
	require.NoError(t, writeSeedJSON(&b, rs, report.Options{Timestamp: mazetest.Timestamp}))
	got, err := mazereport.ReadSeed(b.Bytes())
	require.NoError(t, err)
	byKey := map[string]results.Result{}
	for _, r := range got {
		byKey[r.Model+"\x00"+r.Case] = r
	}
	seedKeys := []string{"SR", "MEI", "CE", "BRS", "score", "HC", "BT", "LT", "HRR", "path-valid", "SR-lenient", "MEI-lenient", "format-compliance"}
	n := 0
	for _, r := range rs {
		if r.Suite != "maze" {
			continue
		}
		g, ok := byKey[r.Model+"\x00"+r.Case]
		require.True(t, ok, "%s %s not read back", r.Model, r.Case)
		n++
		assert.Equal(t, r.Error, g.Error)
		if results.IsHuman(r) || r.Error != "" {
			continue
		}
		for _, k := range []string{"size", "seed", "algorithm", "mirage", "confidence", "group", "lang", "protocol"} {
			assert.Equal(t, r.Tags[k], g.Tags[k], "%s %s tag %s", r.Model, r.Case, k)
		}
		for _, k := range seedKeys {
			want, has := r.Metrics[k]
			v, ok := g.Metrics[k]
			assert.Equal(t, has, ok, "%s %s metric %s", r.Model, r.Case, k)
			assert.InDelta(t, want, v, 1e-6, "%s %s metric %s", r.Model, r.Case, k)
		}
	}
	assert.Equal(t, n, len(got), "nothing else is read")

	var want, back bytes.Buffer
	require.NoError(t, writeTables(&want, rs))
	require.NoError(t, writeTables(&back, got))
	board := func(s string) string {
		i := strings.Index(s, "HalluMaze comparison")
		require.GreaterOrEqual(t, i, 0)
		j := strings.Index(s[i:], "└")
		return s[i : i+j]
	}
	assert.Equal(t, board(want.String()), board(back.String()))
}

// TestSeedJSONOfTheSeed: a file of the seed's own, one maze, one config and
// its results, no runs, reads as one run.
func TestSeedJSONOfTheSeed(t *testing.T) {
	doc := map[string]any{
		"hallumaze_version": "1.0",
		"maze":              map[string]any{"size": 7, "seed": 42, "algorithm": "dfs"},
		"config":            map[string]any{"use_mirage": true, "use_confidence": true, "ariadne_mode": "A", "max_tokens": 2500},
		"results": []map[string]any{
			{"provider": "anthropic", "model": "claude-sonnet-4", "sr": 1, "mei": 0.9, "ce": 0.1, "brs": 1, "hallumaze_score": 0.92, "hallucination_count": 0, "backtrack_count": 1, "loop_count": 0, "hrr": 1, "path_valid": true},
		},
	}
	data, err := json.Marshal(doc)
	require.NoError(t, err)
	got, err := mazereport.ReadSeed(data)
	require.NoError(t, err)
	require.Len(t, got, 1)
	assert.Equal(t, "anthropic/claude-sonnet-4", got[0].Model)
	assert.Equal(t, "size=7/seed=42/base", got[0].Case)
	assert.Equal(t, "7", got[0].Tags["size"])
	assert.Equal(t, 0.9, got[0].Metrics["MEI"])
	assert.Equal(t, 1.0, got[0].Metrics["BT"])

	_, err = mazereport.ReadSeed([]byte(`{"results": [{"provider": "a", "model": "b"}]}`))
	assert.ErrorContains(t, err, `needs the file's "maze" and "config"`)
}
