package grid_test

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/internal/worldstest"
	"github.com/hallumaze/hallumaze/worlds"
	"github.com/hallumaze/hallumaze/worlds/grid"
	"github.com/hallumaze/hallumaze/worlds/grid/internal/read"
)

// readGold is the answer the reader of internal/read, which shares no code
// with the world, takes a probe's message to settle.
func readGold(p worlds.Probe) (string, error) {
	msg, err := worlds.ParseMessage(p.Context)
	if err != nil {
		return "", err
	}
	h, err := read.Parse(msg.Observation)
	if err != nil {
		return "", err
	}
	return h.Answer(msg.Question)
}

// sets are the standard set and, at the seeds -worlds.seeds names, every
// procedural level in every view, and every HalluWorld key in its views at
// a tenth of them (a key's level is fixed: its seed only draws targets, so
// a key at every seed would weigh the balance by repeating its golds),
// made once.
func sets(t *testing.T) map[string][]worlds.Probe {
	t.Helper()
	setsOnce.Do(func() { setsMade, setsErr = makeSets() })
	require.NoError(t, setsErr)
	return setsMade
}

var (
	setsOnce sync.Once
	setsMade map[string][]worlds.Probe
	setsErr  error
)

func makeSets() (map[string][]worlds.Probe, error) {
	w, err := grid.New()
	if err != nil {
		return nil, err
	}
	std, err := w.Standard()
	if err != nil {
		return nil, err
	}
	n := worldstest.Seeds(testing.Short())
	var more []worlds.Probe
	for seed := uint64(1); seed <= uint64(n); seed++ {
		for _, level := range w.Levels() {
			if !strings.HasPrefix(level, "proc-") && seed > uint64(max(1, n/10)) {
				continue
			}
			ps, err := w.Probes(level, "", seed)
			if err != nil {
				return nil, fmt.Errorf("%s seed %d: %w", level, seed, err)
			}
			more = append(more, ps...)
		}
	}
	return map[string][]worlds.Probe{"standard set": std, "seeds 1–" + strconv.Itoa(n): more}, nil
}

// Every gold of the standard set and of the seeds follows from the probe's
// message alone: the reader settles every probe and agrees with its gold.
// The HalluWorld keys, which the sets hold at a tenth of the seeds (their
// level is fixed, so more seeds would only weigh them in the balance),
// are read at every seed here, made and dropped a seed at a time.
func TestReaderDerivesEveryGold(t *testing.T) {
	for name, probes := range sets(t) {
		worldstest.Disagreements(t, name, probes, readGold)
	}
	w, err := grid.New()
	require.NoError(t, err)
	n := worldstest.Seeds(testing.Short())
	name := "HalluWorld keys at seeds " + strconv.Itoa(max(1, n/10)+1) + "–" + strconv.Itoa(n)
	count, disagree := 0, 0
	for seed := uint64(max(1, n/10) + 1); seed <= uint64(n); seed++ {
		for _, level := range w.Levels() {
			if strings.HasPrefix(level, "proc-") {
				continue
			}
			ps, err := w.Probes(level, "", seed)
			require.NoError(t, err, "%s seed %d", level, seed)
			for _, p := range ps {
				disagree += worldstest.Disagrees(t, name, p, readGold, disagree)
			}
			count += len(ps)
		}
	}
	t.Logf("%s: %d probes, %d disagreements", name, count, disagree)
}

// The golds are balanced per probe type and view.
func TestGoldsBalanced(t *testing.T) { worldstest.CheckBalance(t, sets(t)) }
