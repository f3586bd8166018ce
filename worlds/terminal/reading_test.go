package terminal_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/internal/worldstest"
	"github.com/hallumaze/hallumaze/worlds"
	"github.com/hallumaze/hallumaze/worlds/terminal"
)

// probesOf is the standard set, or seeds 1…n of every level.
func probesOf(t *testing.T, n int) []worlds.Probe {
	t.Helper()
	w := terminal.New()
	if n == 0 {
		ps, err := w.Standard()
		require.NoError(t, err)
		return ps
	}
	var out []worlds.Probe
	for _, level := range w.Levels() {
		for seed := uint64(1); seed <= uint64(n); seed++ {
			ps, err := w.Probes(level, terminal.View, seed)
			require.NoError(t, err)
			out = append(out, ps...)
		}
	}
	return out
}

// sets are the standard set and the seeds -worlds.seeds names.
func sets(t *testing.T) map[string][]worlds.Probe {
	n := worldstest.Seeds(testing.Short())
	return map[string][]worlds.Probe{"standard set": probesOf(t, 0), "seeds 1–" + strconv.Itoa(n): probesOf(t, n)}
}

// Every gold of the standard set and of the seeds follows from the probe's
// message alone: the reader, which shares no code with the world, settles
// every probe and agrees with every gold, UNKNOWN included.
func TestReaderDerivesEveryGold(t *testing.T) {
	for name, probes := range sets(t) {
		worldstest.Disagreements(t, name, probes, func(p worlds.Probe) (string, error) { return readGold(p.Context) })
	}
}

// The golds are balanced per probe type: a question-only reader gains
// nothing from a lopsided type.
func TestGoldsBalanced(t *testing.T) { worldstest.CheckBalance(t, sets(t)) }

var (
	portShown = regexp.MustCompile(`(?m)^PORT=(\d+)$`)
	listedIn  = regexp.MustCompile(`(?m)^\$ ls -l (\S+)\n((?:[-d].*\n)*)`)
)

// False testimony agrees with no value the session ever showed for the
// fact (so a reader who misses a silent change does not follow it), and
// is drawn among those values at random.
func TestTestimonyIsNeverAShownValue(t *testing.T) {
	probes := probesOf(t, worldstest.Seeds(testing.Short()))
	drawn := map[string]map[string]int{}
	for _, p := range probes {
		if p.ProbeType != "current" {
			continue
		}
		require.NotNil(t, p.Conflict, p.ID)
		require.NotNil(t, p.Testimony, p.ID)
		testimony := *p.Testimony
		if !*p.Conflict {
			assert.Equal(t, p.Gold.Canonical(), testimony, p.ID)
			continue
		}
		assert.NotEqual(t, p.Gold.Canonical(), testimony, p.ID)
		var shown []string
		switch p.Level {
		case terminal.LevelShell:
			for _, m := range portShown.FindAllStringSubmatch(p.Context, -1) {
				shown = append(shown, m[1])
			}
		case terminal.LevelFiles:
			name := strings.TrimSuffix(strings.TrimPrefix(p.Question, "Which directory holds "), " now?")
			for _, m := range listedIn.FindAllStringSubmatch(p.Context, -1) {
				if strings.Contains(m[2], " "+name+"\n") {
					shown = append(shown, terminal.Home+"/"+m[1])
				}
			}
		}
		require.NotEmpty(t, shown, "%s: the session shows a value of the fact", p.ID)
		assert.NotContains(t, shown, testimony, "%s: the testimony is a value the session showed", p.ID)
		if drawn[p.Level] == nil {
			drawn[p.Level] = map[string]int{}
		}
		drawn[p.Level][testimony]++
	}
	assert.Len(t, drawn[terminal.LevelShell], 4, "false notes name every port: %v", drawn[terminal.LevelShell])
}
