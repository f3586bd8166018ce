package report

import (
	"html/template"
	"time"

	"github.com/hallumaze/hallumaze/pricing"
	"github.com/hallumaze/hallumaze/results"
)

// Summarizer is what a suite gives the report: its results, scored and laid
// out. The report itself knows no suite; it renders the sections suites
// make of their own results, and shows any result without a section in the
// CSV and the case list only.
type Summarizer interface {
	// Name is the suite's name, as in Result.Suite.
	Name() string
	// Summarize scores the suite's results (every model's, human groups
	// included) into its section. A result it cannot read (a corrupt
	// detail) is an error naming the case.
	Summarize(rs []results.Result, opts Options) (Section, error)
}

// Options are what the outputs say of the run besides its results.
type Options struct {
	// Title heads the page; "" means "hallumaze report".
	Title string
	// Generated is shown on the page as the time the report was made; the
	// zero time shows none (so that a page can be pinned in tests).
	Generated time.Time
	// Timestamp is when the results were gathered, written in the JSON file
	// in UTC as "2026-03-22T14:30:22"; the zero time means now.
	Timestamp time.Time
	// MaxTokens is the reply budget the models had; 0 means 2500.
	MaxTokens int
	// Version is the JSON file's hallumaze_version; "" means "1.1", the
	// seed's version whose definitions the scores follow.
	Version string
	// Prices is the price table the Cost section and the CSV's cost_usd
	// column use; nil means the built-in list prices ([pricing.Default]).
	Prices pricing.Table
	// Preambled reports that the terminal already shows each suite's
	// preamble (bench.Preambler: the maze box of the seed's example),
	// printed before the run's progress; the text leaves it out.
	Preambled bool
	// Korean writes the terminal text in Korean, as the seed's example
	// does, for results played with --lang ko.
	Korean bool
	// Bilingual prints the readings of the seed's tables in English and
	// Korean side by side, whatever the run's language.
	Bilingual bool
	// CaseFiles, when set, takes the cases that do not fit the page's
	// budget (InlineBudget) into files beside it ([WritePage]); nil
	// writes every case in the page.
	CaseFiles *CaseFiles
	// SkipPage says the page will not be written: a section may leave its
	// HTML out (the charts cost their intervals).
	SkipPage bool
	// CacheDir is a folder where the sections may keep what costs time to
	// compute and is the same every time (the chance baselines of the
	// mazes), for the next report; "" keeps nothing.
	CacheDir string
	// CaseViewsOnly says only each case's view is wanted (report
	// --compare reads the verdicts of two runs' cases): a section may
	// leave its tables, JSON, page and analyses out, and keep nothing of
	// the results it is given, when its case view reads the result alone.
	CaseViewsOnly bool
}

// Section is one suite's part of every output.
type Section struct {
	// Suite is the suite's name ("" for the Cost section, which belongs to
	// no suite); Title what people call it.
	Suite, Title string
	// Models are the suite's models in the order its tables rank them.
	Models []string
	// Text is what the terminal shows after a run: the suite's tables,
	// ending in a newline; "" for none.
	Text string
	// Summaries are the per-model lines hallumaze report prints before the
	// tables, in order.
	Summaries []ModelLines
	// JSON are the suite's members of the results JSON file, in order.
	JSON []Member
	// HTML is the suite's part of the page: one or more <section>s, whose
	// ids Nav links to; CSS styles them.
	HTML template.HTML
	CSS  template.CSS
	Nav  []Link
	// Case, when set, adds the suite's view of one of its played cases to
	// the page's generic one (tags, metrics, transcript).
	Case func(r results.Result) CaseView
}

// ModelLines is one model's summary lines.
type ModelLines struct {
	Model string
	Lines string
}

// Member is one key of the results JSON file and its value.
type Member struct {
	Key   string
	Value any
}

// Link is an entry of the page's navigation: a section id and its name.
type Link struct{ ID, Text string }

// CaseView is a suite's view of one played case on the page.
type CaseView struct {
	// Verdict is "pass", "fail" or "" (none).
	Verdict string
	// Badges are shown beside the case's name: the headline metrics.
	Badges []KV
	// Order lists the metrics the case's score table shows first, in this
	// order; the others follow by name.
	Order []string
	// Scores are rows added after the metrics: what the detail holds.
	Scores []KV
	// Figure is drawn beside the scores (a maze and its walk, a board);
	// Note replaces it when there is none to draw, saying why.
	Figure template.HTML
	Note   string
	// Outcome is the case's outcome in the suite's words, finer than the
	// verdict (a probe's right, hallucinated, abstained…), which the case
	// list filters by; "" for none.
	Outcome string
	// Reading is what the suite read in the reply (the value parsed, the
	// walk verified) and Gold what it should have been; the page shows
	// them beside the prompt and the reply. "" for none.
	Reading, Gold string
}

// KV is a label and its value.
type KV struct{ K, V string }
