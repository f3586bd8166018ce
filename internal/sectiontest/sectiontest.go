// Package sectiontest checks a suite's section as the outputs make it: a
// run hands a suite its results one at a time, a caller of Summarize holds
// them together, and both must give the same section.
package sectiontest

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
)

// Streamed adds rs one at a time to the suite's Accumulate and requires
// the section Summarize makes of them held together: the same text, page
// and JSON members. It returns the streamed section.
func Streamed(t testing.TB, s bench.Suite, rs []results.Result) report.Section {
	t.Helper()
	require.NotNil(t, s.Accumulate, "%s does not accumulate", s.Name)
	whole, err := s.Summarize(rs, report.Options{})
	require.NoError(t, err)
	acc := s.Accumulate(report.Options{})
	for _, r := range rs {
		if r.Suite == s.Name {
			require.NoError(t, acc.Add(r))
		}
	}
	streamed, err := acc.Section(report.Options{})
	require.NoError(t, err)
	require.Equal(t, whole.Text, streamed.Text)
	require.Equal(t, whole.HTML, streamed.HTML)
	wj, err := json.Marshal(whole.JSON)
	require.NoError(t, err)
	sj, err := json.Marshal(streamed.JSON)
	require.NoError(t, err)
	require.JSONEq(t, string(wj), string(sj))
	return streamed
}
