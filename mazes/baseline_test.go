package mazes

import (
	"encoding/json"
	"fmt"
	"math"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/scoring"
)

var protocols = []Protocol{OneShot, Interactive}

func TestFlawlessScores(t *testing.T) {
	m, err := Generate(7, 42, DFS)
	require.NoError(t, err)
	for _, p := range protocols {
		for _, conf := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/confidence=%v", p, conf), func(t *testing.T) {
				s := FlawlessScores(m, PromptOptions{Protocol: p, Confidence: conf})
				assert.Equal(t, 1.0, s.SR)
				assert.Equal(t, 0, s.HC)
				assert.True(t, s.Optimal)
				assert.InDelta(t, 0.9, s.MEI, 1e-12)
				want := 0.8
				if conf {
					want = 0.95
				}
				assert.InDelta(t, want, s.Score, 1e-12)
			})
		}
	}
}

// TestRandomWalks: each walk keeps the contract (no teleport: the walker
// declares where it stands), stays within its budget, and is what the
// walker kind says it is.
func TestRandomWalks(t *testing.T) {
	m, err := Generate(6, 3, DFS)
	require.NoError(t, err)
	for _, p := range protocols {
		for _, kind := range []Walker{Uniform, LoopReporting, Open} {
			t.Run(string(p)+"/"+string(kind), func(t *testing.T) {
				opt := PromptOptions{Protocol: p, Confidence: true}
				w := newRandomWalker(m, opt, 4*36)
				w.loops = kind == LoopReporting
				anyLoop, anyHC, anySR := false, false, false
				for i := range 40 {
					src := newSource(walkSeed(9, i), streamBaseline)
					s := w.play(func(_ int, at Cell) Dir {
						if kind == Open {
							open := m.OpenDirs(at)
							return open[src.intn(uint32(len(open)))]
						}
						return Dirs[src.intn(4)]
					})
					assert.Zero(t, s.Teleports, "walk %d", i)
					assert.LessOrEqual(t, s.Steps, 4*36)
					require.NotNil(t, s.CE)
					assert.Equal(t, 0.5, *s.CE, "a stated 50%% is CE 0.5")
					anyLoop = anyLoop || s.LT > 0
					anyHC = anyHC || s.HC > 0
					anySR = anySR || s.SR == 1
					if s.SR == 1 && p == OneShot {
						assert.Zero(t, s.WallCrossings, "a one-shot walk through a wall is not a valid path")
					}
				}
				assert.Equal(t, kind == LoopReporting, anyLoop, "LOOP lines")
				assert.Equal(t, kind != Open, anyHC, "hallucinations")
				if kind == Open {
					assert.True(t, anySR, "a walker on open passages reaches EXIT of a 6×6 maze sometimes")
				}
			})
		}
	}
}

func TestRandomBaselineDeterministic(t *testing.T) {
	m, err := Generate(7, 1, DFS)
	require.NoError(t, err)
	for _, p := range protocols {
		opt := PromptOptions{Protocol: p, Confidence: true, Mirage: true}
		a := RandomBaseline(m, opt, 60, 5)
		b := RandomBaseline(m, opt, 60, 5)
		c := RandomBaseline(m, opt, 60, 6)
		assert.Equal(t, a, b)
		assert.NotEqual(t, a.MEI, c.MEI)
		assert.Equal(t, Uniform, a.Walker)
		assert.Equal(t, 60, a.Walks)
		assert.Equal(t, 4*49, a.Budget)
		// Lures and language change nothing for a walker that reads nothing.
		d := RandomBaseline(m, PromptOptions{Protocol: p, Confidence: true, Lang: Korean}, 60, 5)
		assert.Equal(t, a.MEI, d.MEI)
		assert.Equal(t, a.Score, d.Score)
	}
}

// TestChanceCorrectedRandomIsZero: the random walker's own walks, drawn
// independently of the baseline, correct to about 0; the flawless walk to
// exactly 1.
func TestChanceCorrectedRandomIsZero(t *testing.T) {
	for _, p := range protocols {
		for _, n := range []int{5, 9} {
			t.Run(fmt.Sprintf("%s/%d", p, n), func(t *testing.T) {
				m, err := Generate(n, 2, DFS)
				require.NoError(t, err)
				opt := PromptOptions{Protocol: p, Confidence: true}
				base := RandomBaseline(m, opt, 200, 1)
				fresh := RandomBaseline(m, opt, 200, 2) // other walks
				se := math.Hypot(base.SEMEI, fresh.SEMEI)
				c, ok := scoring.ChanceCorrected(fresh.MEI, base.MEI, base.MaxMEI)
				require.True(t, ok)
				assert.InDelta(t, 0, c, 4*se/(base.MaxMEI-base.MEI), "corrected MEI of random walks")
				seS := math.Hypot(base.SEScore, fresh.SEScore)
				cs, ok := scoring.ChanceCorrected(fresh.Score, base.Score, base.MaxScore)
				require.True(t, ok)
				assert.InDelta(t, 0, cs, 4*seS/(base.MaxScore-base.Score), "corrected Score of random walks")

				best := FlawlessScores(m, opt)
				one, ok := scoring.ChanceCorrected(best.MEI, base.MEI, base.MaxMEI)
				require.True(t, ok)
				assert.Equal(t, 1.0, one)
				one, _ = scoring.ChanceCorrected(best.Score, base.Score, base.MaxScore)
				assert.Equal(t, 1.0, one)
			})
		}
	}
}

// TestBaselineWalkers: reporting loops raises chance's MEI (the L term);
// a walker that never crosses a wall and rarely arrives scores less than
// one that crosses them early (the E term rewards an early error).
func TestBaselineWalkers(t *testing.T) {
	m, err := Generate(9, 1, DFS)
	require.NoError(t, err)
	opt := PromptOptions{Confidence: true}
	uni := SimulateBaseline(m, opt, BaselineConfig{Walks: 100, Seed: 1})
	loops := SimulateBaseline(m, opt, BaselineConfig{Walker: LoopReporting, Walks: 100, Seed: 1})
	open := SimulateBaseline(m, opt, BaselineConfig{Walker: Open, Walks: 100, Seed: 1})
	assert.Equal(t, uni.Steps, loops.Steps, "the same walks")
	assert.Equal(t, uni.HC, loops.HC)
	assert.Greater(t, loops.MEI, uni.MEI+0.15)
	assert.Zero(t, open.HC)
	assert.Less(t, open.MEI, uni.MEI)
}

func TestBaselineUnreachableExit(t *testing.T) {
	// Two cells with no passage between them: EXIT cannot be reached.
	m, err := Assemble(2, []Dir{South, 0, North, 0}, DefaultEnds(2))
	require.NoError(t, err)
	b := RandomBaseline(m, PromptOptions{}, 10, 1)
	assert.True(t, math.IsNaN(b.MaxMEI))
	_, ok := scoring.ChanceCorrected(0.5, b.MEI, b.MaxMEI)
	assert.False(t, ok)
}

func TestBaselineCache(t *testing.T) {
	c := NewBaselineCache(BaselineConfig{Walks: 20, Seed: 1})
	m, err := Generate(5, 1, DFS)
	require.NoError(t, err)
	a := c.Get(m, PromptOptions{Confidence: true, Mirage: true})
	b := c.Get(m, PromptOptions{Confidence: true, Lang: Korean})
	assert.Equal(t, a, b)
	assert.Equal(t, 1, c.Len())
	c.Get(m, PromptOptions{Confidence: true, Protocol: Interactive})
	c.Get(m, PromptOptions{Confidence: false})
	assert.Equal(t, 3, c.Len())
	other, err := Generate(5, 2, DFS)
	require.NoError(t, err)
	c.Get(other, PromptOptions{Confidence: true})
	assert.Equal(t, 4, c.Len())
	assert.Equal(t, SimulateBaseline(m, PromptOptions{Confidence: true}, BaselineConfig{Walks: 20, Seed: 1}), a)
}

// BenchmarkRandomBaseline: 200 walks on a maze, each written, parsed and
// scored (one-shot) or played turn by turn (interactive).
func BenchmarkRandomBaseline(b *testing.B) {
	for _, p := range protocols {
		for _, n := range []int{5, 9, 11} {
			b.Run(fmt.Sprintf("%s/size=%d", p, n), func(b *testing.B) {
				m, err := Generate(n, 1, DFS)
				if err != nil {
					b.Fatal(err)
				}
				opt := PromptOptions{Protocol: p, Confidence: true}
				for b.Loop() {
					RandomBaseline(m, opt, 200, 1)
				}
			})
		}
	}
}

// TestWalkerTextParity: the baseline's transcripts and moves, made without
// text, score exactly as the replies written out and read by ParseReply
// (one-shot) or played by Episode.Turn (interactive), walk for walk, for
// every walker, with and without confidences, and for the flawless walk.
func TestWalkerTextParity(t *testing.T) {
	for _, n := range []int{2, 4, 7} {
		for _, alg := range []Algorithm{DFS, Wilson} {
			m, err := Generate(n, uint64(n), alg)
			require.NoError(t, err)
			for _, p := range protocols {
				for _, conf := range []bool{true, false} {
					opt := PromptOptions{Protocol: p, Confidence: conf}
					for _, kind := range []Walker{Uniform, LoopReporting, Open} {
						name := fmt.Sprintf("%d/%s/%s/conf=%v/%s", n, alg, p, conf, kind)
						t.Run(name, func(t *testing.T) {
							fast, slow := newRandomWalker(m, opt, 4*n*n), newRandomWalker(m, opt, 4*n*n)
							slow.text = true
							fast.loops, slow.loops = kind == LoopReporting, kind == LoopReporting
							for i := range 30 {
								pick := func(w *randomWalker) Scores {
									src := newSource(walkSeed(3, i), streamBaseline)
									return w.play(func(_ int, at Cell) Dir {
										if kind == Open {
											open := m.OpenDirs(at)
											return open[src.intn(uint32(len(open)))]
										}
										return Dirs[src.intn(4)]
									})
								}
								assert.Equal(t, pick(slow), pick(fast), "walk %d", i)
							}
							sol := m.Solution()
							flaw := func(w *randomWalker) Scores {
								w.budget, w.conf = len(sol)-1, 1
								return w.play(func(k int, _ Cell) Dir { return sol[k].DirTo(sol[k+1]) })
							}
							assert.Equal(t, flaw(slow), flaw(fast), "flawless walk")
						})
					}
				}
			}
		}
	}
}

func TestBaselineJSON(t *testing.T) {
	b := Baseline{Walker: Uniform, Protocol: OneShot, Walks: 1, MEI: 0.3, MaxMEI: math.NaN(), MaxScore: 0.95}
	got, err := json.Marshal(b)
	require.NoError(t, err)
	assert.JSONEq(t, `{"walker":"uniform","protocol":"oneshot","walks":1,"budget":0,"mei":0.3,"score":0,"se_mei":0,"se_score":0,"sr":0,"hc":0,"steps":0,"max_mei":null,"max_score":0.95}`, string(got))
}

// TestBaselineCacheConcurrent: callers on several goroutines get the same
// baselines (run with -race).
func TestBaselineCacheConcurrent(t *testing.T) {
	c := NewBaselineCache(BaselineConfig{Walks: 10, Seed: 1})
	var ms []*Maze
	for seed := uint64(1); seed <= 3; seed++ {
		m, err := Generate(5, seed, DFS)
		require.NoError(t, err)
		ms = append(ms, m)
	}
	got := make([][]Baseline, 4)
	var wg sync.WaitGroup
	for g := range got {
		wg.Go(func() {
			for _, m := range ms {
				got[g] = append(got[g], c.Get(m, PromptOptions{Confidence: true}))
			}
		})
	}
	wg.Wait()
	for g := range got {
		assert.Equal(t, got[0], got[g])
	}
	assert.Equal(t, 3, c.Len())
}
