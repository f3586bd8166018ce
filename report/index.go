package report

import (
	"fmt"
	"html/template"
	"io"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/hallumaze/hallumaze/results"
)

// Run is one results file of a folder as the index of past runs lists it:
// what it holds, counted, and each model's headline numbers. A file that
// cannot be read as results is listed too, with the reason.
type Run struct {
	// File is the results file's name in the folder.
	File string
	// Date is when the run was made: read from the file's name
	// (hallumaze_results_20260322_143022.jsonl, or any name holding a date
	// such as 2026-03-22), else the file's modification time. DateFromName
	// says which.
	Date         time.Time
	DateFromName bool
	// Beside are the run's other outputs found next to the file, with the
	// same stem: the HTML report, the results JSON, the CSV (names in the
	// folder, in that order).
	Beside []string
	// Unreadable, when set, says why the file is not a results file; the
	// counts below are then zero.
	Unreadable string
	// Torn reports an interrupted run: the last line was cut and skipped.
	Torn bool
	// Results counts the results read; Errors those of cases that could
	// not be played (provider failures, missing cassettes).
	Results, Errors int
	// Cases counts the distinct cases (suite and case) over every model.
	Cases int
	// Models and Suites are the names found, sorted.
	Models, Suites []string
	// Headlines are each model's mean of its suite's headline metric, by
	// suite then model.
	Headlines []Headline
}

// Headline is one model's mean of one suite's headline metric over the
// played cases that report it.
type Headline struct {
	Suite, Model string
	Metric       results.Metric
	Mean         float64
	// N counts the results averaged.
	N int
}

// IndexOptions are what the index of past runs needs besides the folder.
type IndexOptions struct {
	// Title heads the page; "" means "hallumaze runs".
	Title string
	// Generated is shown as the time the page was made; the zero time
	// shows none.
	Generated time.Time
	// Headline is each suite's headline metric (the first it declares). A
	// suite missing here gets no headline numbers.
	Headline map[string]results.Metric
	// Link is the path from the page's folder to the runs' folder, with
	// forward slashes ("" when the page sits among the runs), which the
	// page's links to each run's files start with.
	Link string
}

// ReadRuns lists the results files (*.jsonl) of dir, not of its
// subfolders, newest first (then by name). A file that is not a results
// file is listed as unreadable; only a folder that cannot be read is an
// error. Files are read one at a time.
func ReadRuns(dir string, opts IndexOptions) ([]Run, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("index: %w", err)
	}
	present := map[string]bool{}
	for _, e := range entries {
		if e.Type().IsRegular() {
			present[e.Name()] = true
		}
	}
	var runs []Run
	for _, e := range entries {
		if !e.Type().IsRegular() || filepath.Ext(e.Name()) != ".jsonl" {
			continue
		}
		run := readRun(filepath.Join(dir, e.Name()), opts.Headline)
		stem := strings.TrimSuffix(e.Name(), ".jsonl")
		for _, ext := range []string{".html", ".json", ".csv"} {
			if present[stem+ext] {
				run.Beside = append(run.Beside, stem+ext)
			}
		}
		if d, ok := dateInName(stem); ok {
			run.Date, run.DateFromName = d, true
		} else if info, err := e.Info(); err == nil {
			run.Date = info.ModTime()
		}
		runs = append(runs, run)
	}
	slices.SortStableFunc(runs, func(a, b Run) int {
		if c := b.Date.Compare(a.Date); c != 0 {
			return c
		}
		return strings.Compare(a.File, b.File)
	})
	return runs, nil
}

// readRun reads one results file and counts it, a line at a time: its
// memory is that of the counts (the models, suites and cases named), never
// of the file's results.
func readRun(file string, headline map[string]results.Metric) Run {
	run := Run{File: filepath.Base(file)}
	models, suites, cases := map[string]bool{}, map[string]bool{}, map[string]bool{}
	type key struct{ suite, model string }
	sums, counts := map[key]float64{}, map[key]int{}
	torn, err := results.EachSummaryFile(file, func(r results.Summary) error {
		run.Results++
		models[r.Model], suites[r.Suite], cases[r.Key()] = true, true, true
		if r.Error != "" {
			run.Errors++
			return nil
		}
		m, ok := headline[r.Suite]
		if !ok {
			return nil
		}
		if v, ok := r.Metrics[m.Name]; ok {
			k := key{r.Suite, r.Model}
			sums[k] += v
			counts[k]++
		}
		return nil
	})
	if err != nil {
		return Run{File: run.File, Unreadable: strings.TrimPrefix(err.Error(), file+": ")}
	}
	run.Torn = torn != nil
	run.Models, run.Suites, run.Cases = sortedKeys(models), sortedKeys(suites), len(cases)
	for _, s := range run.Suites {
		for _, m := range run.Models {
			k := key{s, m}
			if n := counts[k]; n > 0 {
				run.Headlines = append(run.Headlines, Headline{Suite: s, Model: m, Metric: headline[s], Mean: sums[k] / float64(n), N: n})
			}
		}
	}
	return run
}

// nameDate finds a date in a file name: 20260322_143022, 20260322-143022,
// 2026-03-22T14-30-22, 2026-03-22 or 20260322, not inside a longer number.
var nameDate = regexp.MustCompile(`(?:^|\D)(\d{4})-?(\d{2})-?(\d{2})(?:[T_-](\d{2})[:-]?(\d{2})[:-]?(\d{2}))?(?:\D|$)`)

// dateInName reads the date of a run from its file name, in local time.
func dateInName(name string) (time.Time, bool) {
	for _, m := range nameDate.FindAllStringSubmatch(name, -1) {
		clock := "000000"
		if m[4] != "" {
			clock = m[4] + m[5] + m[6]
		}
		if t, err := time.ParseInLocation("20060102150405", m[1]+m[2]+m[3]+clock, time.Local); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// WriteIndex writes the index of past runs: one self-contained page (inline
// CSS, no script) with a row per run, newest first, linking to each run's
// results file and to the outputs beside it.
func WriteIndex(w io.Writer, runs []Run, opts IndexOptions) error {
	if opts.Title == "" {
		opts.Title = "hallumaze runs"
	}
	page := indexPage{Title: opts.Title, Runs: len(runs)}
	if !opts.Generated.IsZero() {
		page.Generated = opts.Generated.Format("2006-01-02 15:04:05")
	}
	link := func(name string) string {
		return (&url.URL{Path: path.Join(opts.Link, name)}).String()
	}
	for _, r := range runs {
		row := indexRow{Run: r, Href: link(r.File), Date: r.Date.Format("2006-01-02 15:04:05")}
		if r.Date.IsZero() {
			row.Date = ""
		}
		for _, b := range r.Beside {
			row.Files = append(row.Files, indexLink{Href: link(b), Text: strings.TrimPrefix(path.Ext(b), ".")})
		}
		for _, h := range r.Headlines {
			if n := len(row.Headline); n == 0 || row.Headline[n-1].Suite != h.Suite {
				row.Headline = append(row.Headline, indexSuite{Suite: h.Suite, Metric: h.Metric.Name, Arrow: arrow(h.Metric.Better)})
			}
			s := &row.Headline[len(row.Headline)-1]
			s.Models = append(s.Models, indexMean{Model: h.Model, Mean: fmt.Sprintf("%.3f", h.Mean), N: h.N})
		}
		if r.Unreadable != "" {
			page.Unreadable++
		}
		page.Rows = append(page.Rows, row)
	}
	if err := indexTemplate.Execute(w, page); err != nil {
		return fmt.Errorf("index: %w", err)
	}
	return nil
}

// arrow shows which way a metric is better.
func arrow(b results.Better) string {
	switch b {
	case results.Higher:
		return "↑"
	case results.Lower:
		return "↓"
	}
	return ""
}

// The page's data.
type (
	indexPage struct {
		Title, Generated string
		Runs, Unreadable int
		Rows             []indexRow
	}
	indexRow struct {
		Run
		Href, Date string
		Files      []indexLink
		Headline   []indexSuite
	}
	indexLink  struct{ Href, Text string }
	indexSuite struct {
		Suite, Metric, Arrow string
		Models               []indexMean
	}
	indexMean struct {
		Model, Mean string
		N           int
	}
)

var indexTemplate = template.Must(template.New("index").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#1f2937}
header,main{max-width:1280px;margin:0 auto;padding:0 20px}
header{padding-top:18px;border-bottom:1px solid #e5e7eb}
h1{font-size:22px;margin:0 0 4px}
.muted{color:#6b7280}
a{color:#2563eb;text-decoration:none}a:hover{text-decoration:underline}
table{border-collapse:collapse;margin:14px 0;width:100%}
th,td{padding:5px 10px;border-bottom:1px solid #e5e7eb;text-align:left;vertical-align:top}
th{background:#f9fafb;font-weight:600}
td.num{font-variant-numeric:tabular-nums;text-align:right;white-space:nowrap}
.file{font-family:ui-monospace,Menlo,Consolas,monospace;word-break:break-all}
.files a{margin-right:8px}
.warn{color:#b45309}.bad{color:#b91c1c}
.headline{margin:0 0 4px}.headline b{font-weight:600}
.headline span{display:inline-block;margin-right:12px;font-variant-numeric:tabular-nums}
tr.unreadable td{background:#fef2f2}
</style>
</head>
<body>
<header>
<h1>{{.Title}}</h1>
<p class="muted">{{.Runs}} runs{{if .Unreadable}} · {{.Unreadable}} unreadable{{end}}{{with .Generated}} · generated {{.}}{{end}}</p>
</header>
<main>
<table class="runs">
<thead><tr><th>date</th><th>run</th><th>outputs</th><th>models</th><th>suites</th><th class="num">cases</th><th class="num">results</th><th class="num">errors</th><th>headline (mean per model)</th></tr></thead>
<tbody>
{{range .Rows}}{{if .Unreadable}}<tr class="run unreadable">
<td class="num"{{if not .DateFromName}} title="the file's modification time"{{end}}>{{.Date}}</td><td class="file"><a href="{{.Href}}">{{.File}}</a></td><td class="files">{{range .Files}}<a href="{{.Href}}">{{.Text}}</a>{{end}}</td>
<td colspan="6" class="bad">unreadable: {{.Unreadable}}</td>
</tr>
{{else}}<tr class="run">
<td class="num"{{if not .DateFromName}} title="the file's modification time"{{end}}>{{.Date}}</td>
<td class="file"><a href="{{.Href}}">{{.File}}</a>{{if .Torn}}<br><span class="warn">interrupted: the last line was torn</span>{{end}}</td>
<td class="files">{{range .Files}}<a href="{{.Href}}">{{.Text}}</a>{{end}}</td>
<td>{{range $i, $m := .Models}}{{if $i}}, {{end}}{{$m}}{{end}}</td>
<td>{{range $i, $s := .Suites}}{{if $i}}, {{end}}{{$s}}{{end}}</td>
<td class="num">{{.Cases}}</td><td class="num">{{.Results}}</td><td class="num{{if .Errors}} bad{{end}}">{{.Errors}}</td>
<td>{{range .Headline}}<p class="headline"><b>{{.Suite}}</b> {{.Metric}}{{.Arrow}}: {{range .Models}}<span title="n={{.N}}">{{.Model}} {{.Mean}}</span>{{end}}</p>{{end}}</td>
</tr>
{{end}}{{end}}</tbody>
</table>
</main>
</body>
</html>
`))
