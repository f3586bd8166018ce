package mazereport

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/scoring"
	"github.com/hallumaze/hallumaze/suites/maze/analysis"
)

// MirageEffect is the paired effect of the lures for one model: the seed's
// Δ = MEI(no mirage) − MEI(mirage), ΔBRS likewise, and the lure rates.
//
// The intervals and the p-values come from the same paired method as the
// leaderboard's model comparisons (scoring.PairedClusterBootstrap): the
// pairs of one maze (its repeated runs, its languages) form a cluster,
// whole clusters are resampled for the 95% interval (Hesterberg's expanded
// percentile ends), and the p-value is the sign-flip permutation test that
// flips whole clusters. Below scoring.MinClusters mazes there is no
// interval (NaN ends, null in JSON); the sign-flip p is still given. The
// Wilcoxon signed-rank p over the pairs is kept beside it.
type MirageEffect struct {
	Model string `json:"model"`
	Pairs int    `json:"pairs"`
	// Mazes is the number of distinct mazes (clusters) among the pairs.
	Mazes        int              `json:"mazes"`
	DeltaMEI     float64          `json:"delta_mei"`
	DeltaMEICI   scoring.Interval `json:"delta_mei_ci95"`
	DeltaBRS     float64          `json:"delta_brs"`
	DeltaBRSCI   scoring.Interval `json:"delta_brs_ci95"`
	LureRateOn   *float64         `json:"lure_rate_on"`
	LureRateOff  *float64         `json:"lure_rate_off"`
	WilcoxonPMEI float64          `json:"wilcoxon_p_mei"`
	// SignFlipPMEI and SignFlipPBRS are the cluster sign-flip p-values of
	// ΔMEI and ΔBRS.
	SignFlipPMEI    float64 `json:"signflip_p_mei"`
	SignFlipPBRS    float64 `json:"signflip_p_brs"`
	MeanMEIMirage   float64 `json:"mei_mirage"`
	MeanMEINoMirage float64 `json:"mei_no_mirage"`
}

// Mirage pairs each model's results with and without lures (same maze,
// same framing otherwise) and measures the effect.
func Mirage(rs []results.Result) []MirageEffect { return mirage(analysis.Digests(rs)) }

func mirage(cs []*analysis.Case) []MirageEffect {
	type key struct{ model, maze string }
	on, off := map[key]*analysis.Case{}, map[key]*analysis.Case{}
	for _, r := range cs {
		if r.Failure() != "" || r.Tag("protocol") != "oneshot" {
			continue
		}
		k := key{r.Model, pairKey(r.Tag)}
		if r.Tag("mirage") == "on" {
			on[k] = r
		} else {
			off[k] = r
		}
	}
	byModel := map[string][][2]*analysis.Case{}
	for k, a := range on {
		if b, ok := off[k]; ok {
			byModel[k.model] = append(byModel[k.model], [2]*analysis.Case{a, b})
		}
	}
	var out []MirageEffect
	for model, pairs := range byModel {
		slices.SortFunc(pairs, func(x, y [2]*analysis.Case) int { return strings.Compare(x[0].Name, y[0].Name) })
		var meiOn, meiOff, brsOn, brsOff, lureOn, lureOff []float64
		var clusters []string
		for _, p := range pairs {
			clusters = append(clusters, p[0].MazeKey())
			meiOn, meiOff = append(meiOn, p[0].Metric("MEI")), append(meiOff, p[1].Metric("MEI"))
			brsOn, brsOff = append(brsOn, p[0].Metric("BRS")), append(brsOff, p[1].Metric("BRS"))
			if v, ok := p[0].Lookup("lure-rate"); ok {
				lureOn = append(lureOn, v)
			}
			if v, ok := p[1].Lookup("lure-rate"); ok {
				lureOff = append(lureOff, v)
			}
		}
		e := MirageEffect{Model: model, Pairs: len(pairs), Mazes: scoring.Distinct(clusters), MeanMEIMirage: scoring.Mean(meiOn), MeanMEINoMirage: scoring.Mean(meiOff)}
		e.DeltaMEI, e.DeltaMEICI, e.SignFlipPMEI, _ = scoring.PairedClusterBootstrap(meiOff, meiOn, clusters, bootstrapReps, bootstrapSeed)
		e.DeltaBRS, e.DeltaBRSCI, e.SignFlipPBRS, _ = scoring.PairedClusterBootstrap(brsOff, brsOn, clusters, bootstrapReps, bootstrapSeed)
		_, e.WilcoxonPMEI = scoring.WilcoxonSignedRank(meiOff, meiOn)
		e.LureRateOn, e.LureRateOff = meanOrNil(lureOn), meanOrNil(lureOff)
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b MirageEffect) int { return strings.Compare(a.Model, b.Model) })
	return out
}

// pairKey identifies a maze and every framing but the lures and group.
func pairKey(t func(string) string) string {
	return strings.Join([]string{t("size"), t("seed"), t("algorithm"), t("lang"), t("confidence"), t("protocol"), t("run")}, "|")
}

// AriadneEffect summarises the intervention groups of one model.
type AriadneEffect struct {
	Model string `json:"model"`
	// Mean MEI per group, over the same mazes.
	MEI map[string]float64 `json:"mei"`
	SR  map[string]float64 `json:"sr"`
	// NRS of group B (hint response speed) and the hint-ignore rate of
	// group C, pooled over cases with hints; nil without hints.
	NRSB    *float64 `json:"nrs_b"`
	IgnoreC *float64 `json:"hint_ignore_c"`
	HintsB  int      `json:"hints_b"`
	HintsC  int      `json:"hints_c"`
	// TI = NRS_B × (MEI_B − MEI_A) / MEI_A; nil, with TINote saying why,
	// when MEI_A = 0 or group B gave no hint.
	TI     *float64 `json:"ti"`
	TINote string   `json:"ti_note,omitempty"`
}

// Ariadne summarises groups A, B and C per model.
func AriadneSummary(rs []results.Result) []AriadneEffect {
	return ariadneSummary(analysis.Digests(rs))
}

func ariadneSummary(cs []*analysis.Case) []AriadneEffect {
	type acc struct {
		mei, sr  map[string][]float64
		nrsSum   float64
		hintsB   int
		ignoredC float64
		hintsC   int
	}
	byModel := map[string]*acc{}
	for _, r := range cs {
		if r.Failure() != "" || r.Tag("protocol") != "interactive" {
			continue
		}
		a := byModel[r.Model]
		if a == nil {
			a = &acc{mei: map[string][]float64{}, sr: map[string][]float64{}}
			byModel[r.Model] = a
		}
		g := r.Tag("group")
		a.mei[g] = append(a.mei[g], r.Metric("MEI"))
		a.sr[g] = append(a.sr[g], r.Metric("SR"))
		h := r.Metric("hints")
		switch g {
		case "B":
			a.nrsSum += r.Metric("NRS") * h
			a.hintsB += int(h)
		case "C":
			a.ignoredC += r.Metric("hint-ignore") * h
			a.hintsC += int(h)
		}
	}
	var out []AriadneEffect
	for model, a := range byModel {
		e := AriadneEffect{Model: model, MEI: map[string]float64{}, SR: map[string]float64{}, HintsB: a.hintsB, HintsC: a.hintsC}
		for g, v := range a.mei {
			e.MEI[g] = scoring.Mean(v)
			e.SR[g] = scoring.Mean(a.sr[g])
		}
		if a.hintsB > 0 {
			v := a.nrsSum / float64(a.hintsB)
			e.NRSB = &v
		}
		if a.hintsC > 0 {
			v := a.ignoredC / float64(a.hintsC)
			e.IgnoreC = &v
		}
		meiA, okA := e.MEI["A"]
		meiB, okB := e.MEI["B"]
		switch {
		case !okA || !okB:
			e.TINote = "undefined: groups A and B were not both run"
		case meiA == 0:
			e.TINote = "undefined: MEI_A = 0"
		case e.NRSB == nil:
			e.TINote = "undefined: group B gave no hint (no trigger fired)"
		default:
			ti := *e.NRSB * (meiB - meiA) / meiA
			e.TI = &ti
		}
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b AriadneEffect) int { return strings.Compare(a.Model, b.Model) })
	return out
}

// ByTag is the mean of a metric per model and per value of a tag (MEI by
// size, SR by algorithm...), formatted as a table.
func ByTag(rs []results.Result, tag, metric string) string {
	type key struct{ model, value string }
	vals := map[key][]float64{}
	var models, values []string
	for _, r := range rs {
		v, ok := r.Metrics[metric]
		if !ok || r.Error != "" {
			continue
		}
		k := key{r.Model, r.Tags[tag]}
		vals[k] = append(vals[k], v)
		if !slices.Contains(models, r.Model) {
			models = append(models, r.Model)
		}
		if !slices.Contains(values, r.Tags[tag]) {
			values = append(values, r.Tags[tag])
		}
	}
	slices.Sort(models)
	slices.SortFunc(values, compareTagValue)
	var b strings.Builder
	fmt.Fprintf(&b, "%s by %s\n%-24s", metric, tag, "model")
	for _, v := range values {
		fmt.Fprintf(&b, " %10s", tag+"="+v)
	}
	b.WriteString("\n")
	for _, m := range models {
		fmt.Fprintf(&b, "%-24s", m)
		for _, v := range values {
			if xs := vals[key{m, v}]; len(xs) > 0 {
				fmt.Fprintf(&b, " %10.3f", scoring.Mean(xs))
			} else {
				fmt.Fprintf(&b, " %10s", "-")
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// report.CompareNatural orders numbers numerically and other strings lexically.
func compareTagValue(a, b string) int {
	var x, y float64
	_, errA := fmt.Sscan(a, &x)
	_, errB := fmt.Sscan(b, &y)
	if errA == nil && errB == nil {
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	}
	return strings.Compare(a, b)
}

// AriadneLine is one model's Ariadne's Thread summary on one line: MEI by
// group, NRS of group B, the hint-ignore rate of group C (with their hint
// counts) and TI, or why TI is undefined. TestAriadne logs it; a text
// report can print it as it is.
func AriadneLine(e AriadneEffect) string {
	g := func(k string) string {
		if v, ok := e.MEI[k]; ok {
			return fmt.Sprintf("%.3f", v)
		}
		return "-"
	}
	ti := e.TINote
	if e.TI != nil {
		ti = fmt.Sprintf("%+.3f", *e.TI)
	}
	return fmt.Sprintf("%-22s MEI A/B/C = %s/%s/%s  NRS(B) = %s (%d hints)  ignore(C) = %s (%d hints)  TI = %s",
		e.Model, g("A"), g("B"), g("C"), fmtPtr(e.NRSB), e.HintsB, fmtPtr(e.IgnoreC), e.HintsC, ti)
}

func meanOrNil(x []float64) *float64 {
	if len(x) == 0 {
		return nil
	}
	m := scoring.Mean(x)
	if math.IsNaN(m) {
		return nil
	}
	return &m
}

// MirageLine is how TestMirage reports one model's effect: the deltas
// with their 95% cluster-bootstrap intervals, the lure rates, and the
// cluster sign-flip and Wilcoxon p of ΔMEI to three significant digits, as
// the HTML report prints them.
func MirageLine(e MirageEffect) string {
	return fmt.Sprintf("%-22s Mirage Δ MEI = %+.3f %v  ΔBRS = %+.3f %v  lure rate on/off = %s/%s  (%d pairs over %d mazes, sign-flip p = %.3g, Wilcoxon p = %.3g)",
		e.Model, e.DeltaMEI, e.DeltaMEICI, e.DeltaBRS, e.DeltaBRSCI, fmtPtr(e.LureRateOn), fmtPtr(e.LureRateOff), e.Pairs, e.Mazes, e.SignFlipPMEI, e.WilcoxonPMEI)
}

func fmtPtr(p *float64) string {
	if p == nil {
		return "n/a"
	}
	return fmt.Sprintf("%.3f", *p)
}
