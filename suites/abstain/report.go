package abstain

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	mp "github.com/hallumaze/hallumaze/abstain"
	"github.com/hallumaze/hallumaze/internal/textfmt"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
)

// AbstainModel is one model's Missing Piece (abstain suite) score,
// computed from its results alone: the records [Records]
// reads from the results' tags and details, scored by
// [mp.ScoreRecords]. No items file is needed, and so the report
// cannot know of an item the model has no result for: such an item is not
// counted, and its pair is listed under Incomplete.
type AbstainModel struct {
	Model string `json:"model"`
	// Errors counts the cases that could not be played (a provider failure
	// after retries, a missing cassette); they are not scored.
	Errors int `json:"errors"`
	// Report is the spec's score: the six rates with Wilson intervals,
	// overall, by defect and by domain, McNemar over pairs, the lenient
	// rates, the archetype counts and each item's outcomes.
	Report mp.Report `json:"report"`
	// Records are the scored items by item id, so that the report does not
	// depend on the order the cases ended in.
	Records []mp.Record `json:"-"`
	// Incomplete lists the pair ids with only one member scored; those
	// items count in the item rates, not in pair success or McNemar.
	Incomplete []string `json:"incomplete,omitempty"`
}

// AbstainModels scores each model that has abstain-suite results, human
// groups aside. Models are ordered by pair success (the suite's headline:
// the intact item answered and the modified one refused), then answer
// accuracy, then name; a model with no complete pair comes last. It
// returns nil when there is no abstain result.
func AbstainModels(rs []results.Result) []AbstainModel {
	byModel := map[string][]results.Result{}
	var order []string
	for _, r := range rs {
		if r.Suite != Name || results.IsHuman(r) {
			continue
		}
		if _, ok := byModel[r.Model]; !ok {
			order = append(order, r.Model)
		}
		byModel[r.Model] = append(byModel[r.Model], r)
	}
	var out []AbstainModel
	for _, model := range order {
		rs := byModel[model]
		m := AbstainModel{Model: model, Records: Records(rs)}
		slices.SortStableFunc(m.Records, func(a, b mp.Record) int { return strings.Compare(a.ID, b.ID) })
		for _, r := range rs {
			if r.Error != "" {
				m.Errors++
			}
		}
		m.Report = mp.ScoreRecords(m.Records)
		m.Incomplete = incompletePairs(m.Records)
		out = append(out, m)
	}
	slices.SortFunc(out, func(a, b AbstainModel) int {
		pa, pb := a.Report.PairSuccess, b.Report.PairSuccess
		return cmp.Or(
			cmp.Compare(nanLow(pb.Rate), nanLow(pa.Rate)),
			cmp.Compare(nanLow(b.Report.AnswerAccuracy.Rate), nanLow(a.Report.AnswerAccuracy.Rate)),
			strings.Compare(a.Model, b.Model))
	})
	return out
}

// incompletePairs lists, sorted, the pair ids that do not have exactly one
// intact and one modified record.
func incompletePairs(records []mp.Record) []string {
	type members struct{ intact, modified int }
	byPair := map[string]*members{}
	for _, r := range records {
		m := byPair[r.PairID]
		if m == nil {
			m = &members{}
			byPair[r.PairID] = m
		}
		if r.Variant == mp.Intact {
			m.intact++
		} else {
			m.modified++
		}
	}
	var out []string
	for id, m := range byPair {
		if m.intact != 1 || m.modified != 1 {
			out = append(out, id)
		}
	}
	slices.SortFunc(out, report.CompareNatural)
	return out
}

// BestAbstain returns the models with the highest pair success rate, the
// first of them the one [AbstainModels] ranks first. It reports false when
// no model has a complete pair.
func BestAbstain(models []AbstainModel) ([]AbstainModel, bool) {
	if len(models) == 0 || models[0].Report.PairSuccess.N == 0 {
		return nil, false
	}
	best := []AbstainModel{models[0]}
	for _, m := range models[1:] {
		if m.Report.PairSuccess.N == 0 {
			break
		}
		same := m.Report.PairSuccess.Rate == models[0].Report.PairSuccess.Rate
		c := mp.CompareRecords(models[0].Records, m.Records)
		if !same && (c.NItems == 0 || c.McNemar.P < 0.05) {
			break
		}
		best = append(best, m)
	}
	return best, true
}

// BestAbstainLine is "★ best pair success: <model> — 58/60 = 0.967 [0.886,
// 0.991]", naming the models that tie with it; "" when there is none.
func BestAbstainLine(models []AbstainModel) string {
	best, ok := BestAbstain(models)
	if !ok {
		return ""
	}
	line := fmt.Sprintf("★ best pair success: %s — %s", best[0].Model, rateText(best[0].Report.PairSuccess))
	if len(best) > 1 {
		var names []string
		for _, m := range best[1:] {
			names = append(names, m.Model)
		}
		line += " (statistically tied for first with " + strings.Join(names, ", ") + ": the same pair success, or McNemar over the items p ≥ 0.05)"
	}
	return line
}

// abstainMetric is one of the six rates of the suite, as the tables name it.
type abstainMetric struct {
	name string
	pick func(mp.Rates) mp.Rate
}

var abstainMetrics = []abstainMetric{
	{"answer accuracy", func(r mp.Rates) mp.Rate { return r.AnswerAccuracy }},
	{"abstention", func(r mp.Rates) mp.Rate { return r.AbstentionRate }},
	{"false abstention", func(r mp.Rates) mp.Rate { return r.FalseAbstentionRate }},
	{"hallucination", func(r mp.Rates) mp.Rate { return r.HallucinationRate }},
	{"pair success", func(r mp.Rates) mp.Rate { return r.PairSuccess }},
	{"parse failures", func(r mp.Rates) mp.Rate { return r.ParseFailureRate }},
}

// WriteAbstainTable writes, for each model of [AbstainModels], a boxed
// table of the suite's six rates (k/n, the rate and its Wilson 95%
// interval, and the lenient parser's k/n beside), McNemar's b, c and p over
// the model's pairs, and warnings for cases not played and incomplete
// pairs; then the model with the best pair success. It writes nothing when
// models is empty.
func WriteAbstainTable(w io.Writer, models []AbstainModel) error {
	if len(models) == 0 {
		return nil
	}
	var b strings.Builder
	for _, m := range models {
		rep := m.Report
		cells := [][]string{{"metric", "k/n", "rate", "95% Wilson", "lenient k/n"}}
		for _, mt := range abstainMetrics {
			s, l := mt.pick(rep.Rates), mt.pick(rep.Lenient)
			cells = append(cells, []string{mt.name, kOfN(s), rateValue(s), wilsonText(s), kOfN(l)})
		}
		ca := rep.ContractAdherence
		cells = append(cells, []string{"contract adherence", kOfN(ca), rateValue(ca), wilsonText(ca), ""})
		footer := []string{fmt.Sprintf("McNemar over %d pairs: b=%d c=%d p=%s", rep.NPairs, rep.McNemar.B, rep.McNemar.C, pValue(rep.McNemar.P))}
		report.WriteBox(&b, " Missing Piece: "+m.Model+" ", cells, footer)
		if m.Errors > 0 {
			fmt.Fprintf(&b, "  ⚠ %d %s could not be played and %s not scored\n",
				m.Errors, textfmt.Plural(m.Errors, "case", "cases"), textfmt.Plural(m.Errors, "is", "are"))
		}
		if n := len(m.Incomplete); n > 0 {
			fmt.Fprintf(&b, "  ⚠ %d incomplete %s (one member has no result), counted in the item rates only: %s\n",
				n, textfmt.Plural(n, "pair", "pairs"), strings.Join(m.Incomplete, ", "))
		}
		b.WriteString("\n")
	}
	if cmps := Comparisons(models); len(cmps) > 0 {
		cells := [][]string{{"model A", "model B", "items", "A right", "B right", "b", "c", "McNemar p"}}
		for _, c := range cmps {
			cells = append(cells, []string{c.A, c.B, fmt.Sprint(c.NItems), rateValue(c.ARight), rateValue(c.BRight),
				fmt.Sprint(c.McNemar.B), fmt.Sprint(c.McNemar.C), pValue(c.McNemar.P)})
		}
		report.WriteBox(&b, " Missing Piece: between models ", cells, []string{
			"exact McNemar over the items both models played: b = A right and B not, c = B right and A not",
		})
		b.WriteString("\n")
	}
	if line := BestAbstainLine(models); line != "" {
		b.WriteString("  " + line + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// ModelComparison is the between-model McNemar test of two models, A
// ranked above B.
type ModelComparison struct {
	A string `json:"a"`
	B string `json:"b"`
	mp.Comparison
}

// Comparisons compares every two models of [AbstainModels], in their
// order, over the items both played (the spec's McNemar between two
// models: an item is right when the intact item is answered correctly or
// the modified item refused).
func Comparisons(models []AbstainModel) []ModelComparison {
	var out []ModelComparison
	for i := range models {
		for j := i + 1; j < len(models); j++ {
			out = append(out, ModelComparison{A: models[i].Model, B: models[j].Model,
				Comparison: mp.CompareRecords(models[i].Records, models[j].Records)})
		}
	}
	return out
}

// kOfN is "k/n".
func kOfN(r mp.Rate) string { return fmt.Sprintf("%d/%d", r.K, r.N) }

// rateValue is the rate to three decimals, "-" when nothing was measured.
func rateValue(r mp.Rate) string {
	if r.N == 0 {
		return "-"
	}
	return fmt.Sprintf("%.3f", r.Rate)
}

// wilsonText is "[lo, hi]" to three decimals, "-" when n = 0.
func wilsonText(r mp.Rate) string {
	if r.N == 0 {
		return "-"
	}
	return fmt.Sprintf("[%.3f, %.3f]", r.CI95.Lo, r.CI95.Hi)
}

// rateText is "k/n = rate [lo, hi]", or "0/0" when nothing was measured.
func rateText(r mp.Rate) string {
	if r.N == 0 {
		return kOfN(r)
	}
	return kOfN(r) + " = " + rateValue(r) + " " + wilsonText(r)
}

// pValue writes a p-value with three significant digits.
func pValue(p float64) string {
	if math.IsNaN(p) {
		return "-"
	}
	return fmt.Sprintf("%.3g", p)
}

// seedAbstain is the seed file's "abstain" object: each model's
// [mp.Report], keyed by model, with rates, interval ends and p-values
// rounded to six decimals like the rest of the file. nil when there is no
// abstain result.
func seedAbstain(rs []results.Result) map[string]mp.Report {
	models := AbstainModels(rs)
	if len(models) == 0 {
		return nil
	}
	out := make(map[string]mp.Report, len(models))
	for _, m := range models {
		out[m.Model] = roundReport(m.Report)
	}
	return out
}

func roundReport(rep mp.Report) mp.Report {
	rep.Rates, rep.Lenient = roundRates(rep.Rates), roundRates(rep.Lenient)
	rep.ContractAdherence = roundRate(rep.ContractAdherence)
	rep.McNemar.P = report.Round6(rep.McNemar.P)
	for _, m := range []map[string]mp.Rates{rep.ByDefect, rep.ByDomain} {
		for k, r := range m {
			m[k] = roundRates(r)
		}
	}
	for _, byDefect := range rep.Archetypes {
		for k, r := range byDefect {
			byDefect[k] = roundRate(r)
		}
	}
	return rep
}

func roundRates(r mp.Rates) mp.Rates {
	return mp.Rates{
		AnswerAccuracy: roundRate(r.AnswerAccuracy), AbstentionRate: roundRate(r.AbstentionRate),
		FalseAbstentionRate: roundRate(r.FalseAbstentionRate), HallucinationRate: roundRate(r.HallucinationRate),
		ParseFailureRate: roundRate(r.ParseFailureRate), PairSuccess: roundRate(r.PairSuccess),
	}
}

func roundRate(r mp.Rate) mp.Rate {
	r.Rate, r.CI95.Lo, r.CI95.Hi = report.Round6(r.Rate), report.Round6(r.CI95.Lo), report.Round6(r.CI95.Hi)
	return r
}

func nanLow(v float64) float64 {
	if math.IsNaN(v) {
		return math.Inf(-1)
	}
	return v
}
