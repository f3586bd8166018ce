package worlds

import (
	"encoding/json"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/internal/sectiontest"
	"github.com/hallumaze/hallumaze/report"
)

// TestAccumulate: the section read one result at a time is the section of
// the results held together; what a world's verdicts share is kept once; a
// record that does not read is an error naming the case, and a result
// without a readable record has no view.
func TestAccumulate(t *testing.T) {
	rs := play(t, sample(t), "oracle", "guesser")
	whole := sectiontest.Streamed(t, New(), rs)

	sc := newScorer()
	for _, r := range rs {
		require.NoError(t, sc.add(r))
	}
	vs := sc.verdicts["agent/oracle"]
	require.Greater(t, len(vs), 1)
	assert.Same(t, unsafe.StringData(vs[0].World), unsafe.StringData(vs[1].World), "one world name for every verdict")
	var shared *bool
	for _, v := range vs {
		if v.PriorRight != nil && *v.PriorRight {
			if shared == nil {
				shared = v.PriorRight
			}
			assert.Same(t, shared, v.PriorRight, "one true for every verdict")
		}
	}

	bad := rs[0]
	bad.Detail = json.RawMessage(`{"right":`)
	err := newScorer().add(bad)
	require.Error(t, err)
	assert.Contains(t, err.Error(), bad.Case)
	assert.Equal(t, report.CaseView{}, whole.Case(bad))
}
