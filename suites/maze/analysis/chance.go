package analysis

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/scoring"
)

// Chance is one model's chance-corrected MEI and Score: the seed's numbers
// kept as they are, chance's numbers on the same mazes and protocols, and
// the corrected ones, x′ = (x − x_random)/(x_max − x_random), taken case
// by case (each case against its own maze's baseline) and then averaged.
type Chance struct {
	Model string `json:"model"`
	Cases int    `json:"cases"`
	// MEI and Score are the model's means (the seed's, unchanged).
	MEI   float64 `json:"mei"`
	Score float64 `json:"score"`
	// MEIChance and ScoreChance are the random walker's means over the
	// same cases' mazes and protocols.
	MEIChance   float64 `json:"mei_chance"`
	ScoreChance float64 `json:"score_chance"`
	// MEICorrected and ScoreCorrected are the means of the per-case
	// corrected values; SEMEICorrected and SEScoreCorrected the standard
	// error they inherit from the simulated baselines, to first order (the
	// model's own sampling error is not in it: see Estimates for that).
	MEICorrected     float64 `json:"mei_corrected"`
	ScoreCorrected   float64 `json:"score_corrected"`
	SEMEICorrected   float64 `json:"se_mei_corrected"`
	SEScoreCorrected float64 `json:"se_score_corrected"`
	// Skipped counts the cases left out: a maze that could not be
	// regenerated, or a baseline with no room above chance.
	Skipped int `json:"skipped,omitempty"`
}

// ChanceCorrected gives every model's chance-corrected MEI and Score over
// its scored cases, in model order; a model none of whose cases could be
// corrected has no row. Each case's maze is regenerated from
// its tags and its baseline taken from the cache (simulated on first use,
// with the cache's walker, walks and seed) under the case's protocol and
// confidence framing; x_max is the flawless walk's score (MEI 0.9; Score
// 0.95, or 0.8 without confidences).
func ChanceCorrected(cs []*Case, cache *mazes.BaselineCache) []Chance {
	// seTerm gathers, per baseline, the sum over a model's cases of the
	// corrected values' sensitivities to that baseline's error, and its SE.
	type seTerm struct {
		gMEI, gScore   []float64
		seMEI, seScore float64
	}
	type acc struct {
		c                  Chance
		mei, score, mc, sc []float64
		cm, cs             []float64
		terms              map[string]*seTerm
	}
	by := map[string]*acc{}
	pool := NewPool()
	for _, r := range scored(cs) {
		a := entry(by, r.Model, func() *acc { return &acc{c: Chance{Model: r.Model}, terms: map[string]*seTerm{}} })
		mei, ok1 := r.Lookup("MEI")
		score, ok2 := r.Lookup("score")
		m, err := pool.MazeOf(r)
		if !ok1 || !ok2 || err != nil {
			a.c.Skipped++
			continue
		}
		b := cache.Get(m, r.Framing())
		cm, ok1 := scoring.ChanceCorrected(mei, b.MEI, b.MaxMEI)
		cs, ok2 := scoring.ChanceCorrected(score, b.Score, b.MaxScore)
		if !ok1 || !ok2 {
			a.c.Skipped++
			continue
		}
		a.mei, a.score = append(a.mei, mei), append(a.score, score)
		a.mc, a.sc = append(a.mc, b.MEI), append(a.sc, b.Score)
		a.cm, a.cs = append(a.cm, cm), append(a.cs, cs)
		opt := r.Framing()
		k := fmt.Sprintf("%s/%s/%v", r.MazeKey(), opt.Protocol, opt.Confidence)
		t := entry(a.terms, k, func() *seTerm { return &seTerm{seMEI: b.SEMEI, seScore: b.SEScore} })
		// SE(x′) = |∂x′/∂x_random|·se; the derivative is |x − x_max|/(x_max − x_random)².
		t.gMEI = append(t.gMEI, scoring.ChanceCorrectedSE(mei, b.MEI, b.MaxMEI, 1))
		t.gScore = append(t.gScore, scoring.ChanceCorrectedSE(score, b.Score, b.MaxScore, 1))
	}
	var out []Chance
	for _, model := range slices.Sorted(maps.Keys(by)) {
		a := by[model]
		c := a.c
		c.Cases = len(a.mei)
		if c.Cases == 0 {
			continue
		}
		n := float64(c.Cases)
		c.MEI, c.Score = scoring.Mean(a.mei), scoring.Mean(a.score)
		c.MEIChance, c.ScoreChance = scoring.Mean(a.mc), scoring.Mean(a.sc)
		c.MEICorrected, c.ScoreCorrected = scoring.Mean(a.cm), scoring.Mean(a.cs)
		// Different baselines are simulated independently; one baseline's
		// error moves all the cases that share it the same way. Every sum
		// is correctly rounded (scoring.Sum): the same cases give the same
		// figures in whatever order they came.
		vm := make([]float64, 0, len(a.terms))
		vs := make([]float64, 0, len(a.terms))
		for _, t := range a.terms {
			gm, gs := scoring.Sum(t.gMEI)*t.seMEI, scoring.Sum(t.gScore)*t.seScore
			vm, vs = append(vm, gm*gm), append(vs, gs*gs)
		}
		c.SEMEICorrected, c.SEScoreCorrected = math.Sqrt(scoring.Sum(vm))/n, math.Sqrt(scoring.Sum(vs))/n
		out = append(out, c)
	}
	return out
}

// BaselineRow is the random baseline of one maze size: the means over its
// mazes of each maze's baseline.
type BaselineRow struct {
	Walker   mazes.Walker   `json:"walker"`
	Size     int            `json:"size"`
	Protocol mazes.Protocol `json:"protocol"`
	Mazes    int            `json:"mazes"`
	MEI      float64        `json:"mei"`
	SEMEI    float64        `json:"se_mei"`
	Score    float64        `json:"score"`
	SEScore  float64        `json:"se_score"`
	SR       float64        `json:"sr"`
	HC       float64        `json:"hc"`
	Steps    float64        `json:"steps"`
	MaxMEI   float64        `json:"max_mei"`
	MaxScore float64        `json:"max_score"`
}

// BaselineTable simulates the baseline of each size and seed (algorithm
// alg) under each protocol, with opt's other framing, and averages each
// size's mazes: the standard errors combine the mazes' own (the spread
// between mazes of a size is not in them).
func BaselineTable(sizes []int, seeds []uint64, alg mazes.Algorithm, opt mazes.PromptOptions, protocols []mazes.Protocol, cfg mazes.BaselineConfig) ([]BaselineRow, error) {
	var rows []BaselineRow
	for _, p := range protocols {
		opt.Protocol = p
		for _, n := range sizes {
			row := BaselineRow{Size: n, Protocol: p, Mazes: len(seeds), Walker: cfg.Walker}
			if row.Walker == "" {
				row.Walker = mazes.Uniform
			}
			var vm, vs float64
			for _, s := range seeds {
				m, err := mazes.Generate(n, s, alg)
				if err != nil {
					return nil, fmt.Errorf("baseline table: %w", err)
				}
				b := mazes.SimulateBaseline(m, opt, cfg)
				row.MEI += b.MEI
				row.Score += b.Score
				row.SR += b.SR
				row.HC += b.HC
				row.Steps += b.Steps
				row.MaxMEI += b.MaxMEI
				row.MaxScore += b.MaxScore
				vm += b.SEMEI * b.SEMEI
				vs += b.SEScore * b.SEScore
			}
			k := float64(len(seeds))
			row.MEI, row.Score, row.SR, row.HC, row.Steps = row.MEI/k, row.Score/k, row.SR/k, row.HC/k, row.Steps/k
			row.MaxMEI, row.MaxScore = row.MaxMEI/k, row.MaxScore/k
			row.SEMEI, row.SEScore = math.Sqrt(vm)/k, math.Sqrt(vs)/k
			rows = append(rows, row)
		}
	}
	return rows, nil
}

// BaselineMarkdown formats baseline rows as a Markdown table.
func BaselineMarkdown(rows []BaselineRow) string {
	var b strings.Builder
	b.WriteString("| walker | protocol | size | mazes | MEI (chance) | Score (chance) | SR | HC | steps | MEI max | Score max |\n")
	b.WriteString("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %.3f ± %.3f | %.3f ± %.3f | %.3f | %.1f | %.1f | %.2f | %.2f |\n",
			r.Walker, r.Protocol, r.Size, r.Mazes, r.MEI, r.SEMEI, r.Score, r.SEScore, r.SR, r.HC, r.Steps, r.MaxMEI, r.MaxScore)
	}
	return b.String()
}
