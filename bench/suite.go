package bench

import (
	"flag"
	"fmt"
	"io"
	"iter"
	"slices"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
)

// Suite is one benchmark family: everything it gives the harness, the
// report and the command, in one value. The required parts come first; the
// optional ones after them are nil when the suite has none. The harness
// and the command know suites only through this value; the domain (mazes,
// word problems, worlds) stays in the suite's own packages, which build it
// (maze.New), and adding a suite to hallumaze is adding its value to the
// list (suites.All).
type Suite struct {
	// Name is the --suite value, every result's Suite and the cassette
	// folder.
	Name string
	// Title is what people call it: "HalluMaze".
	Title string
	// Metrics declares every metric its cases report. A metric name several
	// suites declare must be declared alike (suites.Check).
	Metrics results.Metrics
	// Flags declares the suite's flags of hallumaze run on fs and returns
	// the function that, once fs is parsed, checks them and gives the run's
	// cases. Cases are yielded one at a time and should build their world
	// only when played, so a run of a million cases holds few at once. A
	// flag may be spelled with the suite's name before it (--worlds-level);
	// no two suites declare one flag (suites.Check).
	Flags func(fs *flag.FlagSet) func() (iter.Seq[Case], error)
	// Standard is the suite's standard set: what hallumaze run plays by
	// default. The gate compares a smaller set where the suite has one
	// (see [GateSet]).
	Standard func() ([]Case, error)
	// Agents are the reference agents that play it.
	Agents []Agent
	// Experiments are its go test ./bench experiments (TestExperiments/
	// <Name>, selected with -run <Name>).
	Experiments []Experiment
	// Benchmarks are its go test -bench ./bench benchmarks.
	Benchmarks []Benchmark
	// Gate is its regression-gate rules and the floors the reference agents
	// meet.
	Gate GateFile
	// Summarize scores the suite's results (every model's, human groups
	// included) into its section of the report's outputs (see
	// report.Summarizer). A result it cannot read (a corrupt detail) is an
	// error naming the case. Nil: its results show in the CSV and the case
	// list only.
	Summarize func(rs []results.Result, opts report.Options) (report.Section, error)
	// Accumulate, when set, makes the same section reading the results one
	// at a time (report.Streamer), so that the outputs of a run of any size
	// hold what the section keeps, not the results. Summarize then reads
	// through it.
	Accumulate func(opts report.Options) report.Accumulator

	// NewTally, when set, starts the running summary of one model's results
	// that hallumaze run prints as the model finishes.
	NewTally func() Tally
	// Status, when set, is the short verdict of a case on run's progress
	// line.
	Status func(r results.Result) string
	// Preamble, when set, is what the terminal shows of the run's cases
	// before they are played (the maze suite's box of the seed's example).
	// The report leaves it out of its text when it was shown
	// (report.Options.Preambled).
	Preamble func(cases []Case) string
	// Asks are the flags hallumaze run --interactive asks for on the
	// terminal, with their prompts.
	Asks []Ask
	// Commands are subcommands of its own (hallumaze maze, hallumaze worlds
	// probes, …).
	Commands []cli.Command
	// ReadSeed, when set, reads the suite's cases back from a results JSON
	// file (hallumaze run --output, hallumaze report --json), whose part of
	// the file it wrote. A suite whose part holds only totals has none: its
	// cases are in the JSONL results file.
	ReadSeed func(data []byte) ([]results.Result, error)
	// ReadHuman, when set, reads a human control-group file into results of
	// the suite (hallumaze run --human, hallumaze report --human).
	ReadHuman func(r io.Reader) ([]results.Result, error)
}

// GateSet is a suite's gate set: the cases a recording of a model covers.
// make record (hallumaze record) records them, go test ./bench replays
// them for every model with cassettes, hallumaze gate compares two models
// on them, and hallumaze estimate prices them. They are the cases of the
// suite's experiments that every recorded model plays (neither AgentsOnly
// nor picking its own models with Models), each once, in the experiments'
// order. An experiment that picks its own models (TestEffort: the models
// recorded at two or more effort levels) has a set of its own
// ([ExperimentSet]), recorded for those models only.
func GateSet(s Suite) ([]Case, error) {
	var out []Case
	seen := map[string]bool{}
	for _, e := range s.Experiments {
		if e.AgentsOnly || e.Models != nil {
			continue
		}
		cases, err := e.Cases()
		if err != nil {
			return nil, fmt.Errorf("%s: gate set: %s: %w", s.Name, e.Name, err)
		}
		for _, c := range cases {
			if !seen[c.Name] {
				seen[c.Name] = true
				out = append(out, c)
			}
		}
	}
	return out, nil
}

// The sets of a suite's cases a recording covers (hallumaze record --set).
// Besides these, each experiment that picks its own models names a set,
// its name in lower case ("effort"): see [ExperimentSet].
const (
	// SetGate is the gate set ([GateSet]).
	SetGate = "gate"
	// SetAll is the gate set, then the rest of the standard set and of
	// every experiment's cases: what a model named with -models plays in
	// go test ./bench, HalluWorld's whole standard set among them.
	SetAll = "all"
)

// Sets names the sets of a suite's cases a recording can cover, smallest
// first: [SetGate], the set of each experiment that picks its own models
// ([ExperimentSet]), and [SetAll].
func Sets(s Suite) []string {
	out := []string{SetGate}
	for _, e := range s.Experiments {
		if e.Models != nil && !slices.Contains(out, strings.ToLower(e.Name)) {
			out = append(out, strings.ToLower(e.Name))
		}
	}
	return append(out, SetAll)
}

// ExperimentSet is the set of an experiment that picks its own models
// (Experiment.Models), named by the experiment's name in lower case: the
// gate set, then the experiment's cases, each once. It is what the
// committed cassettes of a model the experiment picks cover ("make record
// MODEL=… SET=effort" records it for the levels of a model): the gate set
// as for any recorded model, and the cases the experiment plays with it.
func ExperimentSet(s Suite, name string) ([]Case, bool, error) {
	for _, e := range s.Experiments {
		if e.Models == nil || strings.ToLower(e.Name) != name {
			continue
		}
		out, err := GateSet(s)
		if err != nil {
			return nil, true, err
		}
		cases, err := e.Cases()
		if err != nil {
			return nil, true, fmt.Errorf("%s: %s: %w", s.Name, e.Name, err)
		}
		return appendNew(out, cases), true, nil
	}
	return nil, false, nil
}

// SetCases are the cases of a suite's set, each once: one of [Sets].
func SetCases(s Suite, set string) ([]Case, error) {
	if set != SetGate && set != SetAll {
		cases, ok, err := ExperimentSet(s, set)
		if !ok {
			return nil, fmt.Errorf("%s: unknown set %q (want %s)", s.Name, set, strings.Join(Sets(s), ", "))
		}
		return cases, err
	}
	out, err := GateSet(s)
	if err != nil || set == SetGate {
		return out, err
	}
	std, err := s.Standard()
	if err != nil {
		return nil, fmt.Errorf("%s: standard set: %w", s.Name, err)
	}
	out = appendNew(out, std)
	for _, e := range s.Experiments {
		cases, err := e.Cases()
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", s.Name, e.Name, err)
		}
		out = appendNew(out, cases)
	}
	return out, nil
}

// CoveredSet is what the committed cassettes of a recorded model of a
// suite cover, given every model recorded for it: the gate set, and the
// cases of each experiment that picks the model among those recorded
// (Experiment.Models), each once.
func CoveredSet(s Suite, model string, recorded []string) ([]Case, error) {
	out, err := GateSet(s)
	if err != nil {
		return nil, err
	}
	for _, e := range s.Experiments {
		if e.Models == nil || !slices.Contains(e.Models(recorded), model) {
			continue
		}
		cases, err := e.Cases()
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", s.Name, e.Name, err)
		}
		out = appendNew(out, cases)
	}
	return out, nil
}

// appendNew appends to out the cases whose names it does not hold yet.
func appendNew(out, cases []Case) []Case {
	seen := make(map[string]bool, len(out))
	for _, c := range out {
		seen[c.Name] = true
	}
	for _, c := range cases {
		if !seen[c.Name] {
			seen[c.Name] = true
			out = append(out, c)
		}
	}
	return out
}

// Agent is a reference agent of a suite: a deterministic policy that reads
// only the request, as a model would.
type Agent struct {
	// Name is the agent's name without "agent/".
	Name string
	// Model answers requests.
	Model providers.Model
	// Estimate marks the agent whose token counts stand for a real model's
	// in hallumaze estimate.
	Estimate bool
	// Extra keeps the agent out of the models a suite plays by default (a
	// run without --models, the experiments, the recorded cassettes and
	// the compatibility tables): it stands for one kind of model in the
	// experiments that name it (Experiment.Agents), and is looked up by
	// name like the others (--models agent/NAME).
	Extra bool
}

// Experiment is one go test ./bench experiment of a suite: the cases it
// plays with every model, what must hold of each result, and what it logs
// of the results (an effect, a table).
type Experiment struct {
	// Name follows "Test" in the test's name: "Mirage" is TestMirage.
	Name string
	// Cases are the cases it plays.
	Cases func() ([]Case, error)
	// Check asserts what must hold of any model's result.
	Check func(t testing.TB, r results.Result)
	// Report, when set, logs what the experiment measures over the results
	// of all models.
	Report func(t *testing.T, rs []results.Result)
	// AgentsOnly keeps the models with committed cassettes out of the
	// experiment by default (a set too large to record for every provider);
	// a model named with -models plays it all the same.
	AgentsOnly bool
	// Agents names the suite's extra agents (Agent.Extra) that the
	// experiment plays by default beside the others.
	Agents []string
	// Models, when set, picks the models the experiment plays by default
	// in place of the suite's agents and every recorded model: given the
	// models recorded for the suite, the names to play, reference agents
	// with settings among them ("agent/checker@effort=low"). The Effort
	// experiments pick the models recorded at two or more effort levels
	// ([EffortModels]). A model named with -models plays all the same.
	Models func(recorded []string) []string
}

// Benchmark is one go test -bench ./bench benchmark of a suite: for each
// model, one sub-benchmark per group (named model=<model>/<group>, or
// model=<model> for a group without a name) reporting its metrics.
type Benchmark struct {
	// Name follows "Benchmark": "Maze" is BenchmarkMaze.
	Name string
	// Metrics are the declared metrics it reports, in this order in the unit
	// lines.
	Metrics []string
	// Groups are the sub-benchmarks' cases.
	Groups func() ([]BenchGroup, error)
	// Score computes the group's metrics from its results; nil reports the
	// mean of each metric over the cases that have it, and tokens/case.
	Score func(rs []results.Result) map[string]float64
}

// BenchGroup is the cases of one sub-benchmark.
type BenchGroup struct {
	Name  string
	Cases []Case
}

// Collect gathers a sequence of cases into a slice.
func Collect(cases iter.Seq[Case]) []Case {
	var out []Case
	for c := range cases {
		out = append(out, c)
	}
	return out
}

// FindSuite returns the suite of a name among suites.
func FindSuite(suites []Suite, name string) (Suite, bool) {
	for _, s := range suites {
		if s.Name == name {
			return s, true
		}
	}
	return Suite{}, false
}

// Tally is a running summary of one model's results of one suite. It keeps
// counts and means, never the results, so that its memory does not grow
// with the number of cases.
type Tally interface {
	Add(r results.Result)
	// Heading is the line that opens a model's summary, in the tally's
	// language; "" is the default, "▶ <model>".
	Heading(model string) string
	// Lines are the summary lines, without the model's name.
	Lines(model string) string
}

// Ask is one question of --interactive: the flag it sets and its prompt.
type Ask struct {
	Flag, Prompt string
}
