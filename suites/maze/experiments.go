package maze

import (
	"fmt"
	"testing"

	"github.com/hallumaze/hallumaze/agents"
	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites/maze/mazereport"
	"github.com/hallumaze/hallumaze/suites/maze/record"
)

// Check asserts what must hold of any model's maze result: the reply was
// read, every metric is in its range, and the verified counts agree with
// each other.
func Check(t testing.TB, r results.Result) {
	t.Helper()
	rd, err := record.Read(r)
	if err != nil {
		t.Fatal(err)
	}
	if rd.Detail == nil {
		t.Fatalf("%s of %s: no score record", r.Case, r.Model)
	}
	if rd.SpecErr != nil {
		t.Fatal(rd.SpecErr)
	}
	s := rd.Detail.Scores
	if len(r.Turns) == 0 {
		t.Fatal("no conversation")
	}
	if s.SR != 0 && s.SR != 1 {
		t.Errorf("SR = %v, want 0 or 1", s.SR)
	}
	for _, m := range []struct {
		name string
		v    float64
	}{{"MEI", s.MEI}, {"HRR", s.HRR}, {"BRS", s.BRS}, {"score", s.Score}} {
		if !(m.v >= 0 && m.v <= 1) {
			t.Errorf("%s = %v out of [0,1]", m.name, m.v)
		}
	}
	if s.CE != nil && !(*s.CE >= 0 && *s.CE <= 1) {
		t.Errorf("CE = %v out of [0,1]", *s.CE)
	}
	if s.HC > s.Steps || s.BT > s.Steps {
		t.Errorf("HC = %d and BT = %d, but only %d steps", s.HC, s.BT, s.Steps)
	}
	switch {
	case s.HC == 0 && s.FHR != -1:
		t.Errorf("FHR = %d without hallucination, want -1", s.FHR)
	case s.HC > 0 && (s.FHR < 1 || s.FHR > s.Steps):
		t.Errorf("FHR = %d out of 1..%d", s.FHR, s.Steps)
	}
	if s.PathValid && s.SR != 1 {
		t.Errorf("a valid FINAL_PATH with SR = %v", s.SR)
	}
	if s.LureRate != nil && s.LureFollows > s.MirageExposures {
		t.Errorf("%d lure follows of %d exposures", s.LureFollows, s.MirageExposures)
	}
}

// experiments are the suite's go test ./bench experiments.
func experiments() []bench.Experiment {
	return []bench.Experiment{
		{Name: "Maze", Cases: casesOf(Grid), Check: Check},
		{Name: "Mirage", Cases: casesOf(mirageSpecs), Check: Check, Report: reportMirage},
		{Name: "Ariadne", Cases: casesOf(AriadneGrid), Check: Check, Report: reportAriadne, Agents: agents.HintNames()},
		{Name: "Difficulty", Cases: casesOf(DifficultyGrid), Check: Check, Report: reportDifficulty},
		effortExperiment(),
	}
}

func casesOf(grid func() []Spec) func() ([]bench.Case, error) {
	return func() ([]bench.Case, error) { return Cases(grid()) }
}

// mirageSpecs are the mazes of MiragePairs, each with and without lures.
func mirageSpecs() []Spec {
	var specs []Spec
	for _, p := range MiragePairs() {
		specs = append(specs, p[0], p[1])
	}
	return specs
}

func reportMirage(t *testing.T, rs []results.Result) {
	for _, e := range mazereport.Mirage(rs) {
		t.Log(mazereport.MirageLine(e))
	}
}

func reportAriadne(t *testing.T, rs []results.Result) {
	for _, e := range mazereport.AriadneSummary(rs) {
		t.Log(mazereport.AriadneLine(e))
	}
}

func reportDifficulty(t *testing.T, rs []results.Result) {
	for _, tag := range []string{"size", "algorithm"} {
		for _, metric := range []string{"MEI", "SR"} {
			t.Logf("\n%s", mazereport.ByTag(rs, tag, metric))
		}
	}
}

// benchMetrics are the metrics BenchmarkMaze reports.
var benchMetrics = []string{"MEI", "SR", "CE", "BRS", "score", "HC", "lure-rate",
	"MEI" + LenientSuffix, "SR" + LenientSuffix, "score" + LenientSuffix, "HC" + LenientSuffix, "format-compliance"}

// benchmarks is BenchmarkMaze: each model's mean scores per maze size over
// the seeds, in the base framing. Run it as
//
//	go test ./bench -run '^$' -bench Maze -benchtime 1x -cpu 1 | tee new.txt
//	benchstat old.txt new.txt
func benchmarks() []bench.Benchmark {
	return []bench.Benchmark{{
		Name:    "Maze",
		Metrics: benchMetrics,
		Groups: func() ([]bench.BenchGroup, error) {
			var out []bench.BenchGroup
			for _, n := range MazeSizes {
				var specs []Spec
				for _, seed := range MazeSeeds {
					specs = append(specs, Spec{Size: n, Seed: seed})
				}
				cs, err := Cases(specs)
				if err != nil {
					return nil, err
				}
				out = append(out, bench.BenchGroup{Name: fmt.Sprintf("size=%d", n), Cases: cs})
			}
			return out, nil
		},
	}}
}
