package grid

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/worlds/grid/internal/read"

	"github.com/hallumaze/hallumaze/internal/golden"
)

// newWorld loads the world once per test.
func newWorld(t testing.TB) *World {
	t.Helper()
	w, err := New()
	require.NoError(t, err)
	return w
}

// TestShow pins, byte for byte, a selection of levels in every view
// (histories, multi-file labels, actions, terrain lines, the stepped
// format) through Show.
func TestShow(t *testing.T) {
	w := newWorld(t)
	for _, tt := range []struct {
		level string
		seed  uint64
	}{
		{"P1_dense_array", 0}, {"P3_rotation_challenge", 0}, {"P4_delta_perception", 0}, {"P5_object_permanence", 0},
		{"M1_river_3", 0}, {"M4_narrator", 0}, {"C1a_persistent_chain", 0}, {"C2_fire_crossing", 0},
		{"C3_flood_room", 0}, {"C6_flood_fire_escape", 0}, {"U1_fog_of_war", 0}, {"U2_oracle_low", 0},
		{"X6_return_visit", 0}, {"X7_dragon_keep", 0}, {"proc-8", 1}, {"proc-10", 2}, {"proc-12", 3},
	} {
		t.Run(fmt.Sprintf("%s_s%d", tt.level, tt.seed), func(t *testing.T) {
			var b bytes.Buffer
			require.NoError(t, w.Show(&b, tt.level, tt.seed))
			golden.Check(t, fmt.Sprintf("show/%s_s%d.golden", tt.level, tt.seed), b.Bytes())
			for _, line := range strings.Split(b.String(), "\n") {
				assert.Equal(t, strings.TrimRight(line, " "), line, "no trailing space")
			}
		})
	}
	assert.Error(t, w.Show(&bytes.Buffer{}, "P9_nothing", 0))
}

// TestLabels checks §14.8: a multi-file key's observations are labelled
// by the file name less the key's prefix, _ as a space.
func TestLabels(t *testing.T) {
	w := newWorld(t)
	tests := map[string][]string{
		"U1_fog_of_war":        {"hub", "room a", "room c"},
		"X6_return_visit":      {"zone a", "zone b", "zone c", "zone d", "zone a revisit"},
		"C1a_persistent_chain": {"t0", "now"},
		"M2_witness_stand":     {"chamber 1", "chamber 2", "chamber 3", "chamber 4", "chamber 5"},
		"M3_incident_report":   {"t0", "t6"},
		"U4_amnesiac":          {"obs1", "obs2"},
		"X7_dragon_keep": {"zone a", "zone b", "zone b return", "zone c", "zone d", "zone w", "zone e",
			"zone e postcombat"},
		"U2_oracle_mid": {"agent zone mid", "target room"},
	}
	for level, labels := range tests {
		t.Run(level, func(t *testing.T) {
			e, err := w.Episode(level, 0)
			require.NoError(t, err)
			text, err := e.Render(Symbolic, 0)
			require.NoError(t, err)
			var got []string
			for k, o := range e.Obs {
				got = append(got, o.Label)
				assert.Contains(t, text, fmt.Sprintf("[Observation %d — %s]:\n", k+1, o.Label))
			}
			assert.Equal(t, labels, got)
			lines := strings.Count(text, "\n\n[You moved to the next area]\n\n") +
				strings.Count(text, "\n\n[Some time passed; you are still in the same area]\n\n") +
				strings.Count(text, "\n\n[You returned to the area of observation ")
			assert.Equal(t, len(labels)-1, lines, "one line between each two observations")
			for k := 1; k < len(e.Obs); k++ {
				assert.Contains(t, text, e.transition(k))
			}
		})
	}
}

// TestSpacing checks §14.9: blocks separated by one blank line, the three
// forwards of P4_delta as three lines of one block, the [Notice] overlay
// after one blank line (after the legend in the ascii view).
func TestSpacing(t *testing.T) {
	w := newWorld(t)
	e, err := w.Episode("P4_delta_perception", 0)
	require.NoError(t, err)
	text, err := e.Render(Symbolic, 0)
	require.NoError(t, err)
	assert.Contains(t, text, "Nothing else is visible.\n\n[You moved forward 1 step]\n[You moved forward 1 step]\n[You moved forward 1 step]\n\n[Observation 2 — Step 3]:\n")
	assert.True(t, strings.HasPrefix(text, "[Observation 1 — Step 0]:\nYou are an agent"))
	assert.NotContains(t, text, "\n\n\n")

	ps, err := w.Probes("proc-10", ASCII, 1)
	require.NoError(t, err)
	var claim string
	for _, p := range ps {
		if p.Template == "X.claim" {
			claim = p.Context
		}
	}
	require.NotEmpty(t, claim)
	assert.Regexp(t, "e=grey\n\n\\[Notice\\]: \"[^\"]+\"\n\n## Question\n", claim)

	ex, err := w.Episode("M1_river_6", 0)
	require.NoError(t, err)
	stepped, err := ex.Render(Memory, 6)
	require.NoError(t, err)
	assert.True(t, strings.HasSuffix(stepped, "\"\n\n[6 steps have now elapsed; you remained stationary.]"))
	one, err := ex.Render(Memory, 1)
	require.NoError(t, err)
	assert.True(t, strings.HasSuffix(one, "[1 step has now elapsed; you remained stationary.]"))
}

// TestPhrases checks the common phrases of §6.4 and §14.15.
func TestPhrases(t *testing.T) {
	ego := map[[2]int]string{
		{1, 0}: "1 step forward, directly in front", {3, 0}: "3 steps forward, directly in front",
		{1, -2}: "1 step forward, 2 steps to your left", {2, 1}: "2 steps forward, 1 step to your right",
		{0, -1}: "1 step to your left", {0, 3}: "3 steps to your right",
	}
	for al, want := range ego {
		assert.Equal(t, want, egoPhrase(al[0], al[1]))
		a, l, ok := read.Ego(want)
		assert.True(t, ok)
		assert.Equal(t, al, [2]int{a, l})
	}
	compass := map[Pos]string{
		{2, 3}: "3 steps north", {5, 4}: "1 step east", {7, 2}: "2 steps south, 1 step west",
		{1, 4}: "4 steps north, 1 step east", {5, 3}: "at your position",
	}
	for p, want := range compass {
		assert.Equal(t, want, compassPhrase(Pos{5, 3}, p))
		n, e, ok := read.Compass(want)
		assert.True(t, ok)
		assert.Equal(t, [2]int{5 - p.Row, p.Col - 3}, [2]int{n, e})
	}
}
