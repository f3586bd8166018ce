package workflow

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestMain, after a run of every test, holds the tests to every run: step
// of every workflow: each must have been executed.
func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if scratch.dir != "" {
		os.RemoveAll(scratch.dir)
	}
	if code == 0 && flag.Lookup("test.run").Value.String() == "" && !testing.Short() {
		if missing := unexercised(); len(missing) > 0 {
			fmt.Fprintf(os.Stderr, "FAIL: no test ran these workflow steps: %v\n", missing)
			code = 1
		}
	}
	os.Exit(code)
}

// unexercised are the run: steps of the workflows no test ran.
func unexercised() []string {
	files, err := filepath.Glob(filepath.Join(moduleRoot, ".github", "workflows", "*.yml"))
	if err != nil || len(files) == 0 {
		return []string{"no workflow found"}
	}
	var out []string
	for _, path := range files {
		f, err := Load(path)
		if err != nil {
			return []string{err.Error()}
		}
		for _, id := range f.Order {
			j := f.Jobs[id]
			for _, s := range j.RunSteps() {
				if k := stepKey(f, j, s); !ran[k] {
					out = append(out, k)
				}
			}
		}
	}
	slices.Sort(out)
	return out
}
