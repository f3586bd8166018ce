package mazereport_test

import (
	"io"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites"
	"github.com/hallumaze/hallumaze/suites/maze"
)

// The outputs of the maze suite over a set of results, as hallumaze run
// and hallumaze report write them.

func sections(rs []results.Result, opts report.Options) ([]report.Section, error) {
	return report.Summarize(rs, suites.Summarizers([]bench.Suite{maze.New()}), opts)
}

func writeSeedJSON(w io.Writer, rs []results.Result, opts report.Options) error {
	ss, err := sections(rs, opts)
	if err != nil {
		return err
	}
	return report.WriteJSON(w, ss, opts)
}

func writeTables(w io.Writer, rs []results.Result) error {
	ss, err := sections(rs, report.Options{})
	if err != nil {
		return err
	}
	return report.WriteText(w, ss)
}
