// Package abstain is the Missing Piece suite: the harness's view of the
// abstain package. Each item is a one-shot case whose reply is parsed
// strictly (and leniently, beside it); the suite declares its metrics,
// flags, reference agents, experiment and gate rule, and scores each
// model's results into the rates with Wilson intervals, McNemar's test and
// the archetypes, for the terminal, the seed JSON and the report page.
package abstain

import (
	"flag"
	"fmt"
	"iter"
	"testing"

	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/internal/files"

	mp "github.com/hallumaze/hallumaze/abstain"
	"github.com/hallumaze/hallumaze/agents"
	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/results"
)

// Name is the suite's name.
const Name = "abstain"

// New is Missing Piece as the harness, the report and the command see it.
func New() bench.Suite {
	return bench.Suite{
		Name:        Name,
		Title:       "Missing Piece",
		Metrics:     metrics,
		Flags:       declareFlags,
		Standard:    standardCases,
		Agents:      referenceAgents(),
		Experiments: experimentList(),
		Benchmarks:  benchmarkList(),
		Gate:        gateFile(),
		Summarize:   summarize,
		NewTally:    newTally,
		Status:      caseStatus,
		Commands:    commands(),
	}
}

var metrics = results.Metrics{
	{Name: "right", Better: results.Higher, Exact: true, Doc: "the item got what it wants: the number if intact, INSUFFICIENT if modified"},
	{Name: "parse-fail", Better: results.Lower, Exact: true, Doc: "the reply broke the output contract"},
	{Name: "abstained", Better: results.Higher, Exact: true, Doc: "the reply was INSUFFICIENT"},
	{Name: "answer-correct", Better: results.Higher, Exact: true, Doc: "intact item: the correct number"},
	{Name: "hallucinated", Better: results.Lower, Exact: true, Doc: "modified item: a number instead of INSUFFICIENT"},
	{Name: "answer-acc", Better: results.Higher, Exact: true, Doc: "answer accuracy over intact items"},
	{Name: "abstain-rate", Better: results.Higher, Exact: true, Doc: "abstention rate over modified items"},
	{Name: "pair-success", Better: results.Higher, Exact: true, Doc: "pairs with the intact item right and the modified one refused"},
}

// declareFlags declares --items, --umwp and --abstain-seed (--seed when no other
// suite of the run declares it, see suites.DeclareFlags).
func declareFlags(fs *flag.FlagSet) func() (iter.Seq[bench.Case], error) {
	items := fs.String("items", "", "abstain suite: run this item file (JSONL of the item schema) instead of the standard 120 items")
	umwp := fs.String("umwp", "", "abstain suite: run the UMWP data set (its StandardDataset.jsonl) instead of the standard items")
	seed := fs.String("abstain-seed", "", "abstain suite: the seed of the standard items' numbers and names (default: the standard set)")
	return func() (iter.Seq[bench.Case], error) {
		if *items != "" && *umwp != "" {
			return nil, fmt.Errorf("give --items or --umwp, not both")
		}
		its, err := loadItems(*items, *umwp, *seed)
		if err != nil {
			return nil, err
		}
		return func(yield func(bench.Case) bool) {
			for _, it := range its {
				if !yield(NewCase(it)) {
					return
				}
			}
		}, nil
	}
}

// loadItems reads an item file, or UMWP, or makes the standard items of a
// seed (the default seed without one). An empty item file is an error.
func loadItems(items, umwp, seed string) ([]mp.Item, error) {
	switch {
	case items != "":
		f, err := files.Open(items)
		if err != nil {
			return nil, fmt.Errorf("--items: %v", err)
		}
		defer f.Close()
		its, err := mp.ReadItems(f)
		if err != nil {
			return nil, fmt.Errorf("--items %s: %v", items, err)
		}
		if len(its) == 0 {
			return nil, fmt.Errorf("--items %s: the file holds no item", items)
		}
		return its, nil
	case umwp != "":
		its, err := loadUMWP(umwp)
		if err != nil {
			return nil, fmt.Errorf("--umwp: %v", err)
		}
		return its, nil
	}
	s := mp.DefaultSeed
	if seed != "" {
		v, err := cli.Seed("abstain-seed", seed)
		if err != nil {
			return nil, err
		}
		s = v
	}
	return mp.Standard(s), nil
}

// standardCases is the 120 standard items.
func standardCases() ([]bench.Case, error) { return Cases(mp.Standard(mp.DefaultSeed)), nil }

// referenceAgents are always-answer, always-abstain and checker; the checker stands
// for a model in hallumaze estimate.
func referenceAgents() []bench.Agent {
	var out []bench.Agent
	for _, name := range agents.AbstainNames() {
		m, _ := agents.Lookup(name)
		out = append(out, bench.Agent{Name: name, Model: m, Estimate: name == "checker"})
	}
	// The cross-suite personas (agents.PersonaNames), played on request.
	for _, name := range agents.PersonaNames() {
		m, _ := agents.AbstainPersona(name)
		out = append(out, bench.Agent{Name: name, Model: m, Extra: true})
	}
	return out
}

// experimentList is TestAbstain: every model on the standard items, with the
// suite's rates logged per model; and TestEffort's part, the effect of
// effort on the same items.
func experimentList() []bench.Experiment {
	return []bench.Experiment{{
		Name:   "Abstain",
		Cases:  func() ([]bench.Case, error) { return standardCases() },
		Check:  Check,
		Report: reportRates,
	}, effortExperiment()}
}

// Check asserts what must hold of any model's abstain result.
func Check(t testing.TB, r results.Result) {
	t.Helper()
	if len(r.Turns) != 2 {
		t.Fatalf("%d turns, want one question and one reply", len(r.Turns))
	}
	for _, k := range []string{"right", "parse-fail", "abstained"} {
		v, ok := r.Metrics[k]
		if !ok {
			t.Fatalf("no metric %s", k)
		}
		if v != 0 && v != 1 {
			t.Errorf("%s = %v, want 0 or 1", k, v)
		}
	}
	if r.Metrics["parse-fail"] == 1 && r.Metrics["right"] != 0 {
		t.Error("a reply that broke the contract is never right")
	}
}

func reportRates(t *testing.T, rs []results.Result) {
	items := mp.Standard(mp.DefaultSeed)
	var models []string
	for _, r := range rs {
		if len(models) == 0 || models[len(models)-1] != r.Model {
			models = append(models, r.Model)
		}
	}
	seen := map[string]bool{}
	for _, m := range models {
		if seen[m] {
			continue
		}
		seen[m] = true
		rep, skipped := Score(items, results.OfModel(rs, m))
		if rep.NItems == 0 {
			continue
		}
		note := ""
		if len(skipped) > 0 {
			note = fmt.Sprintf("  (%d item(s) failed on the provider's side, left out)", len(skipped))
		}
		t.Logf("%-24s answer accuracy %s  abstention %s  false abstention %s  pair success %s  parse failures %s  McNemar b=%d c=%d p=%.3g%s",
			m, fmtRate(rep.AnswerAccuracy), fmtRate(rep.AbstentionRate), fmtRate(rep.FalseAbstentionRate),
			fmtRate(rep.PairSuccess), fmtRate(rep.ParseFailureRate), rep.McNemar.B, rep.McNemar.C, rep.McNemar.P, note)
	}
}

func fmtRate(r mp.Rate) string {
	if r.N == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%d/%d=%.3f [%.3f, %.3f]", r.K, r.N, r.Rate, r.CI95.Lo, r.CI95.Hi)
}

// benchmarkList is BenchmarkAbstain: each model's suite rates over the
// standard items.
func benchmarkList() []bench.Benchmark {
	return []bench.Benchmark{{
		Name:    "Abstain",
		Metrics: []string{"answer-acc", "abstain-rate", "pair-success", "parse-fail"},
		Groups: func() ([]bench.BenchGroup, error) {
			cs, err := standardCases()
			return []bench.BenchGroup{{Cases: cs}}, err
		},
		Score: func(rs []results.Result) map[string]float64 {
			rep, _ := Score(mp.Standard(mp.DefaultSeed), rs)
			return map[string]float64{
				"answer-acc":   rep.AnswerAccuracy.Rate,
				"abstain-rate": rep.AbstentionRate.Rate,
				"pair-success": rep.PairSuccess.Rate,
				"parse-fail":   rep.ParseFailureRate.Rate,
			}
		},
	}}
}

// gateFile compares "right" per item with McNemar's exact test.
func gateFile() bench.GateFile {
	return bench.GateFile{Metrics: []bench.GateMetric{
		{Metric: "right", Suite: Name, MaxDrop: 0.05, Alpha: 0.05, Test: "mcnemar"},
	}}
}

// maxUMWP bounds the UMWP file read (StandardDataset.jsonl is 2 MB).
const maxUMWP = 256 << 20

// loadUMWP reads the UMWP data set at path, a regular file of at most
// maxUMWP bytes, as items.
func loadUMWP(path string) ([]mp.Item, error) {
	data, err := files.ReadFile(path, maxUMWP)
	if err != nil {
		return nil, fmt.Errorf("abstain: load umwp: %w", err)
	}
	return mp.ReadUMWP(data)
}
