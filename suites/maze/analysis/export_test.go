package analysis

import (
	"github.com/hallumaze/hallumaze/internal/textfmt"
	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites/maze/record"
)

// The tests are in package analysis_test, since they play cases through
// suites/maze, which imports this package; these expose what they check.
var (
	DisplayWidth = textfmt.Width
	ProseSignals = proseSignals
)

// DetailScores are the scores a result's detail holds.
func DetailScores(r results.Result) (mazes.Scores, error) {
	rd, err := record.Read(r)
	if err != nil || rd.Detail == nil {
		return mazes.Scores{}, err
	}
	return rd.Detail.Scores, nil
}
