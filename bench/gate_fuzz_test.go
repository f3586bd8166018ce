package bench

import (
	"strings"
	"testing"
)

// FuzzReadGateFile: any threshold file is read or refused, never a panic;
// a file read has a rule, and checking it against the declarations either
// refuses it or leaves every rule with a direction, a test and thresholds
// that compare.
func FuzzReadGateFile(f *testing.F) {
	f.Add(`{"metrics":[{"metric":"SR","alpha":0.05,"test":"mcnemar","max_drop":0.1}],"floors":{"agent/x":{"SR":1}}}`)
	f.Add(`{"metrics":[]}`)
	f.Add(`{"metrics":[{"metric":"CE","direction":"higher","alpha":0.05,"test":"bootstrap"}]} garbage`)
	f.Add(`{"metrics":[{"metric":"SR","alpha":1e-400,"test":"wilcoxon","max_drop":1e308}]}`)
	f.Fuzz(func(t *testing.T, text string) {
		g, err := ReadGateFile(strings.NewReader(text))
		if err != nil {
			return
		}
		if len(g.Metrics) == 0 {
			t.Fatal("a gate file without rules was read")
		}
		if g.Check(declared) != nil {
			return
		}
		for _, m := range g.Metrics {
			if m.Direction != "higher" && m.Direction != "lower" || !(m.Alpha > 0 && m.Alpha < 1) || !(m.MaxDrop >= 0) {
				t.Fatalf("a rule checked but not usable: %+v", m)
			}
		}
		rep := Compare(g, "a/x", fakeResults("a/x", "SR", []float64{1, 0, 1}), "b/y", fakeResults("b/y", "SR", []float64{0, 0, 1}))
		rep.Markdown()
	})
}
