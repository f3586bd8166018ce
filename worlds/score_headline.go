package worlds

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
)

// HeadlineRow is one row of the headline table: the accuracy of one world
// on one category, k right of n with its Wilson interval, the accuracy of
// the question-only prior on the same probes and accuracy′, the accuracy
// corrected for it (nil where undefined).
type HeadlineRow struct {
	World         string   `json:"world"`
	Category      Category `json:"category"`
	Accuracy      Rate     `json:"accuracy"`
	PriorAccuracy *Rate    `json:"prior_accuracy"`
	AccuracyPrime *float64 `json:"accuracy_prime"`
}

// worldOrder is the order worlds appear in tables; other names follow,
// sorted.
var worldOrder = []string{Grid, Chess, Terminal}

// Headline is the suite's headline: per-category accuracy, one row per
// world × category that has probes, worlds in the order grid, chess,
// terminal (other names after, sorted) and categories in the order P, M,
// C, U, X. It reads ByWorldCategory, so it works on a report read back
// from its JSON too.
func (r Report) Headline() []HeadlineRow {
	var rows []HeadlineRow
	for key, rates := range r.ByWorldCategory {
		if rates.Accuracy == nil {
			continue
		}
		i := strings.LastIndexByte(key, '/')
		if i < 0 {
			continue
		}
		rows = append(rows, HeadlineRow{World: key[:i], Category: Category(key[i+1:]), Accuracy: *rates.Accuracy,
			PriorAccuracy: rates.PriorAccuracy, AccuracyPrime: rates.AccuracyPrime})
	}
	slices.SortFunc(rows, func(a, b HeadlineRow) int {
		if c := compareRank(worldOrder, a.World, b.World); c != 0 {
			return c
		}
		return compareRank(Categories, a.Category, b.Category)
	})
	return rows
}

// compareRank orders a and b by their place in order, names not in it
// after, sorted.
func compareRank[T ~string](order []T, a, b T) int {
	ia, ib := slices.Index(order, a), slices.Index(order, b)
	if ia < 0 {
		ia = len(order)
	}
	if ib < 0 {
		ib = len(order)
	}
	if ia != ib {
		return ia - ib
	}
	return strings.Compare(string(a), string(b))
}

// WriteHeadline writes the headline rows as an aligned text table:
//
//	world     cat  k   n   accuracy  95% CI          prior  accuracy′
//	grid      P    12  15  0.800     [0.548, 0.930]  0.400  0.667
func WriteHeadline(w io.Writer, rows []HeadlineRow) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "world\tcat\tk\tn\taccuracy\t95% CI\tprior\taccuracy′")
	for _, r := range rows {
		a := r.Accuracy
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%.3f\t[%.3f, %.3f]\t%s\t%s\n", r.World, r.Category, a.K, a.N, a.Rate, a.CI95.Lo, a.CI95.Hi,
			RateValue(r.PriorAccuracy), Value(r.AccuracyPrime))
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("worlds: write headline: %w", err)
	}
	return nil
}

// RateValue is a rate's value with three decimals, or "-" when undefined.
func RateValue(r *Rate) string {
	if r == nil {
		return "-"
	}
	return fmt.Sprintf("%.3f", r.Rate)
}

// Value is a number with three decimals, or "-" when undefined.
func Value(v *float64) string {
	if v == nil {
		return "-"
	}
	return fmt.Sprintf("%.3f", *v)
}
