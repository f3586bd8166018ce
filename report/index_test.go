package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/internal/golden"
	"github.com/hallumaze/hallumaze/results"
)

// fakeRuns fills a folder with the files of past runs: results files with
// and without a date in the name, outputs beside some, a torn one, a
// garbled one, one of something else, an empty one, and files the index
// must pass over. Every modification time is set, so the folder is the same
// on every machine.
func fakeRuns(t *testing.T) string {
	dir := t.TempDir()
	lines := func(rs ...results.Result) string {
		var b strings.Builder
		for _, r := range rs {
			data, err := json.Marshal(r)
			require.NoError(t, err)
			b.Write(data)
			b.WriteByte('\n')
		}
		return b.String()
	}
	sr := func(model, c string, v float64) results.Result {
		return results.Result{Suite: "maze", Model: model, Case: c, Metrics: map[string]float64{"SR": v, "MEI": 0.5}}
	}
	right := func(model, c string, v float64) results.Result {
		return results.Result{Suite: "abstain", Model: model, Case: c, Metrics: map[string]float64{"right": v}}
	}
	files := []struct {
		name, content string
		mtime         time.Time
	}{
		{"hallumaze_results_20260301_101500.jsonl", lines(
			sr("openai/gpt-4o", "a", 1), sr("openai/gpt-4o", "b", 0), sr("openai/gpt-4o", "c", 1),
			sr("agent/oracle", "a", 1), sr("agent/oracle", "b", 1),
			results.Result{Suite: "maze", Model: "agent/oracle", Case: "c", Error: "provider: 500"},
			right("agent/checker", "i1", 1), right("agent/checker", "i2", 0),
			results.Result{Suite: "other", Model: "agent/oracle", Case: "x", Metrics: map[string]float64{"y": 3}},
		), time.Date(2026, 3, 1, 12, 0, 0, 0, time.Local)},
		{"hallumaze_results_20260301_101500.html", "<html>", time.Date(2026, 3, 1, 12, 0, 0, 0, time.Local)},
		{"hallumaze_results_20260301_101500.json", "{}", time.Date(2026, 3, 1, 12, 0, 0, 0, time.Local)},
		{"shard-1.jsonl", lines(right("google/gemini-2.5-pro", "i1", 1), right("google/gemini-2.5-pro", "i2", 1)),
			time.Date(2026, 2, 1, 9, 30, 0, 0, time.Local)},
		{"shard-1.csv", "a,b\n", time.Date(2026, 2, 1, 9, 30, 0, 0, time.Local)},
		{"run 2026-03-05 #2.jsonl", lines(sr("anthropic/claude", "a", 0)) + `{"suite":"maze","model":"anthropic/cla`,
			time.Date(2026, 1, 1, 0, 0, 0, 0, time.Local)},
		{"garbled.jsonl", lines(sr("x/y", "a", 1)) + "{not json}\n" + lines(sr("x/y", "b", 1)),
			time.Date(2025, 12, 24, 18, 0, 0, 0, time.Local)},
		{"notes.jsonl", `{"note":"this is not a run"}` + "\n", time.Date(2025, 12, 20, 8, 0, 0, 0, time.Local)},
		{"empty.jsonl", "", time.Date(2025, 12, 1, 8, 0, 0, 0, time.Local)},
		{"readme.txt", "not a results file", time.Date(2026, 3, 9, 0, 0, 0, 0, time.Local)},
		{filepath.Join("old", "hallumaze_results_20250101_000000.jsonl"), lines(sr("a/b", "a", 1)), time.Date(2025, 1, 1, 0, 0, 0, 0, time.Local)},
	}
	for _, f := range files {
		path := filepath.Join(dir, f.name)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(f.content), 0o644))
		require.NoError(t, os.Chtimes(path, f.mtime, f.mtime))
	}
	require.NoError(t, os.Mkdir(filepath.Join(dir, "folder.jsonl"), 0o755))
	return dir
}

var indexHeadlines = map[string]results.Metric{
	"maze":    {Name: "SR", Better: results.Higher},
	"abstain": {Name: "right", Better: results.Higher},
}

func TestReadRuns(t *testing.T) {
	dir := fakeRuns(t)
	runs, err := ReadRuns(dir, IndexOptions{Headline: indexHeadlines})
	require.NoError(t, err)
	local := func(y int, m time.Month, d, h, min, s int) time.Time {
		return time.Date(y, m, d, h, min, s, 0, time.Local)
	}
	want := []Run{
		{
			File: "run 2026-03-05 #2.jsonl", Date: local(2026, 3, 5, 0, 0, 0), DateFromName: true, Torn: true,
			Results: 1, Cases: 1, Models: []string{"anthropic/claude"}, Suites: []string{"maze"},
			Headlines: []Headline{{Suite: "maze", Model: "anthropic/claude", Metric: indexHeadlines["maze"], Mean: 0, N: 1}},
		},
		{
			File: "hallumaze_results_20260301_101500.jsonl", Date: local(2026, 3, 1, 10, 15, 0), DateFromName: true,
			Beside:  []string{"hallumaze_results_20260301_101500.html", "hallumaze_results_20260301_101500.json"},
			Results: 9, Errors: 1, Cases: 6,
			Models: []string{"agent/checker", "agent/oracle", "openai/gpt-4o"}, Suites: []string{"abstain", "maze", "other"},
			Headlines: []Headline{
				{Suite: "abstain", Model: "agent/checker", Metric: indexHeadlines["abstain"], Mean: 0.5, N: 2},
				{Suite: "maze", Model: "agent/oracle", Metric: indexHeadlines["maze"], Mean: 1, N: 2},
				{Suite: "maze", Model: "openai/gpt-4o", Metric: indexHeadlines["maze"], Mean: 2.0 / 3, N: 3},
			},
		},
		{
			File: "shard-1.jsonl", Date: local(2026, 2, 1, 9, 30, 0), Beside: []string{"shard-1.csv"},
			Results: 2, Cases: 2, Models: []string{"google/gemini-2.5-pro"}, Suites: []string{"abstain"},
			Headlines: []Headline{{Suite: "abstain", Model: "google/gemini-2.5-pro", Metric: indexHeadlines["abstain"], Mean: 1, N: 2}},
		},
		{File: "garbled.jsonl", Date: local(2025, 12, 24, 18, 0, 0), Unreadable: "results line 2: invalid character 'n' looking for beginning of object key string"},
		{File: "notes.jsonl", Date: local(2025, 12, 20, 8, 0, 0), Unreadable: "results line 1: not a hallumaze result (suite, model and case are required)"},
		{File: "empty.jsonl", Date: local(2025, 12, 1, 8, 0, 0), Models: []string{}, Suites: []string{}},
	}
	if diff := cmp.Diff(want, runs, cmp.Comparer(func(a, b time.Time) bool { return a.Equal(b) })); diff != "" {
		t.Errorf("runs (-want +got):\n%s", diff)
	}
}

func TestReadRunsMissingFolder(t *testing.T) {
	_, err := ReadRuns(filepath.Join(t.TempDir(), "nope"), IndexOptions{})
	assert.ErrorContains(t, err, "index: open")
}

func TestWriteIndex(t *testing.T) {
	dir := fakeRuns(t)
	runs, err := ReadRuns(dir, IndexOptions{Headline: indexHeadlines})
	require.NoError(t, err)
	var page bytes.Buffer
	require.NoError(t, WriteIndex(&page, runs, IndexOptions{}))
	golden.Check(t, "index.golden.html", page.Bytes())
	html := page.String()
	for _, want := range []string{
		`<a href="run%202026-03-05%20%232.jsonl">run 2026-03-05 #2.jsonl</a>`,
		`<a href="hallumaze_results_20260301_101500.html">html</a>`,
		`interrupted: the last line was torn`,
		`unreadable: results line 1: not a hallumaze result`,
		`<b>maze</b> SR↑: <span title="n=2">agent/oracle 1.000</span><span title="n=3">openai/gpt-4o 0.667</span>`,
		`6 runs · 2 unreadable`,
	} {
		assert.Contains(t, html, want)
	}
	assert.NotContains(t, html, "readme.txt")
	assert.NotContains(t, html, "20250101", "a subfolder's runs are not listed")

	var linked bytes.Buffer
	require.NoError(t, WriteIndex(&linked, runs, IndexOptions{Link: "../results", Title: "Nightly", Generated: time.Date(2026, 3, 9, 7, 0, 0, 0, time.Local)}))
	assert.Contains(t, linked.String(), `<a href="../results/shard-1.csv">csv</a>`)
	assert.Contains(t, linked.String(), `<title>Nightly</title>`)
	assert.Contains(t, linked.String(), `generated 2026-03-09 07:00:00`)
}

func TestDateInName(t *testing.T) {
	tests := []struct {
		name string
		want string // "" when no date
	}{
		{"hallumaze_results_20260322_143022", "2026-03-22 14:30:22"},
		{"run-20260322-143022", "2026-03-22 14:30:22"},
		{"2026-03-22T14-30-22", "2026-03-22 14:30:22"},
		{"nightly 2026-03-22", "2026-03-22 00:00:00"},
		{"20260322", "2026-03-22 00:00:00"},
		{"shard-1", ""},
		{"id123456789", ""},
		{"20261322", ""},
		{"2026-02-30", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := dateInName(tt.name)
			if tt.want == "" {
				assert.False(t, ok, "got %v", got)
				return
			}
			require.True(t, ok)
			assert.Equal(t, tt.want, got.Format("2006-01-02 15:04:05"))
		})
	}
}

// FuzzDateInName: any name is read without a panic, and a date found is
// written in the name, its digits in order.
func FuzzDateInName(f *testing.F) {
	for _, s := range []string{"hallumaze_results_20260322_143022", "2026-03-22T14-30-22", "x", "99999999_999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		d, ok := dateInName(name)
		if !ok {
			return
		}
		digits := strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, name)
		if !strings.Contains(digits, d.Format("20060102")) {
			t.Fatalf("dateInName(%q) = %v, not in the name", name, d)
		}
	})
}
