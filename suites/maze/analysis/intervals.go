package analysis

import (
	"encoding/json"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/internal/textfmt"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/scoring"
)

// Bounds gives the range of a maze metric: [0, 1] for rates, indices and
// scores, [0, +Inf) for counts, and (−Inf, +Inf) for a metric it does not
// know. The strict and lenient (…-lenient) readings share their bounds.
func Bounds(metric string) (lo, hi float64) {
	switch strings.TrimSuffix(metric, results.LenientSuffix) {
	case "SR", "path-valid", "MEI", "BRS", "score", "CE", "HRR", "optimal", "brier",
		"lure-rate", "format-compliance", "NRS", "hint-ignore":
		return 0, 1
	case "HC", "BT", "LT", "steps", "unparsed", "steps-used", "wall-bumps", "hints", "reasks":
		return 0, math.Inf(1)
	}
	return math.Inf(-1), math.Inf(1)
}

// Estimate is one model's mean of a metric with its 95% interval, the
// cases clustered by maze.
type Estimate struct {
	Model  string  `json:"model"`
	Metric string  `json:"metric"`
	Mean   float64 `json:"mean"`
	// CI is scoring.BoundedMeanCI's cluster-bootstrap interval; undefined
	// (null in JSON) when OK is false.
	CI scoring.Interval `json:"ci95"`
	// N counts the cases with the metric, Clusters the mazes among them.
	N        int  `json:"n"`
	Clusters int  `json:"clusters"`
	OK       bool `json:"ok"`
	// Note says why there is no interval: "n too small: 3 mazes (5
	// needed)".
	Note string `json:"note,omitempty"`
}

// Estimates gives every model's mean of a metric over its scored cases
// (human groups, whose values are already group means, and cases that
// could not be played are left out), with the cluster-bootstrap interval
// of scoring.BoundedMeanCI: cases of one maze (MazeKey: its framings and
// repeated runs) are resampled together, and the interval stays within the
// metric's Bounds. Models are in name order; reps and seed drive the
// bootstrap (reps < 1: scoring.DefaultBootstrapReps).
func Estimates(cs []*Case, metric string, reps int, seed uint64) []Estimate {
	type acc struct {
		x  []float64
		cl []string
	}
	by := map[string]*acc{}
	for _, r := range scored(cs) {
		v, ok := r.Lookup(metric)
		if !ok || math.IsNaN(v) {
			continue
		}
		a := entry(by, r.Model, func() *acc { return &acc{} })
		a.x, a.cl = append(a.x, v), append(a.cl, r.MazeKey())
	}
	lo, hi := Bounds(metric)
	var out []Estimate
	for _, model := range slices.Sorted(maps.Keys(by)) {
		a := by[model]
		e := Estimate{Model: model, Metric: metric, N: len(a.x), Clusters: scoring.Distinct(a.cl)}
		e.Mean, e.CI, e.OK = scoring.BoundedMeanCI(a.x, a.cl, lo, hi, reps, seed)
		if !e.OK {
			e.Note = tooFew(e.Clusters)
		}
		out = append(out, e)
	}
	return out
}

// Difference compares two models on the cases both played.
type Difference struct {
	A      string  `json:"a"`
	B      string  `json:"b"`
	Metric string  `json:"metric"`
	Pairs  int     `json:"pairs"`
	Mazes  int     `json:"mazes"`
	Delta  float64 `json:"delta"` // mean of A − B over the pairs
	// CI is the paired cluster-bootstrap interval of Delta, P the sign-flip
	// p-value with whole mazes flipped (scoring.PairedClusterBootstrap).
	CI   scoring.Interval `json:"ci95"`
	P    float64          `json:"p"`
	OK   bool             `json:"ok"`
	Note string           `json:"note,omitempty"`
}

// MarshalJSON writes an undefined Delta or P as null.
func (d Difference) MarshalJSON() ([]byte, error) {
	type plain Difference
	return json.Marshal(struct {
		plain
		Delta *float64 `json:"delta"`
		P     *float64 `json:"p"`
	}{plain(d), finite(d.Delta), finite(d.P)})
}

// Compare pairs model a's and model b's results of the same case (same
// maze and framing and run) and compares their metric with
// scoring.PairedClusterBootstrap, the pairs clustered by maze. A case
// either model lacks, or lacks the metric for, is left out.
func Compare(cs []*Case, a, b, metric string, reps int, seed uint64) Difference {
	return compare(cs, a, b, metric, reps, seed, true)
}

// CompareP is Compare without the interval of Delta (NaN ends): the
// difference, its sign-flip p-value and whether there are mazes enough,
// for a caller that only tests (the leaderboard's ties).
func CompareP(cs []*Case, a, b, metric string, reps int, seed uint64) Difference {
	return compare(cs, a, b, metric, reps, seed, false)
}

func compare(cs []*Case, a, b, metric string, reps int, seed uint64, interval bool) Difference {
	av, bv := map[string]float64{}, map[string]float64{}
	keys := map[string]string{}
	for _, r := range cs {
		if !r.Scoreable() || (r.Model != a && r.Model != b) {
			continue
		}
		v, ok := r.Lookup(metric)
		if !ok || math.IsNaN(v) {
			continue
		}
		if r.Model == a {
			av[r.Name] = v
		} else {
			bv[r.Name] = v
		}
		keys[r.Name] = r.MazeKey()
	}
	var x, y []float64
	var cl []string
	for _, c := range slices.Sorted(maps.Keys(av)) {
		if w, ok := bv[c]; ok {
			x, y, cl = append(x, av[c]), append(y, w), append(cl, keys[c])
		}
	}
	d := Difference{A: a, B: b, Metric: metric, Pairs: len(x), Mazes: scoring.Distinct(cl)}
	if len(x) == 0 {
		d.Delta, d.CI, d.P = math.NaN(), scoring.Interval{Lo: math.NaN(), Hi: math.NaN()}, math.NaN()
		d.Note = "no case played by both"
		return d
	}
	if interval {
		d.Delta, d.CI, d.P, d.OK = scoring.PairedClusterBootstrap(x, y, cl, reps, seed)
	} else {
		diff := make([]float64, len(x))
		for i := range x {
			diff[i] = x[i] - y[i]
		}
		d.Delta, d.CI = scoring.Mean(diff), scoring.Interval{Lo: math.NaN(), Hi: math.NaN()}
		d.P = scoring.ClusterSignFlipP(diff, cl, reps, seed)
		d.OK = !math.IsNaN(d.P) && d.Mazes >= scoring.MinClusters
	}
	if !d.OK {
		d.Note = tooFew(d.Mazes)
	}
	return d
}

func tooFew(clusters int) string {
	return "n too small: " + textfmt.Count(clusters, "maze", "mazes") + " (" + itoa(scoring.MinClusters) + " needed)"
}
