package mazereport

import (
	"math"
	"runtime"
	"slices"
	"sync"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/mazes/walkers"
	"github.com/hallumaze/hallumaze/scoring"
	"github.com/hallumaze/hallumaze/suites/maze/analysis"
)

// ChanceWalks is how many draws of agent/random the chance baseline of a
// maze and protocol averages (docs/analyses.md), with up to
// chanceDrawsPerRun/ChanceWalks mazes; beyond, each maze gets
// chanceDrawsPerRun/mazes draws, but never fewer than minChanceWalks: a
// model's corrected mean averages over its mazes, so its error shrinks with
// their number as much as with the draws of each, and a run of a thousand
// mazes does not spend minutes on its baselines.
const (
	ChanceWalks       = 100
	minChanceWalks    = 20
	chanceDrawsPerRun = 10000
)

// chanceWalks is the draws a baseline takes in a run over n mazes and
// framings.
func chanceWalks(n int) int {
	if n <= 0 {
		return ChanceWalks
	}
	return max(minChanceWalks, min(ChanceWalks, (chanceDrawsPerRun+n-1)/n))
}

// Analyses are the seed's analyses beyond the leaderboard, in the report's
// text, JSON ("analyses") and page. The per-model ones read the headline
// condition's results (the first leaderboard), so that like is read with
// like; the ablations and H3 read every result, since they contrast
// conditions or compare with human groups.
type Analyses struct {
	// bilingual gives the readings in both languages (report.Options).
	bilingual bool
	// Condition names the headline condition the per-model analyses read.
	Condition string `json:"condition"`
	// ChanceWalks is the draws of agent/random each maze's baseline took.
	ChanceWalks int `json:"chance_walks"`
	// Chance are the chance-corrected MEI and Score: chance is agent/random
	// on the same mazes under the same protocol (walkers.RandomScores).
	Chance []analysis.Chance `json:"chance_corrected"`
	// Readings are each model's metrics read by the seed's tables, in
	// English and Korean; the Score and MEI bands apply to the
	// chance-corrected values.
	Readings []ModelReadings `json:"readings"`
	// Patterns are the confidence patterns A and B of §9.2.
	Patterns []analysis.PatternRow `json:"confidence_patterns"`
	// Signals count the metacognitive signals of the replies and, apart,
	// of the reasoning the providers returned (models with reasoning only).
	Signals []SignalRow `json:"reasoning_signals,omitempty"`
	// H3 compares each human group's errors with each model's (§9.4), as
	// the seed can: group means across maze sizes.
	H3 []analysis.H3 `json:"h3,omitempty"`
	// H3Points tests H3 per decision point, pooled over the mazes that
	// both the human group (its walks) and the model walked.
	H3Points []analysis.H3Points `json:"h3_points,omitempty"`
	// Ablations are the seed's ablation study (§14), with two models or more.
	Ablations []analysis.Ablation `json:"ablations,omitempty"`
}

// ModelReadings are one model's readings.
type ModelReadings struct {
	Model    string    `json:"model"`
	Readings []Reading `json:"readings"`
}

// Reading is one metric's value read by the seed's interpretation tables
// (scoring.Interpret).
type Reading struct {
	Metric string   `json:"metric"`
	Value  *float64 `json:"value"`
	// Seed is the seed's uncorrected value of a chance-corrected metric
	// (MEI for MEI′, Score for Score′), shown beside it; absent otherwise.
	Seed *float64 `json:"seed_value,omitempty"`
	Band string   `json:"band"`
	EN   string   `json:"en"`
	KO   string   `json:"ko"`
}

// SignalRow sums one model's signals over its cases.
type SignalRow struct {
	Model string `json:"model"`
	Cases int    `json:"cases"`
	// WithReasoning counts the cases whose provider returned reasoning.
	WithReasoning int              `json:"with_reasoning"`
	Reply         analysis.Signals `json:"reply"`
	Reasoning     analysis.Signals `json:"reasoning"`
}

// analyze computes the analyses of the maze results, the headline board
// given.
func analyze(rs []*analysis.Case, headline Board, cacheDir string) Analyses {
	base := inCondition(rs, headline.Condition)
	a := Analyses{Condition: headline.Name}
	jobs := baselineJobs(base)
	a.ChanceWalks = chanceWalks(len(jobs))
	cache := mazes.NewBaselineCache(mazes.BaselineConfig{Walker: "agent/random", Walks: a.ChanceWalks, Sample: walkers.RandomScores})
	if store := newChanceStore(cacheDir); store != nil {
		cache.WithStore(store)
	}
	prefill(cache, jobs)
	a.Chance = analysis.ChanceCorrected(base, cache)
	a.Patterns = analysis.ModelPatterns(base)
	a.Signals = reasoningSignals(base)
	a.Readings = readings(base, headline, a.Chance, ariadneSummary(rs))
	a.H3 = analysis.H3Compare(rs, "HC", bootstrapReps, bootstrapSeed)
	a.H3Points = analysis.H3PointsCompare(rs, bootstrapReps, bootstrapSeed)
	if models := modelsOf(rs); len(models) >= 2 {
		a.Ablations = analysis.Ablations(rs)
	}
	return a
}

// inCondition keeps the maze results of one condition, human groups
// included.
func inCondition(rs []*analysis.Case, c Condition) []*analysis.Case {
	var out []*analysis.Case
	for _, r := range rs {
		if conditionOf(r.Tag) == c {
			out = append(out, r)
		}
	}
	return out
}

func modelsOf(rs []*analysis.Case) []string {
	var out []string
	for _, r := range rs {
		if r.Scoreable() && !slices.Contains(out, r.Model) {
			out = append(out, r.Model)
		}
	}
	return out
}

// baselineJob is one maze and framing whose chance baseline a run needs:
// the maze of the case, regenerated when the baseline is simulated, so
// that the jobs of many mazes hold none.
type baselineJob struct {
	c   *analysis.Case
	opt mazes.PromptOptions
}

// baselineJobs lists the mazes and framings of the scored cases of rs,
// each once.
func baselineJobs(rs []*analysis.Case) []baselineJob {
	var jobs []baselineJob
	seen := map[string]bool{}
	for _, r := range rs {
		if !r.Scoreable() {
			continue
		}
		opt := r.Framing()
		k := r.MazeKey() + "/" + string(opt.Protocol) + "/" + boolText(opt.Confidence)
		if seen[k] {
			continue
		}
		seen[k] = true
		jobs = append(jobs, baselineJob{r, opt})
	}
	return jobs
}

// prefill simulates the baselines of the jobs on all cores, so that
// ChanceCorrected finds them cached.
func prefill(cache *mazes.BaselineCache, jobs []baselineJob) {
	ch := make(chan baselineJob)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), max(1, len(jobs))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pool := analysis.NewPool()
			for j := range ch {
				if m, err := pool.MazeOf(j.c); err == nil {
					cache.Get(m, j.opt)
				}
			}
		}()
	}
	for _, j := range jobs {
		ch <- j
	}
	close(ch)
	wg.Wait()
}

func boolText(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// readings reads each model of the headline board by the seed's tables:
// the chance-corrected Score and MEI, CE, BRS, the Trainability Index when
// the Ariadne groups were played, and the pattern of its signals.
func readings(rs []*analysis.Case, b Board, chance []analysis.Chance, ariadne []AriadneEffect) []ModelReadings {
	var out []ModelReadings
	for _, row := range b.Rows {
		if row.Human {
			continue
		}
		mr := ModelReadings{Model: row.Model}
		add := func(metric, table string, v float64, ok bool) {
			if !ok || math.IsNaN(v) {
				return
			}
			band, en, ko := scoring.Interpret(table, v)
			if band == "" {
				return
			}
			mr.Readings = append(mr.Readings, Reading{Metric: metric, Value: &v, Band: band, EN: en, KO: ko})
		}
		for _, c := range chance {
			if c.Model == row.Model {
				for _, x := range []struct {
					metric, table string
					v, seed       float64
				}{{"Score′", "score", c.ScoreCorrected, c.Score}, {"MEI′", "MEI", c.MEICorrected, c.MEI}} {
					n := len(mr.Readings)
					add(x.metric, x.table, x.v, true)
					if len(mr.Readings) > n {
						mr.Readings[n].Seed = &x.seed
					}
				}
			}
		}
		if row.CE.Defined() {
			add("CE", "CE", row.CE.Mean, true)
		} else if row.Cases > 0 {
			band, en, ko := scoring.Interpret("CE", math.NaN())
			mr.Readings = append(mr.Readings, Reading{Metric: "CE", Band: band, EN: en, KO: ko})
		}
		add("BRS", "BRS", row.BRS.Mean, row.BRS.Defined())
		for _, e := range ariadne {
			if e.Model == row.Model && e.TI != nil {
				add("TI", "TI", *e.TI, true)
			}
		}
		if hallucinated(rs, row.Model) {
			dead, back, loop, strat := signalsOf(rs, row.Model)
			band, en, ko := scoring.InterpretSignals(dead, back, loop, strat)
			mr.Readings = append(mr.Readings, Reading{Metric: "signals", Band: band, EN: en, KO: ko})
		} else if row.Cases > 0 {
			// The seed's signal patterns read how a walk met its
			// hallucinations; a walk without any has none to read.
			mr.Readings = append(mr.Readings, Reading{Metric: "signals", Band: "no_hallucination",
				EN: "no hallucination to recognise", KO: "인식할 환각 없음"})
		}
		out = append(out, mr)
	}
	return out
}

// hallucinated reports whether any scored case of the model made an
// invalid step.
func hallucinated(rs []*analysis.Case, model string) bool {
	for _, r := range rs {
		if r.Model == model && r.Failure() == "" && r.Metric("HC") > 0 {
			return true
		}
	}
	return false
}

// signalsOf reports which of the seed's signals any scored case of the
// model gave: a DEAD_END line, a backtrack, a LOOP line, a STRATEGY_CHANGE
// line.
func signalsOf(rs []*analysis.Case, model string) (dead, back, loop, strat bool) {
	for _, r := range rs {
		if r.Model != model || r.Failure() != "" || r.DetailErr() != nil {
			continue
		}
		s := r.Scored
		if s == nil {
			// a result without its score record (read from a results JSON
			// file): its metrics say backtracks and loops, not the rest
			back = back || r.Metric("BT") > 0
			loop = loop || r.Metric("LT") > 0
			continue
		}
		dead = dead || s.DeadEndLines > 0
		back = back || s.BT > 0
		loop = loop || s.LT > 0
		strat = strat || s.Strategies > 0
	}
	return dead, back, loop, strat
}

// reasoningSignals sums, per model, the signals of its replies and of the
// reasoning returned beside them; models none of whose cases came with
// reasoning are left out.
func reasoningSignals(rs []*analysis.Case) []SignalRow {
	by := map[string]*SignalRow{}
	var order []string
	for _, r := range rs {
		if !r.Scoreable() || r.Walk == nil {
			continue
		}
		reply, reasoning := r.Walk.Reply(), r.Walk.Reasoning()
		row := by[r.Model]
		if row == nil {
			row = &SignalRow{Model: r.Model}
			by[r.Model] = row
			order = append(order, r.Model)
		}
		row.Cases++
		if r.HasReasoning() {
			row.WithReasoning++
		}
		addSignals(&row.Reply, reply)
		addSignals(&row.Reasoning, reasoning)
	}
	slices.Sort(order)
	var out []SignalRow
	for _, m := range order {
		if by[m].WithReasoning > 0 {
			out = append(out, *by[m])
		}
	}
	return out
}

func addSignals(dst *analysis.Signals, s analysis.Signals) {
	add := func(d *analysis.SignalCounts, c analysis.SignalCounts) {
		d.DeadEnd += c.DeadEnd
		d.Backtrack += c.Backtrack
		d.Loop += c.Loop
		d.Strategy += c.Strategy
	}
	add(&dst.Contract, s.Contract)
	add(&dst.Prose, s.Prose)
}
