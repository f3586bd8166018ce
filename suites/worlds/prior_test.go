package worlds

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/internal/golden"
	"github.com/hallumaze/hallumaze/internal/worldstest"
	hw "github.com/hallumaze/hallumaze/worlds"
)

// The prior's training range: seeds apart from every standard set (grid
// keys at seed 0 and procedural seeds 1–20, chess 1–50, terminal 1–50) and
// from the 1,000 seeds the checks cover.
const (
	trainFrom  = 10001
	trainSeeds = 300 // procedural grid levels, chess-random, both terminal levels
	trainKeys  = 30  // grid HalluWorld keys (a key's seed only draws targets)
)

// training is every world's probes at the training seeds.
func training(t *testing.T) []hw.Probe {
	t.Helper()
	ws, err := Worlds()
	require.NoError(t, err)
	var out []hw.Probe
	for _, w := range ws {
		for _, level := range w.Levels() {
			if level == "chess-builtin" {
				continue
			}
			n := trainSeeds
			if w.Name() == hw.Grid && !strings.HasPrefix(level, "proc-") {
				n = trainKeys
			}
			for s := uint64(trainFrom); s < trainFrom+uint64(n); s++ {
				ps, err := w.Probes(level, "", s)
				require.NoError(t, err, "%s %s seed %d", w.Name(), level, s)
				out = append(out, ps...)
			}
		}
	}
	return out
}

// TestPrior learns the question-only prior from the training range and
// holds worlds/prior.json, which every verdict is judged against, to it;
// -update rewrites the file. It skips under the race detector and -short
// (the training set is a few hundred thousand probes); make test's plain
// run holds it.
func TestPrior(t *testing.T) {
	if worldstest.Slow(testing.Short()) && !golden.Updating() {
		t.Skip("the prior's training set is checked outside -race and -short")
	}
	_, data, err := hw.LearnPrior(training(t),
		fmt.Sprintf("seeds %d–%d of every level (HalluWorld grid keys %d–%d)", trainFrom, trainFrom+trainSeeds-1, trainFrom, trainFrom+trainKeys-1))
	require.NoError(t, err)
	path := filepath.Join("..", "..", "worlds", "prior.json")
	if golden.Updating() {
		require.NoError(t, os.WriteFile(path, data, 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	if diff := cmp.Diff(string(want), string(data)); diff != "" {
		t.Errorf("worlds/prior.json is not the prior the training range gives (-file +learned):\n%s\nrun go test ./suites/worlds -run TestPrior -update", diff)
	}
}

// checkSets are the standard sets and the seeds -worlds.seeds names of
// every world, made once.
var checkSets = sync.OnceValues(func() (map[string][]hw.Probe, error) {
	ws, err := Worlds()
	if err != nil {
		return nil, err
	}
	n := worldstest.Seeds(false)
	out := map[string][]hw.Probe{}
	for _, w := range ws {
		std, err := standard(w)
		if err != nil {
			return nil, err
		}
		out["standard set"] = append(out["standard set"], std...)
		name := "seeds 1–" + strconv.Itoa(n)
		for _, level := range w.Levels() {
			if level == "chess-builtin" {
				continue
			}
			m := n
			if w.Name() == hw.Grid && !strings.HasPrefix(level, "proc-") {
				m = max(1, n/10)
			}
			for s := uint64(1); s <= uint64(m); s++ {
				ps, err := w.Probes(level, "", s)
				if err != nil {
					return nil, err
				}
				out[name] = append(out[name], ps...)
			}
		}
	}
	return out, nil
})

// TestCheapStrategies: on the standard sets and on the seeds, no strategy
// that reads the question alone — the prior, always-unknown, the best
// fixed answer per answer key, the most frequent gold per template (both
// fitted to the very golds they are scored on), "unknown" on a U question
// and the prior elsewhere — reaches accuracy′ 0.15 in any world ×
// category; the prior's own accuracy′ is 0.
func TestCheapStrategies(t *testing.T) {
	sets, err := checkSets()
	require.NoError(t, err)
	prior := hw.DefaultPrior()
	for name, probes := range sets {
		var table bytes.Buffer
		fmt.Fprintf(&table, "%s: accuracy′ by world × category (prior accuracy in brackets)\n", name)
		for _, s := range hw.CheapStrategies(probes, prior) {
			fmt.Fprintf(&table, "  %-15s", s.Name)
			for _, c := range hw.ScoreStrategy(probes, prior, s) {
				prime := "-"
				if c.Prime != nil {
					prime = fmt.Sprintf("%+.3f", *c.Prime)
					if s.Name == "prior" {
						assert.InDelta(t, 0, *c.Prime, 0.05, "%s: the prior in %s", name, c.Cell)
					} else {
						assert.Less(t, *c.Prime, 0.15, "%s: %s in %s (accuracy %.3f, prior %.3f)", name, s.Name, c.Cell, c.Accuracy, c.PriorAccuracy)
					}
				}
				fmt.Fprintf(&table, " %s %s (%.2f)", c.Cell, prime, c.PriorAccuracy)
			}
			table.WriteString("\n")
		}
		t.Log(table.String())
	}
}

// TestBalance: every world's golds keep the balance limits on the
// standard sets and on the seeds.
func TestBalance(t *testing.T) {
	sets, err := checkSets()
	require.NoError(t, err)
	worldstest.CheckBalance(t, sets)
}

// TestReferenceAgents plays the standard sets (every seventh case under
// the race detector and -short) with every reference agent through the
// suite, as a model is played, and holds the headline to what it must
// mean: the prior agent, reading the question alone, scores accuracy′ 0
// (within ±0.05) in every world × category; always-unknown scores skill 0
// (the ranking measure cannot be gamed by abstaining) and the guesser
// ranks below the oracle; testimony_following is defined in every world,
// the credulous agent follows the testimony and the guesser, which never
// reads it, follows it no more often than chance (a false testimony is
// never a value the context shows, so never the guesser's answer).
func TestReferenceAgents(t *testing.T) {
	cases, err := New().Standard()
	require.NoError(t, err)
	if worldstest.Slow(testing.Short()) {
		var some []bench.Case
		for i := 0; i < len(cases); i += 7 {
			some = append(some, cases[i])
		}
		cases = some
	}
	var names []string
	for _, p := range hw.Policies {
		names = append(names, string(p))
	}
	scores := Score(play(t, cases, names...))
	byModel := map[string]hw.Report{}
	var order []string
	for _, m := range scores {
		byModel[strings.TrimPrefix(m.Model, "agent/")] = m.Report
		order = append(order, strings.TrimPrefix(m.Model, "agent/"))
	}
	assert.Equal(t, []string{"oracle", "credulous", "guesser"}, order[:3], "the leaderboard's order")

	prior := byModel["prior"]
	for cell, r := range prior.ByWorldCategory {
		if assert.NotNil(t, r.AccuracyPrime, "prior %s", cell) {
			assert.InDelta(t, 0, *r.AccuracyPrime, 0.05, "the prior agent's accuracy′ in %s", cell)
		}
	}
	unknown := byModel["always-unknown"]
	require.NotNil(t, unknown.Skill)
	assert.InDelta(t, 0, *unknown.Skill, 0.05, "always-unknown's skill")
	for cell, r := range unknown.ByWorldCategory {
		if r.Skill != nil {
			assert.InDelta(t, 0, *r.Skill, 0.05, "always-unknown's skill in %s", cell)
		}
	}
	require.NotNil(t, byModel["guesser"].Skill)
	assert.Less(t, *byModel["guesser"].Skill, *byModel["oracle"].Skill)
	assert.InDelta(t, 1, *byModel["oracle"].Skill, 1e-9)

	for _, w := range []string{hw.Grid, hw.Chess, hw.Terminal} {
		for _, name := range names {
			tf := byModel[name].ByWorld[w].TestimonyFollowing
			if !assert.NotNil(t, tf, "%s: testimony_following in %s", name, w) {
				continue
			}
			switch name {
			case "credulous":
				// Not always: where a tour's true notice board comes after its
				// lying signpost, the credulous agent believes the last.
				assert.GreaterOrEqual(t, tf.Rate, 0.5, "%s follows the testimony in %s", name, w)
			case "guesser", "oracle", "always-unknown":
				assert.Zero(t, tf.K, "%s never reads the testimony, and a false one is no value the context shows (%s)", name, w)
			}
		}
	}
}
