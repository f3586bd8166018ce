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
	var cols Columns
	for _, r := range rs {
		cols.Add(r)
	}
	return WriteCSVFrom(w, cols, Results(rs), prices)
}

// Columns are the tags and metrics some result has: the CSV's columns,
// gathered as results are read.
type Columns struct {
	tags, metrics map[string]bool
}

// Add notes the tags and metrics of a result.
func (c *Columns) Add(r results.Result) {
	if c.tags == nil {
		c.tags, c.metrics = map[string]bool{}, map[string]bool{}
	}
	for k := range r.Tags {
		if !c.tags[k] {
			c.tags[k] = true
		}
	}
	for k := range r.Metrics {
		if !c.metrics[k] {
			c.metrics[k] = true
		}
	}
}

// WriteCSVFrom writes [WriteCSVPrices]'s rows of the results of src, read
// one at a time, with the columns gathered over the same results.
func WriteCSVFrom(w io.Writer, cols Columns, src Source, prices pricing.Table) error {
	if prices == nil {
		prices = pricing.Default()
	}
	tagSet, metricSet := cols.tags, cols.metrics
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
	for i := range src.Len() {
		r, err := src.At(i)
		if err != nil {
			return fmt.Errorf("csv: %w", err)
		}
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
