package chess_test

import (
	"strconv"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/internal/worldstest"
	"github.com/hallumaze/hallumaze/worlds"
	"github.com/hallumaze/hallumaze/worlds/chess"
)

// sets are the standard set and chess-random at the seeds -worlds.seeds
// names (chess-builtin seeds 1–10 with them), made once.
func sets(t *testing.T) map[string][]worlds.Probe {
	t.Helper()
	setsOnce.Do(func() { setsMade, setsErr = makeSets(t) })
	require.NoError(t, setsErr)
	return setsMade
}

var (
	setsOnce sync.Once
	setsMade map[string][]worlds.Probe
	setsErr  error
)

func makeSets(t *testing.T) (map[string][]worlds.Probe, error) {
	w := chess.New()
	std, err := w.Standard()
	if err != nil {
		return nil, err
	}
	n := worldstest.Seeds(testing.Short())
	var more []worlds.Probe
	for seed := uint64(1); seed <= uint64(n); seed++ {
		ps, err := w.Probes(chess.LevelRandom, "", seed)
		if err != nil {
			return nil, err
		}
		more = append(more, ps...)
	}
	for seed := uint64(1); seed <= 10; seed++ {
		ps, err := w.Probes(chess.LevelBuiltin, "", seed)
		if err != nil {
			return nil, err
		}
		more = append(more, ps...)
	}
	return map[string][]worlds.Probe{"standard set": std, "seeds 1–" + strconv.Itoa(n): more}, nil
}

// Every gold of the standard set and of the seeds follows from the probe's
// message alone: the reader settles every probe and agrees with its gold.
func TestReaderDerivesEveryGold(t *testing.T) {
	for name, probes := range sets(t) {
		worldstest.Disagreements(t, name, probes, func(p worlds.Probe) (string, error) { return readGold(p.Context) })
	}
}

// The golds are balanced per probe type and view.
func TestGoldsBalanced(t *testing.T) { worldstest.CheckBalance(t, sets(t)) }
