package profile

import (
	"math"
	"strconv"

	"github.com/hallumaze/hallumaze/modelname"
	"github.com/hallumaze/hallumaze/scoring"
)

// MinAgreeModels is the fewest models an agreement across suites is
// concluded from: below it the rank correlation is given with no interval
// and the answer is "too few models".
const MinAgreeModels = 5

// Agreement is, for a dimension two suites measure, how the two measures
// rank the models alike: Spearman's ρ over the models that have both,
// with its 95% interval (Fisher's z with the Bonett–Wright variance,
// (1 + ρ²/2)/(n − 3)) and the exact permutation p where n is small.
type Agreement struct {
	Dimension string            `json:"dimension"`
	X         string            `json:"x"`
	Y         string            `json:"y"`
	Models    []string          `json:"models"`
	N         int               `json:"n"`
	Rho       *float64          `json:"rho"`
	CI        *scoring.Interval `json:"ci95"`
	P         *float64          `json:"p"`
	// Verdict says what can be concluded, in plain words.
	Verdict string `json:"verdict"`
}

// Agreements are the cross-suite agreements of the cards' models. The
// reference agents (agent/…) are left out: their policies agree or
// disagree across suites by construction, and would make one trait out of
// a design.
func Agreements(cards []Card) []Agreement {
	var out []Agreement
	for _, dim := range Dimensions {
		var prim []Def
		for _, d := range Defs {
			if d.Dimension == dim.Key && d.Primary {
				prim = append(prim, d)
			}
		}
		for i := 0; i < len(prim); i++ {
			for j := i + 1; j < len(prim); j++ {
				if prim[i].Suite != prim[j].Suite {
					out = append(out, agreement(dim.Key, prim[i], prim[j], cards))
				}
			}
		}
	}
	return out
}

func agreement(dim string, dx, dy Def, cards []Card) Agreement {
	a := Agreement{Dimension: dim, X: dx.ID, Y: dy.ID}
	var x, y []float64
	for _, c := range cards {
		if _, ok := modelname.AgentOf(c.Model); ok {
			continue
		}
		mx, _ := c.Measure(dx.ID)
		my, _ := c.Measure(dy.ID)
		if mx.Value == nil || my.Value == nil {
			continue
		}
		a.Models = append(a.Models, c.Model)
		x, y = append(x, *mx.Value), append(y, *my.Value)
	}
	a.N = len(x)
	if a.N < 3 {
		a.Verdict = "too few models to say anything: " + count(a.N) + " measured in both suites (reference agents aside), 3 needed for a rank correlation, " + count(MinAgreeModels) + " to conclude"
		return a
	}
	rho, ok := scoring.Spearman(x, y)
	if !ok {
		a.Verdict = "undefined: one measure does not vary across the " + count(a.N) + " models"
		return a
	}
	a.Rho = ptr(rho)
	if p, _ := scoring.PermutationP(x, y, spearmanStat, 10000, 1); !math.IsNaN(p) {
		a.P = ptr(p)
	}
	if a.N < MinAgreeModels {
		a.Verdict = "too few models to conclude: " + count(a.N) + " (" + count(MinAgreeModels) + " needed for an interval)"
		return a
	}
	z, se := math.Atanh(clamp(rho)), math.Sqrt((1+rho*rho/2)/float64(a.N-3))
	a.CI = &scoring.Interval{Lo: math.Tanh(z - scoring.Z95*se), Hi: math.Tanh(z + scoring.Z95*se)}
	switch {
	case a.CI.Lo > 0:
		a.Verdict = "the suites agree: the models that do well on one do well on the other (one trait)"
	case a.CI.Hi < 0:
		a.Verdict = "the suites rank the models in opposite orders"
	default:
		a.Verdict = "no evidence either way: the interval holds 0 (the trait may be domain-specific, or the models too few)"
	}
	return a
}

func spearmanStat(x, y []float64) float64 {
	r, ok := scoring.Spearman(x, y)
	if !ok {
		return math.NaN()
	}
	return r
}

// clamp keeps ρ off ±1, where Fisher's z is infinite.
func clamp(r float64) float64 { return math.Max(-0.9999, math.Min(0.9999, r)) }

func count(n int) string {
	if n == 1 {
		return "1 model"
	}
	return strconv.Itoa(n) + " models"
}
