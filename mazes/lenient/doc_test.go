package lenient

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMetricsDocForeignExample checks the worked example of a maze from
// elsewhere in docs/metrics.md: the grid imports to the maze the page
// describes, the strict tier reads nothing of the reply, and the JSON on
// the page is the lenient tier's, key by key.
func TestMetricsDocForeignExample(t *testing.T) {
	raw, err := os.ReadFile(metricsDoc)
	require.NoError(t, err)
	doc := string(raw)

	imp, err := mazes.ReadMazeDatasetASCII(strings.NewReader(docBlock(t, doc, "text example:foreign-maze")))
	require.NoError(t, err)
	require.Empty(t, imp.Warnings)
	m := imp.Maze
	assert.Equal(t, mazes.Ends{Start: mazes.Cell{R: 3, C: 0}, Exit: mazes.Cell{R: 0, C: 3}}, m.Ends())
	var sol []string
	for _, c := range m.Solution() {
		sol = append(sol, c.String())
	}
	flat := strings.Join(strings.Fields(doc), " ")
	assert.True(t, strings.Contains(flat, strings.Join(sol, " ")), "the page lists the solution %v", sol)

	reply := docBlock(t, doc, "text example:foreign-reply")
	strict := mazes.Score(m, mazes.ParseReply(reply))
	assert.Equal(t, 0, strict.Steps, "the strict tier reads nothing")
	ls := Score(m, reply)
	assert.Equal(t, 0.0, ls.Format.Compliance)

	var want map[string]any
	require.NoError(t, json.Unmarshal([]byte(docBlock(t, doc, "json example:foreign-scores")), &want))
	gotJSON, err := json.Marshal(ls)
	require.NoError(t, err)
	var got map[string]any
	require.NoError(t, json.Unmarshal(gotJSON, &got))
	for key, v := range want {
		require.Contains(t, got, key, "the lenient score JSON has no key %q", key)
		assert.Equal(t, v, got[key], "key %q", key)
	}
}
