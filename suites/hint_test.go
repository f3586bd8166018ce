package suites

import (
	"regexp"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/bench"
)

// selects reports whether go test -run pattern runs the subtest at path
// (its names, top level first), as the testing package decides it: the
// pattern splits at each "/" into one regular expression per level, and
// each level's expression must match that level's name somewhere.
func selects(levels []*regexp.Regexp, path []string) bool {
	for i, re := range levels {
		if i >= len(path) {
			break
		}
		if !re.MatchString(path[i]) {
			return false
		}
	}
	return true
}

// compileRun compiles a -run pattern's levels.
func compileRun(t *testing.T, pattern string) []*regexp.Regexp {
	var out []*regexp.Regexp
	for _, l := range strings.Split(pattern, "/") {
		re, err := regexp.Compile(l)
		if err != nil {
			t.Fatalf("pattern %q: %v", pattern, err)
		}
		out = append(out, re)
	}
	return out
}

// TestRecordHintSelectsOneCase: the make record command a missing cassette
// names selects, among every subtest of every experiment, only the
// experiment's subtests of that case (for the model it names).
func TestRecordHintSelectsOneCase(t *testing.T) {
	const model = "openai/gpt-4o"
	hint := RecordHint(All())
	type subtest struct {
		path []string
		name string
	}
	var all []subtest
	for _, s := range All() {
		for _, e := range s.Experiments() {
			cases, err := e.Cases()
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range cases {
				path := append([]string{"Test" + e.Name, bench.TestName(model)}, strings.Split(c.Name, "/")...)
				all = append(all, subtest{path, c.Suite + "/" + c.Name})
			}
		}
	}
	for _, s := range All() {
		cases, err := s.Standard()
		if err != nil {
			t.Fatal(err)
		}
		step := max(1, len(cases)/20) // a sample of 20 cases a suite is enough
		for i, c := range cases {
			if i%step != 0 {
				continue
			}
			h := hint(model, c)
			m := regexp.MustCompile(`^make record MODEL=(\S+) SUITE=(\S+) RUN='([^']+)'$`).FindStringSubmatch(h)
			if m == nil {
				t.Fatalf("%s: hint %q is not a make record command", c.Name, h)
			}
			if m[1] != model || m[2] != c.Suite {
				t.Errorf("%s: hint names %s and %s", c.Name, m[1], m[2])
			}
			n := 0
			levels := compileRun(t, m[3])
			for _, st := range all {
				if selects(levels, st.path) {
					n++
					if st.name != c.Suite+"/"+c.Name {
						t.Errorf("%s: the hint's pattern %q also selects %s", c.Name, m[3], strings.Join(st.path, "/"))
					}
				}
			}
			if n == 0 {
				t.Errorf("%s: the hint's pattern %q selects nothing", c.Name, m[3])
			}
		}
	}
}

func TestRecordHintOutsideExperiments(t *testing.T) {
	h := RecordHint(All())("openai/gpt-4o", bench.Case{Suite: "maze", Name: "size=13/seed=99/base"})
	if !strings.HasPrefix(h, "hallumaze run --record --suite maze --models openai/gpt-4o") {
		t.Errorf("hint %q", h)
	}
}
