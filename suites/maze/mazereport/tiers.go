package mazereport

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites/maze/analysis"
)

// tierRow compares one model's scores under the two readings of its
// replies: the strict contract (the headline) and the lenient tier.
type tierRow struct {
	Model string
	// Condition names the condition the row's cases share ("base",
	// "no lures"): the readings are never pooled over conditions.
	Condition  string
	Cases      int
	Compliance float64 // mean share of replies the strict tier read
	SR, MEI    [2]float64
	Score      [2]float64
}

// tierRows are the models whose results carry the lenient tier, a row per
// model and condition: condition by condition in the order of boards (the
// base first), models in the order of each board's rows, human groups
// aside. Two conditions are never pooled (a model's lured and unlured
// walks are two rows).
func tierRows(rs []*analysis.Case, boards []Board) []tierRow {
	type acc struct {
		n                             int
		comp                          float64
		sr, mei, score, lsr, lmei, ls float64
	}
	by := map[string]*acc{}
	for _, r := range rs {
		c, ok := r.Lookup("format-compliance")
		if !ok || !r.Scoreable() {
			continue
		}
		key := r.Model + "\x00" + conditionOf(r.Tag).String()
		a := by[key]
		if a == nil {
			a = &acc{}
			by[key] = a
		}
		a.n++
		a.comp += c
		a.sr += r.Metric("SR")
		a.mei += r.Metric("MEI")
		a.score += r.Metric("score")
		a.lsr += r.Metric("SR" + results.LenientSuffix)
		a.lmei += r.Metric("MEI" + results.LenientSuffix)
		a.ls += r.Metric("score" + results.LenientSuffix)
	}
	var out []tierRow
	for _, b := range boards {
		for _, row := range b.Rows {
			a := by[row.Model+"\x00"+b.Condition.String()]
			if a == nil {
				continue
			}
			n := float64(a.n)
			out = append(out, tierRow{Model: row.Model, Condition: b.Condition.String(), Cases: a.n, Compliance: a.comp / n,
				SR: [2]float64{a.sr / n, a.lsr / n}, MEI: [2]float64{a.mei / n, a.lmei / n}, Score: [2]float64{a.score / n, a.ls / n}})
		}
	}
	return slices.Clip(out)
}

// severalConditions reports tier rows of more than one condition, which
// the tables then name.
func severalConditions(trs []tierRow) bool {
	for _, t := range trs {
		if t.Condition != trs[0].Condition {
			return true
		}
	}
	return false
}

// tiersText is the terminal table of the two readings, "" without any
// lenient result.
func tiersText(trs []tierRow, k words) string {
	if len(trs) == 0 {
		return ""
	}
	several := severalConditions(trs)
	head := []string{"model", "format compliance", "SR strict | lenient", "MEI strict | lenient", "Score strict | lenient", "cases"}
	if several {
		head = append([]string{"condition"}, head...)
	}
	cells := [][]string{k.row(head)}
	for _, t := range trs {
		row := []string{t.Model, fmt.Sprintf("%.3f", t.Compliance),
			fmt.Sprintf("%.2f | %.2f", t.SR[0], t.SR[1]), fmt.Sprintf("%.3f | %.3f", t.MEI[0], t.MEI[1]),
			fmt.Sprintf("%.3f | %.3f", t.Score[0], t.Score[1]), fmt.Sprint(t.Cases)}
		if several {
			row = append([]string{t.Condition}, row...)
		}
		cells = append(cells, row)
	}
	var b strings.Builder
	report.WriteBox(&b, k.t(" HalluMaze: strict and lenient readings "), cells,
		[]string{k.t("The headline is the strict reading, the seed's contract; the lenient one also reads moves and paths in prose.")})
	return b.String()
}
