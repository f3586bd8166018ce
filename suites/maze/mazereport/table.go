package mazereport

import (
	"fmt"
	"io"
	"strings"

	"github.com/hallumaze/hallumaze/internal/textfmt"
)

// tableTitle is the caption in the top border of the table.
const tableTitle = " HalluMaze comparison "

// WriteTable writes the leaderboard as the seed's boxed comparison table,
// followed by the best model ("★ best: <model> — Score 0.851 | MEI 0.923")
// and a warning line when cases could not be played. Over several cases a
// cell holds the mean and its 95% interval: "0.67 [0.21,0.94]" (Wilson) for
// SR, "0.847±0.046" (Student t) for the others.
func WriteTable(w io.Writer, rows []Row) error { return writeTableTitled(w, rows, tableTitle, false) }

// writeTableTitled is WriteTable with another caption, in the language k.
func writeTableTitled(w io.Writer, rows []Row, title string, k words) error {
	header := k.row([]string{"rank", "model", "SR", "MEI★", "CE", "BRS", "Hall", "Score", "cases", "errors"})
	cells := [][]string{header}
	for _, r := range rows {
		cells = append(cells, []string{
			k.t(rankCell(r)), r.Model,
			statCell(r.SR, 2), statCell(r.MEI, 3), statCell(r.CE, 3), statCell(r.BRS, 3),
			statCell(r.HC, 1), statCell(r.Score, 3),
			fmt.Sprint(r.Cases), fmt.Sprint(r.Errors),
		})
	}
	widths := make([]int, len(header))
	for _, row := range cells {
		for i, c := range row {
			widths[i] = max(widths[i], textfmt.Width(c))
		}
	}
	lines := make([]string, len(cells))
	inner := 0
	for i, row := range cells {
		var b strings.Builder
		b.WriteString("  ")
		for j, c := range row {
			b.WriteString(c)
			if j < len(row)-1 {
				b.WriteString(strings.Repeat(" ", widths[j]-textfmt.Width(c)+2))
			}
		}
		lines[i] = b.String()
		inner = max(inner, textfmt.Width(lines[i])+2)
	}
	inner = max(inner, textfmt.Width(title)+4)
	var b strings.Builder
	left := (inner - textfmt.Width(title)) / 2
	b.WriteString("┌" + strings.Repeat("─", left) + title + strings.Repeat("─", inner-left-textfmt.Width(title)) + "┐\n")
	for i, l := range lines {
		b.WriteString("│" + l + strings.Repeat(" ", inner-textfmt.Width(l)) + "│\n")
		if i == 0 {
			b.WriteString("├" + strings.Repeat("─", inner) + "┤\n")
		}
	}
	b.WriteString("└" + strings.Repeat("─", inner) + "┘\n")
	if best, ok := Best(rows); ok {
		fmt.Fprintf(&b, k.t("\n  ★ best: %s — Score %.3f | MEI %.3f%s\n"), best.Model, best.Score.Mean, nanZero(best.MEI.Mean), k.t(tiedNote(best)))
	}
	var failed []string
	total := 0
	for _, r := range rows {
		if r.Errors > 0 {
			failed = append(failed, fmt.Sprintf("%s (%d)", r.Model, r.Errors))
			total += r.Errors
		}
	}
	if total > 0 {
		isAre := textfmt.Plural(total, "is", "are")
		if k {
			isAre = ""
		}
		fmt.Fprintf(&b, k.t("  ⚠ %d %s could not be played and %s not scored: %s\n"),
			total, k.plural(total, "case", "cases"), isAre, strings.Join(failed, ", "))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func rankCell(r Row) string {
	switch {
	case r.Human:
		return "human"
	case r.Rank == 0:
		return "—"
	case r.Rank <= 3 && r.Tied:
		return "=" + Medal(r.Rank)
	case r.Rank <= 3:
		return Medal(r.Rank)
	case r.Tied:
		return "=" + fmt.Sprint(r.Rank)
	}
	return fmt.Sprint(r.Rank)
}

// statCell formats a mean with prec decimals and its 95% interval,
// "0.847 [0.80,0.89]"; where no interval fits (fewer mazes than an
// interval needs, a human group's means) the number of cases instead,
// "0.847 (n=3)", or the bare mean of a single case.
func statCell(s Stat, prec int) string {
	if !s.Defined() {
		return "-"
	}
	if !s.HasCI() {
		if s.N > 1 {
			return fmt.Sprintf("%.*f (n=%d)", prec, s.Mean, s.N)
		}
		return fmt.Sprintf("%.*f", prec, s.Mean)
	}
	return fmt.Sprintf("%.*f [%.*f,%.*f]", prec, s.Mean, min(prec, 2), s.CI.Lo, min(prec, 2), s.CI.Hi)
}

// tiedNote marks a best row whose rank is shared.
func tiedNote(r Row) string {
	if r.Tied {
		return " (statistically tied for first)"
	}
	return ""
}
