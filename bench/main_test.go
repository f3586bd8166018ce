package bench_test

import (
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/modelname"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/providers/loopback"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites"
)

// Test flags. Models come from -models, else HALLUMAZE_MODELS, else the
// suite's reference agents plus every model with committed cassettes for
// the suite.
var (
	modelsFlag   = flag.String("models", "", "comma-separated models to run (provider/model); default: the agents and every recorded model")
	recordFlag   = flag.String("record", "", "record the cassettes whose path matches this regexp (live calls: needs a key)")
	loopbackFlag = flag.Bool("loopback", false, "with -record: record the reference agents served over their wire protocols in-process, without keys")
	resultsFlag  = flag.String("results", "", "append every case's result to this JSONL file")
	gateFlag     = flag.String("gate", "", "threshold file whose floors each case must meet (default: the suites' own)")
	perCaseFlag  = flag.Bool("per-case", false, "run each case as a subtest of its own, <experiment>/<model>/<case> (with -v, a line per case)")
)

// cassetteRoot is the repository's cassettes folder.
var cassetteRoot = filepath.Join("..", "cassettes")

var sink *results.Sink

func TestMain(m *testing.M) {
	flag.Parse()
	var err error
	if sink, err = results.NewSink(*resultsFlag); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	code := m.Run()
	sink.Close()
	os.Exit(code)
}

// runner builds the Runner of a suite from the flags; agentsOnly leaves
// out the recorded models unless -models names them.
func runner(t testing.TB, s bench.Suite, agentsOnly bool, extra ...string) *bench.Runner {
	t.Helper()
	return runnerOf(t, s, modelNames(t, s, agentsOnly, extra))
}

// experimentRunner builds the Runner of an experiment: its own models
// (Experiment.Models) unless -models, HALLUMAZE_MODELS or a recording of
// the agents names them.
func experimentRunner(t testing.TB, s bench.Suite, e bench.Experiment) *bench.Runner {
	t.Helper()
	if e.Models != nil && *modelsFlag == agentRecordings {
		// Re-recording the agents' cassettes: the recorded agents the
		// experiment picks, and none of the in-process ones.
		var names []string
		for _, name := range e.Models(recordedAgents(t, s)) {
			if ref, err := modelname.Parse(name); err == nil && ref.Provider != providers.ProviderAgent {
				names = append(names, name)
			}
		}
		return runnerOf(t, s, names)
	}
	if e.Models == nil || *modelsFlag != "" || os.Getenv("HALLUMAZE_MODELS") != "" {
		return runner(t, s, e.AgentsOnly, e.Agents...)
	}
	recorded, err := bench.RecordedModels(cassetteRoot, s.Name)
	if err != nil {
		t.Fatal(err)
	}
	return runnerOf(t, s, e.Models(recorded))
}

// runnerOf builds the Runner of a suite that plays the models named.
func runnerOf(t testing.TB, s bench.Suite, names []string) *bench.Runner {
	t.Helper()
	all := suites.All()
	record := suites.RecordCommand{Suites: all, Look: cassetteRoot}
	env := bench.Env{
		CassetteRoot:  cassetteRoot,
		Config:        providers.Config{}.WithEnv(os.Getenv),
		Agents:        suites.Agents(all),
		RecordHint:    record.Hint,
		RecordMissing: record.For,
	}
	if *recordFlag != "" {
		if _, err := regexp.Compile(*recordFlag); err != nil {
			t.Fatalf("-record: %v", err)
		}
		env.Record = *recordFlag
		if *loopbackFlag {
			served := map[string]providers.Model{}
			for _, name := range suites.AgentNames(all) {
				served[name], _ = env.Agents(name)
			}
			srv := httptest.NewServer(loopback.New(served))
			t.Cleanup(srv.Close)
			tr, err := bench.LoopbackTransport(srv.URL)
			if err != nil {
				t.Fatal(err)
			}
			env.Transport = tr
		}
	}
	r := &bench.Runner{Env: env, Sink: sink, Metrics: s.Metrics, PerCase: *perCaseFlag}
	for _, name := range names {
		m, err := env.Open(name)
		if err != nil {
			t.Fatalf("model %s: %v", name, err)
		}
		r.Models = append(r.Models, m)
	}
	g := s.Gate
	r.Gate = &g
	if *gateFlag != "" {
		f, err := os.Open(*gateFlag)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if r.Gate, err = bench.ReadGateFile(f); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Gate.Check(suites.Metrics(all)); err != nil {
		t.Fatal(err)
	}
	if sh := os.Getenv("HALLUMAZE_SHARD"); sh != "" {
		shard, err := bench.ParseShard(sh)
		if err != nil {
			t.Fatalf("HALLUMAZE_SHARD: %v", err)
		}
		r.Shard = shard
	}
	return r
}

// modelNames are the models a suite's experiments play: -models, else
// HALLUMAZE_MODELS, else the suite's agents and every model recorded for
// it.
func modelNames(t testing.TB, s bench.Suite, agentsOnly bool, extra []string) []string {
	list := *modelsFlag
	if list == "" {
		list = os.Getenv("HALLUMAZE_MODELS")
	}
	if list == agentRecordings {
		if agentsOnly {
			return nil
		}
		return recordedAgents(t, s)
	}
	if list != "" {
		out, err := providers.ParseNames(list)
		if err != nil {
			t.Fatalf("-models: %v", err)
		}
		return out
	}
	var out []string
	for _, a := range s.Agents {
		if !a.Extra || slices.Contains(extra, a.Name) {
			out = append(out, "agent/"+a.Name)
		}
	}
	if agentsOnly {
		return out
	}
	recorded, err := bench.RecordedModels(cassetteRoot, s.Name)
	if err != nil {
		t.Fatal(err)
	}
	return append(out, recorded...)
}

// agentRecordings is the -models value that re-records the reference
// agents' committed cassettes (make record-agents).
const agentRecordings = "recorded-agents"

// recordedAgents are the provider/agent models whose cassettes a suite has
// committed, or, for a suite with none yet, its first three agents over the
// OpenAI, Anthropic and Gemini protocols.
func recordedAgents(t testing.TB, s bench.Suite) []string {
	recorded, err := bench.RecordedModels(cassetteRoot, s.Name)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, name := range recorded {
		ref, err := modelname.Parse(name)
		if err == nil && suites.Plays(s, ref.ID) {
			out = append(out, name)
		}
	}
	if len(out) > 0 {
		return out
	}
	protocols := []string{providers.ProviderOpenAI, providers.ProviderAnthropic, providers.ProviderGoogle}
	for _, a := range s.Agents {
		if len(out) == len(protocols) {
			break
		}
		if !a.Extra {
			out = append(out, protocols[len(out)]+"/"+a.Name)
		}
	}
	return out
}
