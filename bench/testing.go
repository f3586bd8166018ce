package bench

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/hallumaze/hallumaze/cassettes"
	"github.com/hallumaze/hallumaze/providers"
)

// Runner runs cases × models as subtests and benchmarks.
type Runner struct {
	Env    Env
	Models []Model
	// Sink, when set, receives every result.
	Sink *Sink
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
func (r *Runner) Run(t *testing.T, cases []Case, check func(t *testing.T, res Result)) []Result {
	t.Helper()
	cases = r.Shard.Filter(cases)
	var mu sync.Mutex
	var out []Result
	for _, m := range r.Models {
		t.Run(TestName(m.Name), func(t *testing.T) {
			for _, c := range cases {
				t.Run(c.Name, func(t *testing.T) {
					t.Parallel()
					if why, missing := r.missingCassette(m, c); missing {
						t.Skip(why)
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
					if check != nil {
						check(t, res)
					}
					r.Gate.CheckFloors(t, res)
					if t.Failed() {
						t.Logf("the model's last reply (go test -artifacts -outputdir DIR keeps transcript.md and result.json of every case):\n%s", excerpt(lastAssistant(res), 2000))
					}
				})
			}
		})
	}
	return out
}

// missingCassette reports a replayed model whose cassette for the case was
// never recorded.
func (r *Runner) missingCassette(m Model, c Case) (string, bool) {
	if m.Agent {
		return "", false
	}
	provider, id, err := providers.ParseModelName(m.Name)
	if err != nil {
		return "", false
	}
	path := cassettes.Path(r.Env.CassetteRoot, c.Suite, provider, id, c.Name)
	if r.Env.matchRecord(path) {
		return "", false
	}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return fmt.Sprintf("no cassette %s; record it with: %s", path, recordHint(m.Name, c)), true
	}
	return "", false
}

// excerpt cuts s to at most n bytes, at a rune boundary, saying so.
func excerpt(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf("\n… (%d more bytes)", len(s)-cut)
}

// checkFinite fails a result with a NaN or infinite metric: undefined
// metrics must be absent, never a number.
func checkFinite(t *testing.T, r Result) {
	t.Helper()
	for k, v := range r.Metrics {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			t.Errorf("metric %s = %v", k, v)
		}
	}
}

// writeArtifacts keeps a case's transcript and scores in the test's
// artifact directory (kept with go test -artifacts).
func writeArtifacts(t *testing.T, r Result) {
	t.Helper()
	dir := t.ArtifactDir()
	data, err := json.MarshalIndent(r, "", "  ")
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, "result.json"), data, 0o644)
	}
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, "transcript.md"), []byte(Transcript(r)), 0o644)
	}
	if err != nil {
		t.Logf("artifacts: %v", err)
	}
}

// Transcript renders a result's conversation as Markdown.
func Transcript(r Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s — %s/%s\n\n", r.Model, r.Suite, r.Case)
	if r.Error != "" {
		fmt.Fprintf(&b, "**error:** %s\n\n", r.Error)
	}
	if r.System != "" {
		fmt.Fprintf(&b, "## system\n\n```\n%s\n```\n\n", r.System)
	}
	for i, turn := range r.Turns {
		fmt.Fprintf(&b, "## %d. %s", i+1, turn.Role)
		if turn.StopReason != "" {
			fmt.Fprintf(&b, " (stop: %s, tokens in/out %d/%d)", turn.StopReason, turn.Usage.InputTokens, turn.Usage.OutputTokens)
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

// Bench plays every case once per iteration and reports the per-case means
// of the metrics as benchmark metrics, with ns/op suppressed: the numbers
// of a replayed model are exact, not timings.
func Bench(b *testing.B, m Model, cases []Case, metrics []string) {
	b.Helper()
	var results []Result
	for b.Loop() {
		results = results[:0]
		for _, c := range cases {
			res := Play(b.Context(), m, c)
			if res.Error != "" {
				b.Fatalf("%s %s: %s", m.Name, c.Name, res.Error)
			}
			results = append(results, res)
		}
	}
	for _, name := range metrics {
		if mean, n := MeanMetric(results, name); n > 0 {
			b.ReportMetric(mean, BenchUnit(name))
		}
	}
	tokens := 0
	for _, r := range results {
		tokens += r.Usage.InputTokens + r.Usage.OutputTokens
	}
	if len(results) > 0 {
		b.ReportMetric(float64(tokens)/float64(len(results)), "tokens/case")
	}
	b.ReportMetric(0, "ns/op")
}

// MeanMetric is the mean of a metric over the results that have it.
func MeanMetric(results []Result, name string) (mean float64, n int) {
	sum := 0.0
	for _, r := range results {
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

// BenchUnit is the benchmark unit a metric is reported in; counts are per
// case ("HC/case").
func BenchUnit(metric string) string {
	switch metric {
	case "HC", "BT", "LT", "steps", "hints":
		return metric + "/case"
	}
	return metric
}

// Better says which way a metric improves: "higher" or "lower".
func Better(metric string) string {
	switch metric {
	case "CE", "HC", "lure-rate", "brier", "unparsed", "hint-ignore", "tokens/case", "HC/case", "wall-bumps", "hallucination-rate", "parse-fail":
		return "lower"
	}
	return "higher"
}

// UnitLines are the benchfmt unit lines that tell benchstat which way each
// metric improves and that replayed numbers are exact.
func UnitLines(metrics []string) string {
	var b strings.Builder
	for _, m := range append(metrics, "tokens/case") {
		unit := m
		if m != "tokens/case" {
			unit = BenchUnit(m)
		}
		fmt.Fprintf(&b, "Unit %s better=%s assume=exact\n", unit, Better(unit))
	}
	return b.String()
}
