package report

import (
	"errors"

	"github.com/hallumaze/hallumaze/results"
)

var errOutOfRange = errors.New("report: result index out of range")

// Source is where an output reads the results it writes one at a time:
// Len of them, the i-th by At. A results file is read a line at a time
// ([results.File]), so that an output of any number of results holds one.
type Source interface {
	Len() int
	At(i int) (results.Result, error)
}

// Results is a Source over results held in memory.
func Results(rs []results.Result) Source { return memory(rs) }

type memory []results.Result

func (m memory) Len() int                         { return len(m) }
func (m memory) At(i int) (results.Result, error) { return m[i], nil }

// Join is the results of each source in turn.
func Join(srcs ...Source) Source { return joined(srcs) }

type joined []Source

func (j joined) Len() int {
	n := 0
	for _, s := range j {
		n += s.Len()
	}
	return n
}

func (j joined) At(i int) (results.Result, error) {
	for _, s := range j {
		if i < s.Len() {
			return s.At(i)
		}
		i -= s.Len()
	}
	return results.Result{}, errOutOfRange
}
