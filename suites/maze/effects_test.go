package maze

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/results"
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
	// Student t with 2 degrees of freedom: 0.2 ± 4.302653·0.1/√3.
	half := 4.302652729749464 * 0.1 / math.Sqrt(3)
	assert.InDelta(t, 0.2-half, e.DeltaMEICI.Lo, 1e-6)
	assert.InDelta(t, 0.2+half, e.DeltaMEICI.Hi, 1e-6)
	require.NotNil(t, e.LureRateOn)
	assert.InDelta(t, 0.6, *e.LureRateOn, 1e-12)
	assert.Nil(t, e.LureRateOff)
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
			c, err := NewCase(Spec{Size: 5, Seed: 3, Protocol: mazes.Interactive, Group: tc.group})
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
