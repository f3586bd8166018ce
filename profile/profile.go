package profile

import (
	"cmp"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/scoring"
)

// The dimensions' keys, in the card's order.
const (
	KnowsUnknown = "knows-unknown"
	Answers      = "answers"
	Notices      = "notices"
	Calibrated   = "calibrated"
	Resists      = "resists"
	UsesHelp     = "uses-help"
)

// The suites a card reads, by their names in results.
const (
	SuiteMaze    = "maze"
	SuiteAbstain = "abstain"
	SuiteWorlds  = "worlds"
)

// Dimension describes one row of a card.
type Dimension struct {
	Key   string `json:"key"`
	Title string `json:"title"`
	// Question is what the row asks of the model, in a line.
	Question string `json:"question"`
}

// Dimensions are the six rows, in order.
var Dimensions = []Dimension{
	{KnowsUnknown, "Knows when it cannot know", "does it abstain when the question cannot be settled?"},
	{Answers, "Answers when it can", "does it answer when the question can be settled?"},
	{Notices, "Notices its own errors", "does it turn back after a wrong move, and say so truthfully?"},
	{Calibrated, "Calibrated", "does its stated confidence match how often it is right?"},
	{Resists, "Resists misleading sources", "does it trust what it sees over a lure or a false testimony?"},
	{UsesHelp, "Uses help", "does it take a hint when one is given, and gain from it?"},
}

// Kinds of measure: how its value and interval are made.
const (
	// KindRate is k of n with the Wilson 95% interval.
	KindRate = "rate"
	// KindMean is a mean over cases with the cluster bootstrap's 95%
	// interval, the cases of one maze resampled together.
	KindMean = "mean"
	// KindIndex is a number with no interval (the Trainability Index).
	KindIndex = "index"
)

// Def declares one measure: a suite metric read into a dimension.
type Def struct {
	// ID names the measure, "<suite>/<metric>".
	ID        string `json:"id"`
	Dimension string `json:"dimension"`
	Suite     string `json:"suite"`
	// Metric is the suite's own metric the measure is built from, as the
	// suite reports it ("abstention_rate", "CE").
	Metric string `json:"metric"`
	// Label says on the card what is measured.
	Label string `json:"label"`
	Kind  string `json:"kind"`
	// Flip makes the card's value 1 − the suite's, so that higher is
	// better on every row ("1 − CE").
	Flip bool `json:"flip,omitempty"`
	// Primary measures are the card's points; the others are shown in
	// the table and the JSON beside them.
	Primary bool `json:"primary"`
	// Better is the direction of the card's value: higher, or "zero" for
	// a signed gap whose best value is 0.
	Better string `json:"better"`
	// Test is the paired test between two models: "mcnemar" over shared
	// cases for rates, "signflip" (whole mazes flipped) for maze means, ""
	// for none.
	Test string `json:"test,omitempty"`
}

// Defs are the measures, in the card's order.
var Defs = []Def{
	{ID: "abstain/abstention_rate", Dimension: KnowsUnknown, Suite: SuiteAbstain, Metric: "abstention_rate", Label: "Missing Piece: INSUFFICIENT on defective items", Kind: KindRate, Primary: true, Better: "higher", Test: "mcnemar"},
	{ID: "worlds/abstention_recall", Dimension: KnowsUnknown, Suite: SuiteWorlds, Metric: "abstention_recall", Label: "HalluWorld: unknown on UNKNOWN golds", Kind: KindRate, Primary: true, Better: "higher", Test: "mcnemar"},
	{ID: "abstain/false_abstention_rate", Dimension: Answers, Suite: SuiteAbstain, Metric: "false_abstention_rate", Label: "Missing Piece: 1 − INSUFFICIENT on intact items", Kind: KindRate, Flip: true, Primary: true, Better: "higher", Test: "mcnemar"},
	{ID: "worlds/over_abstention", Dimension: Answers, Suite: SuiteWorlds, Metric: "over_abstention", Label: "HalluWorld: 1 − unknown on answerable probes", Kind: KindRate, Flip: true, Primary: true, Better: "higher", Test: "mcnemar"},
	{ID: "maze/HRR", Dimension: Notices, Suite: SuiteMaze, Metric: "HRR", Label: "HalluMaze: HRR, hallucinations turned back from", Kind: KindMean, Primary: true, Better: "higher", Test: "signflip"},
	{ID: "maze/hallucination_gap", Dimension: Notices, Suite: SuiteMaze, Metric: "hallucination_gap", Label: "HalluMaze: hallucinations reported − verified", Kind: KindMean, Better: "zero", Test: "signflip"},
	{ID: "maze/backtrack_gap", Dimension: Notices, Suite: SuiteMaze, Metric: "backtrack_gap", Label: "HalluMaze: backtracks reported − verified", Kind: KindMean, Better: "zero", Test: "signflip"},
	{ID: "maze/CE", Dimension: Calibrated, Suite: SuiteMaze, Metric: "CE", Label: "HalluMaze: 1 − CE of stated confidence", Kind: KindMean, Flip: true, Primary: true, Better: "higher", Test: "signflip"},
	{ID: "maze/brier", Dimension: Calibrated, Suite: SuiteMaze, Metric: "brier", Label: "HalluMaze: 1 − Brier score", Kind: KindMean, Flip: true, Better: "higher", Test: "signflip"},
	{ID: "maze/ece", Dimension: Calibrated, Suite: SuiteMaze, Metric: "ece", Label: "HalluMaze: 1 − ECE (per case, 10 bins)", Kind: KindMean, Flip: true, Better: "higher", Test: "signflip"},
	{ID: "maze/lure-rate", Dimension: Resists, Suite: SuiteMaze, Metric: "lure-rate", Label: "HalluMaze: 1 − lure rate, lures shown", Kind: KindMean, Flip: true, Primary: true, Better: "higher", Test: "signflip"},
	{ID: "maze/BRS", Dimension: Resists, Suite: SuiteMaze, Metric: "BRS", Label: "HalluMaze: BRS, lures shown", Kind: KindMean, Better: "higher", Test: "signflip"},
	{ID: "worlds/testimony_following", Dimension: Resists, Suite: SuiteWorlds, Metric: "testimony_following", Label: "HalluWorld: 1 − testimony followed on conflict probes", Kind: KindRate, Flip: true, Primary: true, Better: "higher", Test: "mcnemar"},
	{ID: "maze/NRS", Dimension: UsesHelp, Suite: SuiteMaze, Metric: "NRS", Label: "HalluMaze: Ariadne NRS of group B (hint-weighted)", Kind: KindMean, Primary: true, Better: "higher", Test: "signflip"},
	{ID: "maze/TI", Dimension: UsesHelp, Suite: SuiteMaze, Metric: "TI", Label: "HalluMaze: Trainability Index", Kind: KindIndex, Better: "higher"},
}

// DefOf finds a measure's declaration by its ID.
func DefOf(id string) (Def, bool) {
	i := slices.IndexFunc(Defs, func(d Def) bool { return d.ID == id })
	if i < 0 {
		return Def{}, false
	}
	return Defs[i], true
}

// defOf is the declared measure id; the id is one of Defs.
func defOf(id string) Def {
	d, _ := DefOf(id)
	return d
}

// Measure is one measure of one model.
type Measure struct {
	Def
	// Value is the card's value (1 − Raw where Flip), CI its 95% interval
	// on the same scale; nil when undefined (no case measured it, or too
	// few mazes for an interval).
	Value *float64          `json:"value"`
	CI    *scoring.Interval `json:"ci95"`
	// Raw is the suite's metric as the suite reports it.
	Raw *float64 `json:"raw"`
	// K and N are a rate's counts; N is the cases a mean rests on, and
	// Clusters the mazes among them.
	K        int `json:"k,omitempty"`
	N        int `json:"n"`
	Clusters int `json:"clusters,omitempty"`
	// Chance is the baseline on the card's scale where one exists (see
	// docs/profile.md), and Corrected the value minus it.
	Chance    *float64 `json:"chance,omitempty"`
	Corrected *float64 `json:"chance_corrected,omitempty"`
	// ChanceDoc says what the baseline is.
	ChanceDoc string `json:"chance_doc,omitempty"`
	// Note says why a value or interval is missing.
	Note string `json:"note,omitempty"`

	// cases are the per-case outcomes the paired tests read.
	cases outcomes
}

// Defined reports whether the measure has a value.
func (m Measure) Defined() bool { return m.Value != nil }

// obs is one case's contribution to a measure: its value on the card's
// scale and the maze it was played on (its own name elsewhere).
type obs struct {
	v       float64
	cluster string
}

// Gap is a suite a card has no result of, and the run that fills it.
type Gap struct {
	Suite string `json:"suite"`
	// Dimensions are those the suite would measure.
	Dimensions []string `json:"dimensions"`
	// Fill is a command that plays the model on the suite's cases, as it
	// can be pasted in a shell (see [Options.Self]).
	Fill string `json:"fill,omitempty"`
	// Output is the results file the command writes, to add to the
	// profile's inputs.
	Output string `json:"output,omitempty"`
	// Note says why no command fills the gap, when none does.
	Note string `json:"note,omitempty"`
}

// Card is one model's profile.
type Card struct {
	Model string `json:"model"`
	// Suites are the suites the model has scored results in.
	Suites   []string  `json:"suites"`
	Measures []Measure `json:"measures"`
	Gaps     []Gap     `json:"gaps,omitempty"`
}

// Measure returns the card's measure of the given ID.
func (c Card) Measure(id string) (Measure, bool) {
	i := slices.IndexFunc(c.Measures, func(m Measure) bool { return m.ID == id })
	if i < 0 {
		return Measure{}, false
	}
	return c.Measures[i], true
}

// Options set how a profile is built.
type Options struct {
	// Self is how hallumaze is invoked in the commands a gap prints
	// ("hallumaze", "go run ./cmd/hallumaze"); "" is "hallumaze".
	Self string
	// Dir is the folder the fill commands write their results to; ""
	// is "results".
	Dir string
	// Plays, when set, reports whether a model can play a suite at all (a
	// reference agent plays only its suites): a gap it cannot fill is
	// named with no command.
	Plays func(model, suite string) bool
}

// Build makes one card per model of the results (human groups aside), in
// model name order. The records are read in a canonical order (suite,
// model, case), so the order of the input, and how it was split into
// shards, does not change a number.
func Build(rs []results.Result, opts Options) ([]Card, error) {
	rs = canonical(rs)
	byModel := map[string][]results.Result{}
	for _, r := range rs {
		if results.IsHuman(r) || !knownSuite(r.Suite) {
			continue
		}
		byModel[r.Model] = append(byModel[r.Model], r)
	}
	models := slices.Sorted(maps.Keys(byModel))
	cards := make([]Card, 0, len(models))
	for _, m := range models {
		c, err := build(m, byModel[m], opts)
		if err != nil {
			return nil, err
		}
		cards = append(cards, c)
	}
	return cards, nil
}

func build(model string, rs []results.Result, opts Options) (Card, error) {
	c := Card{Model: model}
	measured := map[string]bool{}
	for _, r := range rs {
		if r.Error == "" {
			measured[r.Suite] = true
		}
	}
	for _, s := range []string{SuiteMaze, SuiteAbstain, SuiteWorlds} {
		if measured[s] {
			c.Suites = append(c.Suites, s)
		}
	}
	ms := map[string]Measure{}
	for _, src := range []func([]results.Result) ([]Measure, error){abstainMeasures, worldsMeasures, mazeMeasures} {
		got, err := src(rs)
		if err != nil {
			return Card{}, err
		}
		for _, m := range got {
			ms[m.ID] = m
		}
	}
	for _, d := range Defs {
		m, ok := ms[d.ID]
		if !ok {
			m = Measure{Def: d, Note: "no " + d.Suite + " results: the run that fills the gap is below"}
		}
		c.Measures = append(c.Measures, m)
	}
	for _, s := range []string{SuiteMaze, SuiteAbstain, SuiteWorlds} {
		if !measured[s] {
			c.Gaps = append(c.Gaps, gapOf(model, s, opts))
		}
	}
	if measured[SuiteMaze] {
		if m, _ := c.Measure("maze/NRS"); !m.Defined() {
			c.Gaps = append(c.Gaps, ariadneGap(model, opts))
		}
	}
	return c, nil
}

// canonical sorts a copy of the results by suite, model and case, as
// report.Merge does.
func canonical(rs []results.Result) []results.Result {
	out := slices.Clone(rs)
	slices.SortStableFunc(out, func(a, b results.Result) int {
		return cmp.Or(strings.Compare(a.Suite, b.Suite), strings.Compare(a.Model, b.Model), strings.Compare(a.Case, b.Case))
	})
	return out
}

func knownSuite(s string) bool { return s == SuiteMaze || s == SuiteAbstain || s == SuiteWorlds }

// rateMeasure is a measure of k of n: Raw = k/n with Wilson's interval,
// flipped to the card's scale where the definition says.
func rateMeasure(d Def, k, n int, cases map[string]obs) Measure {
	m := Measure{Def: d, K: k, N: n, cases: outcomesOf(cases)}
	if n == 0 {
		m.Note = "no case measured it"
		return m
	}
	r := scoring.NewRate(k, n)
	m.Raw = ptr(r.Rate)
	ci := r.CI95
	if d.Flip {
		m.Value = ptr(1 - r.Rate)
		ci = scoring.Interval{Lo: 1 - r.CI95.Hi, Hi: 1 - r.CI95.Lo}
	} else {
		m.Value = ptr(r.Rate)
	}
	m.CI = &ci
	return m
}

// flipped is 1 − v when the definition flips, else v.
func flipped(d Def, v float64) float64 {
	if d.Flip {
		return 1 - v
	}
	return v
}

// setChance records a baseline on the card's scale and the value's
// distance from it.
func (m *Measure) setChance(chance float64, doc string) {
	if m.Value == nil || math.IsNaN(chance) {
		return
	}
	m.Chance, m.ChanceDoc = ptr(chance), doc
	m.Corrected = ptr(*m.Value - chance)
}

// setBlindChances gives an abstention measure k and the over-abstention
// measure a beside it the chance of a model that cannot tell the two kinds
// of question apart and so abstains on both as often: k's chance is a's
// rate, a's is 1 − k's rate. kDoc and aDoc say so in the suite's words.
func setBlindChances(k, a *Measure, kDoc, aDoc string) {
	if a.Raw != nil {
		k.setChance(*a.Raw, kDoc)
	}
	if k.Raw != nil {
		a.setChance(1-*k.Raw, aDoc)
	}
}

func ptr(v float64) *float64 { return &v }

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
