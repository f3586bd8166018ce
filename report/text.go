package report

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/internal/textfmt"
	"github.com/hallumaze/hallumaze/modelname"
)

// WriteBox writes cells as a boxed table with a title in the top border,
// the first row as the header, numbers right-aligned, and footer lines
// under a rule.
func WriteBox(b *strings.Builder, title string, cells [][]string, footer []string) {
	widths := make([]int, len(cells[0]))
	for _, row := range cells {
		for i, c := range row {
			widths[i] = max(widths[i], textfmt.Width(c))
		}
	}
	var lines []string
	for i, row := range cells {
		var l strings.Builder
		l.WriteString("  ")
		for j, c := range row {
			pad := strings.Repeat(" ", widths[j]-textfmt.Width(c))
			switch {
			case j == 0 || i == 0:
				l.WriteString(c + pad)
			default:
				l.WriteString(pad + c)
			}
			if j < len(row)-1 {
				l.WriteString("  ")
			}
		}
		lines = append(lines, strings.TrimRight(l.String(), " "))
	}
	for _, f := range footer {
		lines = append(lines, "  "+f)
	}
	inner := textfmt.Width(title) + 4
	for _, l := range lines {
		inner = max(inner, textfmt.Width(l)+2)
	}
	left := (inner - textfmt.Width(title)) / 2
	b.WriteString("┌" + strings.Repeat("─", left) + title + strings.Repeat("─", inner-left-textfmt.Width(title)) + "┐\n")
	for i, l := range lines {
		if i == 1 || (i == len(cells) && len(footer) > 0) {
			b.WriteString("├" + strings.Repeat("─", inner) + "┤\n")
		}
		b.WriteString("│" + l + strings.Repeat(" ", inner-textfmt.Width(l)) + "│\n")
	}
	b.WriteString("└" + strings.Repeat("─", inner) + "┘\n")
}

// CompareKeys orders two key lists element by element, numbers
// numerically.
func CompareKeys(a, b []string) int {
	for i := range min(len(a), len(b)) {
		if c := CompareNatural(a[i], b[i]); c != 0 {
			return c
		}
	}
	return len(a) - len(b)
}

// CompareNatural orders whole numbers numerically, before other strings,
// and other strings lexically.
func CompareNatural(a, b string) int {
	x, errA := strconv.ParseFloat(a, 64)
	y, errB := strconv.ParseFloat(b, 64)
	switch {
	case errA == nil && errB == nil:
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
		return strings.Compare(a, b)
	case errA == nil:
		return -1
	case errB == nil:
		return 1
	}
	return strings.Compare(a, b)
}

// CompareCase orders case names by their parts, numbers numerically, so
// that size=9 comes before size=11.
func CompareCase(a, b string) int {
	return CompareKeys(splitCase(a), splitCase(b))
}

func splitCase(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == '/' || r == '=' || r == '+' })
}

// FormatNum writes a number for reading: whole numbers bare, others to
// four decimals at most ("0.9" for 0.8999999999999999).
func FormatNum(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return strconv.FormatFloat(math.Round(v*1e4)/1e4, 'f', -1, 64)
}

// SortedKeys lists a map's keys in order.
func SortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// SplitModel splits a model's name into its provider and the rest: the
// model id with its settings ("openai/o4-mini@effort=high" gives "openai"
// and "o4-mini@effort=high", modelname.Name.Model). A name of no known
// provider ("human/…") splits at its first slash.
func SplitModel(name string) (provider, model string) {
	if n, err := modelname.Parse(name); err == nil {
		return n.Provider, n.Model()
	}
	p, m, ok := strings.Cut(name, "/")
	if !ok {
		return "", name
	}
	return p, m
}

// Plain formats a count for a sentence: "1 case", "3 cases".
func Plain(n int, one, many string) string {
	return fmt.Sprintf("%d %s", n, textfmt.Plural(n, one, many))
}
