package analysis

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"

	"github.com/hallumaze/hallumaze/internal/textfmt"
	"github.com/hallumaze/hallumaze/scoring"
)

// H3 is the seed's hypothesis H3 (§9.4), tested for one human control
// group and one model: do humans and the model err in the same places?
// Human results are group means per maze size (and Ariadne group), so
// "where errors fall" is measured across sizes: Rho is Spearman's rank
// correlation between the human group's value of the metric at each size
// and the model's mean at the same sizes; P its two-sided permutation
// p-value (exact for up to eight sizes). The seed expects a low
// correlation ("a structural difference"). Exploratory: see
// docs/analyses.md for what it can and cannot show.
type H3 struct {
	Human  string `json:"human"`
	Model  string `json:"model"`
	Metric string `json:"metric"`
	Group  string `json:"group"`
	// Sizes are the maze sizes both have, ascending, with the two series.
	Sizes       []int     `json:"sizes"`
	HumanValues []float64 `json:"human_values"`
	ModelValues []float64 `json:"model_values"`
	Rho         float64   `json:"rho"`
	P           float64   `json:"p"`
	Exact       bool      `json:"exact"`
	// MinP is the smallest p any pairing of this many sizes could give
	// (2/n! when nothing is tied): with four sizes it is 0.083, so H3 can
	// never be significant at 5% on the seed's four sizes.
	MinP float64 `json:"min_p"`
	OK   bool    `json:"ok"`
	Note string  `json:"note,omitempty"`
}

// MarshalJSON writes an undefined Rho, P or MinP as null.
func (h H3) MarshalJSON() ([]byte, error) {
	type plain H3
	return json.Marshal(struct {
		plain
		Rho  *float64 `json:"rho"`
		P    *float64 `json:"p"`
		MinP *float64 `json:"min_p"`
	}{plain(h), finite(h.Rho), finite(h.P), finite(h.MinP)})
}

// H3Min is the fewest shared sizes for which H3Compare computes a
// correlation.
const H3Min = 3

// H3Compare compares each human group with each model on a metric ("HC",
// the mean hallucination count, is the one every human file gives; "SR",
// "MEI" or "BT" work as well). For each human result of Ariadne group g
// and size n, the model's value is its mean metric over its scored cases of
// size n and group g (both protocols). Pairs are in (human, model, group)
// order. A pair with fewer than H3Min shared sizes, or a constant series,
// has OK false and a note. reps and seed drive the permutation test beyond
// eight sizes.
func H3Compare(cs []*Case, metric string, reps int, seed uint64) []H3 {
	type key struct {
		who, group string
		size       int
	}
	human := map[key]float64{}
	model := map[key][]float64{}
	var humans, models, groups []string
	for _, r := range cs {
		if r.Failure() != "" {
			continue
		}
		v, ok := r.Lookup(metric)
		size, err := strconv.Atoi(r.Tag("size"))
		if !ok || math.IsNaN(v) || err != nil {
			continue
		}
		g := r.Tag("group")
		if g == "" {
			g = "A"
		}
		groups = append(groups, g)
		if r.Human {
			human[key{r.Model, g, size}] = v
			humans = append(humans, r.Model)
		} else {
			k := key{r.Model, g, size}
			model[k] = append(model[k], v)
			models = append(models, r.Model)
		}
	}
	var out []H3
	for _, h := range uniq(humans) {
		for _, m := range uniq(models) {
			for _, g := range uniq(groups) {
				var sizes []int
				for k := range human {
					if k.who == h && k.group == g && len(model[key{m, g, k.size}]) > 0 {
						sizes = append(sizes, k.size)
					}
				}
				if len(sizes) == 0 {
					continue
				}
				slices.Sort(sizes)
				row := H3{Human: h, Model: m, Metric: metric, Group: g, Sizes: sizes}
				for _, n := range sizes {
					row.HumanValues = append(row.HumanValues, human[key{h, g, n}])
					row.ModelValues = append(row.ModelValues, scoring.Mean(model[key{m, g, n}]))
				}
				row.Rho, row.P, row.MinP = math.NaN(), math.NaN(), math.NaN()
				switch rho, ok := scoring.Spearman(row.HumanValues, row.ModelValues); {
				case len(sizes) < H3Min:
					row.Note = "too few sizes: " + textfmt.Count(len(sizes), "size", "sizes") + " shared (" + itoa(H3Min) + " needed)"
				case !ok:
					row.Note = "a series is constant across sizes: no rank correlation"
				default:
					row.Rho, row.OK = rho, true
					row.P, row.Exact = scoring.PermutationP(row.HumanValues, row.ModelValues, nil, reps, seed)
					row.MinP = 2 / factorial(len(sizes))
				}
				out = append(out, row)
			}
		}
	}
	return out
}

func factorial(n int) float64 {
	f := 1.0
	for i := 2; i <= n; i++ {
		f *= float64(i)
	}
	return f
}

func uniq(xs []string) []string {
	return slices.Compact(slices.Sorted(slices.Values(xs)))
}
