package report

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/results"
)

// countAcc counts the cases it is given and fails on one named "bad".
type countAcc struct{ cases []string }

func (a *countAcc) Add(r results.Result) error {
	if r.Case == "bad" {
		return errors.New("bad record")
	}
	a.cases = append(a.cases, r.Case)
	return nil
}

func (a *countAcc) Section(Options) (Section, error) {
	return Section{Suite: "coin", Models: a.cases}, nil
}

// TestThrough: a suite's Summarize through its accumulator sees its own
// results, in order, and stops at the first it cannot read.
func TestThrough(t *testing.T) {
	summarize := Through("coin", func(Options) Accumulator { return &countAcc{} })
	rs := []results.Result{{Suite: "coin", Case: "a"}, {Suite: "maze", Case: "m"}, {Suite: "coin", Case: "b"}}
	sec, err := summarize(rs, Options{})
	require.NoError(t, err)
	assert.Equal(t, []string{"a", "b"}, sec.Models)
	_, err = summarize(append(rs, results.Result{Suite: "coin", Case: "bad"}), Options{})
	assert.ErrorContains(t, err, "bad record")
}
