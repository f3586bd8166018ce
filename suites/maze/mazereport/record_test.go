package mazereport

import (
	"bytes"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites/maze/record"
)

// TestRecordSameAsReplay: the section of results just played, read from
// their records (the score record and the walk as played), is the section
// of the same results read as a file gives them (the detail decoded, each
// walk replayed from the transcript): every byte of the text, the JSON and
// the page, over one-shot and interactive cases, every Ariadne group,
// lures on and off, Korean.
func TestRecordSameAsReplay(t *testing.T) {
	var specs []record.Spec
	for seed := range uint64(6) {
		specs = append(specs, record.Spec{Size: 5, Seed: seed + 1}, record.Spec{Size: 7, Seed: seed + 1, NoMirage: true},
			record.Spec{Size: 5, Seed: seed + 1, Lang: mazes.Korean})
	}
	for seed := range uint64(3) {
		for _, g := range []string{"A", "B", "C"} {
			specs = append(specs, record.Spec{Size: 5, Seed: seed + 1, Protocol: mazes.Interactive, Group: g})
		}
	}
	played := playAgents(t, specs)
	var fromFile []results.Result
	for _, r := range played {
		require.NotNil(t, r.Record, "a case played now carries its record")
		r.Record = nil
		fromFile = append(fromFile, r)
	}
	render := func(rs []results.Result) (string, string, string) {
		opts := report.Options{Timestamp: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
		secs, err := report.Summarize(rs, []report.Summarizer{section{}}, opts)
		require.NoError(t, err)
		var text, js, page bytes.Buffer
		require.NoError(t, report.WriteText(&text, secs))
		require.NoError(t, report.WriteJSON(&js, secs, opts))
		require.NoError(t, report.WriteHTML(&page, rs, secs, opts))
		return text.String(), js.String(), page.String()
	}
	wt, wj, wp := render(fromFile)
	gt, gj, gp := render(played)
	require.Equal(t, wt, gt, "text")
	require.Equal(t, wj, gj, "JSON")
	require.Equal(t, wp, gp, "page")
}

// section is the maze suite as the report sees it, as suites.Summarizers
// makes it (a package this one cannot import).
type section struct{}

func (section) Name() string { return record.Name }

func (section) Summarize(rs []results.Result, opts report.Options) (report.Section, error) {
	return Summarize(rs, opts)
}

func (section) Accumulate(opts report.Options) report.Accumulator { return Accumulate(opts) }
