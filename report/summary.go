package report

import (
	"errors"
	"fmt"
	"slices"

	"github.com/hallumaze/hallumaze/pricing"
	"github.com/hallumaze/hallumaze/results"
)

// Accumulator makes a suite's section as the suite's results are read,
// one at a time, keeping of each only what the section needs: a report over
// any number of results holds a few hundred bytes of each, never the
// results themselves.
type Accumulator interface {
	// Add takes the next result of the suite, in the order of the outputs.
	// A result the suite cannot read (a corrupt detail) is an error naming
	// the case.
	Add(r results.Result) error
	// Section lays out what was added, with the options known once every
	// result was read (the language of the text, the prices).
	Section(opts Options) (Section, error)
}

// Streamer is a Summarizer that summarizes as it reads.
type Streamer interface {
	Summarizer
	// Accumulate starts the suite's section, with the options known before
	// any result is read (the reply budget, the cache folder).
	Accumulate(opts Options) Accumulator
}

// collected is the Accumulator of a Summarizer that does not stream: it
// keeps the suite's results and summarizes them at the end.
type collected struct {
	s  Summarizer
	rs []results.Result
}

func (c *collected) Add(r results.Result) error {
	c.rs = append(c.rs, r)
	return nil
}

func (c *collected) Section(opts Options) (Section, error) { return c.s.Summarize(c.rs, opts) }

// Summary gathers, as results are read one at a time, what the outputs
// make of them: each suite's section (a Streamer's as it reads; another's
// from its results, kept until the end), the cost of every model, the CSV's
// columns, the cases that could not be played, and the language the
// results were played in.
type Summary struct {
	sums    []Summarizer
	accs    []Accumulator
	bySuite map[string]int
	cost    costs
	cols    Columns
	fails   Failures
	results int
	// langs tracks koreanResults: whether every result naming its language
	// names Korean (korean) and whether any names one (named).
	korean, named bool
	// laidOut is set once Sections has let the accumulators go.
	laidOut bool
}

var errLaidOut = errors.New("report: the sections were laid out already")

// NewSummary starts the summary of the suites' results.
func NewSummary(sums []Summarizer, opts Options) *Summary {
	s := &Summary{sums: sums, bySuite: map[string]int{}, korean: true}
	for i, sum := range sums {
		if st, ok := sum.(Streamer); ok {
			s.accs = append(s.accs, st.Accumulate(opts))
		} else {
			s.accs = append(s.accs, &collected{s: sum})
		}
		s.bySuite[sum.Name()] = i
	}
	return s
}

// Add takes the next result, in the order of the outputs.
func (s *Summary) Add(r results.Result) error {
	if s.laidOut {
		return errLaidOut
	}
	s.results++
	s.cost.add(r)
	s.cols.Add(r)
	s.fails.add(r)
	if lang, ok := r.Tags["lang"]; ok {
		s.named = true
		s.korean = s.korean && lang == "ko"
	}
	i, ok := s.bySuite[r.Suite]
	if !ok {
		return nil
	}
	if err := s.accs[i].Add(r); err != nil {
		return fmt.Errorf("report: %s: %w", s.sums[i].Name(), err)
	}
	return nil
}

// Results counts the results added.
func (s *Summary) Results() int { return s.results }

// Korean reports results played in Korean: every result that names its
// language names Korean, and at least one does.
func (s *Summary) Korean() bool { return s.named && s.korean }

// Columns are the CSV's columns over the results added.
func (s *Summary) Columns() Columns { return s.cols }

// Failures are the cases that could not be played, by model.
func (s *Summary) Failures() Failures { return s.fails }

// Sections lays out each suite's section, in the order of the suites, and
// the Cost section last, as [Summarize] does. It is called once: each
// suite's accumulator is let go as soon as its section is laid out, so
// that what it kept of every case (the maze digests) is free for what
// the outputs do next (the profile's cards); the columns, the costs and
// the failures stay.
func (s *Summary) Sections(opts Options) ([]Section, error) {
	if s.laidOut {
		return nil, errLaidOut
	}
	s.laidOut = true
	out := make([]Section, 0, len(s.sums)+1)
	for i, sum := range s.sums {
		sec, err := s.accs[i].Section(opts)
		s.accs[i] = nil
		if err != nil {
			return nil, fmt.Errorf("report: %s: %w", sum.Name(), err)
		}
		if sec.Suite == "" {
			sec.Suite = sum.Name()
		}
		out = append(out, sec)
	}
	cost, err := costSection(s.cost.models(pricesOf(opts)), opts)
	if err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	return append(out, cost), nil
}

// Failures are the cases that could not be played (human groups aside),
// per model in the order first met, with the first error of each, and the
// count of those scored.
type Failures struct {
	Failed, Scored int
	Models         []ModelFailures
}

// ModelFailures are one model's failed cases: how many, and the first
// error.
type ModelFailures struct {
	Model string
	N     int
	First string
}

func (f *Failures) add(r results.Result) {
	if results.IsHuman(r) {
		return
	}
	if r.Error == "" {
		f.Scored++
		return
	}
	f.Failed++
	i := slices.IndexFunc(f.Models, func(m ModelFailures) bool { return m.Model == r.Model })
	if i < 0 {
		f.Models = append(f.Models, ModelFailures{Model: r.Model, First: r.Error})
		i = len(f.Models) - 1
	}
	f.Models[i].N++
}

// costs sums each model's tokens, over all and per suite, as results come.
type costs struct {
	by    map[string]*ModelCost
	names []string
}

func (c *costs) add(r results.Result) {
	if results.IsHuman(r) {
		return
	}
	if c.by == nil {
		c.by = map[string]*ModelCost{}
	}
	m := c.by[r.Model]
	if m == nil {
		m = &ModelCost{Model: r.Model}
		c.by[r.Model] = m
		c.names = append(c.names, r.Model)
	}
	t := tokensOf(r)
	m.Cases++
	m.Tokens = m.Tokens.Add(t)
	i := slices.IndexFunc(m.Suites, func(s SuiteCost) bool { return s.Suite == r.Suite })
	if i < 0 {
		m.Suites = append(m.Suites, SuiteCost{Suite: r.Suite})
		i = len(m.Suites) - 1
	}
	m.Suites[i].Cases++
	m.Suites[i].Tokens = m.Suites[i].Tokens.Add(t)
}

// models prices the sums at the table, the models in the order of their
// names.
func (c *costs) models(prices pricing.Table) []ModelCost {
	out := make([]ModelCost, 0, len(c.by))
	for _, name := range slices.Sorted(slices.Values(c.names)) {
		m := *c.by[name]
		m.Suites = slices.Clone(m.Suites)
		slices.SortFunc(m.Suites, func(a, b SuiteCost) int {
			switch {
			case a.Suite < b.Suite:
				return -1
			case a.Suite > b.Suite:
				return 1
			}
			return 0
		})
		if p, ok := prices.Lookup(m.Model); ok {
			m.Price = &p
			m.USD = usd(p.Cost(m.Tokens))
			for i := range m.Suites {
				m.Suites[i].USD = usd(p.Cost(m.Suites[i].Tokens))
			}
		}
		out = append(out, m)
	}
	return out
}

// Through is the Summarize of a suite whose section accumulates: the
// suite's results among rs are added one at a time to a fresh Accumulator,
// whose section it returns, so that the suite writes its section once.
func Through(suite string, accumulate func(Options) Accumulator) func([]results.Result, Options) (Section, error) {
	return func(rs []results.Result, opts Options) (Section, error) {
		acc := accumulate(opts)
		for _, r := range rs {
			if r.Suite != suite {
				continue
			}
			if err := acc.Add(r); err != nil {
				return Section{Suite: suite}, err
			}
		}
		return acc.Section(opts)
	}
}
