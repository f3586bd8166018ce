package profile

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/scoring"
)

// Alpha is the level of the paired tests between two models.
const Alpha = 0.05

// signFlipReps drives the sign-flip test beyond the exact enumeration
// (more than scoring.SignFlipExactMax mazes).
const signFlipReps = 10000

// Test is the paired test of one measure between two models, over the
// cases both played.
type Test struct {
	ID        string `json:"id"`
	Dimension string `json:"dimension"`
	// Method is "mcnemar" (exact, over shared cases: B the cases where A
	// scores and B does not, C the reverse) or "signflip" (whole mazes
	// flipped; exact up to scoring.SignFlipExactMax mazes).
	Method string `json:"method"`
	// Shared counts the cases both models have, Clusters the mazes among
	// them (sign-flip).
	Shared   int `json:"shared"`
	Clusters int `json:"clusters,omitempty"`
	B        int `json:"b,omitempty"`
	C        int `json:"c,omitempty"`
	// Delta is A − B on the card's scale over the shared cases.
	Delta *float64 `json:"delta"`
	P     *float64 `json:"p"`
	// Significant is p below Alpha after Holm's correction over the
	// measures compared.
	Significant bool   `json:"significant"`
	Note        string `json:"note,omitempty"`
}

// Comparison is two models' cards compared measure by measure.
type Comparison struct {
	A     string `json:"a"`
	B     string `json:"b"`
	Tests []Test `json:"tests"`
	// Differs lists, per dimension where a measure differs significantly,
	// which model is better there ("knows-unknown: agent/knower").
	Differs []string `json:"differs"`
}

// Compare tests every measure of two cards over the cases both played:
// McNemar's exact test for rates, the cluster sign-flip test for maze
// means. The p values are held to Alpha with Holm's step-down correction
// over the measures tested, so that "the profile differs" is a claim at
// the family's level, not of one lucky measure among fifteen.
func Compare(a, b Card) Comparison {
	cmp := Comparison{A: a.Model, B: b.Model}
	for _, d := range Defs {
		ma, _ := a.Measure(d.ID)
		mb, _ := b.Measure(d.ID)
		cmp.Tests = append(cmp.Tests, pairedTest(d, ma, mb))
	}
	holm(cmp.Tests)
	for _, dim := range Dimensions {
		better := map[string]bool{}
		for _, t := range cmp.Tests {
			if t.Dimension != dim.Key || !t.Significant {
				continue
			}
			d, _ := DefOf(t.ID)
			switch {
			case d.Better == "zero":
				continue
			case *t.Delta > 0:
				better[a.Model] = true
			default:
				better[b.Model] = true
			}
		}
		switch len(better) {
		case 1:
			for m := range better {
				cmp.Differs = append(cmp.Differs, dim.Key+": "+m+" better")
			}
		case 2:
			cmp.Differs = append(cmp.Differs, dim.Key+": mixed (one measure each way)")
		}
	}
	return cmp
}

// Summary is the comparison in one line.
func (c Comparison) Summary() string {
	if !slices.ContainsFunc(c.Tests, func(t Test) bool { return t.P != nil }) {
		return fmt.Sprintf("%s vs %s: nothing to compare: no suite has cases both played", c.A, c.B)
	}
	if len(c.Differs) == 0 {
		return fmt.Sprintf("%s vs %s: the profiles do not differ significantly on any dimension (paired tests, Holm-corrected α = %.2g)", c.A, c.B, Alpha)
	}
	return fmt.Sprintf("%s vs %s: profile differs: %s", c.A, c.B, strings.Join(c.Differs, "; "))
}

func pairedTest(d Def, a, b Measure) Test {
	t := Test{ID: d.ID, Dimension: d.Dimension, Method: d.Test}
	if d.Test == "" {
		t.Note = "no paired test (an index of group means)"
		return t
	}
	diff, cl := shared(a.cases, b.cases)
	t.Shared = len(diff)
	if len(diff) == 0 {
		t.Note = "no shared case"
		return t
	}
	t.Delta = ptr(scoring.Mean(diff))
	switch d.Test {
	case "mcnemar":
		for _, x := range diff {
			switch {
			case x > 0:
				t.B++
			case x < 0:
				t.C++
			}
		}
		t.P = ptr(scoring.McNemarExact(t.B, t.C))
	case "signflip":
		t.Clusters = scoring.Distinct(cl)
		if p := scoring.ClusterSignFlipP(diff, cl, signFlipReps, 1); !math.IsNaN(p) {
			t.P = ptr(p)
		}
	}
	return t
}

// holm marks the tests significant under Holm's step-down procedure at
// Alpha: the i-th smallest of m p values is held to Alpha/(m − i), and
// the first that fails stops the rest.
func holm(ts []Test) {
	var idx []int
	for i, t := range ts {
		if t.P != nil {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(i, j int) int { return cmpFloat(*ts[i].P, *ts[j].P) })
	m := len(idx)
	for rank, i := range idx {
		if *ts[i].P >= Alpha/float64(m-rank) {
			return
		}
		ts[i].Significant = true
	}
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
