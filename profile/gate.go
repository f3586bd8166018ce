package profile

import (
	"fmt"
	"slices"
	"strings"
)

// GateResult is a candidate held to a baseline on some dimensions.
type GateResult struct {
	Base, Cand string
	// Tests are the paired tests of the dimensions' primary measures,
	// candidate − baseline, Holm-corrected over these measures alone.
	Tests []Test
	// Regressions name the measures where the candidate is significantly
	// worse.
	Regressions []string
}

// Failed reports a significant regression.
func (g GateResult) Failed() bool { return len(g.Regressions) > 0 }

// CheckDimensions reports the names in dims that are no dimension.
func CheckDimensions(dims []string) error {
	for _, d := range dims {
		if !slices.ContainsFunc(Dimensions, func(x Dimension) bool { return x.Key == d }) {
			var keys []string
			for _, x := range Dimensions {
				keys = append(keys, x.Key)
			}
			return fmt.Errorf("no dimension %q (want %s)", d, strings.Join(keys, ", "))
		}
	}
	return nil
}

// Gate holds the candidate's card to the baseline's on the dimensions
// named: a primary measure of one of them where the candidate is worse
// with a Holm-corrected p below Alpha is a regression.
func Gate(base, cand Card, dims []string) GateResult {
	g := GateResult{Base: base.Model, Cand: cand.Model}
	for _, d := range Defs {
		if !d.Primary || d.Test == "" || !slices.Contains(dims, d.Dimension) {
			continue
		}
		mb, _ := base.Measure(d.ID)
		mc, _ := cand.Measure(d.ID)
		g.Tests = append(g.Tests, pairedTest(d, mc, mb))
	}
	holm(g.Tests)
	for _, t := range g.Tests {
		if t.Significant && *t.Delta < 0 {
			g.Regressions = append(g.Regressions, t.ID)
		}
	}
	return g
}

// Text is the gate's table in Markdown: a row per measure.
func (g GateResult) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n| dimension | measure | shared | Δ (cand − base) | test | p | verdict |\n|---|---|---|---|---|---|---|\n")
	for _, t := range g.Tests {
		delta, p, verdict := "—", "—", "not compared: "+t.Note
		if t.Delta != nil {
			delta = fmt.Sprintf("%+.3f", *t.Delta)
		}
		if t.P != nil {
			p = fmt.Sprintf("%.3g", *t.P)
			switch {
			case t.Significant && *t.Delta < 0:
				verdict = "❌ regression"
			case t.Significant:
				verdict = "✅ better"
			default:
				verdict = "✅ no significant change"
			}
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %s | %s | %s | %s |\n", t.Dimension, t.ID, t.Shared, delta, t.Method, p, verdict)
	}
	return b.String()
}

// Compared reports whether any measure had shared cases to compare.
func (g GateResult) Compared() bool {
	return slices.ContainsFunc(g.Tests, func(t Test) bool { return t.P != nil })
}
