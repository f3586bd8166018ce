package results

import (
	"fmt"
	"strings"
)

// Better says which way a metric improves.
type Better string

// The two directions.
const (
	Higher Better = "higher"
	Lower  Better = "lower"
)

// Metric declares one metric a suite's cases report. Everything that
// ranks, gates or prints a metric reads its declaration, and an undeclared
// metric is an error, never assumed to be better higher. Several suites may
// report a metric of one name ("right", "abstained"), each declaring it
// with its own Doc; the suite list is refereed so that their declarations
// agree on Unit, Better and Exact (suites.Check), and [Metrics.Lookup] may
// take any of them.
type Metric struct {
	// Name is the key in Result.Metrics ("MEI", "right").
	Name string
	// Unit is the benchmark unit it is reported in ("HC/case" for a count
	// per case); "" means Name.
	Unit string
	// Better is the direction of improvement.
	Better Better
	// Exact reports that replaying a recorded case gives the same value
	// every time (every score of a transcript); a timing is not exact.
	Exact bool
	// Doc says what it measures, in one line.
	Doc string
}

// BenchUnit is the unit the metric is reported in.
func (m Metric) BenchUnit() string {
	if m.Unit != "" {
		return m.Unit
	}
	return m.Name
}

// UnitLine is the benchfmt unit line that tells benchstat which way the
// metric improves and whether its values are exact.
func (m Metric) UnitLine() string {
	line := fmt.Sprintf("Unit %s better=%s", m.BenchUnit(), m.Better)
	if m.Exact {
		line += " assume=exact"
	}
	return line
}

// LenientSuffix ends the name of a metric computed under a suite's lenient
// reading of the replies, beside the strict one: "SR-lenient" is SR when
// moves stated in prose are read too. hallumaze gate --tier lenient
// compares these.
const LenientSuffix = "-lenient"

// TokensPerCase is the harness's own benchmark metric: the tokens a case
// costs, in and out.
var TokensPerCase = Metric{Name: "tokens/case", Better: Lower, Exact: true, Doc: "tokens in and out per case"}

// Metrics is a set of declarations.
type Metrics []Metric

// Lookup finds a metric by name or by benchmark unit.
func (ms Metrics) Lookup(name string) (Metric, bool) {
	for _, m := range ms {
		if m.Name == name || m.BenchUnit() == name {
			return m, true
		}
	}
	return Metric{}, false
}

// Check reports an error naming every metric of rs that is not declared.
func (ms Metrics) Check(names ...string) error {
	var missing []string
	for _, n := range names {
		if _, ok := ms.Lookup(n); !ok {
			missing = append(missing, n)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("undeclared metric(s): %s", strings.Join(missing, ", "))
	}
	return nil
}

// UnitLines are the unit lines of the named metrics, and of tokens/case,
// one a line, in the order given.
func (ms Metrics) UnitLines(names ...string) (string, error) {
	var b strings.Builder
	for _, n := range names {
		m, ok := ms.Lookup(n)
		if !ok {
			return "", fmt.Errorf("undeclared metric %q", n)
		}
		b.WriteString(m.UnitLine() + "\n")
	}
	b.WriteString(TokensPerCase.UnitLine() + "\n")
	return b.String(), nil
}
