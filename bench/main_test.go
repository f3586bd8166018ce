package bench

import (
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/agents"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/providers/loopback"
	"github.com/hallumaze/hallumaze/results"
)

// Test flags. Models come from -models, else HALLUMAZE_MODELS, else the
// reference agents plus every model with committed cassettes for the suite.
var (
	modelsFlag   = flag.String("models", "", "comma-separated models to run (provider/model); default: the agents and every recorded model")
	recordFlag   = flag.String("record", "", "record the cassettes whose path matches this regexp (live calls: needs a key)")
	loopbackFlag = flag.Bool("loopback", false, "with -record: record the reference agents served over their wire protocols in-process, without keys")
	resultsFlag  = flag.String("results", "", "append every case's result to this JSONL file")
	gateFlag     = flag.String("gate", "gate.json", "threshold file whose floors each case must meet")
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

// runner builds the Runner of a suite from the flags.
func runner(t testing.TB, suite string) *Runner {
	t.Helper()
	env := Env{
		CassetteRoot: cassetteRoot,
		Config:       providers.Config{}.WithEnv(os.Getenv),
		Agents:       agentLookup(),
	}
	if *recordFlag != "" {
		if _, err := regexp.Compile(*recordFlag); err != nil {
			t.Fatalf("-record: %v", err)
		}
		env.Record = *recordFlag
		if *loopbackFlag {
			served := map[string]providers.Model{}
			for _, name := range append(agents.Names(), agents.AbstainNames()...) {
				a, _ := agents.Lookup(name)
				served[name] = a
			}
			srv := httptest.NewServer(loopback.New(served))
			t.Cleanup(srv.Close)
			tr, err := LoopbackTransport(srv.URL)
			if err != nil {
				t.Fatal(err)
			}
			env.Transport = tr
		}
	}
	names := modelNames(t, suite)
	r := &Runner{Env: env, Sink: sink}
	for _, name := range names {
		m, err := env.Open(name)
		if err != nil {
			t.Fatalf("model %s: %v", name, err)
		}
		r.Models = append(r.Models, m)
	}
	if *gateFlag != "" {
		g, err := ReadGateFile(*gateFlag)
		if err != nil {
			t.Fatal(err)
		}
		r.Gate = g
	}
	if s := os.Getenv("HALLUMAZE_SHARD"); s != "" {
		sh, err := ParseShard(s)
		if err != nil {
			t.Fatalf("HALLUMAZE_SHARD: %v", err)
		}
		r.Shard = sh
	}
	return r
}

func modelNames(t testing.TB, suite string) []string {
	list := *modelsFlag
	if list == "" {
		list = os.Getenv("HALLUMAZE_MODELS")
	}
	if list != "" {
		var out []string
		for _, s := range strings.Split(list, ",") {
			if s = strings.TrimSpace(s); s != "" {
				out = append(out, s)
			}
		}
		return out
	}
	var out []string
	for _, name := range agents.ForSuite(suite) {
		out = append(out, "agent/"+name)
	}
	recorded, err := RecordedModels(cassetteRoot, suite)
	if err != nil {
		t.Fatal(err)
	}
	return append(out, recorded...)
}

// agentLookup returns the reference agents.
func agentLookup() func(string) (providers.Model, bool) { return agents.Lookup }
