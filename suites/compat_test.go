package suites

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/csv"
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hallumaze/hallumaze/suites/maze/record"

	maze "github.com/hallumaze/hallumaze/suites/maze"

	"github.com/google/go-cmp/cmp"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
)

// compatSuites are the suites whose outputs were pinned in
// testdata/compat before suites became plug-ins.
var compatSuites = []string{"maze", "abstain"}

// compatResults plays every agent of the pinned suites on every case of
// their experiments, as testdata/compat/README.md describes: the grids in
// the order they were written then (TestMaze, TestAriadne, TestDifficulty,
// then TestMirage's pairs), each case once.
func compatResults(t *testing.T) []results.Result {
	t.Helper()
	order := map[string][]string{"maze": {"Maze", "Ariadne", "Difficulty", "Mirage"}, "abstain": {"Abstain"}}
	env := bench.Env{Agents: Agents(All())}
	var all []results.Result
	for _, name := range compatSuites {
		s, ok := bench.FindSuite(All(), name)
		if !ok {
			t.Fatalf("no suite %s", name)
		}
		var cases []bench.Case
		seen := map[string]bool{}
		for _, exp := range order[name] {
			i := -1
			for j, e := range s.Experiments {
				if e.Name == exp {
					i = j
				}
			}
			if i < 0 {
				t.Fatalf("%s: no experiment %s", name, exp)
			}
			cs, err := s.Experiments[i].Cases()
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range cs {
				if !seen[c.Name] {
					seen[c.Name] = true
					cases = append(cases, c)
				}
			}
		}
		for _, a := range s.Agents {
			if a.Extra {
				continue // not among the reference agents when the tables were written
			}
			m, err := env.Open("agent/" + a.Name)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range cases {
				r := bench.Play(context.Background(), m, c)
				r.Duration = 0
				for i := range r.Turns {
					r.Turns[i].LatencyMS = 0
				}
				all = append(all, r)
			}
		}
	}
	return all
}

// withoutLenient takes out what the maze suite's lenient tier added to a
// result (its metrics, with the format measurements, and its reading in the
// score record), and the case's spec the score record gained after it,
// giving the result as the strict tier alone wrote it.
func withoutLenient(t *testing.T, r results.Result) results.Result {
	t.Helper()
	if r.Suite != maze.Name {
		return r
	}
	for k := range r.Metrics {
		if strings.HasSuffix(k, results.LenientSuffix) || k == "format-compliance" || k == "reasks" {
			delete(r.Metrics, k)
		}
	}
	var d record.Detail
	if err := json.Unmarshal(r.Detail, &d); err != nil {
		t.Fatal(err)
	}
	d.Lenient = nil
	d.Spec = nil // the case's spec, beside the tags that say the same
	data, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	r.Detail, r.Record = data, nil // the record no longer says what the detail says
	return r
}

// TestCompatibility holds the outputs of the standard grids to the bytes
// the harness wrote before suites became plug-ins: the results JSONL, the
// results JSON file, the CSV and the terminal tables. What the lenient
// tier added since (beside the strict scores, never instead) is taken out
// first, and so is the cost added after the suites' outputs (the JSON
// file's "cost", the CSV's last column cost_usd, the terminal's Cost
// table): the strict tier's bytes are what they were.
func TestCompatibility(t *testing.T) {
	if testing.Short() {
		t.Skip("plays every agent on every standard case")
	}
	all := compatResults(t)
	for i := range all {
		all[i] = withoutLenient(t, all[i])
	}
	dir := t.TempDir()
	sink, err := results.NewSink(filepath.Join(dir, "results.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range all {
		if err := sink.Add(r); err != nil {
			t.Fatal(err)
		}
	}
	sink.Close()
	jsonl, err := os.ReadFile(filepath.Join(dir, "results.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	opts := report.Options{Timestamp: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	sections, err := report.Summarize(all, Summarizers(All()), opts)
	if err != nil {
		t.Fatal(err)
	}
	sections = withoutCost(sections)
	var seed, csv, tables bytes.Buffer
	if err := report.WriteJSON(&seed, withoutBoards(sections), opts); err != nil {
		t.Fatal(err)
	}
	if err := report.WriteCSV(&csv, all); err != nil {
		t.Fatal(err)
	}
	if err := report.WriteText(&tables, sections); err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct {
		name string
		got  []byte
	}{{"results.jsonl.gz", jsonl}, {"seed.json.gz", seed.Bytes()}, {"results.csv.gz", withoutCostColumn(t, csv.Bytes())}, {"tables.txt", tables.Bytes()}} {
		if *rewriteCompat {
			writeCompat(t, f.name, f.got)
			continue
		}
		want := readCompat(t, f.name)
		if !bytes.Equal(want, f.got) {
			t.Errorf("%s differs from the output before plug-in suites:\n%s", f.name, firstDiff(string(want), string(f.got)))
		}
	}
}

// withoutBoards takes out what the seed JSON gained beside the seed's keys:
// "leaderboards", the per-condition rankings, and "analyses".
func withoutBoards(sections []report.Section) []report.Section {
	out := slices.Clone(sections)
	for i := range out {
		out[i].JSON = slices.DeleteFunc(slices.Clone(out[i].JSON), func(m report.Member) bool { return m.Key == "leaderboards" || m.Key == "analyses" })
	}
	return out
}

// withoutCost takes out the Cost section (the one of no suite): the
// results JSON file's "cost" member and the terminal's Cost table, added
// after the suites' outputs.
func withoutCost(sections []report.Section) []report.Section {
	return slices.DeleteFunc(slices.Clone(sections), func(s report.Section) bool { return s.Suite == "" })
}

// withoutCostColumn takes the CSV's cost_usd column out, writing the rest
// as the CSV writer does.
func withoutCostColumn(t *testing.T, data []byte) []byte {
	t.Helper()
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := slices.Index(rows[0], "cost_usd")
	if col < 0 {
		t.Fatal("the CSV has no cost_usd column")
	}
	var out bytes.Buffer
	w := csv.NewWriter(&out)
	for _, row := range rows {
		if err := w.Write(slices.Delete(row, col, col+1)); err != nil {
			t.Fatal(err)
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// rewriteCompat rewrites the pinned files from the same pipeline, for a
// deliberate change that testdata/compat/README.md records. -update does
// not touch them.
var rewriteCompat = flag.Bool("rewrite-compat", false, "rewrite testdata/compat from this code (a deliberate change, recorded in its README)")

func writeCompat(t *testing.T, name string, data []byte) {
	t.Helper()
	if bytes.Equal(readCompat(t, name), data) {
		return // the same content: keep the file's bytes
	}
	if strings.HasSuffix(name, ".gz") {
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		if _, err := zw.Write(data); err != nil {
			t.Fatal(err)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		data = b.Bytes()
	}
	if err := os.WriteFile(filepath.Join("testdata", "compat", name), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func readCompat(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "compat", name))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(name, ".gz") {
		return data
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// firstDiff shows the first differing line and its neighbours.
func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(wl), len(gl)); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			if len(w) > 2000 || len(g) > 2000 {
				return cmp.Diff(w, g)
			}
			return "line " + itoa(i+1) + ":\n-" + w + "\n+" + g
		}
	}
	return "(same lines, different bytes)"
}

func itoa(n int) string {
	var b []byte
	for n > 0 || len(b) == 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}
