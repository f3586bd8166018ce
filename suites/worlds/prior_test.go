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
	for name, probes := range sets {
		for _, g := range hw.Balance(probes) {
			assert.True(t, g.OK(), "%s: %s", name, g)
		}
	}
}
