package bench_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/suites"
)

// The entry points of the suites' experiments and benchmarks, so that
// go test ./bench -run Mirage and -bench Maze select them by name. Each
// line names an experiment its suite declares; TestEntryPoints keeps the
// list complete.

func TestMaze(t *testing.T)         { experiment(t, "Maze") }
func TestMirage(t *testing.T)       { experiment(t, "Mirage") }
func TestAriadne(t *testing.T)      { experiment(t, "Ariadne") }
func TestDifficulty(t *testing.T)   { experiment(t, "Difficulty") }
func TestAbstain(t *testing.T)      { experiment(t, "Abstain") }
func TestWorlds(t *testing.T)       { experiment(t, "Worlds") }
func TestWorldsReplay(t *testing.T) { experiment(t, "WorldsReplay") }
func TestInNav(t *testing.T)        { experiment(t, "InNav") }
func TestInNavReplay(t *testing.T)  { experiment(t, "InNavReplay") }

// TestEffort runs every suite's Effort experiment, a subtest per suite.
func TestEffort(t *testing.T) { experimentPerSuite(t, "Effort") }

func BenchmarkMaze(b *testing.B)    { benchmark(b, "Maze") }
func BenchmarkAbstain(b *testing.B) { benchmark(b, "Abstain") }
func BenchmarkWorlds(b *testing.B)  { benchmark(b, "Worlds") }
func BenchmarkInNav(b *testing.B)   { benchmark(b, "InNav") }

// experiment runs the experiment of that name with every model of its
// suite, as subtests <model>/<case>, and logs what it measures.
func experiment(t *testing.T, name string) {
	for _, s := range suites.All() {
		for _, e := range s.Experiments() {
			if e.Name != name {
				continue
			}
			play(t, s, e)
			return
		}
	}
	t.Fatalf("no suite declares the experiment %s", name)
}

// play runs one experiment of a suite with its models and logs what it
// measures.
func play(t *testing.T, s bench.Suite, e bench.Experiment) {
	cases, err := e.Cases()
	if err != nil {
		t.Fatal(err)
	}
	rs := experimentRunner(t, s, e).Run(t, cases, e.Check)
	if e.Report != nil {
		e.Report(t, rs)
	}
}

// experimentPerSuite runs the experiment of that name of every suite that
// declares one, as subtests named by suite.
func experimentPerSuite(t *testing.T, name string) {
	n := 0
	for _, s := range suites.All() {
		for _, e := range s.Experiments() {
			if e.Name != name {
				continue
			}
			n++
			t.Run(s.Name(), func(t *testing.T) { play(t, s, e) })
		}
	}
	if n == 0 {
		t.Fatalf("no suite declares the experiment %s", name)
	}
}

// benchmark runs the benchmark of that name with every model of its suite.
func benchmark(b *testing.B, name string) {
	for _, s := range suites.All() {
		for _, bm := range s.Benchmarks() {
			if bm.Name == name {
				bench.RunBenchmark(b, runner(b, s, false).Models, bm, s.Metrics())
				return
			}
		}
	}
	b.Fatalf("no suite declares the benchmark %s", name)
}

// TestEntryPoints: every experiment and benchmark a suite declares has its
// entry point in this file, and every entry point names one.
func TestEntryPoints(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "experiments_test.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	declared := map[string]bool{}
	for _, d := range f.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil {
			declared[fn.Name.Name] = true
		}
	}
	want := map[string]bool{}
	for _, s := range suites.All() {
		for _, e := range s.Experiments() {
			want["Test"+e.Name] = true
		}
		for _, bm := range s.Benchmarks() {
			want["Benchmark"+bm.Name] = true
		}
	}
	for name := range want {
		if !declared[name] {
			t.Errorf("no entry point %s in experiments_test.go", name)
		}
	}
	for name := range declared {
		if (len(name) > 4 && name[:4] == "Test" || len(name) > 9 && name[:9] == "Benchmark") && name != "TestEntryPoints" && !want[name] {
			t.Errorf("entry point %s names no experiment or benchmark of a suite", name)
		}
	}
}
