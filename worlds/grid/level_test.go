package grid

import (
	"crypto/sha256"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/internal/golden"
)

// TestAllLevelsLoad loads the 84 embedded level files and pins each file's
// bytes (size, SHA-256) and what it loads to: size, view, agent, objects
// by name, river, flood rows, fire rows, plates and the inert mechanics.
func TestAllLevelsLoad(t *testing.T) {
	names := LevelFiles()
	require.Len(t, names, 84)
	var b strings.Builder
	for _, name := range names {
		data, err := levelFiles.ReadFile("levels/" + name)
		require.NoError(t, err)
		lv, err := Parse(name, data)
		require.NoError(t, err, name)
		fmt.Fprintf(&b, "%s %d %x\n", name, len(data), sha256.Sum256(data))
		b.WriteString("  " + summary(lv) + "\n")
	}
	golden.Check(t, "levels.golden", []byte(b.String()))
}

// summary is one line about a loaded level.
func summary(lv *Level) string {
	facing := lv.Facing.Word()
	if lv.RandomFacing {
		facing = "random"
	}
	counts := map[string]int{}
	for _, o := range lv.Objects {
		counts[o.Label()]++
	}
	var objs []string
	for _, name := range slices.Sorted(mapKeys(counts)) {
		objs = append(objs, fmt.Sprintf("%d %s", counts[name], name))
	}
	s := fmt.Sprintf("%dx%d view %d agent (%d,%d) %s; %s", lv.Rows, lv.Cols, lv.ViewSize, lv.Agent.Row, lv.Agent.Col,
		facing, strings.Join(objs, ", "))
	if lv.River != nil {
		s += fmt.Sprintf("; river rows %v cols %v %s speed %d", lv.River.Rows, lv.River.Cols, lv.River.Flow.Word(), lv.River.Speed)
	}
	if fs := floodSchedule(lv); len(fs) > 0 {
		s += fmt.Sprintf("; flood %v", fs)
	}
	if len(lv.Plates)+len(lv.DoorIDs)+len(lv.ContinuousDoors)+len(lv.Wind) > 0 {
		s += fmt.Sprintf("; plates %v doors %v continuous %v wind %v", lv.Plates, lv.DoorIDs, lv.ContinuousDoors, lv.Wind)
	}
	return s
}

// mapKeys lists a map's keys.
func mapKeys(m map[string]int) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// TestDenseArray checks §12.1: 27 + 27 keys and balls less the absent cell
// → 26 keys (25 red, 1 blue), 27 balls, 8 doors; the agent at (13,5)
// facing north.
func TestDenseArray(t *testing.T) {
	lv, err := LoadLevel("dense_array.txt")
	require.NoError(t, err)
	count := func(keep func(Object) bool) int {
		n := 0
		for _, o := range lv.Objects {
			if keep(o) {
				n++
			}
		}
		return n
	}
	assert.Equal(t, 26, count(func(o Object) bool { return o.Kind == Key }))
	assert.Equal(t, 25, count(func(o Object) bool { return o.Kind == Key && o.Colour == Red }))
	assert.Equal(t, 1, count(func(o Object) bool { return o.Kind == Key && o.Colour == Blue }))
	assert.Equal(t, 27, count(func(o Object) bool { return o.Kind == Ball }))
	assert.Equal(t, 8, count(func(o Object) bool { return o.Kind == Door }))
	assert.Equal(t, Pos{13, 5}, lv.Agent)
	assert.Equal(t, North, lv.Facing)
	assert.Equal(t, 13, lv.ViewSize)
	assert.Equal(t, 1, count(func(o Object) bool { return o.Kind == Door && o.State == Open }))
	assert.Equal(t, 1, count(func(o Object) bool { return o.Kind == Door && o.State == Locked }))
}

func TestTokens(t *testing.T) {
	_, err := Parse("tokens.txt", []byte(`flood_3: 5
notice_0: read me
sign_1: a sign
combat_log_2: a log
## ## ## ## ## ## ## ##
## mK rD bD gL pO eX yB ##
## p1 b2 f3 n0 s1 c2 z4 ##
## ~E ~S ~W ~N WW MM ET ##
## ZZ TT ~~ FS eH yH BO ##
## ** .. .. A< .. .. .. ##
## ## ## ## ## ## ## ## ##`))
	require.Error(t, err, "the first row is wider")
	lv, err := Parse("tokens.txt", []byte(`flood_3: 5
notice_0: read me
sign_1: a sign
combat_log_2: a log
## ## ## ## ## ## ## ##
## mK rD bD gL pO eX ##
## p1 b2 f3 n0 s1 c2 ##
## ~E ~S ~W ~N WW MM ##
## ET ZZ TT ~~ FS eH ##
## yH BO ** A< z4 .. ##
## ## ## ## ## ## ## ##`))
	require.NoError(t, err)
	labels := map[Pos]string{}
	for _, o := range lv.Objects {
		labels[o.Pos] = o.Label()
	}
	assert.Equal(t, map[Pos]string{
		{1, 1}: "red key", {1, 2}: "red door (locked)", {1, 3}: "blue door (closed)", {1, 4}: "green door (locked)",
		{1, 5}: "purple door (open)", {1, 6}: "grey box", {2, 2}: "boulder", {2, 4}: "notice board",
		{2, 5}: "signpost", {2, 6}: "combat log", {4, 5}: "fire source", {4, 6}: "torch", {5, 1}: "torch",
		{5, 2}: "boulder",
	}, labels)
	terrain := func(r, c int) Terrain { return lv.At(Pos{r, c}).Terrain }
	assert.Equal(t, PlateTile, terrain(2, 1))
	assert.Equal(t, PlateTile, terrain(2, 2), "bN is a boulder on plate N")
	assert.Equal(t, FloodTile, terrain(2, 3))
	assert.Equal(t, 5, lv.At(Pos{2, 3}).Rise)
	assert.Equal(t, FloodTile, terrain(2, 4), "an object in a flood row stands on a flood tile")
	assert.Equal(t, River, terrain(3, 1))
	assert.Equal(t, South, lv.At(Pos{3, 2}).Flow)
	assert.Equal(t, Water, terrain(3, 5))
	assert.Equal(t, Mud, terrain(3, 6))
	assert.True(t, lv.At(Pos{4, 1}).Elevated)
	assert.Equal(t, DarkZone, terrain(4, 2))
	assert.Equal(t, Tree, terrain(4, 3))
	assert.Equal(t, Fire, terrain(4, 4))
	assert.Equal(t, Goal, terrain(5, 3))
	assert.Equal(t, ZoneMarker, terrain(5, 5))
	assert.Equal(t, West, lv.Facing)
	assert.Equal(t, "read me", lv.Objects[slices.IndexFunc(lv.Objects, func(o Object) bool { return o.Kind == NoticeBoard })].Text)
	for _, o := range lv.Objects {
		if o.Kind == Torch {
			assert.Equal(t, o.Token == "yH", o.Lit)
		}
	}
	assert.Equal(t, 7, lv.ViewSize, "the default view size")
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, level string
		want        []string // substrings of the error
	}{
		{"no grid", "agent_view_size: 7\n; only a comment\n", []string{"bad.txt", "no grid"}},
		{"row too short", "## ## ##\n## A^\n", []string{"bad.txt line 2", "2 cells"}},
		{"token too long", "## ## ##\n## A^ ###\n", []string{"line 2", `"###"`}},
		{"two spaces", "## ## ##\n##  A^ ##\n", []string{"line 2", `""`}},
		{"unknown token", "## ## ##\n## A^ Q?\n", []string{"line 2", `"Q?"`, "col 2", "unknown token"}},
		{"metadata after grid", "## ## ##\n## A^ ##\nview_size: 7\n", []string{"line 3", "after the grid"}},
		{"metadata twice", "view_size: 7\nview_size: 9\n## A^ ##\n", []string{"line 2", "twice"}},
		{"flood without step", "## A^ f1\n", []string{"line 1", `"f1"`, "flood_1"}},
		{"notice without text", "## A^ n0\n", []string{"line 1", `"n0"`, "notice_0"}},
		{"sign without text", "## A^ s2\n", []string{`"s2"`, "sign_2"}},
		{"no agent", "## .. ##\n", []string{"0 agent tokens"}},
		{"two agents", "## A^ Av\n", []string{"2 agent tokens"}},
		{"bad view size", "agent_view_size: seven\n## A^ ##\n", []string{"line 1", "agent_view_size", "seven"}},
		{"bad flood step", "flood_1: soon\n## A^ f1\n", []string{"line 1", "flood_1", "soon"}},
		{"bad see through", "see_through_walls: maybe\n## A^ ##\n", []string{"line 1", "maybe"}},
		{"river half declared", "river_rows: 0-0\n## A^ ##\n", []string{"river_rows, river_cols and river_dir"}},
		{"river off grid", "river_rows: 0-3\nriver_cols: 0-1\nriver_dir: east\n## A^ ##\n", []string{"line 1", "0-3"}},
		{"river direction", "river_rows: 0-0\nriver_cols: 0-1\nriver_dir: up\n## A^ ##\n", []string{"line 3", "up"}},
		{"prewet without object", "prewet_0: row=0,col=1,turns=2\n## A^ ##\n", []string{"line 1", "no object"}},
		{"prewet malformed", "prewet_0: row=0,turns=2\n## A^ ##\n", []string{"line 1", "prewet_0"}},
		{"elevated off grid", "elevated_cell_0: row=3,col=1\n## A^ ##\n", []string{"line 1", "off the grid"}},
		{"plate effect", "plate_0: target=gate,effect=melt\n## A^ ##\n", []string{"line 1", "melt"}},
		{"door id off grid", "door_id_0: row=9,col=9,id=gate\n## A^ ##\n", []string{"line 1", "off the grid"}},
		{"wind", "wind: 5:up\n## A^ ##\n", []string{"line 1", "5:up"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("bad.txt", []byte(tt.level))
			require.Error(t, err)
			assert.Contains(t, err.Error(), "grid: level bad.txt")
			for _, w := range tt.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

func TestDoorLocking(t *testing.T) {
	lv, err := Parse("doors.txt", []byte("## ## ## ## ##\n## yD rD eD ##\n## yK mK A^ ##\n## ## ## ## ##\n"))
	require.NoError(t, err)
	states := map[string]DoorState{}
	for _, o := range lv.Objects {
		if o.Kind == Door {
			states[o.Name()] = o.State
		}
	}
	assert.Equal(t, map[string]DoorState{"yellow door": Locked, "red door": Locked, "grey door": Closed}, states,
		"cD is locked when a key of its colour is on the grid; mK reads as a red key")
}

func TestRandomFacing(t *testing.T) {
	lv, err := LoadLevel("rotation_challenge.txt")
	require.NoError(t, err)
	require.True(t, lv.RandomFacing)
	faces := map[Dir]bool{}
	for seed := range uint64(32) {
		a, b := lv.Start(seed), lv.Start(seed)
		assert.Equal(t, a.Facing, b.Facing, "the same seed, the same facing")
		faces[a.Facing] = true
	}
	assert.Len(t, faces, 4, "the seeds reach every facing")
}

func FuzzParse(f *testing.F) {
	for _, name := range LevelFiles() {
		data, err := levelFiles.ReadFile("levels/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(workedLevel))
	f.Add([]byte("river_rows: 0-0\nriver_cols: 0-1\nriver_dir: east\nprewet_0: row=0,col=1,turns=3\n~E rK ##\n## A^ ##\n"))
	f.Add([]byte("## A^ f1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		lv, err := Parse("fuzz.txt", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "grid: level fuzz.txt") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		if lv.Rows*lv.Cols != len(lv.Cells) || !lv.In(lv.Agent) {
			t.Fatalf("inconsistent level %dx%d, %d cells, agent %v", lv.Rows, lv.Cols, len(lv.Cells), lv.Agent)
		}
		s := lv.Start(1)
		for range 3 {
			s.Act(Forward)
			s.Act(TurnLeft)
		}
		if lv.ViewSize%2 == 1 && lv.ViewSize <= 31 {
			f, err := s.FOV()
			if err != nil {
				t.Fatal(err)
			}
			_ = symbolicView(s, f)
			_ = asciiView(s, f)
		}
		_ = memoryView(s, s.T)
	})
}
