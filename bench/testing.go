package bench

import (
	"cmp"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/hallumaze/hallumaze/internal/files"
	"github.com/hallumaze/hallumaze/internal/textfmt"
	"github.com/hallumaze/hallumaze/results"
)

// Runner runs cases × models as subtests and benchmarks.
type Runner struct {
	Env    Env
	Models []Model
	// Metrics are the declarations of the metrics the cases report.
	Metrics results.Metrics
	// Sink, when set, receives every result.
	Sink *results.Sink
	// Gate, when set, holds per-model floors each case must meet.
	Gate *GateFile
	// Shard, when set, keeps only this machine's share of the cases.
	Shard *Shard
	// PerCase makes each case a subtest of its own (go test -v then
	// lists every case); see Run.
	PerCase bool
}

// Run plays every case with every model as subtests of t, one per model
// (named by the model), and returns the results of the cases that ran.
// check asserts what must hold of any model's result; the gate's floors
// for the model are checked after it. A case whose cassette is not
// recorded is skipped, and the command that records them is logged.
//
// The cases of a model run in parallel within its subtest, and a failure
// names its case, so that go test -v prints a few lines per model and the
// experiment's tables, not a line per case. With PerCase set, or a -run
// pattern that names cases (Maze/agent-lured/size=7: a pattern below the
// model's level), each case is a subtest of its own, <model>/<case>.
func (r *Runner) Run(t *testing.T, cases []Case, check func(t testing.TB, res results.Result)) []results.Result {
	t.Helper()
	cases = r.Shard.Filter(cases)
	perCase := r.PerCase || runNamesCases()
	var mu sync.Mutex
	var out []results.Result
	for _, m := range r.Models {
		t.Run(TestName(m.Name), func(t *testing.T) {
			missing := map[string]string{} // case → its cassette's path
			var absent []Case
			for _, c := range cases {
				if path, ok := r.missingCassette(m, c); ok {
					missing[c.Name] = path
					absent = append(absent, c)
				}
			}
			if len(absent) > 0 {
				// After the subtests: the report ends with the one command.
				t.Cleanup(func() {
					t.Logf("%s: %d of %d case(s) have no cassette and were skipped; record them with: %s",
						m.Name, len(absent), len(cases), r.Env.RecordCommand(map[string][]Case{m.Name: absent}))
				})
			}
			played := func(t testing.TB, c Case, res results.Result) {
				if r.Sink != nil {
					if err := r.Sink.Add(res); err != nil {
						t.Error(err)
					}
				}
				if res.Error != "" {
					t.Fatalf("%s %s: %s", m.Name, c.Name, res.Error)
				}
				mu.Lock()
				out = append(out, res)
				mu.Unlock()
				checkFinite(t, res)
				checkDeclared(t, res, r.Metrics)
				if check != nil {
					check(t, res)
				}
				r.Gate.CheckFloors(t, res, r.Metrics)
				if t.Failed() {
					t.Logf("the model's last reply (go test -artifacts -outputdir DIR keeps transcript.md and result.json of every case):\n%s", excerpt(res.LastReply(), 2000))
				}
			}
			if !perCase {
				r.runQuiet(t, m, cases, missing, played)
				return
			}
			for _, c := range cases {
				t.Run(c.Name, func(t *testing.T) {
					t.Parallel()
					if path, ok := missing[c.Name]; ok {
						t.Skipf("no cassette %s (the command that records the %d missing is logged at the end of %s)", path, len(absent), TestName(m.Name))
					}
					res := Play(t.Context(), m, c)
					writeArtifacts(t, t.ArtifactDir, res)
					played(t, c, res)
				})
			}
		})
	}
	return out
}

// runQuiet plays a model's cases in parallel within its test (as many at
// once as go test runs parallel tests) and checks each in turn on it: a
// failure is reported naming the case, and a fatal one ends that case's
// checks only.
func (r *Runner) runQuiet(t *testing.T, m Model, cases []Case, missing map[string]string, played func(testing.TB, Case, results.Result)) {
	res := make([]results.Result, len(cases))
	sem := make(chan struct{}, testParallel())
	var wg sync.WaitGroup
	for i, c := range cases {
		if _, ok := missing[c.Name]; ok {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			res[i] = Play(t.Context(), m, c)
		}()
	}
	wg.Wait()
	for i, c := range cases {
		if _, ok := missing[c.Name]; ok {
			continue
		}
		writeArtifacts(t, func() string { return filepath.Join(t.ArtifactDir(), TestName(c.Name)) }, res[i])
		checkCase(t, c.Name, func(t testing.TB) { played(t, c, res[i]) })
	}
}

// checkCase runs one case's checks on t through a caseT: failures and logs
// name the case, and a fatal one returns here.
func checkCase(t testing.TB, name string, checks func(testing.TB)) {
	defer func() {
		if v := recover(); v != nil {
			if _, ok := v.(stopCase); !ok {
				panic(v)
			}
		}
	}()
	checks(&caseT{TB: t, name: name})
}

// runNamesCases reports a -run pattern below a model's level (three or
// more parts: experiment, model, case), which only per-case subtests can
// match.
func runNamesCases() bool {
	f := flag.Lookup("test.run")
	if f == nil {
		return false
	}
	return len(strings.Split(f.Value.String(), "/")) >= 3
}

// testParallel is go test's -parallel (GOMAXPROCS by default).
func testParallel() int {
	if f := flag.Lookup("test.parallel"); f != nil {
		if n, err := strconv.Atoi(f.Value.String()); err == nil && n > 0 {
			return n
		}
	}
	return max(1, runtime.GOMAXPROCS(0))
}

// caseT runs one case's checks on its model's test without a subtest of
// its own: each failure and log names the case, and a fatal failure (or a
// skip) ends the case's checks, not the model's.
type caseT struct {
	testing.TB
	name   string
	failed bool
}

// sprintln formats as testing's Log and Error do: operands spaced.
func sprintln(args ...any) string { return strings.TrimSuffix(fmt.Sprintln(args...), "\n") }

// stopCase ends a case's checks; runQuiet recovers it.
type stopCase struct{}

func (c *caseT) Errorf(format string, args ...any) {
	c.TB.Helper()
	c.failed = true
	c.TB.Errorf("%s: %s", c.name, fmt.Sprintf(format, args...))
}
func (c *caseT) Error(args ...any) { c.TB.Helper(); c.Errorf("%s", sprintln(args...)) }
func (c *caseT) Fatalf(format string, args ...any) {
	c.TB.Helper()
	c.Errorf(format, args...)
	panic(stopCase{})
}
func (c *caseT) Fatal(args ...any) {
	c.TB.Helper()
	c.Errorf("%s", sprintln(args...))
	panic(stopCase{})
}
func (c *caseT) Fail()        { c.failed = true; c.TB.Fail() }
func (c *caseT) FailNow()     { c.Fail(); panic(stopCase{}) }
func (c *caseT) Failed() bool { return c.failed }
func (c *caseT) Logf(format string, args ...any) {
	c.TB.Helper()
	c.TB.Logf("%s: %s", c.name, fmt.Sprintf(format, args...))
}
func (c *caseT) Log(args ...any) { c.TB.Helper(); c.Logf("%s", sprintln(args...)) }
func (c *caseT) Skipf(format string, args ...any) {
	c.TB.Helper()
	c.Logf("skipped: "+format, args...)
	panic(stopCase{})
}
func (c *caseT) Skip(args ...any) {
	c.TB.Helper()
	c.Logf("skipped: %s", sprintln(args...))
	panic(stopCase{})
}
func (c *caseT) SkipNow() { panic(stopCase{}) }

// missingCassette reports a replayed model whose cassette for the case was
// never recorded, and the cassette's path.
func (r *Runner) missingCassette(m Model, c Case) (string, bool) {
	if m.Agent {
		return "", false
	}
	path := r.Env.CassettePath(m, c)
	if r.Env.recording(m.Name, path) {
		return "", false
	}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return path, true
	}
	return "", false
}

// excerpt cuts s to at most n bytes, at a rune boundary, saying so.
func excerpt(s string, n int) string {
	if len(s) <= n {
		return s
	}
	kept := textfmt.Cut(s, n)
	return kept + fmt.Sprintf("\n… (%d more bytes)", len(s)-len(kept))
}

// checkFinite fails a result with a NaN or infinite metric: undefined
// metrics must be absent, never a number.
func checkFinite(t testing.TB, r results.Result) {
	t.Helper()
	for k, v := range r.Metrics {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			t.Errorf("metric %s = %v", k, v)
		}
	}
}

// checkDeclared fails a result with a metric its suite does not declare.
func checkDeclared(t testing.TB, r results.Result, metrics results.Metrics) {
	t.Helper()
	if metrics == nil {
		return
	}
	for k := range r.Metrics {
		if _, ok := metrics.Lookup(k); !ok {
			t.Errorf("metric %s is not declared by the %s suite", k, r.Suite)
		}
	}
}

// writeArtifacts keeps a case's transcript and scores in its artifact
// directory, which dir makes (kept with go test -artifacts).
func writeArtifacts(t testing.TB, dir func() string, r results.Result) {
	t.Helper()
	if f := flag.Lookup("test.artifacts"); f == nil || f.Value.String() != "true" {
		return // without -artifacts the directory is thrown away: write nothing
	}
	d := dir()
	err := os.MkdirAll(d, 0o777)
	data, errM := json.MarshalIndent(r, "", "  ")
	err = cmp.Or(err, errM)
	if err == nil {
		err = os.WriteFile(filepath.Join(d, "result.json"), data, files.Mode)
	}
	if err == nil {
		err = os.WriteFile(filepath.Join(d, "transcript.md"), []byte(Transcript(r)), files.Mode)
	}
	if err != nil {
		t.Logf("artifacts: %v", err)
	}
}

// Transcript renders a result's conversation as Markdown.
func Transcript(r results.Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s — %s/%s\n\n", r.Model, r.Suite, r.Case)
	if r.Settings != nil {
		fmt.Fprintf(&b, "settings: %s\n\n", r.Settings)
	}
	if r.Error != "" {
		fmt.Fprintf(&b, "**error:** %s\n\n", r.Error)
	}
	if r.System != "" {
		fmt.Fprintf(&b, "## system\n\n```\n%s\n```\n\n", r.System)
	}
	for i, turn := range r.Turns {
		fmt.Fprintf(&b, "## %d. %s", i+1, turn.Role)
		if turn.StopReason != "" {
			fmt.Fprintf(&b, " (stop: %s, tokens in/out %d/%d", turn.StopReason, turn.Usage.InputTokens, turn.Usage.OutputTokens)
			if n := turn.Usage.ReasoningTokens; n > 0 {
				fmt.Fprintf(&b, ", %d of them reasoning", n)
			}
			b.WriteString(")")
		}
		b.WriteString("\n\n")
		if turn.Reasoning != "" {
			fmt.Fprintf(&b, "<details><summary>reasoning</summary>\n\n```\n%s\n```\n</details>\n\n", turn.Reasoning)
		}
		fmt.Fprintf(&b, "```\n%s\n```\n\n", turn.Content)
	}
	if len(r.Detail) > 0 {
		fmt.Fprintf(&b, "## scores\n\n```json\n%s\n```\n", r.Detail)
	}
	return b.String()
}

// RunBenchmark runs one benchmark of a suite with every model: for each
// model and group, a sub-benchmark that plays the group's cases once per
// iteration and reports the group's metrics (or the per-case means, and
// tokens/case) with ns/op suppressed: the numbers of a replayed model are
// exact, not timings. It prints the benchmark's unit lines first, so that
// benchstat knows which way each metric improves.
func RunBenchmark(b *testing.B, models []Model, bm Benchmark, metrics results.Metrics) {
	b.Helper()
	lines, err := metrics.UnitLines(bm.Metrics...)
	if err != nil {
		b.Fatalf("Benchmark%s: %v", bm.Name, err)
	}
	fmt.Print(lines)
	groups, err := bm.Groups()
	if err != nil {
		b.Fatalf("Benchmark%s: %v", bm.Name, err)
	}
	for _, m := range models {
		for _, g := range groups {
			name := "model=" + TestName(m.Name)
			if g.Name != "" {
				name += "/" + g.Name
			}
			b.Run(name, func(b *testing.B) { benchGroup(b, m, g.Cases, bm, metrics) })
		}
	}
}

func benchGroup(b *testing.B, m Model, cases []Case, bm Benchmark, metrics results.Metrics) {
	var rs []results.Result
	for b.Loop() {
		rs = rs[:0]
		for _, c := range cases {
			res := Play(b.Context(), m, c)
			if res.Error != "" {
				b.Fatalf("%s %s: %s", m.Name, c.Name, res.Error)
			}
			rs = append(rs, res)
		}
	}
	if bm.Score != nil {
		for name, v := range bm.Score(rs) {
			decl, _ := metrics.Lookup(name)
			b.ReportMetric(v, decl.BenchUnit())
		}
		b.ReportMetric(0, "ns/op")
		return
	}
	for _, name := range bm.Metrics {
		if mean, n := MeanMetric(rs, name); n > 0 {
			decl, _ := metrics.Lookup(name)
			b.ReportMetric(mean, decl.BenchUnit())
		}
	}
	tokens := 0
	for _, r := range rs {
		tokens += r.Usage.InputTokens + r.Usage.OutputTokens
	}
	if len(rs) > 0 {
		b.ReportMetric(float64(tokens)/float64(len(rs)), results.TokensPerCase.Name)
	}
	b.ReportMetric(0, "ns/op")
}

// MeanMetric is the mean of a metric over the results that have it.
func MeanMetric(rs []results.Result, name string) (mean float64, n int) {
	sum := 0.0
	for _, r := range rs {
		if v, ok := r.Metrics[name]; ok {
			sum += v
			n++
		}
	}
	if n == 0 {
		return 0, 0
	}
	return sum / float64(n), n
}
