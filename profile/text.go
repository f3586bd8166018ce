package profile

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/hallumaze/hallumaze/modelname"
)

// barWidth is the cells of a card's bar, which spans [0, 1].
const barWidth = 21

// Personas are the cross-suite reference personas, in the order their
// marks are listed, with the letter that marks each on a bar.
var Personas = []struct{ Model, Letter, Policy string }{
	{"agent/knower", "K", "answers what can be known, abstains otherwise, resists lures"},
	{"agent/overconfident", "O", "never abstains, follows lures and testimony"},
	{"agent/timid", "T", "abstains too often"},
	{"agent/random", "R", "abstains and answers at random"},
}

// References are the cards of the personas among cards: the marks every
// card shows.
func References(cards []Card) []Card {
	var out []Card
	for _, p := range Personas {
		for _, c := range cards {
			if c.Model == p.Model {
				out = append(out, c)
			}
		}
	}
	return out
}

func letterOf(model string) string {
	for _, p := range Personas {
		if p.Model == model {
			return p.Letter
		}
	}
	return "?"
}

// WriteText writes each card with its rows (the dimensions), then, with
// two models or more, the paired comparisons and the agreements across
// suites. refs are the reference cards whose values mark the bars.
func WriteText(w io.Writer, cards, refs []Card) error {
	var b strings.Builder
	for i, c := range cards {
		if i > 0 {
			b.WriteString("\n")
		}
		writeCard(&b, c, refs)
	}
	if len(refs) > 0 {
		var names []string
		for _, r := range refs {
			agent, _ := modelname.AgentOf(r.Model)
			names = append(names, letterOf(r.Model)+" "+agent)
		}
		fmt.Fprintf(&b, "\n● the model  ━ its 95%% interval  ¦ chance  %s  (right is better on every bar)\n", strings.Join(names, "  "))
	} else {
		b.WriteString("\n● the model  ━ its 95% interval  ¦ chance  (right is better on every bar; play the personas, agent/knower,overconfident,timid,random, for reference marks)\n")
	}
	if len(cards) >= 2 {
		b.WriteString("\nBetween models (paired tests over shared cases: McNemar for rates, maze sign-flip for maze means; Holm-corrected α = 0.05)\n")
		for _, cmp := range Comparisons(cards) {
			b.WriteString("  " + cmp.Summary() + "\n")
		}
	}
	b.WriteString("\nAcross suites (Spearman ρ over models, reference agents aside)\n")
	for _, a := range Agreements(cards) {
		fmt.Fprintf(&b, "  %-14s %s ~ %s: ", a.Dimension, a.X, a.Y)
		if a.Rho != nil {
			fmt.Fprintf(&b, "ρ = %+.2f", *a.Rho)
			if a.CI != nil {
				fmt.Fprintf(&b, " [%+.2f, %+.2f]", a.CI.Lo, a.CI.Hi)
			}
			fmt.Fprintf(&b, " over %d models — ", a.N)
		}
		b.WriteString(a.Verdict + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Comparisons are the pairs a report compares: every two models when
// there are at most four, else each against the first.
func Comparisons(cards []Card) []Comparison {
	var out []Comparison
	for i := range cards {
		for j := i + 1; j < len(cards); j++ {
			if len(cards) > 4 && i > 0 {
				break
			}
			out = append(out, Compare(cards[i], cards[j]))
		}
	}
	return out
}

func writeCard(b *strings.Builder, c Card, refs []Card) {
	suites := "no suite"
	if len(c.Suites) > 0 {
		suites = strings.Join(c.Suites, ", ")
	}
	fmt.Fprintf(b, "%s — metacognition profile (%s)\n", c.Model, suites)
	for _, dim := range Dimensions {
		fmt.Fprintf(b, "  %s\n", dim.Title)
		for _, m := range c.Measures {
			if m.Dimension != dim.Key || (!m.Primary && !m.Defined()) {
				continue
			}
			b.WriteString("    " + measureLine(m, refs, c.Model) + "\n")
		}
	}
	for _, g := range c.Gaps {
		if g.Fill == "" {
			fmt.Fprintf(b, "  ✗ no %s results (%s): %s\n", g.Suite, strings.Join(g.Dimensions, ", "), g.Note)
			continue
		}
		fmt.Fprintf(b, "  ✗ no %s results (%s): %s\n      then add %s to the profile's inputs\n", g.Suite, strings.Join(g.Dimensions, ", "), g.Fill, g.Output)
	}
}

// measureLine is one measure: the suite, what it measures, the value and
// interval, its n, the bar of a primary measure and the chance.
func measureLine(m Measure, refs []Card, self string) string {
	label := m.Label
	if i := strings.Index(label, ": "); i >= 0 {
		label = label[i+2:]
	}
	head := fmt.Sprintf("%-8s %-46s", m.Suite, cut(label, 46))
	if !m.Defined() {
		return head + " —  " + m.Note
	}
	val := fmt.Sprintf("%6.3f", *m.Value)
	ci := strings.Repeat(" ", 16)
	if m.CI != nil {
		ci = fmt.Sprintf("[%.3f, %.3f]", m.CI.Lo, m.CI.Hi)
	}
	n := fmt.Sprintf("n=%d", m.N)
	if m.Kind == KindRate {
		n = fmt.Sprintf("%d/%d", m.K, m.N)
		if m.Flip {
			n = fmt.Sprintf("%d/%d", m.N-m.K, m.N)
		}
	}
	line := fmt.Sprintf("%s %s %-16s %-9s", head, val, ci, n)
	if m.Primary {
		line += " " + bar(m, refs, self)
	}
	if m.Chance != nil {
		line += fmt.Sprintf("  chance %.3f → %+.3f", *m.Chance, *m.Corrected)
	}
	if m.CI == nil && m.Note != "" {
		line += "  (" + m.Note + ")"
	}
	return line
}

// bar draws [0, 1] in barWidth cells: the interval, the reference marks,
// the chance and the point, each on its cell.
func bar(m Measure, refs []Card, self string) string {
	cells := []rune(strings.Repeat("·", barWidth))
	at := func(v float64) int { return int(math.Round(math.Max(0, math.Min(1, v)) * (barWidth - 1))) }
	if m.CI != nil {
		for i := at(m.CI.Lo); i <= at(m.CI.Hi); i++ {
			cells[i] = '━'
		}
	}
	if m.Chance != nil {
		cells[at(*m.Chance)] = '¦'
	}
	for _, r := range refs {
		if r.Model == self {
			continue
		}
		if rm, ok := r.Measure(m.ID); ok && rm.Value != nil {
			cells[at(*rm.Value)] = []rune(letterOf(r.Model))[0]
		}
	}
	if *m.Value >= 0 && *m.Value <= 1 {
		cells[at(*m.Value)] = '●'
	}
	return "|" + string(cells) + "|"
}

func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// WriteShort is the short block hallumaze run prints: one line per model,
// each dimension's primary measures as value(s), "—" where unmeasured,
// and the command that shows the whole card.
func WriteShort(w io.Writer, cards []Card, full string) error {
	var b strings.Builder
	b.WriteString("Metacognition profile (higher is better; — not measured by this run):\n")
	fmt.Fprintf(&b, "  %-24s", "model")
	for _, d := range Dimensions {
		fmt.Fprintf(&b, " %-13s", d.Key)
	}
	b.WriteString("\n")
	for _, c := range cards {
		fmt.Fprintf(&b, "  %-24s", cut(c.Model, 24))
		for _, d := range Dimensions {
			var vals []string
			for _, m := range c.Measures {
				if m.Dimension == d.Key && m.Primary && m.Value != nil {
					vals = append(vals, fmt.Sprintf("%.2f", *m.Value))
				}
			}
			cell := "—"
			if len(vals) > 0 {
				cell = strings.Join(vals, "/")
			}
			fmt.Fprintf(&b, " %-13s", cell)
		}
		b.WriteString("\n")
	}
	if full != "" {
		b.WriteString("  the cards, the gaps and the runs that fill them: " + full + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}
