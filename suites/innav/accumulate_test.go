package innav

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/internal/sectiontest"
	"github.com/hallumaze/hallumaze/report"
)

// TestAccumulate: the section read one result at a time is the section of
// the results held together, each case's view drawn from its own result;
// a record that does not read is an error naming the case.
func TestAccumulate(t *testing.T) {
	rs := standard(t)
	streamed := sectiontest.Streamed(t, New(), rs)
	view := streamed.Case(rs[0])
	assert.NotEmpty(t, view.Verdict, "a case's view from its result")

	bad := rs[0]
	bad.Detail = json.RawMessage(`{"episode":`)
	err := New().Accumulate(report.Options{}).Add(bad)
	require.Error(t, err)
	assert.Contains(t, err.Error(), bad.Case)
	assert.Equal(t, report.CaseView{}, streamed.Case(bad))
}
