package bench

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
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
}

// Run plays every case with every model as subtests of t, named
// <model>/<case>, and returns the results of the cases that ran. check
// asserts what must hold of any model's result; the gate's floors for the
// model are checked after it. A case whose cassette is not recorded is
// skipped with the command that records it.
func (r *Runner) Run(t *testing.T, cases []Case, check func(t *testing.T, res results.Result)) []results.Result {
	t.Helper()
	cases = r.Shard.Filter(cases)
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
			for _, c := range cases {
				t.Run(c.Name, func(t *testing.T) {
					t.Parallel()
					if path, ok := missing[c.Name]; ok {
						t.Skipf("no cassette %s (the command that records the %d missing is logged at the end of %s)", path, len(absent), TestName(m.Name))
					}
					res := Play(t.Context(), m, c)
					writeArtifacts(t, res)
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
				})
			}
		})
	}
	return out
}

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
func checkFinite(t *testing.T, r results.Result) {
	t.Helper()
	for k, v := range r.Metrics {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			t.Errorf("metric %s = %v", k, v)
		}
	}
}

// checkDeclared fails a result with a metric its suite does not declare.
func checkDeclared(t *testing.T, r results.Result, metrics results.Metrics) {
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

// writeArtifacts keeps a case's transcript and scores in the test's
// artifact directory (kept with go test -artifacts).
func writeArtifacts(t *testing.T, r results.Result) {
	t.Helper()
	if f := flag.Lookup("test.artifacts"); f == nil || f.Value.String() != "true" {
		return // without -artifacts the directory is thrown away: write nothing
	}
	dir := t.ArtifactDir()
	data, err := json.MarshalIndent(r, "", "  ")
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, "result.json"), data, files.Mode)
	}
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, "transcript.md"), []byte(Transcript(r)), files.Mode)
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
