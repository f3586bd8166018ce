package mazes

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// perfectReply writes the reply of a model that walks the solution.
func perfectReply(m *Maze, conf string) string {
	var b strings.Builder
	sol := m.Solution()
	for i := 1; i < len(sol); i++ {
		fmt.Fprintf(&b, "STEP %d: %v → %s | confidence: %s | open\n", i, sol[i-1], dirBetween(sol[i-1], sol[i]), conf)
	}
	b.WriteString("BACKTRACK_COUNT: 0\nHALLUCINATION_COUNT: 0\nFINAL_PATH: ")
	for i, c := range sol {
		if i > 0 {
			b.WriteString("→")
		}
		b.WriteString(c.String())
	}
	b.WriteString("\n")
	return b.String()
}

func dirBetween(a, b Cell) Dir {
	for _, d := range Dirs {
		if a.Move(d) == b {
			return d
		}
	}
	return 0
}

func TestScorePerfect(t *testing.T) {
	m, err := Generate(7, 42, DFS)
	require.NoError(t, err)
	s := Score(m, ParseReply(perfectReply(m, "100%")))
	assert.Equal(t, 1.0, s.SR)
	assert.True(t, s.PathValid)
	assert.True(t, s.Optimal)
	assert.Equal(t, 0, s.HC)
	assert.Equal(t, -1, s.FHR)
	assert.InDelta(t, 0.9, s.MEI, 1e-15)
	require.NotNil(t, s.CE)
	assert.Equal(t, 0.0, *s.CE)
	assert.Equal(t, 1.0, s.BRS)
	assert.InDelta(t, 0.5*0.9+0.3+0.2, s.Score, 1e-15)
	assert.Equal(t, 0, *s.HallucinationGap)
}

func TestEpisodeWalk(t *testing.T) {
	m, err := Generate(5, 3, DFS)
	require.NoError(t, err)
	e := NewEpisode(m, PromptOptions{Lang: English, Confidence: true}, 0)
	open := e.Opening()
	require.Contains(t, open.User, "You are at (0,0)")
	// Bump a wall first: (0,0) has no north passage.
	ans, res, done := e.Turn("STEP 1: (0,0) → N | confidence: 90%")
	require.False(t, done)
	assert.True(t, res.Check.OffGrid)
	assert.Contains(t, ans, "outside the maze")
	sol := m.Solution()
	for i := 1; i < len(sol); i++ {
		ans, res, done = e.Turn(fmt.Sprintf("STEP %d: %v → %s", i+1, sol[i-1], dirBetween(sol[i-1], sol[i])))
		require.False(t, done, ans)
		require.True(t, res.Check.Valid)
	}
	assert.Contains(t, ans, "EXIT reached")
	_, _, done = e.Turn("BACKTRACK_COUNT: 0\nHALLUCINATION_COUNT: 1\nFINAL_PATH: " + pathString(sol))
	require.True(t, done)
	s := e.Scores()
	assert.Equal(t, 1.0, s.SR)
	assert.Equal(t, 1, s.HC)
	assert.Equal(t, 1, s.FHR)
	assert.Equal(t, 0, *s.HallucinationGap)
	assert.Equal(t, EndFinalPath, e.Stats().EndReason)
	assert.Equal(t, 1, e.Stats().WallBumps)
}

func pathString(cells []Cell) string {
	parts := make([]string, len(cells))
	for i, c := range cells {
		parts[i] = c.String()
	}
	return strings.Join(parts, "→")
}

// TestScoresCloneSharesNothing: every optional value of Scores is copied by
// Clone, so that the lenient tier's copy of strict scores shares no
// pointer.
func TestScoresCloneSharesNothing(t *testing.T) {
	one, seven := 1.0, 7
	s := Scores{CE: &one, Brier: &one, ECE: &one, LureRate: &one, ReportedBacktracks: &seven,
		ReportedHallucinations: &seven, BacktrackGap: &seven, HallucinationGap: &seven}
	c := s.Clone()
	v, w := reflect.ValueOf(s), reflect.ValueOf(c)
	for i := range v.NumField() {
		if v.Field(i).Kind() != reflect.Pointer {
			continue
		}
		if v.Field(i).IsNil() {
			t.Errorf("%s: set it in this test", v.Type().Field(i).Name)
			continue
		}
		if v.Field(i).Pointer() == w.Field(i).Pointer() {
			t.Errorf("%s is shared", v.Type().Field(i).Name)
		}
	}
	assert.Equal(t, s, c)
}
