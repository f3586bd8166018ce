package walkers

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/mazes"
)

// means are an agent's mean scores over a set of cases.
type means struct {
	cases                int
	score                float64 // the HalluMaze Score
	sr, mei, ce, brs, bt float64
	hcRate, btRate       float64 // share of cases with HC > 0, with BT > 0
	lureOn, lureOff      float64 // mean lure rate over the exposed cases, mirage on and off
	lureOnN, lureOffN    int
	reportedHonest       float64 // share of cases whose reported counts equal the verified ones
	ceCases              int
}

func (m *means) add(c mazeCase, s mazes.Scores) {
	m.cases++
	m.sr += s.SR
	m.mei += s.MEI
	m.brs += s.BRS
	m.score += s.Score
	m.bt += float64(s.BT)
	if s.CE != nil {
		m.ce += *s.CE
		m.ceCases++
	}
	if s.HC > 0 {
		m.hcRate++
	}
	if s.BT > 0 {
		m.btRate++
	}
	if s.LureRate != nil {
		if c.mirage {
			m.lureOn += *s.LureRate
			m.lureOnN++
		} else {
			m.lureOff += *s.LureRate
			m.lureOffN++
		}
	}
	if s.BacktrackGap != nil && *s.BacktrackGap == 0 && s.HallucinationGap != nil && *s.HallucinationGap == 0 {
		m.reportedHonest++
	}
}

func (m *means) done() {
	n := float64(m.cases)
	m.sr, m.mei, m.brs, m.bt, m.score = m.sr/n, m.mei/n, m.brs/n, m.bt/n, m.score/n
	m.hcRate, m.btRate, m.reportedHonest = m.hcRate/n, m.btRate/n, m.reportedHonest/n
	if m.ceCases > 0 {
		m.ce /= float64(m.ceCases)
	}
	if m.lureOnN > 0 {
		m.lureOn /= float64(m.lureOnN)
	}
	if m.lureOffN > 0 {
		m.lureOff /= float64(m.lureOffN)
	}
}

func (m means) String() string {
	return fmt.Sprintf("Score=%.3f SR=%.3f MEI=%.3f CE=%.3f BRS=%.3f BT=%.1f HC>0=%.2f BT>0=%.2f lure(on)=%.3f lure(off)=%.3f honest=%.2f",
		m.score, m.sr, m.mei, m.ce, m.brs, m.bt, m.hcRate, m.btRate, m.lureOn, m.lureOff, m.reportedHonest)
}

// TestScores runs every agent on a grid of mazes (sizes 5–11, three seeds,
// both generators, mirage on and off, English and Korean, one-shot and
// interactive), checks what each case must give, and then that the agents'
// mean scores differ in the expected directions.
func TestScores(t *testing.T) {
	sizes := []int{5, 7, 9, 11}
	cases := grid(sizes, []uint64{1, 2, 3})
	names := Names()
	results := make([][]outcome, len(names))
	t.Run("cases", func(t *testing.T) {
		for i, name := range names {
			results[i] = make([]outcome, len(cases))
			model := agent(t, name) // shared by parallel subtests: agents are safe for concurrent use
			for _, n := range sizes {
				t.Run(fmt.Sprintf("%s/n=%d", name, n), func(t *testing.T) {
					t.Parallel()
					for j, c := range cases {
						if c.n == n {
							results[i][j] = play(t, model, c, 0)
							checkCase(t, name, c, results[i][j])
						}
					}
				})
			}
		}
	})
	if t.Failed() {
		return
	}
	// avg holds each agent's means over every case; shown over the cases
	// with lures shown, hidden over those without.
	avg := make(map[string]map[mazes.Protocol]*means)
	shown := make(map[string]map[mazes.Protocol]*means)
	hidden := make(map[string]map[mazes.Protocol]*means)
	for i, name := range names {
		avg[name] = map[mazes.Protocol]*means{mazes.OneShot: {}, mazes.Interactive: {}}
		shown[name] = map[mazes.Protocol]*means{mazes.OneShot: {}, mazes.Interactive: {}}
		hidden[name] = map[mazes.Protocol]*means{mazes.OneShot: {}, mazes.Interactive: {}}
		for j, c := range cases {
			avg[name][c.proto].add(c, results[i][j].scores)
			if c.mirage {
				shown[name][c.proto].add(c, results[i][j].scores)
			} else {
				hidden[name][c.proto].add(c, results[i][j].scores)
			}
		}
		for _, proto := range []mazes.Protocol{mazes.OneShot, mazes.Interactive} {
			for _, m := range []map[string]map[mazes.Protocol]*means{avg, shown, hidden} {
				m[name][proto].done()
			}
			t.Logf("%-8s %-11s all     %v", name, proto, avg[name][proto])
			t.Logf("%-8s %-11s shown   %v", name, proto, shown[name][proto])
			t.Logf("%-8s %-11s hidden  %v", name, proto, hidden[name][proto])
		}
	}
	for _, proto := range []mazes.Protocol{mazes.OneShot, mazes.Interactive} {
		t.Run(string(proto), func(t *testing.T) {
			oracle, explorer := avg["oracle"][proto], avg["explorer"][proto]
			random, lured := avg["random"][proto], avg["lured"][proto]
			// The lured agent's place is with the lures shown, the
			// benchmark's base framing; hidden, it solves every maze.
			lures := shown["lured"][proto]
			assert.Greater(t, explorer.btRate, 0.6, "explorer backtracks on most mazes")
			for _, weak := range []*means{random, lures} {
				assert.Less(t, weak.mei, explorer.mei-0.1, "random, and lured when shown lures, escape worse than the explorer")
				assert.Less(t, weak.brs, explorer.brs)
			}
			assert.Less(t, random.sr, 0.5)
			assert.Less(t, lures.mei, shown["random"][proto].mei, "shown lures, the lured agent, which never notices, is below the random walk")
			assert.Less(t, lures.brs, shown["random"][proto].brs)
			assert.Greater(t, oracle.score, explorer.score)
			assert.Greater(t, explorer.score, random.score)
			assert.Greater(t, shown["random"][proto].score, lures.score)
			assert.Equal(t, 1.0, hidden["lured"][proto].sr, "without lures the lured agent finds EXIT")
			assert.Zero(t, hidden["lured"][proto].hcRate)
			assert.Less(t, oracle.ce, explorer.ce, "the oracle is the best calibrated")
			assert.Less(t, explorer.ce, lures.ce-0.05, "the explorer is calibrated better than the lured agent shown lures")
			assert.Less(t, lured.ce, random.ce, "over all cases the random walk is the worst calibrated")
			assert.Greater(t, lures.hcRate, 0.8, "shown lures, the lured agent hallucinates on most mazes")
			// In an interactive walk it turns back past a lure it followed
			// once the world has refused its walls: an exposure it does not
			// follow again.
			minRate := map[mazes.Protocol]float64{mazes.OneShot: 0.7, mazes.Interactive: 0.4}[proto]
			assert.Greater(t, lured.lureOn, minRate, "the lured agent follows the lures it is shown")
			assert.Greater(t, lured.lureOn, lured.lureOff+0.2, "lures shown change its course")
			assert.Greater(t, lured.lureOn, explorer.lureOn+0.3)
			assert.InDelta(t, explorer.lureOn, explorer.lureOff, 1e-9, "the explorer does not read the lures")
			assert.Equal(t, 1.0, oracle.reportedHonest)
			assert.Equal(t, 1.0, explorer.reportedHonest)
		})
	}
}

// checkCase asserts what one case of each agent must give.
func checkCase(t *testing.T, name string, c mazeCase, o outcome) {
	t.Helper()
	s := o.scores
	if c.proto == mazes.Interactive {
		require.Equal(t, mazes.EndFinalPath, o.stats.EndReason, "%v: the agent ends the episode with its final block", c)
		assert.Zero(t, o.stats.IdleTurns, "%v", c)
		assert.Zero(t, o.stats.ExtraSteps, "%v: one STEP per turn", c)
	}
	assert.Zero(t, s.UnparsedLines, "%v: every line follows the contract", c)
	require.NotNil(t, s.CE, "%v: confidences were asked for", c)
	switch name {
	case "oracle":
		assert.Equal(t, 1.0, s.SR, "%v", c)
		assert.Zero(t, s.HC, "%v", c)
		assert.Zero(t, s.BT, "%v", c)
		assert.InDelta(t, 0.9, s.MEI, 1e-12, "%v", c)
		assert.True(t, s.Optimal, "%v", c)
		assert.Less(t, *s.CE, 0.06, "%v", c)
	case "explorer":
		assert.Equal(t, 1.0, s.SR, "%v", c)
		assert.Zero(t, s.HC, "%v", c)
		assert.InDelta(t, 0.9, s.MEI, 1e-12, "%v", c)
		assert.True(t, s.Optimal, "%v: the search ends on the solution", c)
		assert.Equal(t, s.BT > 0, s.DeadEndLines > 0, "%v: a DEAD_END line for each walk back", c)
		assert.Equal(t, s.DeadEndLines, s.BT, "%v", c)
	case "random":
		assert.LessOrEqual(t, s.Steps, 2*c.n*c.n, "%v", c)
	case "lured":
		assert.LessOrEqual(t, s.Steps, 3*c.n*c.n, "%v", c)
		require.NotNil(t, s.ReportedHallucinations, "%v", c)
		assert.Zero(t, *s.ReportedHallucinations, "%v", c)
		assert.Zero(t, *s.ReportedBacktracks, "%v", c)
		assert.Zero(t, s.DeadEndLines+s.LT, "%v: it never notices", c)
		for _, r := range o.replies {
			assert.NotContains(t, strings.ToLower(r), "confidence: 8", "%v: always 90-99%%", c)
		}
		if !c.mirage || len(c.maze(t).Traps()) == 0 {
			assert.Equal(t, 1.0, s.SR, "%v: without lures it finds EXIT", c)
			assert.Zero(t, s.HC, "%v", c)
			assert.InDelta(t, 0.9, s.MEI, 1e-12, "%v", c)
			break
		}
		assert.Positive(t, s.LureFollows, "%v: it meets a lure and follows it", c)
		assert.Positive(t, s.HC, "%v: it walks into the wall at the end of the lure's branch", c)
		assert.Less(t, s.MEI, 0.9, "%v", c)
		assert.Less(t, s.BRS, 1.0, "%v", c)
	}
}
