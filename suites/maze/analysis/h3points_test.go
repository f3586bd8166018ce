package analysis

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/results"
)

// detourWalk walks the solution of m and, at each decision point where
// errs says so, first steps into a branch off the solution and back.
func detourWalk(m *mazes.Maze, errs func(mazes.Cell) bool) []mazes.Dir {
	sol := m.Solution()
	on := map[mazes.Cell]bool{}
	for _, c := range sol {
		on[c] = true
	}
	var moves []mazes.Dir
	for i, c := range sol[:len(sol)-1] {
		if errs(c) {
			for _, d := range m.OpenDirs(c) {
				if !on[c.Move(d)] {
					moves = append(moves, d, d.Opposite())
					break
				}
			}
		}
		for _, d := range mazes.Dirs {
			if c.Move(d) == sol[i+1] {
				moves = append(moves, d)
			}
		}
	}
	return moves
}

// stepReply writes moves from START as STEP lines.
func stepReply(m *mazes.Maze, moves []mazes.Dir) string {
	var b strings.Builder
	at := m.Start()
	for i, d := range moves {
		fmt.Fprintf(&b, "STEP %d: %v → %s\n", i+1, at, d.Letter())
		at = at.Move(d)
	}
	return b.String()
}

func oneShotResult(model string, seed uint64, reply string) results.Result {
	return results.Result{Suite: "maze", Model: model, Case: fmt.Sprintf("size=7/seed=%d/base", seed),
		Tags: map[string]string{"size": "7", "seed": fmt.Sprint(seed), "algorithm": "dfs", "lang": "en",
			"mirage": "on", "confidence": "on", "protocol": "oneshot", "group": "A", "run": "0"},
		Turns: []results.Turn{{Role: results.User, Content: "maze"}, {Role: results.Assistant, Content: reply}}}
}

// TestH3PointsCanSucceed: when the model errs at the decision points
// where humans err most, the per-decision-point test finds it (p < 0.05)
// over twelve mazes, where the seed's across-size test could never go
// below p = 0.083 on four sizes. A model that errs elsewhere gives a
// correlation near 0.
func TestH3PointsCanSucceed(t *testing.T) {
	var rs []results.Result
	lure := func(seed uint64, c mazes.Cell) float64 { // how attractive a wrong turn at c is
		r := rand.New(rand.NewPCG(seed, uint64(c.R*64+c.C)))
		return r.Float64()
	}
	for seed := uint64(1); seed <= 12; seed++ {
		m, err := mazes.Generate(7, seed, mazes.DFS)
		require.NoError(t, err)
		rng := rand.New(rand.NewPCG(seed, 99))
		var walks [][]mazes.Dir
		for range 20 {
			walks = append(walks, detourWalk(m, func(c mazes.Cell) bool { return rng.Float64() < lure(seed, c) }))
		}
		detail, err := json.Marshal(HumanWalks{Walks: walks})
		require.NoError(t, err)
		h := oneShotResult("human/students", seed, "")
		h.Tags["human"], h.Turns, h.Detail = "true", nil, detail
		rs = append(rs, h,
			oneShotResult("alike", seed, stepReply(m, detourWalk(m, func(c mazes.Cell) bool { return lure(seed, c) > 0.5 }))),
			oneShotResult("unlike", seed, stepReply(m, detourWalk(m, func(c mazes.Cell) bool { return lure(seed+1000, c) > 0.5 }))))
	}
	rows := H3PointsCompare(Digests(rs), 2000, 1)
	require.Len(t, rows, 2)
	byModel := map[string]H3Points{}
	for _, r := range rows {
		t.Logf("%s vs %s: ρ = %+.3f over %d points of %d mazes, p = %.3g, power %.2f", r.Human, r.Model, r.Rho, r.Points, r.Mazes, r.P, r.Power)
		require.True(t, r.OK, r.Note)
		assert.Equal(t, 12, r.Mazes)
		assert.GreaterOrEqual(t, r.Points, 20)
		byModel[r.Model] = r
	}
	assert.Greater(t, byModel["alike"].Rho, 0.5)
	assert.Less(t, byModel["alike"].P, 0.05, "the grain can reach significance")
	assert.Less(t, byModel["unlike"].Rho, byModel["alike"].Rho)
}

func TestDecisionPointErrors(t *testing.T) {
	m, err := mazes.Generate(7, 3, mazes.DFS)
	require.NoError(t, err)
	points := DecisionPoints(m)
	require.NotEmpty(t, points)
	pointErrors := func(steps []mazes.Step) map[mazes.Cell]bool {
		out := map[mazes.Cell]bool{}
		for _, o := range NewPool().pointErrors(mazeSpec{7, 3, mazes.DFS}, m, steps) {
			out[o.Cell()] = o.Erred
		}
		return out
	}
	// The solution itself errs nowhere; a detour at every point errs at each.
	clean := pointErrors(movesSteps(m, detourWalk(m, func(mazes.Cell) bool { return false })))
	all := pointErrors(movesSteps(m, detourWalk(m, func(mazes.Cell) bool { return true })))
	assert.Len(t, clean, len(points))
	assert.Len(t, all, len(points))
	for _, c := range points {
		assert.False(t, clean[c], "%v", c)
		assert.True(t, all[c], "%v", c)
	}
}

func TestH3Power(t *testing.T) {
	// Fisher's z with Spearman's variance: the figures docs/analyses.md gives.
	for _, tc := range []struct {
		n    int
		rho  float64
		want float64
	}{{20, 0.3, 0.236}, {40, 0.3, 0.448}, {80, 0.3, 0.751}, {120, 0.3, 0.902}, {20, 0.5, 0.595}, {40, 0.5, 0.901}} {
		assert.InDelta(t, tc.want, H3Power(tc.n, tc.rho), 0.0005, "n=%d ρ=%v", tc.n, tc.rho)
	}
	assert.Zero(t, H3Power(3, 0.3))
}
