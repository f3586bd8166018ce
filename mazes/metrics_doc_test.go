package mazes

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// metricsDoc is the page whose worked example this file checks.
var metricsDoc = filepath.Join("..", "docs", "metrics.md")

// docBlock returns the body of the fenced block whose info string is info
// (for example "text example:reply").
func docBlock(t *testing.T, doc, info string) string {
	t.Helper()
	open := "```" + info + "\n"
	start := strings.Index(doc, open)
	require.GreaterOrEqual(t, start, 0, "docs/metrics.md has no block ```%s", info)
	body := doc[start+len(open):]
	end := strings.Index(body, "\n```")
	require.GreaterOrEqual(t, end, 0, "block ```%s is not closed", info)
	return body[:end+1]
}

// docRow is one row of the worked example's walk table.
type docRow struct {
	i          int
	declared   Cell
	dir        Dir
	at, now    Cell
	fault      string
	valid, rev bool
	conf       float64
}

func docWalk(t *testing.T, doc string) []docRow {
	t.Helper()
	const open, end = "<!-- example:walk -->\n", "<!-- /example:walk -->"
	start := strings.Index(doc, open)
	stop := strings.Index(doc, end)
	require.True(t, start >= 0 && stop > start, "docs/metrics.md has no walk table")
	lines := strings.Split(strings.TrimSpace(doc[start+len(open):stop]), "\n")
	require.Greater(t, len(lines), 2)
	var rows []docRow
	for _, line := range lines[2:] { // skip the header and the rule
		f := strings.Split(strings.Trim(line, "| "), "|")
		require.Len(t, f, 9, "row %q", line)
		for k := range f {
			f[k] = strings.TrimSpace(f[k])
		}
		var r docRow
		var err error
		r.i, err = strconv.Atoi(f[0])
		require.NoError(t, err)
		r.declared, r.at, r.now = docCell(t, f[1]), docCell(t, f[3]), docCell(t, f[4])
		r.dir, err = ParseDir(f[2])
		require.NoError(t, err)
		r.fault = f[5]
		r.valid, r.rev = f[6] == "yes", f[7] == "yes"
		r.conf, err = strconv.ParseFloat(f[8], 64)
		require.NoError(t, err)
		rows = append(rows, r)
	}
	return rows
}

func docCell(t *testing.T, s string) Cell {
	t.Helper()
	c := cursor{s: s}
	cell, ok := c.cell()
	require.True(t, ok && c.i == len(s), "not a cell: %q", s)
	return cell
}

// TestMetricsDocExample checks every number of the worked example in
// docs/metrics.md: the drawing is the maze's, the walk table is the
// verified walk, the metrics computed by hand from the table are the
// package's, and the JSON printed there is the score JSON.
func TestMetricsDocExample(t *testing.T) {
	raw, err := os.ReadFile(metricsDoc)
	require.NoError(t, err)
	doc := string(raw)

	var params struct {
		Size      int       `json:"size"`
		Seed      uint64    `json:"seed"`
		Algorithm Algorithm `json:"algorithm"`
	}
	require.NoError(t, json.Unmarshal([]byte(docBlock(t, doc, "json example:params")), &params))
	m, err := Generate(params.Size, params.Seed, params.Algorithm)
	require.NoError(t, err)
	if diff := cmp.Diff(docBlock(t, doc, "text example:maze"), m.ASCII(DrawOptions{Solution: true, Traps: true})); diff != "" {
		t.Errorf("the drawing is not the maze's (-doc +maze):\n%s", diff)
	}

	tr := ParseReply(docBlock(t, doc, "text example:reply"))
	w := Verify(m, tr.Steps)
	s := Score(m, tr)
	rows := docWalk(t, doc)
	require.Len(t, rows, len(tr.Steps), "one table row per step")

	// The table is the verified walk.
	h := hand{n: m.Size(), steps: len(rows), fhr: -1, lt: tr.Loops, sr: s.SR == 1, pathValid: s.PathValid}
	at, inRun := m.Start(), false
	for k, r := range rows {
		st, ch := tr.Steps[k], w.Checks[k]
		assert.Equal(t, k+1, r.i, "row %d", k)
		assert.Equal(t, st.From, r.declared, "step %d declared", r.i)
		assert.Equal(t, st.Dir, r.dir, "step %d dir", r.i)
		assert.Equal(t, at, r.at, "step %d: the walk was at", r.i)
		assert.Equal(t, ch.To, r.now, "step %d: the walk is now at", r.i)
		assert.Equal(t, ch.Valid, r.valid, "step %d valid", r.i)
		assert.Equal(t, ch.Revisit, r.rev, "step %d revisit", r.i)
		assert.Equal(t, faultWord(ch), r.fault, "step %d fault", r.i)
		at = r.now
		// Count by hand from the table alone.
		if !r.valid {
			h.hc++
			if h.fhr < 0 {
				h.fhr = r.i
			}
		}
		if r.rev && !inRun {
			h.bt++
		}
		inRun = r.rev
		h.conf = append(h.conf, r.conf)
		h.correct = append(h.correct, r.valid)
	}

	// The hand-computed metrics are the package's, to the last bit.
	assert.Equal(t, h.hc, s.HC)
	assert.Equal(t, h.fhr, s.FHR)
	assert.Equal(t, h.bt, s.BT)
	assert.Equal(t, h.mei(), s.MEI)
	assert.Equal(t, h.brs(), s.BRS)
	assert.Equal(t, h.score(), s.Score)
	ce, _ := h.ce()
	require.NotNil(t, s.CE)
	assert.Equal(t, ce, *s.CE)

	// The JSON on the page is the score JSON, key by key.
	var want map[string]any
	require.NoError(t, json.Unmarshal([]byte(docBlock(t, doc, "json example:scores")), &want))
	gotJSON, err := json.Marshal(s)
	require.NoError(t, err)
	var got map[string]any
	require.NoError(t, json.Unmarshal(gotJSON, &got))
	require.NotEmpty(t, want)
	for key, v := range want {
		require.Contains(t, got, key, "the score JSON has no key %q", key)
		assert.Equal(t, v, got[key], "key %q", key)
	}
}

// faultWord names a step's fault as the walk table does.
func faultWord(ch Check) string {
	var faults []string
	if ch.Teleport {
		faults = append(faults, "teleport")
	}
	if ch.Wall {
		faults = append(faults, "wall")
	}
	if ch.OffGrid {
		faults = append(faults, "off-grid")
	}
	if len(faults) == 0 {
		return "-"
	}
	return strings.Join(faults, "+")
}

// TestMetricsDocMentionsEveryKey keeps the page complete: every key of the
// score JSON and of the episode statistics is named on it.
func TestMetricsDocMentionsEveryKey(t *testing.T) {
	raw, err := os.ReadFile(metricsDoc)
	require.NoError(t, err)
	doc := string(raw)
	for _, v := range []any{Scores{}, EpisodeStats{}} {
		b, err := json.Marshal(v)
		require.NoError(t, err)
		var keys map[string]any
		require.NoError(t, json.Unmarshal(b, &keys))
		for key := range keys {
			if !strings.Contains(doc, "`"+key+"`") && !strings.Contains(doc, "**"+strings.ToUpper(key)+"**") && !strings.Contains(doc, "**"+key+"**") {
				t.Errorf("docs/metrics.md does not define %q", key)
			}
		}
	}
}
