package bench

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/modelname"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/scoring"
)

// The Effort experiment asks whether thinking harder makes a model
// hallucinate less: it plays a suite's cases with one model at two or more
// effort levels (an effort, or a thinking budget) and compares the levels
// case by case. A model's levels are its names that differ only in effort
// and thinking ("anthropic/claude-sonnet-4@thinking=1024" and
// "anthropic/claude-sonnet-4@thinking=16000"); the name with neither is the
// "default" level. Each higher level is compared with the lowest, per
// category of the suite and per metric, with a paired test: exact McNemar
// for 0/1 metrics, the paired cluster sign-flip test (with its bootstrap
// interval) for graded ones.

// EffortStudy is how a suite's Effort experiment reads its results.
type EffortStudy struct {
	// Category is the category a result is reported under ("" leaves it
	// out).
	Category func(r results.Result) string
	// Metrics are compared between levels.
	Metrics []EffortMetric
	// Cluster names the cluster of a result for the sign-flip test (the
	// maze of a maze case); nil makes every case its own.
	Cluster func(r results.Result) string
}

// EffortMetric is one metric the study compares, and how.
type EffortMetric struct {
	Name   string
	Better results.Better
	// Test is TestMcNemar (a 0/1 metric) or TestSignFlip (a graded one).
	Test string
	// In, when set, keeps the metric to the categories it accepts.
	In func(category string) bool
}

// The paired tests of an EffortMetric.
const (
	TestMcNemar  = "mcnemar"
	TestSignFlip = "signflip"
)

// EffortAlpha is the level at which an effect of effort is called
// significant.
const EffortAlpha = 0.05

// EffortEffect is what raising one model's effort from one level to another
// did to one metric of one category.
type EffortEffect struct {
	// Model is the model without its effort and thinking settings.
	Model string `json:"model"`
	// From and To are the levels compared: "default", "effort=low",
	// "thinking=16000", …
	From     string         `json:"from"`
	To       string         `json:"to"`
	Category string         `json:"category"`
	Metric   string         `json:"metric"`
	Better   results.Better `json:"better"`
	Test     string         `json:"test"`
	// N is the number of cases both levels played without error.
	N        int     `json:"n"`
	MeanFrom float64 `json:"mean_from"`
	MeanTo   float64 `json:"mean_to"`
	// Delta is MeanTo − MeanFrom.
	Delta float64 `json:"delta"`
	P     float64 `json:"p"`
	// CI is the 95% interval of Delta (sign-flip test only; NaN ends when
	// there are too few clusters).
	CI scoring.Interval `json:"ci95"`
	// Gained and Lost count, for McNemar, the cases the higher level got
	// right that the lower did not (in the metric's better direction), and
	// the reverse.
	Gained int `json:"gained,omitempty"`
	Lost   int `json:"lost,omitempty"`
}

// Verdict says in words what the higher level did: "better", "worse" or
// "no significant change" at EffortAlpha.
func (e EffortEffect) Verdict() string {
	if !(e.P < EffortAlpha) || e.Delta == 0 {
		return "no significant change"
	}
	if (e.Delta > 0) == (e.Better == results.Higher) {
		return "better"
	}
	return "worse"
}

// EffortLevel splits a model name into the model without its effort and
// thinking settings and the level they make ("default" when it has
// neither). A name that does not parse is its own model at the default
// level.
func EffortLevel(name string) (model, level string) {
	n, err := modelname.Parse(name)
	if err != nil {
		return name, "default"
	}
	lv := modelname.Settings{Effort: n.Settings.Effort, Thinking: n.Settings.Thinking}
	n.Settings.Effort, n.Settings.Thinking = "", ""
	if lv.IsZero() {
		return n.String(), "default"
	}
	return n.String(), lv.String()
}

// compareLevels orders levels: the default first, then by effort, then by
// thinking (off, budgets by size, auto).
func compareLevels(a, b string) int {
	rank := func(level string) (int, int) {
		if level == "default" {
			return -1, -1
		}
		s, err := modelname.ParseSettings(level)
		if err != nil {
			return math.MaxInt, 0
		}
		th := -1
		switch t := s.Thinking; t {
		case "":
		case modelname.ThinkingOff:
			th = 0
		case modelname.ThinkingAuto:
			th = math.MaxInt
		default:
			th, _ = t.Tokens()
		}
		return modelname.EffortRank(s.Effort), th
	}
	ae, at := rank(a)
	be, bt := rank(b)
	return cmp.Or(cmp.Compare(ae, be), cmp.Compare(at, bt), strings.Compare(a, b))
}

// EffortModels picks the models of an Effort experiment from the names
// recorded for a suite: those of a model recorded at two or more levels,
// after the agents given (reference agents at their levels).
func EffortModels(recorded []string, agents ...string) []string {
	levels := map[string][]string{}
	for _, name := range recorded {
		model, _ := EffortLevel(name)
		levels[model] = append(levels[model], name)
	}
	out := slices.Clone(agents)
	for _, model := range slices.Sorted(maps.Keys(levels)) {
		if names := levels[model]; len(names) >= 2 {
			out = append(out, names...)
		}
	}
	return out
}

// EffortEffects compares each model's levels in rs: the lowest with each
// higher one, case by case (results paired by suite and case, those with an
// error left out), per category and metric of the study.
func EffortEffects(rs []results.Result, st EffortStudy) []EffortEffect {
	type key struct{ model, level string }
	byLevel := map[key]map[string]results.Result{}
	levels := map[string][]string{}
	for _, r := range rs {
		if r.Error != "" {
			continue
		}
		model, level := EffortLevel(r.Model)
		k := key{model, level}
		if byLevel[k] == nil {
			byLevel[k] = map[string]results.Result{}
			levels[model] = append(levels[model], level)
		}
		byLevel[k][r.Key()] = r
	}
	var out []EffortEffect
	for _, model := range slices.Sorted(maps.Keys(levels)) {
		lv := levels[model]
		slices.SortFunc(lv, compareLevels)
		low := byLevel[key{model, lv[0]}]
		for _, to := range lv[1:] {
			high := byLevel[key{model, to}]
			out = append(out, compareAt(model, lv[0], to, low, high, st)...)
		}
	}
	return out
}

// compareAt compares two levels of a model on every category and metric.
func compareAt(model, from, to string, low, high map[string]results.Result, st EffortStudy) []EffortEffect {
	type pair struct{ a, b results.Result }
	byCat := map[string][]pair{}
	for _, k := range slices.Sorted(maps.Keys(low)) {
		b, ok := high[k]
		if !ok {
			continue
		}
		a := low[k]
		if c := st.Category(a); c != "" {
			byCat[c] = append(byCat[c], pair{a, b})
		}
	}
	var out []EffortEffect
	for _, cat := range slices.Sorted(maps.Keys(byCat)) {
		for _, m := range st.Metrics {
			if m.In != nil && !m.In(cat) {
				continue
			}
			var xs, ys []float64 // the lower level, the higher
			var clusters []string
			for _, p := range byCat[cat] {
				x, ok1 := p.a.Metrics[m.Name]
				y, ok2 := p.b.Metrics[m.Name]
				if !ok1 || !ok2 {
					continue
				}
				xs, ys = append(xs, x), append(ys, y)
				c := p.a.Key()
				if st.Cluster != nil {
					c = st.Cluster(p.a)
				}
				clusters = append(clusters, c)
			}
			if len(xs) == 0 {
				continue
			}
			e := EffortEffect{Model: model, From: from, To: to, Category: cat, Metric: m.Name, Better: m.Better, Test: m.Test, N: len(xs),
				MeanFrom: scoring.Mean(xs), MeanTo: scoring.Mean(ys), CI: scoring.Interval{Lo: math.NaN(), Hi: math.NaN()}}
			e.Delta = e.MeanTo - e.MeanFrom
			switch m.Test {
			case TestMcNemar:
				for i := range xs {
					lowOK, highOK := xs[i] >= 0.5, ys[i] >= 0.5
					if m.Better == results.Lower {
						lowOK, highOK = !lowOK, !highOK
					}
					switch {
					case highOK && !lowOK:
						e.Gained++
					case lowOK && !highOK:
						e.Lost++
					}
				}
				e.P = scoring.McNemarExact(e.Gained, e.Lost)
			default:
				_, e.CI, e.P, _ = scoring.PairedClusterBootstrap(ys, xs, clusters, 2000, 1)
			}
			if math.IsNaN(e.P) {
				e.P = 1
			}
			out = append(out, e)
		}
	}
	return out
}

// EffortTable writes the effects as a table, a block per model and pair of
// levels, with a closing line per block that counts the categories where
// effort changed hallucination (the metrics that are better lower) and the
// score (better higher) significantly.
func EffortTable(title string, es []EffortEffect) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Effort: %s\n", title)
	if len(es) == 0 {
		b.WriteString("  no model played two effort levels\n")
		return b.String()
	}
	for i, e := range es {
		if i == 0 || es[i-1].Model != e.Model || es[i-1].To != e.To {
			fmt.Fprintf(&b, "%s: %s → %s\n", e.Model, e.From, e.To)
			fmt.Fprintf(&b, "  %-32s %-14s %4s %7s %7s %8s  %-26s %9s  %s\n", "category", "metric", "n", "from", "to", "Δ", "test", "p", "verdict")
		}
		test := "McNemar " + fmt.Sprintf("+%d/-%d", e.Gained, e.Lost)
		if e.Test != TestMcNemar {
			test = fmt.Sprintf("sign-flip [%.3f, %.3f]", e.CI.Lo, e.CI.Hi)
		}
		fmt.Fprintf(&b, "  %-32s %-14s %4d %7.3f %7.3f %+8.3f  %-26s %9.3g  %s\n", e.Category, e.Metric, e.N, e.MeanFrom, e.MeanTo, e.Delta, test, e.P, e.Verdict())
		if i == len(es)-1 || es[i+1].Model != e.Model || es[i+1].To != e.To {
			b.WriteString(effortSummary(blockOf(es, i)))
		}
	}
	return b.String()
}

// blockOf is the block of effects that ends at index i.
func blockOf(es []EffortEffect, i int) []EffortEffect {
	j := i
	for j > 0 && es[j-1].Model == es[i].Model && es[j-1].To == es[i].To {
		j--
	}
	return es[j : i+1]
}

// effortSummary is a block's closing line: per direction of metric, the
// categories where the higher level was significantly better and worse.
func effortSummary(es []EffortEffect) string {
	var lines []string
	for _, dir := range []results.Better{results.Lower, results.Higher} {
		cats, better, worse := map[string]bool{}, map[string]bool{}, map[string]bool{}
		for _, e := range es {
			if e.Better != dir {
				continue
			}
			cats[e.Category] = true
			switch e.Verdict() {
			case "better":
				better[e.Category] = true
			case "worse":
				worse[e.Category] = true
			}
		}
		if len(cats) == 0 {
			continue
		}
		what := "scores"
		if dir == results.Lower {
			what = "hallucination"
		}
		lines = append(lines, fmt.Sprintf("%s better in %d and worse in %d of %d categories", what, len(better), len(worse), len(cats)))
	}
	return fmt.Sprintf("  → %s (p < %g)\n", strings.Join(lines, "; "), EffortAlpha)
}

// EffortExperiment is a suite's Effort experiment: its cases, played by
// the reference agents named (at their levels: "agent/checker@effort=low")
// and by every model recorded for the suite at two or more levels; it logs
// the effects of effort as a table under the title, and holds the
// reference agents' effects to expect.
func EffortExperiment(title string, cases func() ([]Case, error), check func(testing.TB, results.Result), study EffortStudy, agents []string, expect EffortExpectation) Experiment {
	return Experiment{
		Name:   "Effort",
		Cases:  cases,
		Check:  check,
		Models: func(recorded []string) []string { return EffortModels(recorded, agents...) },
		Report: func(t *testing.T, rs []results.Result) {
			es := EffortEffects(rs, study)
			t.Log("\n" + EffortTable(title, es))
			CheckEffortAgents(t, es, expect)
		},
	}
}

// EffortExpectation gives the verdict a reference agent must show on a
// metric of a category when its effort is raised from one level to another
// of the agents' scale ("low", "medium", "high": see
// providers.Request.EffortLevel); false for an agent it does not know.
type EffortExpectation func(agent, from, to, category, metric string) (verdict string, ok bool)

// CheckEffortAgents fails t when a reference agent's effect, played
// in-process ("agent/checker@effort=low") or recorded over a wire protocol
// ("anthropic/checker@thinking=1024"), is not the one its policy makes: the
// machinery must find the effects the agents' policies make, and none where
// their policies do not change. It returns how many effects it checked.
func CheckEffortAgents(t *testing.T, es []EffortEffect, expect EffortExpectation) int {
	t.Helper()
	checked, wrong := EffortMismatches(es, expect)
	for _, w := range wrong {
		t.Error(w)
	}
	return checked
}

// EffortMismatches is CheckEffortAgents' comparison: how many effects it
// checked, and a line for each whose verdict is not the expected one.
func EffortMismatches(es []EffortEffect, expect EffortExpectation) (checked int, wrong []string) {
	for _, e := range es {
		n, err := modelname.Parse(e.Model)
		if err != nil {
			continue
		}
		want, ok := expect(n.ID, agentLevel(e.From), agentLevel(e.To), e.Category, e.Metric)
		if !ok {
			continue
		}
		checked++
		if got := e.Verdict(); got != want {
			wrong = append(wrong, fmt.Sprintf("effort: %s %s → %s, %s %s: %s (Δ = %+.3f, p = %.3g), want %s",
				e.Model, e.From, e.To, e.Category, e.Metric, got, e.Delta, e.P, want))
		}
	}
	return checked, wrong
}

// agentLevel is a level on the agents' scale.
func agentLevel(level string) string {
	s, err := modelname.ParseSettings(level)
	if level == "default" || err != nil {
		return ""
	}
	return providers.Request{Effort: s.Effort, Thinking: s.Thinking}.EffortLevel()
}
