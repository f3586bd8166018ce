package analysis

import (
	"encoding/json"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/scoring"
)

// Ablation is one row of the seed's ablation study (§14): the models'
// mean of a metric computed in full and with one component taken away (or
// under the contrasting condition), and how much that changes their
// ranking: Kendall's τ-b between the two orderings (1: the same ranking,
// −1: reversed).
type Ablation struct {
	Name string `json:"name"`
	// Metric is the metric the models are ranked by.
	Metric string `json:"metric"`
	// Models, with their full and ablated means, in model order; Cases the
	// cases each mean is over.
	Models  []string  `json:"models"`
	Full    []float64 `json:"full"`
	Ablated []float64 `json:"ablated"`
	Cases   []int     `json:"cases"`
	Tau     float64   `json:"tau"`
	// Swaps counts the pairs of models whose order the ablation reverses.
	Swaps int    `json:"swaps"`
	OK    bool   `json:"ok"`
	Note  string `json:"note,omitempty"`
}

// MarshalJSON writes an undefined Tau as null.
func (a Ablation) MarshalJSON() ([]byte, error) {
	type plain Ablation
	return json.Marshal(struct {
		plain
		Tau *float64 `json:"tau"`
	}{plain(a), finite(a.Tau)})
}

// The ablations, in the seed's order.
const (
	AblateHRR       = "MEI without HRR"
	AblateE         = "MEI without FHR (E)"
	AblateCE        = "Score without CE"
	AblateMirage    = "no Mirage"
	AblateMirageBRS = "no Mirage (BRS)"
	AblateAriadne   = "Ariadne B vs A"
)

// Ablations computes the seed's ablation study over the scored results:
//
//   - AblateHRR: MEI against scoring.MEIWithoutHRR (HRR's weight spread
//     over E and L), per case, over every scored case.
//   - AblateE: MEI against scoring.MEIWithoutE (the FHR term's weight
//     spread over HRR and L).
//   - AblateCE: Score against scoring.ScoreWithoutCE.
//   - AblateMirage and AblateMirageBRS: Score, and BRS, on the one-shot
//     cases shown with lures against the same cases (same maze and framing)
//     without, over the pairs each model has.
//   - AblateAriadne: MEI of interactive group A against group B on the
//     same mazes and framing, over the pairs each model has.
//
// The per-case terms (E, L, HC) come from the results' details. A row
// needs two models with cases (OK false and a note otherwise).
func Ablations(cs []*Case) []Ablation {
	cases := scored(cs)
	type pair struct{ full, ablated float64 }
	per := func(name, metric string, f func(s *Scored) pair) Ablation {
		by := map[string][]pair{}
		for _, r := range cases {
			if r.Scored == nil {
				continue
			}
			by[r.Model] = append(by[r.Model], f(r.Scored))
		}
		return rank(name, metric, by, func(p pair) (float64, float64) { return p.full, p.ablated })
	}
	out := []Ablation{
		per(AblateHRR, "MEI", func(s *Scored) pair {
			return pair{s.MEI, scoring.MEIWithoutHRR(s.EarlyError, s.LoopEscape, int(s.HC))}
		}),
		per(AblateE, "MEI", func(s *Scored) pair {
			return pair{s.MEI, scoring.MEIWithoutE(s.HRR, s.LoopEscape, int(s.HC))}
		}),
		per(AblateCE, "score", func(s *Scored) pair {
			return pair{s.Score, scoring.ScoreWithoutCE(s.MEI, s.BRS)}
		}),
	}
	mirage := func(r *Case) (string, bool, bool) {
		if r.Tag("protocol") == "interactive" {
			return "", false, false
		}
		t := r.Tag
		k := strings.Join([]string{r.Model, t("size"), t("seed"), t("algorithm"), t("lang"), t("confidence"), t("run")}, "|")
		return k, t("mirage") != "off", true
	}
	out = append(out,
		contrast(AblateMirage, "score", cases, mirage),
		contrast(AblateMirageBRS, "BRS", cases, mirage),
		contrast(AblateAriadne, "MEI", cases, func(r *Case) (string, bool, bool) {
			t := r.Tag
			if t("protocol") != "interactive" || (t("group") != "A" && t("group") != "B") {
				return "", false, false
			}
			k := strings.Join([]string{r.Model, t("size"), t("seed"), t("algorithm"), t("lang"), t("mirage"), t("confidence"), t("run")}, "|")
			return k, t("group") == "A", true
		}),
	)
	return out
}

// contrast pairs each model's cases of the full condition with those of
// the other condition under the same key and ranks the models by their
// means over the pairs. side gives a case's pairing key, whether it is of
// the full condition, and whether it takes part at all.
func contrast(name, metric string, cases []*Case, side func(*Case) (key string, full, ok bool)) Ablation {
	type half struct {
		v     float64
		model string
	}
	full, other := map[string]half{}, map[string]half{}
	for _, r := range cases {
		v, has := r.Lookup(metric)
		k, isFull, ok := side(r)
		if !has || !ok || math.IsNaN(v) {
			continue
		}
		if isFull {
			full[k] = half{v, r.Model}
		} else {
			other[k] = half{v, r.Model}
		}
	}
	type pair struct{ full, ablated float64 }
	by := map[string][]pair{}
	for _, k := range slices.Sorted(maps.Keys(full)) {
		if o, ok := other[k]; ok {
			by[full[k].model] = append(by[full[k].model], pair{full[k].v, o.v})
		}
	}
	return rank(name, metric, by, func(p pair) (float64, float64) { return p.full, p.ablated })
}

// rank turns each model's pairs into the two means and compares the
// rankings.
func rank[P any](name, metric string, by map[string][]P, split func(P) (float64, float64)) Ablation {
	a := Ablation{Name: name, Metric: metric, Tau: math.NaN()}
	for _, model := range slices.Sorted(maps.Keys(by)) {
		f, b := make([]float64, len(by[model])), make([]float64, len(by[model]))
		for i, p := range by[model] {
			f[i], b[i] = split(p)
		}
		a.Models = append(a.Models, model)
		a.Full, a.Ablated, a.Cases = append(a.Full, scoring.Mean(f)), append(a.Ablated, scoring.Mean(b)), append(a.Cases, len(by[model]))
	}
	if len(a.Models) < 2 {
		a.Note = "needs two models with cases; has " + itoa(len(a.Models))
		return a
	}
	tau, ok := scoring.KendallTau(a.Full, a.Ablated)
	if !ok {
		a.Note = "every model ties under one of the two: no ranking to compare"
		return a
	}
	a.Tau, a.OK = tau, true
	for i := range a.Models {
		for j := i + 1; j < len(a.Models); j++ {
			if (a.Full[i]-a.Full[j])*(a.Ablated[i]-a.Ablated[j]) < 0 {
				a.Swaps++
			}
		}
	}
	return a
}
