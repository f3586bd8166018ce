package profile

import (
	"fmt"
	"math"
	"slices"

	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/scoring"
)

// The bootstrap of the maze means: the leaderboard's, so that the same
// results give the same intervals.
const (
	bootstrapReps = 2000
	bootstrapSeed = 1
)

// mazeScores is the part of a maze result's detail the profile reads: the
// score JSON's descriptive keys, null when undefined.
type mazeScores struct {
	Scores struct {
		ECE              *float64 `json:"ece"`
		BacktrackGap     *int     `json:"backtrack_gap"`
		HallucinationGap *int     `json:"hallucination_gap"`
	} `json:"scores"`
}

// appendMazeKey appends the name of the maze a result was played on,
// "size=7/seed=3/dfs": the cluster its framings and repeated runs share
// (suites/maze/analysis MazeKey).
func appendMazeKey(b []byte, r results.Result) []byte {
	alg := r.Tags["algorithm"]
	if alg == "" {
		alg = "dfs"
	}
	b = append(append(append(b, "size="...), r.Tags["size"]...), "/seed="...)
	return append(append(append(b, r.Tags["seed"]...), '/'), alg...)
}

// series gathers one metric's values over cases, with their mazes.
type series struct {
	x  []float64
	cl []string
	// refs are each value's case and maze in the table of the model's
	// maze measures.
	refs []outcome
}

// mazeCases are the case table of one model's maze measures, and a
// buffer to name a result's maze in.
type mazeCases struct {
	t   *caseTable
	buf []byte
}

// ref is r's case and maze in the table, for its values to share.
func (mc *mazeCases) ref(r results.Result) outcome {
	mc.buf = appendMazeKey(mc.buf[:0], r)
	return outcome{name: mc.t.names.of(r.Case), cluster: mc.t.clusters.ofBytes(mc.buf)}
}

// add adds the value v of the case and maze o names.
func (s *series) add(mc *mazeCases, o outcome, v float64) {
	o.v = v
	s.x, s.cl, s.refs = append(s.x, v), append(s.cl, mc.t.clusters.list[o.cluster]), append(s.refs, o)
}

// outcomes are the series' outcomes, each value mapped to the card's
// scale by f.
func (s *series) outcomes(t *caseTable, f func(float64) float64) outcomes {
	list := make([]outcome, len(s.refs))
	for i, o := range s.refs {
		o.v = f(s.x[i])
		list[i] = o
	}
	return t.outcomes(list)
}

// mazeMeasures are the HalluMaze measures of one model's results:
//
//   - over the cases without Ariadne hints (group A, one-shot or
//     interactive): HRR, CE, Brier, the per-case ECE and the two gaps
//     between what the model reported and what the walk verified;
//   - over those cases with lures shown: the lure rate and BRS, with the
//     lure rate of the same model with lures hidden as the chance;
//   - over the interactive group B cases: NRS, hint-weighted as the
//     suite pools it, and the Trainability Index of groups A and B.
//
// Each mean is the leaderboard's: the mean over cases, with the cluster
// bootstrap (mazes resampled whole, 2000 replicates, seed 1) within the
// metric's bounds, and no interval below scoring.MinClusters mazes.
func mazeMeasures(rs []results.Result) ([]Measure, error) {
	s := map[string]*series{}
	get := func(k string) *series {
		if s[k] == nil {
			s[k] = &series{}
		}
		return s[k]
	}
	mc := &mazeCases{t: newCaseTable()}
	var lureOff series
	var nrsSum float64
	var hintsB int
	nrs := &series{} // each case's NRS once per hint, for the interval
	mei := map[string][]float64{}
	played := false
	for _, r := range rs {
		if r.Suite != SuiteMaze || r.Error != "" {
			continue
		}
		played = true
		o := mc.ref(r)
		group := r.Tags["group"]
		if r.Tags["protocol"] == "interactive" {
			mei[group] = append(mei[group], r.Metrics["MEI"])
			if group == "B" {
				h := r.Metrics["hints"]
				nrsSum += r.Metrics["NRS"] * h
				hintsB += int(h)
				for range int(h) {
					nrs.add(mc, o, r.Metrics["NRS"])
				}
			}
		}
		if group != "" && group != "A" {
			continue
		}
		for _, k := range []string{"HRR", "CE", "brier"} {
			if v, ok := r.Metrics[k]; ok && !math.IsNaN(v) {
				get(k).add(mc, o, v)
			}
		}
		var d mazeScores
		if len(r.Detail) > 0 {
			if err := decodeMazeScores(r.Detail, &d); err != nil {
				return nil, fmt.Errorf("profile: %s of %s: read the maze detail: %w", r.Case, r.Model, err)
			}
		}
		if d.Scores.ECE != nil {
			get("ece").add(mc, o, *d.Scores.ECE)
		}
		if g := d.Scores.HallucinationGap; g != nil {
			get("hallucination_gap").add(mc, o, float64(*g))
		}
		if g := d.Scores.BacktrackGap; g != nil {
			get("backtrack_gap").add(mc, o, float64(*g))
		}
		lures := r.Tags["mirage"] != "off"
		if v, ok := r.Metrics["lure-rate"]; ok && !math.IsNaN(v) {
			if lures {
				get("lure-rate").add(mc, o, v)
			} else {
				lureOff.add(mc, o, v)
			}
		}
		if v, ok := r.Metrics["BRS"]; ok && lures && !math.IsNaN(v) {
			get("BRS").add(mc, o, v)
		}
	}
	if !played {
		return nil, nil
	}
	// The intervals of every mean measure are drawn together: measures
	// over as many mazes share one stream of resamples (BoundedMeanCIs
	// gives what each BoundedMeanCI would).
	var defs []Def
	var jobs []scoring.ClusterMeanJob
	for _, d := range Defs {
		if d.Suite != SuiteMaze || d.Kind != KindMean || d.ID == "maze/NRS" {
			continue
		}
		defs = append(defs, d)
		if ser := s[d.Metric]; ser != nil && len(ser.x) > 0 {
			lo, hi := bounds(d.Metric)
			jobs = append(jobs, scoring.ClusterMeanJob{X: ser.x, Clusters: ser.cl, Lo: lo, Hi: hi})
		}
	}
	cis := scoring.BoundedMeanCIs(jobs, bootstrapReps, bootstrapSeed)
	var out []Measure
	for _, d := range defs {
		ser := s[d.Metric]
		if ser == nil || len(ser.x) == 0 {
			out = append(out, meanMeasure(d, nil, nil, scoring.ClusterMean{}))
			continue
		}
		out = append(out, meanMeasure(d, mc.t, ser, cis[0]))
		cis = cis[1:]
	}
	if i := slices.IndexFunc(out, func(m Measure) bool { return m.ID == "maze/lure-rate" }); i >= 0 && len(lureOff.x) > 0 {
		off := scoring.Mean(lureOff.x)
		out[i].setChance(1-off, "1 − the lure rate with lures hidden: how often it takes the same branches unprompted")
	}
	out = append(out, nrsMeasure(nrsSum, hintsB, mc.t, nrs), tiMeasure(mei, nrsSum, hintsB))
	return out, nil
}

// meanMeasure is the leaderboard's statistic of a metric's values
// (suites/maze statOf): the mean, and the cluster-bootstrap interval and
// mean when there are enough mazes, flipped to the card's scale where the
// definition says.
func meanMeasure(d Def, t *caseTable, s *series, boot scoring.ClusterMean) Measure {
	m := Measure{Def: d}
	if s == nil || len(s.x) == 0 {
		m.Note = "no case measured it"
		return m
	}
	m.N, m.Clusters = len(s.x), scoring.Distinct(s.cl)
	raw := scoring.Mean(s.x)
	var ci *scoring.Interval
	if boot.OK {
		raw, ci = boot.Mean, &boot.CI
	} else {
		m.Note = fmt.Sprintf("no interval: %d maze(s), %d needed", m.Clusters, scoring.MinClusters)
	}
	m.Raw, m.Value = ptr(raw), ptr(flipped(d, raw))
	if ci != nil {
		if d.Flip {
			ci = &scoring.Interval{Lo: 1 - ci.Hi, Hi: 1 - ci.Lo}
		}
		m.CI = ci
	}
	m.cases = s.outcomes(t, func(v float64) float64 { return flipped(d, v) })
	return m
}

// nrsMeasure is group B's NRS pooled over its hints, Σ NRS·hints / Σ hints
// (suites/maze AriadneSummary), with the cluster-bootstrap interval of the
// same mean taken over hints.
func nrsMeasure(sum float64, hints int, t *caseTable, per *series) Measure {
	m := Measure{Def: defOf("maze/NRS"), N: hints}
	if hints == 0 {
		m.Note = "no group B hint: play the model with --group A and --group B"
		return m
	}
	v := sum / float64(hints)
	m.Raw, m.Value = ptr(v), ptr(v)
	m.Clusters = scoring.Distinct(per.cl)
	if _, ci, ok := scoring.BoundedMeanCI(per.x, per.cl, 0, 1, bootstrapReps, bootstrapSeed); ok {
		m.CI = &ci
	} else {
		m.Note = fmt.Sprintf("no interval: %d maze(s), %d needed", m.Clusters, scoring.MinClusters)
	}
	m.cases = per.outcomes(t, func(v float64) float64 { return v })
	return m
}

// tiMeasure is the Trainability Index, NRS_B × (MEI_B − MEI_A) / MEI_A,
// undefined (with the reason) as the suite leaves it undefined.
func tiMeasure(mei map[string][]float64, nrsSum float64, hintsB int) Measure {
	m := Measure{Def: defOf("maze/TI")}
	a, okA := mei["A"]
	b, okB := mei["B"]
	switch {
	case !okA || !okB:
		m.Note = "undefined: groups A and B were not both run"
		return m
	case hintsB == 0:
		m.Note = "undefined: group B gave no hint (no trigger fired)"
		return m
	}
	meiA, meiB := scoring.Mean(a), scoring.Mean(b)
	if meiA == 0 {
		m.Note = "undefined: MEI_A = 0"
		return m
	}
	nrsB := nrsSum / float64(hintsB)
	ti := nrsB * (meiB - meiA) / meiA
	m.Raw, m.Value, m.N = ptr(ti), ptr(ti), len(a)+len(b)
	return m
}

// bounds are a metric's bounds for its interval (suites/maze/analysis
// Bounds): rates and scores in [0, 1], the signed gaps unbounded.
func bounds(metric string) (lo, hi float64) {
	switch metric {
	case "hallucination_gap", "backtrack_gap":
		return math.Inf(-1), math.Inf(1)
	}
	return 0, 1
}
