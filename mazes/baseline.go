package mazes

import (
	"encoding/json"
	"math"
)

// streamBaseline is the PCG stream of the random walker ("chance!!").
const streamBaseline = 0x6368616e63652121

// DefaultBaselineWalks is the number of walks a baseline takes when asked
// for fewer than one.
const DefaultBaselineWalks = 200

// Walker is the kind of walker a baseline simulates.
type Walker string

// The walkers. Uniform is chance as the κ-style correction means it: it
// knows nothing and says nothing. The others ask how much of a score comes
// from what a walker says (LoopReporting) or from reading the open
// directions without a plan (Open).
const (
	// Uniform picks N, E, S or W uniformly at every step, wall or not, and
	// writes only its STEP lines and FINAL_PATH.
	Uniform Walker = "uniform"
	// LoopReporting walks as Uniform and also writes "LOOP detected at
	// (r,c) — visited at step M" whenever it steps onto a cell of its own
	// trail, as the prompt asks: it says what it sees, and still knows
	// nothing of the maze.
	LoopReporting Walker = "uniform+loops"
	// Open picks uniformly among the open directions of its cell: it reads
	// the maze's rules but has no plan. It never crosses a wall.
	Open Walker = "open"
)

// Baseline is what chance scores on a maze: the mean MEI and Score of a
// walker that knows nothing, with their standard errors over its walks, and
// what a flawless walk scores under the same protocol. Chance-corrected
// scores rescale a model's score between the two (scoring.ChanceCorrected).
type Baseline struct {
	Walker   Walker   `json:"walker"`
	Protocol Protocol `json:"protocol"`
	Walks    int      `json:"walks"`
	// Budget is the most steps a walk takes: 4·N² unless set.
	Budget int `json:"budget"`
	// MEI and Score are the means over the walks; SEMEI and SEScore their
	// standard errors (sample sd / √walks).
	MEI     float64 `json:"mei"`
	Score   float64 `json:"score"`
	SEMEI   float64 `json:"se_mei"`
	SEScore float64 `json:"se_score"`
	// SR, HC and Steps are the walks' mean success, hallucination count and
	// length, to read the baseline by.
	SR    float64 `json:"sr"`
	HC    float64 `json:"hc"`
	Steps float64 `json:"steps"`
	// MaxMEI and MaxScore are the scores of the flawless walk: the solution,
	// stated with confidence 100% when the framing asks for confidences.
	// NaN when EXIT cannot be reached (an imported maze).
	MaxMEI   float64 `json:"max_mei"`
	MaxScore float64 `json:"max_score"`
}

// MarshalJSON writes a NaN MaxMEI or MaxScore (EXIT cannot be reached) as
// null.
func (b Baseline) MarshalJSON() ([]byte, error) {
	type plain Baseline
	return json.Marshal(struct {
		plain
		MaxMEI   *float64 `json:"max_mei"`
		MaxScore *float64 `json:"max_score"`
	}{plain(b), finite(b.MaxMEI), finite(b.MaxScore)})
}

// BaselineConfig says how a baseline is simulated. The zero value is 200
// Uniform walks of 4·N² steps at most, from seed 0.
type BaselineConfig struct {
	Walker Walker // "" means Uniform
	Walks  int    // < 1 means DefaultBaselineWalks
	Seed   uint64
	Budget int // ≤ 0 means 4·N², the interactive episode's default
	// Sample, when set, is the walker instead of Walker's: draw k of it on
	// the maze under the framing, scored (walkers.RandomScores is
	// agent/random's). Walker then only names it; Seed and Budget are the
	// sampler's business.
	Sample func(m *Maze, opt PromptOptions, draw uint64) Scores
}

// RandomBaseline is the Uniform walker's baseline: walks walks from seed,
// of 4·N² steps at most. See SimulateBaseline.
func RandomBaseline(m *Maze, opt PromptOptions, walks int, seed uint64) Baseline {
	return SimulateBaseline(m, opt, BaselineConfig{Walks: walks, Seed: seed})
}

// SimulateBaseline simulates random walkers on the maze under the
// framing's protocol, each scored exactly as a model is, and returns their
// mean scores.
//
// At every step the walker picks a direction (see Walker) from where it
// believes it stands, and writes
//
//	STEP k: (r,c) → D
//
// with "| confidence: 50%" when the framing asks for confidences (a walker
// that knows nothing is as sure as not; a stated 50% gives CE 0.5, the
// neutral value the Score uses without any). It writes no DEAD_END or
// STRATEGY_CHANGE line and no count; LOOP lines only as LoopReporting.
//
//   - One-shot: the walker walks in its own belief, as the verified walk
//     does: through a wall to the far side; an off-grid move leaves it
//     where it was. It stops on reaching EXIT or after the budget, then
//     writes FINAL_PATH: the cells it walked, START first (an off-grid step
//     adds none). The reply is read by ParseReply and scored by Score.
//   - Interactive: the walker drives an Episode (NewEpisode: the strict
//     tier, which its lines keep), one STEP per turn from the position the
//     world gives; the world refuses walls. When the world says EXIT was
//     reached it answers with FINAL_PATH, the cells it walked; when the
//     budget runs out the episode ends without one. The episode's Scores
//     are the walk's.
//
// Walk i draws from a PCG stream seeded by a mix of the seed and i, so a
// walk does not depend on how many others are taken, and the same
// arguments give the same baseline on every machine. Lures and the
// language change nothing for a walker that reads no text; the protocol and
// whether confidences are asked do.
func SimulateBaseline(m *Maze, opt PromptOptions, cfg BaselineConfig) Baseline {
	if cfg.Walker == "" {
		cfg.Walker = Uniform
	}
	if cfg.Walks < 1 {
		cfg.Walks = DefaultBaselineWalks
	}
	if cfg.Budget <= 0 {
		cfg.Budget = 4 * m.n * m.n
	}
	if opt.Protocol != Interactive {
		opt.Protocol = OneShot
	}
	b := Baseline{Walker: cfg.Walker, Protocol: opt.Protocol, Walks: cfg.Walks, Budget: cfg.Budget}
	w := newRandomWalker(m, opt, cfg.Budget)
	w.loops = cfg.Walker == LoopReporting
	var mei, score, sr, hc, steps moments
	for i := range cfg.Walks {
		s := sample(m, opt, cfg, w, i)
		mei.add(s.MEI)
		score.add(s.Score)
		sr.add(s.SR)
		hc.add(float64(s.HC))
		steps.add(float64(s.Steps))
	}
	b.MEI, b.SEMEI = mei.mean(), mei.se()
	b.Score, b.SEScore = score.mean(), score.se()
	b.SR, b.HC, b.Steps = sr.mean(), hc.mean(), steps.mean()
	b.MaxMEI, b.MaxScore = math.NaN(), math.NaN()
	if len(m.Solution()) > 1 {
		best := FlawlessScores(m, opt)
		b.MaxMEI, b.MaxScore = best.MEI, best.Score
	}
	return b
}

// sample is walk i of the baseline: the config's sampler's draw, or the
// built-in walker's.
func sample(m *Maze, opt PromptOptions, cfg BaselineConfig, w *randomWalker, i int) Scores {
	if cfg.Sample != nil {
		return cfg.Sample(m, opt, uint64(i))
	}
	src := newSource(walkSeed(cfg.Seed, i), streamBaseline)
	pick := func(_ int, at Cell) Dir { return Dirs[src.intn(4)] }
	if cfg.Walker == Open {
		pick = func(_ int, at Cell) Dir {
			open := m.Open(at)
			n := uint32(popcount4(uint8(open)))
			if n == 0 {
				return Dirs[src.intn(4)]
			}
			k := src.intn(n)
			for _, d := range Dirs {
				if open&d != 0 {
					if k == 0 {
						return d
					}
					k--
				}
			}
			return 0
		}
	}
	return w.play(pick)
}

// walkSeed mixes the baseline's seed and a walk's number (SplitMix64's
// finaliser), so that neighbouring walks start far apart.
func walkSeed(seed uint64, i int) uint64 {
	z := seed + 0x9e3779b97f4a7c15*uint64(i+1)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// FlawlessScores are the scores of the flawless walk under the framing's
// protocol: the solution, one STEP per move (with confidence 100% when the
// framing asks for confidences), and the solution as FINAL_PATH. Under the
// seed's weights that is MEI 0.9 and Score 0.95 (0.8 without confidences).
// In a maze whose EXIT cannot be reached there is no step, and FINAL_PATH is
// START alone.
func FlawlessScores(m *Maze, opt PromptOptions) Scores {
	sol := m.Solution()
	dirs := make([]Dir, 0, len(sol))
	for i := 1; i < len(sol); i++ {
		dirs = append(dirs, sol[i-1].DirTo(sol[i]))
	}
	w := newRandomWalker(m, opt, len(dirs))
	if opt.Confidence {
		w.conf = 1
	}
	return w.play(func(k int, _ Cell) Dir { return dirs[k] })
}

// moments accumulates a mean and a sample variance (Welford).
type moments struct {
	n       int
	mu, sum float64
}

func (m *moments) add(v float64) {
	m.n++
	d := v - m.mu
	m.mu += d / float64(m.n)
	m.sum += float64(d * (v - m.mu)) // the conversion keeps the product from being fused into the add
}

func (m *moments) mean() float64 {
	if m.n == 0 {
		return math.NaN()
	}
	return m.mu
}

// se is the standard error of the mean: sd/√n, 0 for a single value.
func (m *moments) se() float64 {
	if m.n < 2 {
		return 0
	}
	return math.Sqrt(m.sum/float64(m.n-1)) / math.Sqrt(float64(m.n))
}
