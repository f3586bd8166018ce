package report

import (
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/hallumaze/hallumaze/pricing"
	"github.com/hallumaze/hallumaze/results"
)

// WriteCSV writes one row per result, in the order given, with the
// built-in prices ([WriteCSVPrices]).
func WriteCSV(w io.Writer, rs []results.Result) error {
	return WriteCSVPrices(w, rs, nil)
}

// WriteCSVPrices writes one row per result, in the order given. The
// columns are suite, model, case; then every tag any result has, by name;
// then every metric any result has, by name (a metric named like a tag or
// a fixed column is written as "metric_<name>"); then error, tokens_in,
// tokens_out, duration_s and cost_usd: the case's tokens at the model's
// price in prices (nil: the built-in table), empty when the model has no
// price ([CaseCost]). An absent tag or metric is an empty cell; numbers
// are written in the shortest form that reads back exactly.
func WriteCSVPrices(w io.Writer, rs []results.Result, prices pricing.Table) error {
	if prices == nil {
		prices = pricing.Default()
	}
	tagSet, metricSet := map[string]bool{}, map[string]bool{}
	for _, r := range rs {
		for k := range r.Tags {
			tagSet[k] = true
		}
		for k := range r.Metrics {
			metricSet[k] = true
		}
	}
	tags, metrics := sortedKeys(tagSet), sortedKeys(metricSet)
	fixed := []string{"suite", "model", "case", "error", "tokens_in", "tokens_out", "duration_s", "cost_usd"}
	header := append([]string{"suite", "model", "case"}, tags...)
	for _, m := range metrics {
		if tagSet[m] || slices.Contains(fixed, m) {
			m = "metric_" + m
		}
		header = append(header, m)
	}
	header = append(header, "error", "tokens_in", "tokens_out", "duration_s", "cost_usd")
	cw := csv.NewWriter(w)
	if err := cw.Write(header); err != nil {
		return fmt.Errorf("csv: %w", err)
	}
	row := make([]string, 0, len(header))
	for _, r := range rs {
		row = append(row[:0], r.Suite, r.Model, r.Case)
		for _, t := range tags {
			row = append(row, r.Tags[t])
		}
		for _, m := range metrics {
			if v, ok := r.Metrics[m]; ok {
				row = append(row, strconv.FormatFloat(v, 'g', -1, 64))
			} else {
				row = append(row, "")
			}
		}
		row = append(row, r.Error, strconv.Itoa(r.Usage.InputTokens), strconv.Itoa(r.Usage.OutputTokens),
			strconv.FormatFloat(r.Duration, 'g', -1, 64), "")
		if v, ok := CaseCost(r, prices); ok {
			row[len(row)-1] = strconv.FormatFloat(v, 'f', -1, 64)
		}
		if err := cw.Write(row); err != nil {
			return fmt.Errorf("csv: %w", err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("csv: %w", err)
	}
	return nil
}

func sortedKeys(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
