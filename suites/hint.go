package suites

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/hallumaze/hallumaze/bench"
)

// RecordHint returns the function that says how to record a case's
// cassette: for a case of a suite's experiments, the make record command
// whose -run pattern selects exactly that case's subtest; for any other
// case, the hallumaze run command that records it live. Each suite's
// experiments are listed once, when a hint first needs them.
func RecordHint(ss []Suite) func(model string, c bench.Case) string {
	var mu sync.Mutex
	index := map[string]map[string]string{} // suite → case → experiment
	return func(model string, c bench.Case) string {
		mu.Lock()
		idx, ok := index[c.Suite]
		if !ok {
			idx = map[string]string{}
			if s, found := bench.FindSuite(ss, c.Suite); found {
				for _, e := range s.Experiments() {
					cases, err := e.Cases()
					if err != nil {
						continue
					}
					for _, ec := range cases {
						if _, dup := idx[ec.Name]; !dup {
							idx[ec.Name] = e.Name
						}
					}
				}
			}
			index[c.Suite] = idx
		}
		exp, ok := idx[c.Name]
		mu.Unlock()
		if !ok {
			return fmt.Sprintf("hallumaze run --record --suite %s --models %s, with the model's key and the flags that make case %s", c.Suite, model, c.Name)
		}
		return fmt.Sprintf("make record MODEL=%s SUITE=%s RUN='%s'", model, c.Suite, RunPattern(exp, model, c.Name))
	}
}

// RunPattern is the go test -run pattern that selects one case of an
// experiment for one model: Test<experiment>/<model>/<case levels>, each
// level anchored and quoted.
func RunPattern(experiment, model, caseName string) string {
	levels := []string{"^Test" + regexp.QuoteMeta(experiment) + "$", "^" + regexp.QuoteMeta(bench.TestName(model)) + "$"}
	for _, l := range strings.Split(caseName, "/") {
		levels = append(levels, "^"+regexp.QuoteMeta(l)+"$")
	}
	return strings.Join(levels, "/")
}
