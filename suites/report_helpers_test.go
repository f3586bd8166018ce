package suites

import (
	"io"

	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
)

// The outputs of the standard suites over a set of results, as hallumaze
// run and hallumaze report write them.

func writeHTML(w io.Writer, rs []results.Result, opts report.Options) error {
	sections, err := report.Summarize(rs, Summarizers(All()), opts)
	if err != nil {
		return err
	}
	return report.WriteHTML(w, rs, sections, opts)
}

func writeSeedJSON(w io.Writer, rs []results.Result, opts report.Options) error {
	sections, err := report.Summarize(rs, Summarizers(All()), opts)
	if err != nil {
		return err
	}
	return report.WriteJSON(w, sections, opts)
}

func writeTables(w io.Writer, rs []results.Result) error {
	sections, err := report.Summarize(rs, Summarizers(All()), report.Options{})
	if err != nil {
		return err
	}
	return report.WriteText(w, sections)
}
