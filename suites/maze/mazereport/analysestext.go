package mazereport

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/internal/textfmt"
	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/suites/maze/analysis"
	"github.com/hallumaze/hallumaze/suites/maze/record"
)

// mazeBoxes is the seed's maze box (analysis.MazeBox) of each maze the
// results were played on, smallest first (by size, then seed, then
// generator), at most most of them and a line counting the rest.
func mazeBoxes(rs []*analysis.Case, most int) string {
	var b strings.Builder
	seen := map[string]bool{}
	var first []*analysis.Case
	for _, r := range rs {
		if r.Human || r.Tag("seed") == "" {
			continue
		}
		if k := r.MazeKey(); !seen[k] {
			seen[k] = true
			first = append(first, r)
		}
	}
	// Not in the order first played: a concurrent run's results come in
	// the order the cases ended, and the same cases must show the same
	// mazes.
	num := func(r *analysis.Case, tag string) uint64 {
		v, _ := strconv.ParseUint(r.Tag(tag), 10, 64)
		return v
	}
	slices.SortStableFunc(first, func(x, y *analysis.Case) int {
		return cmp.Or(cmp.Compare(num(x, "size"), num(y, "size")), cmp.Compare(num(x, "seed"), num(y, "seed")),
			strings.Compare(x.Tag("algorithm"), y.Tag("algorithm")), strings.Compare(x.MazeKey(), y.MazeKey()))
	})
	n := len(first)
	pool := analysis.NewPool()
	for _, r := range first[:min(n, most)] {
		m, err := pool.MazeOf(r)
		if err != nil {
			continue
		}
		lang := mazes.English
		if r.Tag("lang") == string(mazes.Korean) {
			lang = mazes.Korean
		}
		b.WriteString(analysis.MazeBox(m, lang))
	}
	if n > most {
		if wordsOf(rs) {
			fmt.Fprintf(&b, "… 그 밖에 미로 %d개\n", n-most)
		} else {
			fmt.Fprintf(&b, "… and %d more %s\n", n-most, textfmt.Plural(n-most, "maze", "mazes"))
		}
	}
	if b.Len() > 0 {
		b.WriteString("\n")
	}
	return b.String()
}

// Preamble is the seed's maze box of the first mazes the cases play (at
// most three, and a line counting the rest), which the terminal shows
// before the run's progress, as the seed prints it before its results.
func Preamble(cases []bench.Case) string {
	var cs []*analysis.Case
	for _, c := range cases {
		if c.Suite == record.Name {
			cs = append(cs, analysis.Unplayed(c.Name, c.Tags))
		}
	}
	return mazeBoxes(cs, 3)
}

// analysesText writes the analyses as terminal boxes: chance-corrected
// scores, the readings, the confidence patterns, the reasoning signals, H3
// and the ablations.
func analysesText(a Analyses, ariadne []AriadneEffect, k words) string {
	var b strings.Builder
	if len(a.Chance) > 0 {
		cells := [][]string{{"model", "MEI", "chance", "MEI′", "Score", "chance", "Score′", "cases"}}
		for _, c := range a.Chance {
			cells = append(cells, []string{c.Model, f3(c.MEI), f3(c.MEIChance), pm(c.MEICorrected, c.SEMEICorrected),
				f3(c.Score), f3(c.ScoreChance), pm(c.ScoreCorrected, c.SEScoreCorrected), fmt.Sprint(c.Cases)})
		}
		b.WriteString("\n")
		cells[0] = k.row(cells[0])
		report.WriteBox(&b, k.t(" HalluMaze beyond chance — ")+a.Condition+" ", cells, []string{
			fmt.Sprintf(k.t("chance: agent/random on the same mazes and protocol (%d draws each);"), a.ChanceWalks),
			k.t("x′ = (x − chance)/(flawless − chance): 0 is chance, 1 a flawless walk (± the baseline's error)."),
		})
	}
	if len(a.Readings) > 0 {
		b.WriteString(k.t("\n  Readings by the seed's tables (Score and MEI bands on the chance-corrected values):\n"))
		for _, mr := range a.Readings {
			fmt.Fprintf(&b, "  ▶ %s\n", mr.Model)
			for _, r := range mr.Readings {
				words := r.EN
				switch {
				case a.bilingual:
					words = r.EN + " / " + r.KO
				case bool(k):
					words = r.KO
				}
				v := readingValue(r, k)
				fmt.Fprintf(&b, "    %s%s %s\n", v, strings.Repeat(" ", max(1, 36-utf8.RuneCountInString(v))), words)
			}
		}
	}
	if len(ariadne) > 0 {
		b.WriteString(k.t("\n  Ariadne's Thread (interactive, groups A/B/C):\n"))
		for _, e := range ariadne {
			b.WriteString("  " + AriadneLine(e) + "\n")
		}
	}
	if len(a.Patterns) > 0 && anyPatterns(a.Patterns) {
		cells := [][]string{{"model", "hallucinations", "A: fell", "B: held or rose", "share A", "loops", "flat"}}
		for _, p := range a.Patterns {
			cells = append(cells, []string{p.Model, fmt.Sprint(p.Hallucinations), fmt.Sprint(p.A), fmt.Sprint(p.B),
				optional(p.ShareA), fmt.Sprint(p.Loops), optional(p.FlatShare)})
		}
		b.WriteString("\n")
		cells[0] = k.row(cells[0])
		report.WriteBox(&b, k.t(" Confidence at hallucinations (seed §9.2) "), cells, []string{
			k.t("A: the stated confidence fell before or at the wrong step (healthy); B: it held or rose (overconfident)."),
			k.t("loops: runs of revisits; flat: the share whose confidence did not change (a change under 10 points is none)."),
		})
	}
	if len(a.Signals) > 0 {
		cells := [][]string{{"model", "cases with reasoning", "reply: dead end/back/loop/strategy", "reasoning: dead end/back/loop/strategy"}}
		for _, s := range a.Signals {
			cells = append(cells, []string{s.Model, fmt.Sprintf("%d of %d", s.WithReasoning, s.Cases),
				signalText(s.Reply), signalText(s.Reasoning)})
		}
		b.WriteString("\n")
		cells[0] = k.row(cells[0])
		report.WriteBox(&b, k.t(" Metacognitive signals: replies and reasoning traces "), cells, []string{
			k.t("each count: contract lines (and verified backtracks) + the same signal said in prose."),
		})
	}
	if len(a.H3) > 0 {
		b.WriteString(k.t("\n  H3 as the seed tests it, humans and models err alike? (exploratory; Spearman ρ of HC across sizes, permutation p):\n"))
		for _, h := range a.H3 {
			if !h.OK {
				fmt.Fprintf(&b, "  %s vs %s (group %s): %s\n", h.Human, h.Model, h.Group, h.Note)
				continue
			}
			fmt.Fprintf(&b, "  %s vs %s (group %s): ρ = %+.3f over sizes %v, p = %.3g (smallest possible %.3g)\n",
				h.Human, h.Model, h.Group, h.Rho, h.Sizes, h.P, h.MinP)
		}
	}
	if len(a.H3Points) > 0 {
		b.WriteString(k.t("\n  H3 per decision point (error rates of the human walks and the model at each decision point of the mazes both walked; Spearman ρ, permutation p; power to detect ρ = 0.3):\n"))
		for _, h := range a.H3Points {
			if !h.OK {
				fmt.Fprintf(&b, "  %s vs %s: %s\n", h.Human, h.Model, h.Note)
				continue
			}
			fmt.Fprintf(&b, "  %s vs %s: ρ = %+.3f over %d points of %d mazes, p = %.3g (power %.2f)\n",
				h.Human, h.Model, h.Rho, h.Points, h.Mazes, h.P, h.Power)
		}
	}
	if len(a.Ablations) > 0 {
		cells := [][]string{{"ablation", "ranked by", "models", "Kendall τ", "swaps", "note"}}
		for _, ab := range a.Ablations {
			if len(ab.Models) == 0 {
				continue // a contrast the results did not play
			}
			tau := "-"
			if ab.OK && !math.IsNaN(ab.Tau) {
				tau = fmt.Sprintf("%+.3f", ab.Tau)
			}
			cells = append(cells, []string{ab.Name, ab.Metric, fmt.Sprint(len(ab.Models)), tau, fmt.Sprint(ab.Swaps), ab.Note})
		}
		b.WriteString("\n")
		cells[0] = k.row(cells[0])
		report.WriteBox(&b, k.t(" Ablation study (seed §14) "), cells, []string{
			k.t("τ compares the models' ranking with the full metric and without the component: 1 the same, −1 reversed."),
			k.t("The no-Mirage and Ariadne contrasts need runs with --no-mirage and with --group B beside the base run."),
		})
	}
	return b.String()
}

func f3(v float64) string {
	if math.IsNaN(v) {
		return "-"
	}
	return fmt.Sprintf("%.3f", v)
}

// pm is "0.512 ± 0.004", the value and its standard error.
func pm(v, se float64) string {
	if math.IsNaN(v) {
		return "-"
	}
	return fmt.Sprintf("%+.3f ± %.3f", v, se)
}

func anyPatterns(ps []analysis.PatternRow) bool {
	for _, p := range ps {
		if p.Hallucinations > 0 || p.Loops > 0 {
			return true
		}
	}
	return false
}

func signalText(s analysis.Signals) string {
	c, p := s.Contract, s.Prose
	return fmt.Sprintf("%d+%d / %d+%d / %d+%d / %d+%d", c.DeadEnd, p.DeadEnd, c.Backtrack, p.Backtrack, c.Loop, p.Loop, c.Strategy, p.Strategy)
}

// effectsText is the Linguistic Mirage effect of each model that played
// mazes with and without lures, as the page's table gives it.
func effectsText(es []MirageEffect, k words) string {
	if len(es) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(k.t("\n  Linguistic Mirage (Δ = no lures − lures; > 0: the lures lowered the score):\n"))
	for _, e := range es {
		fmt.Fprintf(&b, "  %-22s ΔMEI = %+.3f %s  ΔBRS = %+.3f %s  lure rate on/off = %s/%s  (%s over %s, sign-flip p = %.3g, Wilcoxon p = %.3g)\n",
			e.Model, e.DeltaMEI, ci3(e.DeltaMEICI.Lo, e.DeltaMEICI.Hi), e.DeltaBRS, ci3(e.DeltaBRSCI.Lo, e.DeltaBRSCI.Hi),
			optional(e.LureRateOn), optional(e.LureRateOff), report.Plain(e.Pairs, "pair", "pairs"), report.Plain(e.Mazes, "maze", "mazes"), e.SignFlipPMEI, e.WilcoxonPMEI)
	}
	return b.String()
}

// ariadneWithHints keeps the models that played group B or C.
func ariadneWithHints(es []AriadneEffect) []AriadneEffect {
	var out []AriadneEffect
	for _, e := range es {
		_, b := e.MEI["B"]
		_, c := e.MEI["C"]
		if b || c {
			out = append(out, e)
		}
	}
	return out
}

// readingValue is a reading's metric and value, and for a chance-corrected
// metric the seed's value beside it, labelled: "MEI′ -0.469 (seed's MEI
// 0.689)".
func readingValue(r Reading, k words) string {
	out := r.Metric
	if r.Value != nil {
		out += " " + f3(*r.Value)
	}
	if r.Seed != nil {
		out += fmt.Sprintf(k.t(" (seed's %s %s)"), strings.TrimSuffix(r.Metric, "′"), f3(*r.Seed))
	}
	return out
}
