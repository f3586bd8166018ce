package mazereport_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/suites/maze"
	"github.com/hallumaze/hallumaze/suites/maze/mazetest"
)

// TestCaseViewsOnly: the section made for its case views alone keeps
// nothing of the results and draws each case as the whole section does.
func TestCaseViewsOnly(t *testing.T) {
	rs := mazetest.Results(t)
	whole, err := maze.New().Summarize(rs, report.Options{})
	require.NoError(t, err)
	acc := maze.New().Accumulate(report.Options{CaseViewsOnly: true})
	for _, r := range rs {
		require.NoError(t, acc.Add(r))
	}
	only, err := acc.Section(report.Options{CaseViewsOnly: true})
	require.NoError(t, err)
	assert.Empty(t, only.Text)
	assert.Empty(t, only.JSON)
	require.NotNil(t, only.Case)
	for _, r := range rs {
		assert.Equal(t, whole.Case(r), only.Case(r), r.Model+" "+r.Case)
	}
}
