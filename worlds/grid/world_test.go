package grid

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/worlds"
)

func TestWorldCatalogue(t *testing.T) {
	w := newWorld(t)
	assert.Equal(t, worlds.Grid, w.Name())
	levels := w.Levels()
	require.Len(t, levels, 36, "33 HalluWorld keys and 3 procedural levels")
	assert.Equal(t, "P1_dense_array", levels[0])
	assert.Equal(t, []string{"proc-8", "proc-10", "proc-12"}, levels[33:])
	tiers := map[byte]int{}
	for _, l := range levels[:33] {
		tiers[l[0]]++
	}
	assert.Equal(t, map[byte]int{'P': 6, 'M': 6, 'C': 9, 'U': 5, 'X': 7}, tiers, "§6.6: 6 P + 6 M + 9 C + 5 U + 7 X")
	assert.Equal(t, []string{Symbolic, ASCII, Memory}, w.Views())
	assert.True(t, strings.HasPrefix(worlds.System(w.Rules()), worlds.Preamble+"\n\nThe world is a grid"))

	_, err := w.Probes("P9_nowhere", "", 0)
	assert.ErrorContains(t, err, `unknown level "P9_nowhere"`)
	_, err = w.Probes("P1_dense_array", "sideways", 0)
	assert.ErrorContains(t, err, `unknown view "sideways"`)
	_, err = w.Probes("proc-9", "", 0)
	assert.Error(t, err)

	all, err := w.Probes("P1_dense_array", "", 0)
	require.NoError(t, err)
	sym, err := w.Probes("P1_dense_array", Symbolic, 0)
	require.NoError(t, err)
	asc, err := w.Probes("P1_dense_array", ASCII, 0)
	require.NoError(t, err)
	assert.Equal(t, append(sym, asc...), all, "view \"\" is every view the key is shown in")
	mem, err := w.Probes("P1_dense_array", Memory, 0)
	require.NoError(t, err, "any view may be asked for")
	assert.NotEmpty(t, mem)
	other, err := w.Probes("P3_rotation_challenge", Symbolic, 7)
	require.NoError(t, err)
	assert.Equal(t, "grid/P3_rotation_challenge/s7/symbolic/q00", other[0].ID)
}

// TestProcDraws re-derives procedural levels straight from the grid-levels
// stream, in §6.6's order, with raw intn and slice removal, and compares
// them with ProcLevel.
func TestProcDraws(t *testing.T) {
	for _, size := range ProcSizes {
		for seed := range uint64(6) {
			st := worlds.NewStream(seed, worlds.StreamGridLevels)
			w := size / 2
			doorCol := 1 + st.Intn(size-2)
			doorColour := Colours[st.Intn(6)]
			doorState := []DoorState{Closed, Locked, Open}[st.Intn(3)]
			var kinds []Kind
			var colours []Colour
			for _, k := range []Kind{Key, Ball, Box} {
				for _, c := range []Colour{Red, Green, Blue, Yellow, Purple, Grey} {
					kinds, colours = append(kinds, k), append(colours, c)
				}
			}
			var cells []Pos
			for r := 1; r <= size-2; r++ {
				for c := 1; c <= size-2; c++ {
					if r != w {
						cells = append(cells, Pos{r, c})
					}
				}
			}
			want := map[Pos]string{{w, doorCol}: doorColour.String() + " door (" + doorState.String() + ")"}
			for range min(len(kinds), w+1+st.Intn(size)) {
				i := st.Intn(len(kinds))
				name := colours[i].String() + " " + kinds[i].String()
				kinds, colours = slices.Delete(kinds, i, i+1), slices.Delete(colours, i, i+1)
				j := st.Intn(len(cells))
				want[cells[j]] = name
				cells = slices.Delete(cells, j, j+1)
			}
			var below []Pos
			for _, p := range cells {
				if p.Row > w {
					below = append(below, p)
				}
			}
			agent := below[st.Intn(len(below))]
			facing := Dir(st.Intn(4))
			actions := []Action{Action(st.Intn(3)), Action(st.Intn(3))}

			lv, acts, err := ProcLevel(size, seed)
			require.NoError(t, err)
			got := map[Pos]string{}
			for _, o := range lv.Objects {
				got[o.Pos] = o.Label()
			}
			assert.Equal(t, want, got, "proc-%d seed %d objects", size, seed)
			assert.Equal(t, agent, lv.Agent)
			assert.Equal(t, facing, lv.Facing)
			assert.Equal(t, actions, acts)
			assert.Equal(t, map[int]int{8: 5, 10: 7, 12: 7}[size], lv.ViewSize)
			for c := 1; c <= size-2; c++ {
				if c != doorCol {
					assert.Equal(t, Wall, lv.At(Pos{w, c}).Terrain, "the inner wall row")
				}
			}
			e, err := procEpisode(size, seed)
			require.NoError(t, err)
			require.Len(t, e.Obs, 3)
			for k, o := range e.Obs {
				assert.Equal(t, k, o.State.T)
			}
		}
	}
	_, _, err := ProcLevel(9, 1)
	assert.Error(t, err)
}
