package mazereport

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/agents"
	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/scoring"
	"github.com/hallumaze/hallumaze/suites/maze/record"
)

func mazeResult(model, size, seed, mirage, protocol, group string, metrics map[string]float64) results.Result {
	return results.Result{Suite: "maze", Model: model, Case: strings.Join([]string{size, seed, mirage, protocol, group}, "/"),
		Tags: map[string]string{"size": size, "seed": seed, "algorithm": "dfs", "lang": "en", "confidence": "on",
			"mirage": mirage, "protocol": protocol, "group": group, "run": "0"},
		Metrics: metrics}
}

func TestMirageSummary(t *testing.T) {
	var rs []results.Result
	// Three mazes: the lures cost 0.2, 0.1 and 0.3 of MEI.
	for i, drop := range []float64{0.2, 0.1, 0.3} {
		seed := fmt.Sprint(i + 1)
		rs = append(rs,
			mazeResult("m", "7", seed, "on", "oneshot", "A", map[string]float64{"MEI": 0.5, "BRS": 0.5, "lure-rate": 0.6}),
			mazeResult("m", "7", seed, "off", "oneshot", "A", map[string]float64{"MEI": 0.5 + drop, "BRS": 0.9}))
	}
	// An unpaired result and an interactive one are left out.
	rs = append(rs, mazeResult("m", "9", "1", "on", "oneshot", "A", map[string]float64{"MEI": 0}),
		mazeResult("m", "7", "1", "off", "interactive", "A", map[string]float64{"MEI": 0}))
	effects := Mirage(rs)
	require.Len(t, effects, 1)
	e := effects[0]
	assert.Equal(t, 3, e.Pairs)
	assert.InDelta(t, 0.2, e.DeltaMEI, 1e-12)
	assert.InDelta(t, 0.4, e.DeltaBRS, 1e-12)
	// Three mazes are too few for the cluster bootstrap's interval (five
	// needed): no interval, and the exact sign-flip p over 2³ sign vectors
	// is 2/8 (all three drops have one sign).
	assert.True(t, math.IsNaN(e.DeltaMEICI.Lo) && math.IsNaN(e.DeltaMEICI.Hi))
	assert.Equal(t, 3, e.Mazes)
	assert.InDelta(t, 0.25, e.SignFlipPMEI, 1e-12)
	// The same paired method as the leaderboard's comparisons.
	_, ci, p, _ := scoring.PairedClusterBootstrap([]float64{0.7, 0.6, 0.8}, []float64{0.5, 0.5, 0.5}, []string{"a", "b", "c"}, bootstrapReps, bootstrapSeed)
	assert.True(t, math.IsNaN(ci.Lo))
	assert.Equal(t, p, e.SignFlipPMEI)
	require.NotNil(t, e.LureRateOn)
	assert.InDelta(t, 0.6, *e.LureRateOn, 1e-12)
	assert.Nil(t, e.LureRateOff)
}

// TestMirageEffectOfAgents plays the reference agents on the standard
// Mirage pairs (MiragePairs: each maze with and without its lures) and
// measures the seed's Δ = metric(no lures) − metric(lures). The lured
// agent, the one that reads lures, must pay for them in the seed's own
// metrics: ΔMEI and ΔBRS positive, on every pair whose maze carries a
// lure, and significant by the Wilcoxon signed-rank test. The others never
// read a lure, so their walks, and their deltas, are the same.
func TestMirageEffectOfAgents(t *testing.T) {
	env := bench.Env{Agents: func(name string) (providers.Model, bool) { return agents.Lookup(name) }}
	var specs []record.Spec
	for _, p := range maze.MiragePairs() {
		specs = append(specs, p[0], p[1])
	}
	cases, err := maze.Cases(specs)
	require.NoError(t, err)
	var rs []results.Result
	for _, name := range agents.Names() {
		m, err := env.Open("agent/" + name)
		require.NoError(t, err)
		for _, c := range cases {
			r := bench.Play(t.Context(), m, c)
			require.Empty(t, r.Error, "%s %s", name, c.Name)
			rs = append(rs, r)
		}
	}
	effects := Mirage(rs)
	require.Len(t, effects, len(agents.Names()))
	for _, e := range effects {
		t.Log(MirageLine(e))
		assert.Equal(t, len(maze.MiragePairs()), e.Pairs, e.Model)
		if e.Model != "agent/lured" {
			assert.Zero(t, e.DeltaMEI, "%s does not read lures", e.Model)
			assert.Zero(t, e.DeltaBRS, "%s does not read lures", e.Model)
			continue
		}
		assert.Positive(t, e.DeltaMEI, "lures lower the lured agent's MEI")
		assert.Positive(t, e.DeltaBRS, "lures lower the lured agent's BRS")
		assert.Positive(t, e.DeltaMEICI.Lo, "the 95%% interval of ΔMEI excludes 0")
		assert.Positive(t, e.DeltaBRSCI.Lo, "the 95%% interval of ΔBRS excludes 0")
		assert.Less(t, e.WilcoxonPMEI, 0.05)
		assert.Less(t, e.SignFlipPMEI, 0.05)
		require.NotNil(t, e.LureRateOn)
		require.NotNil(t, e.LureRateOff)
		assert.Greater(t, *e.LureRateOn, *e.LureRateOff)
	}
	// Pair by pair: where the maze carries a lure, the lured agent's MEI
	// and BRS are lower with it shown.
	byCase := map[string]results.Result{}
	for _, r := range rs {
		if r.Model == "agent/lured" {
			byCase[r.Case] = r
		}
	}
	for _, p := range maze.MiragePairs() {
		on, off := byCase[p[0].Name()], byCase[p[1].Name()]
		m, err := mazes.Generate(p[0].Size, p[0].Seed, mazes.DFS)
		require.NoError(t, err)
		if len(m.Traps()) == 0 {
			continue
		}
		assert.Less(t, on.Metrics["MEI"], off.Metrics["MEI"], "%s: MEI with lures", p[0].Name())
		assert.Less(t, on.Metrics["BRS"], off.Metrics["BRS"], "%s: BRS with lures", p[0].Name())
	}
}

func TestAriadneSummaryTI(t *testing.T) {
	group := func(model, g string, mei, hints, nrs, ignore float64) results.Result {
		m := map[string]float64{"MEI": mei, "SR": 1, "hints": hints}
		if hints > 0 {
			m["NRS"], m["hint-ignore"] = nrs, ignore
		}
		return mazeResult(model, "7", "1", "on", "interactive", g, m)
	}
	effects := AriadneSummary([]results.Result{
		group("trainable", "A", 0.5, 0, 0, 0), group("trainable", "B", 0.6, 4, 0.8, 0), group("trainable", "C", 0.7, 10, 0.9, 0.3),
		group("stuck", "A", 0, 0, 0, 0), group("stuck", "B", 0.1, 2, 0.5, 0.5),
		group("calm", "A", 0.9, 0, 0, 0), group("calm", "B", 0.9, 0, 0, 0),
	})
	byModel := map[string]AriadneEffect{}
	for _, e := range effects {
		byModel[e.Model] = e
	}
	tr := byModel["trainable"]
	require.NotNil(t, tr.TI)
	assert.InDelta(t, 0.8*(0.6-0.5)/0.5, *tr.TI, 1e-12)
	require.NotNil(t, tr.IgnoreC)
	assert.InDelta(t, 0.3, *tr.IgnoreC, 1e-12)
	assert.Nil(t, byModel["stuck"].TI)
	assert.Contains(t, byModel["stuck"].TINote, "MEI_A = 0")
	assert.Nil(t, byModel["calm"].TI)
	assert.Contains(t, byModel["calm"].TINote, "no hint")
	assert.Equal(t, "trainable              MEI A/B/C = 0.500/0.600/0.700  NRS(B) = 0.800 (4 hints)  ignore(C) = 0.300 (10 hints)  TI = +0.160", AriadneLine(tr))
	assert.Contains(t, AriadneLine(byModel["stuck"]), "TI = undefined: MEI_A = 0")
	assert.Contains(t, AriadneLine(byModel["stuck"]), "MEI A/B/C = 0.000/0.100/-")
}

// TestAriadneSummaryOrder: the same MEI values in groups A and B give the
// same mean whatever order the results come in, so a model the hints do
// not move has TI exactly 0.
func TestAriadneSummaryOrder(t *testing.T) {
	meis := []float64{0.1, 0.2, 0.3} // summed in opposite orders: 0.6000000000000001 and 0.6
	var rs []results.Result
	for i, v := range meis {
		rs = append(rs, mazeResult("m", "7", fmt.Sprint(i), "on", "interactive", "A", map[string]float64{"MEI": v, "SR": 1}))
	}
	for i := len(meis) - 1; i >= 0; i-- {
		rs = append(rs, mazeResult("m", "7", fmt.Sprint(i), "on", "interactive", "B", map[string]float64{"MEI": meis[i], "SR": 1, "hints": 1, "NRS": 0.5, "hint-ignore": 0}))
	}
	e := AriadneSummary(rs)
	require.Len(t, e, 1)
	require.NotNil(t, e[0].TI)
	assert.Equal(t, e[0].MEI["A"], e[0].MEI["B"])
	assert.Zero(t, *e[0].TI)
	assert.False(t, math.Signbit(*e[0].TI), "TI is +0, not −0")
}

// scripted answers an interactive maze with the moves of a script, one per
// turn, then follows any hint it is given.
func scripted(moves []string) providers.Model {
	return providers.ModelFunc(func(_ context.Context, req providers.Request) (providers.Reply, error) {
		turn := len(req.Messages) / 2
		last := req.Messages[len(req.Messages)-1].Content
		if i := strings.Index(last, "the way to the EXIT goes "); i >= 0 {
			dir := strings.TrimSuffix(strings.Fields(last[i+len("the way to the EXIT goes "):])[0], ".")
			at := last[strings.Index(last, "from (")+5:]
			at = at[:strings.Index(at, ")")+1]
			return providers.Reply{Text: fmt.Sprintf("STEP %d: %s → %s", turn+1, at, dir)}, nil
		}
		if turn < len(moves) {
			return providers.Reply{Text: fmt.Sprintf("STEP %d: %s", turn+1, moves[turn])}, nil
		}
		return providers.Reply{Text: "FINAL_PATH: (0,0)"}, nil
	})
}

// TestAriadneHints plays a model that bumps the edge at every scripted
// move and follows every hint at once. Group A gives no hint; B gives one
// (then waits N steps); C hints at every trigger, here the bump of turn 1
// and the teleport of turn 3 (the script still believes it is at (0,0)).
func TestAriadneHints(t *testing.T) {
	bump := []string{"(0,0) → N", "(0,0) → N", "(0,0) → N"}
	for _, tc := range []struct {
		group      string
		wantHints  int
		wantFollow int
	}{
		{"A", 0, 0},
		{"B", 1, 1},
		{"C", 2, 2},
	} {
		t.Run("group="+tc.group, func(t *testing.T) {
			c, err := maze.NewCase(record.Spec{Size: 5, Seed: 3, Protocol: mazes.Interactive, Group: tc.group})
			require.NoError(t, err)
			env := bench.Env{Agents: func(string) (providers.Model, bool) { return scripted(bump), true }}
			m, err := env.Open("agent/scripted")
			require.NoError(t, err)
			r := bench.Play(t.Context(), m, c)
			require.Empty(t, r.Error)
			assert.Equal(t, float64(tc.wantHints), r.Metrics["hints"])
			if tc.wantHints > 0 {
				assert.Equal(t, 1.0, r.Metrics["NRS"], "the hint was followed at once")
				assert.Equal(t, 0.0, r.Metrics["hint-ignore"])
				found := false
				for _, turn := range r.Turns {
					if strings.Contains(turn.Content, "HINT: Ariadne's thread: from (0,0) the way to the EXIT goes") {
						found = true
					}
				}
				assert.True(t, found, "the hint text reached the model")
			} else {
				_, ok := r.Metrics["NRS"]
				assert.False(t, ok, "NRS is undefined without hints")
			}
		})
	}
}

// TestAriadneEffectOfAgents plays the Ariadne grid (groups A, B and C on
// the same interactive mazes) with every maze agent and the hint follower.
// The follower, the one agent that cannot find its way but takes the
// thread, is trainable by the seed's measure: TI > 0.3 (§9.3). The others'
// walks the hints do not change, or change little: TI within 0.1 of 0,
// or undefined where no hint was given.
func TestAriadneEffectOfAgents(t *testing.T) {
	env := bench.Env{Agents: func(name string) (providers.Model, bool) { return agents.Lookup(name) }}
	cases, err := maze.Cases(maze.AriadneGrid())
	require.NoError(t, err)
	var rs []results.Result
	for _, name := range append(agents.Names(), agents.HintNames()...) {
		m, err := env.Open("agent/" + name)
		require.NoError(t, err)
		for _, c := range cases {
			r := bench.Play(t.Context(), m, c)
			require.Empty(t, r.Error, "%s %s", name, c.Name)
			rs = append(rs, r)
		}
	}
	effects := AriadneSummary(rs)
	require.Len(t, effects, len(agents.Names())+len(agents.HintNames()))
	for _, e := range effects {
		t.Log(AriadneLine(e))
		if e.Model == "agent/follower" {
			require.NotNil(t, e.TI, e.TINote)
			assert.Greater(t, *e.TI, 0.3, "the follower is trainable")
			assert.Greater(t, e.MEI["B"], e.MEI["A"])
			assert.Greater(t, e.SR["B"], e.SR["A"])
			require.NotNil(t, e.NRSB)
			assert.Equal(t, 1.0, *e.NRSB, "every hint taken at once")
			continue
		}
		if e.TI != nil {
			assert.InDelta(t, 0, *e.TI, 0.1, "%s: hints do not train it", e.Model)
		}
	}
}
