package terminal

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hallumaze/hallumaze/worlds"
)

// layout is a level's probe categories in order, and the index of its one
// UNKNOWN probe (the first of the U pair).
func layout(level string) ([]worlds.Category, int) {
	if level == LevelFiles {
		return []worlds.Category{"P", "P", "P", "M", "M", "C", "C", "C", "U", "U", "X", "X"}, 8
	}
	return []worlds.Category{"P", "P", "P", "M", "M", "C", "C", "U", "U", "X", "X"}, 7
}

// probeOf is the first probe of the type.
func probeOf(t require.TestingT, probes []worlds.Probe, ptype string) worlds.Probe {
	i := slices.IndexFunc(probes, func(p worlds.Probe) bool { return p.ProbeType == ptype })
	require.GreaterOrEqual(t, i, 0, "no %s probe", ptype)
	return probes[i]
}

// checkEpisodeProbes holds one episode's probes to the contract: the
// level's categories in order, ids in order, the first U probe UNKNOWN and
// every other probe answerable, the yes/no probes in pairs of one yes and
// one no, enum golds among sorted options, X fact probes with a conflict
// flag and testimony, the records' JSON read back whole, and the meta
// replaying to the same transcript.
func checkEpisodeProbes(t require.TestingT, level string, seed uint64, probes []worlds.Probe) {
	cats, unknown := layout(level)
	require.Len(t, probes, len(cats))
	var replayed Transcript
	yes := map[string]int{}
	for i, p := range probes {
		name := p.ID
		require.Equal(t, fmt.Sprintf("terminal/%s/s%d/transcript/q%02d", level, seed, i), p.ID)
		require.Equal(t, cats[i], p.Category, name)
		require.Equal(t, string(p.Category)+"."+p.ProbeType, p.Template, name)
		require.Equal(t, i == unknown, !p.Answerable(), "%s: only the first U probe is UNKNOWN", name)
		if p.AnswerType == worlds.Bool && p.Gold.Value == "yes" {
			yes[p.ProbeType]++
		}
		switch p.ProbeType {
		case "exists", "listed", "remains":
			require.Equal(t, worlds.Bool, p.AnswerType, name)
		case "lines":
			require.Equal(t, worlds.Int, p.AnswerType, name)
		default:
			require.Equal(t, worlds.Enum, p.AnswerType, name)
			require.True(t, slices.IsSorted(p.Options), name)
			require.GreaterOrEqual(t, len(p.Options), 3, name)
			if p.Answerable() {
				require.Contains(t, p.Options, p.Gold.Value, name)
			}
		}
		if p.ProbeType == "current" {
			require.NotNil(t, p.Conflict, name)
			require.NotNil(t, p.Testimony, name)
			require.Equal(t, *p.Conflict, *p.Testimony != p.Gold.Canonical(), name)
		} else if p.ProbeType == "reported" {
			require.Nil(t, p.Conflict, name)
			require.Equal(t, p.Gold.Canonical(), *p.Testimony, name)
		} else {
			require.Nil(t, p.Conflict, name)
			require.Nil(t, p.Testimony, name)
		}
		b, err := json.Marshal(p)
		require.NoError(t, err, name)
		var back worlds.Probe
		require.NoError(t, json.Unmarshal(b, &back), name)
		require.Equal(t, p, back, name)

		var meta Meta
		require.NoError(t, json.Unmarshal(p.Meta, &meta), name)
		if i == 0 {
			tr, _, err := meta.Replay()
			require.NoError(t, err, name)
			replayed = tr
		}
		require.Equal(t, worlds.UserMessage(replayed.String(), p.Question, p.Schema), p.Context, name)
	}
	for ptype, n := range yes {
		require.Equal(t, 1, n, "%s seed %d: the %s pair has one yes and one no", level, seed, ptype)
	}
}

func TestEpisodesHoldTheContract(t *testing.T) {
	w := New()
	for _, level := range w.Levels() {
		for seed := uint64(0); seed < 300; seed++ {
			probes, err := w.Probes(level, View, seed)
			require.NoError(t, err)
			checkEpisodeProbes(t, level, seed, probes)
		}
	}
}

// Every coin shows up both ways over the standard seeds, and the X probes'
// conflict flag is the conflict coin.
func TestDrawsVary(t *testing.T) {
	w := New()
	conflicts := map[string]map[bool]int{}
	golds := map[string]map[string]bool{}
	for _, level := range w.Levels() {
		conflicts[level] = map[bool]int{}
		for seed := uint64(1); seed <= StandardSeeds; seed++ {
			probes, err := w.Probes(level, View, seed)
			require.NoError(t, err)
			current := probeOf(t, probes, "current")
			conflicts[level][*current.Conflict]++
			for _, p := range probes {
				if p.AnswerType == worlds.Bool {
					continue // the yes/no pairs: one yes, one no, by construction
				}
				k := level + " " + p.ID[strings.LastIndex(p.ID, "/")+1:]
				if golds[k] == nil {
					golds[k] = map[string]bool{}
				}
				golds[k][p.Gold.Canonical()] = true
			}
			var want bool
			if level == LevelShell {
				want = drawShell(seed).conflict
			} else {
				want = drawFiles(seed).conflict
			}
			assert.Equal(t, want, *current.Conflict, "%s seed %d", level, seed)
		}
		assert.Positive(t, conflicts[level][true], level)
		assert.Positive(t, conflicts[level][false], level)
	}
	for k, seen := range golds {
		if strings.HasSuffix(k, "terminal q07") || strings.HasSuffix(k, "terminal-files q08") {
			assert.Equal(t, map[string]bool{"unknown": true}, seen, k)
			continue
		}
		assert.Greater(t, len(seen), 1, "%s: the gold never changes over the standard seeds", k)
	}
}

func TestStandardSet(t *testing.T) {
	w := New()
	probes, err := w.Standard()
	require.NoError(t, err)
	require.Len(t, probes, 1150)
	ids := map[string]bool{}
	byCat := map[worlds.Category]int{}
	for _, p := range probes {
		require.False(t, ids[p.ID], p.ID)
		ids[p.ID] = true
		byCat[p.Category]++
	}
	assert.Equal(t, map[worlds.Category]int{"P": 300, "M": 200, "C": 250, "U": 200, "X": 200}, byCat)
	assert.Equal(t, "terminal/terminal/s1/transcript/q00", probes[0].ID)
	assert.Equal(t, "terminal/terminal-files/s50/transcript/q11", probes[1149].ID)
}

func TestWorldErrors(t *testing.T) {
	w := New()
	_, err := w.Probes("terminal-nope", View, 1)
	assert.ErrorContains(t, err, `unknown level "terminal-nope"`)
	_, err = w.Probes(LevelShell, "ascii", 1)
	assert.ErrorContains(t, err, `unknown view "ascii"`)
	ps, err := w.Probes(LevelShell, "", 1)
	require.NoError(t, err)
	assert.Len(t, ps, 11)
	assert.Error(t, w.Show(&strings.Builder{}, "nope", 1))
}

// Property: for any seed of either level, the U pair is one UNKNOWN probe
// and one determined twin of the same wording, and the UNKNOWN one asks
// about a file the transcript never showed with cat.
func TestUPairProperty(t *testing.T) {
	w := New()
	rapid.Check(t, func(rt *rapid.T) {
		level := rapid.SampledFrom(w.Levels()).Draw(rt, "level")
		seed := rapid.Uint64().Draw(rt, "seed")
		probes, err := w.Probes(level, View, seed)
		require.NoError(rt, err)
		_, unknown := layout(level)
		u, twin := probes[unknown], probes[unknown+1]
		require.Equal(rt, worlds.Uncertainty, u.Category)
		require.Equal(rt, worlds.Uncertainty, twin.Category)
		require.True(rt, u.Gold.Unknown, "first U probe: %s", u.Question)
		require.True(rt, twin.Answerable(), "twin: %s", twin.Question)
		require.Contains(rt, twin.Options, twin.Gold.Value)
		stem := func(q string) string { return q[:strings.Index(q, "grep -q")] }
		require.Equal(rt, stem(u.Question), stem(twin.Question))
		cmd := strings.TrimSuffix(strings.TrimPrefix(u.Question, "What exit status did the command "), " return?")
		ep, err := Play(level, seed)
		require.NoError(rt, err)
		// Replay, noting every file cat showed and every directory ls -l
		// listed (sizes), up to the grep the U probe asks about.
		st := ep.Initial.Clone()
		shown, sized := map[string]bool{}, map[string]bool{}
		file := ""
		for _, c := range ep.Commands {
			switch {
			case c.String() == cmd:
				file = st.abs(c.path(0))
			case c.Name == Cat:
				shown[st.abs(c.path(0))] = true
			case c.Name == Ls && c.Long:
				sized[st.abs(lsOperand(c.Paths))] = true
			}
			_, err := st.Exec(c)
			require.NoError(rt, err)
		}
		require.NotEmpty(rt, file, "the U probe's command %q is in the session", cmd)
		require.False(rt, shown[file], "%s was shown", file)
		require.False(rt, sized[parentDir(file)], "%s's size was shown", file)
	})
}

func TestStreamConstants(t *testing.T) {
	assert.Equal(t, uint64(StreamTerminalFiles), binaryASCII("hwtfile!"))
	assert.Equal(t, uint64(worlds.StreamTerminal), binaryASCII("hwterm!!"))
	same := 0
	for seed := uint64(0); seed < 400; seed++ {
		if drawShell(seed).conflict == drawFiles(seed).conflict {
			same++
		}
	}
	assert.InDelta(t, 200, same, 60, "the two levels' conflict coins of one seed are independent draws")
}

func binaryASCII(s string) uint64 {
	var v uint64
	for i := 0; i < len(s); i++ {
		v = v<<8 | uint64(s[i])
	}
	return v
}
