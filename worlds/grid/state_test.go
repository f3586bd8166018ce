package grid

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// at returns the state after t steps of passive time.
func at(t *testing.T, name string, steps int) *State {
	t.Helper()
	lv, err := LoadLevel(name)
	require.NoError(t, err)
	s := lv.Start(0)
	for range steps {
		s.Step()
	}
	require.Equal(t, steps, s.T)
	return s
}

// named returns the object named name in s.
func named(t *testing.T, s *State, name string) Object {
	t.Helper()
	return s.Objects[objectNamed(t, s, name)]
}

// TestRiverField checks §6.3 against river_field.txt: the red key (4,7)
// wet 2 and the blue ball (5,3) wet 4 at t=0; the red key at (4,9) wet 3 at
// t=2 and dry at t=5; the blue ball at (5,9) soaked 3 at t=6 and dry at
// t=9; and the file's own timeline in between.
func TestRiverField(t *testing.T) {
	type want struct {
		pos       Pos
		wet       int
		condition string
	}
	tests := []struct {
		t         int
		key, ball want
	}{
		{0, want{Pos{4, 7}, 2, "wet"}, want{Pos{5, 3}, 4, "wet"}},
		{1, want{Pos{4, 8}, 4, "wet"}, want{Pos{5, 4}, 4, "wet"}},
		{2, want{Pos{4, 9}, 3, "wet"}, want{Pos{5, 5}, 4, "wet"}},
		{3, want{Pos{4, 9}, 2, "wet"}, want{Pos{5, 6}, 4, "soaked"}},
		{4, want{Pos{4, 9}, 1, "wet"}, want{Pos{5, 7}, 4, "soaked"}},
		{5, want{Pos{4, 9}, 0, "dry"}, want{Pos{5, 8}, 4, "soaked"}},
		{6, want{Pos{4, 9}, 0, "dry"}, want{Pos{5, 9}, 3, "soaked"}},
		{7, want{Pos{4, 9}, 0, "dry"}, want{Pos{5, 9}, 2, "soaked"}},
		{8, want{Pos{4, 9}, 0, "dry"}, want{Pos{5, 9}, 1, "soaked"}},
		{9, want{Pos{4, 9}, 0, "dry"}, want{Pos{5, 9}, 0, "dry"}},
	}
	for _, tt := range tests {
		s := at(t, "river_field.txt", tt.t)
		for name, w := range map[string]want{"red key": tt.key, "blue ball": tt.ball} {
			o := named(t, s, name)
			assert.Equal(t, w, want{o.Pos, o.Wet, o.Condition()}, "%s at t=%d", name, tt.t)
		}
	}
	// The memory view says so.
	mem := memoryView(at(t, "river_field.txt", 6), 6)
	assert.Contains(t, mem, "- blue ball: 9 steps north, 1 step west [SOAKED, dries in 3 turns]")
	assert.Contains(t, memoryView(at(t, "river_field.txt", 8), 8), "[SOAKED, dries in 1 turn]")
	assert.Contains(t, memoryView(at(t, "river_field.txt", 0), 0),
		"- red key: 10 steps north, 3 steps west (in river, flowing east) [WET, dries in 2 turns]")
}

// TestFloodFireEscape checks §6.3 against c6_flood_fire_escape.txt: rows
// 1–5 flood at steps 0–4, so 5 rows are flooded from t=4 (and at t=5);
// the row-6 fire is out from t=4 and burns before.
func TestFloodFireEscape(t *testing.T) {
	for step, rows := range []int{1, 2, 3, 4, 5, 5, 5} {
		s := at(t, "c6_flood_fire_escape.txt", step)
		assert.Equal(t, rows, floodedRows(s.Level, s.T), "flooded rows at t=%d", step)
		assert.Equal(t, step < 4, fireRow(s, 6), "row 6 burning at t=%d", step)
		for c := 1; c <= 18; c++ {
			p := Pos{6, c}
			if s.Level.At(p).Terrain == Fire {
				assert.Equal(t, step >= 4, s.Scorched(p))
				assert.Equal(t, step >= 4, s.Passable(p) || s.ObjectAt(p) >= 0, "scorch is passable")
			}
		}
	}
	mem := memoryView(at(t, "c6_flood_fire_escape.txt", 5), 5)
	assert.Contains(t, mem, "[Terrain]: Scorch marks: row 6, cols 1–6, 8, 10–18\n[Flood]: Rows 1, 2, 3, 4, 5 are flooded and impassable.")
	mem0 := memoryView(at(t, "c6_flood_fire_escape.txt", 0), 0)
	assert.Contains(t, mem0, "[Terrain]: Active fire: row 6, cols 1–6, 8, 10–18 (burning — impassable)\n[Flood]: Row 1 is flooded and impassable.\n")
	assert.Contains(t, mem0, "[Flood]: Schedule: row 1 at step 0 (cols 1–18), row 2 at step 1 (cols 1–18), row 3 at step 2 (cols 1–18), row 4 at step 3 (cols 1–18), row 5 at step 4 (cols 1–18).")
	assert.Contains(t, mem0, "[Plate]: 4 steps north, 3 steps east — effect trigger; opens the door 3 steps north, 2 steps east\n")
}

// TestFloodRoom checks the submerged and elevated marks on c3_flood_room:
// the red ball (8,13) stands in the step-5 row, the blue key (7,5) in the
// step-6 row; (6,5) is ET and (7,4) a declared elevated cell.
func TestFloodRoom(t *testing.T) {
	s := at(t, "c3_flood_room.txt", 0)
	assert.True(t, s.Level.At(Pos{6, 5}).Elevated)
	assert.True(t, s.Level.At(Pos{7, 4}).Elevated)
	assert.Equal(t, 6, s.Level.At(Pos{7, 5}).Rise)
	for step, want := range map[int][2]bool{4: {false, false}, 5: {true, false}, 6: {true, true}} {
		s := at(t, "c3_flood_room.txt", step)
		assert.Equal(t, want[0], s.Submerged(objectNamed(t, s, "red ball")), "red ball at t=%d", step)
		assert.Equal(t, want[1], s.Submerged(objectNamed(t, s, "blue key")), "blue key at t=%d", step)
	}
	assert.Contains(t, memoryView(at(t, "c3_flood_room.txt", 6), 6), "- red ball: 6 steps north, 5 steps east (submerged)")
}

func TestActions(t *testing.T) {
	lv, err := Parse("walk.txt", []byte("## ## ## ## ##\n## .. rK .. ##\n## .. .. .. ##\n## A^ .. .. ##\n## ## ## ## ##\n"))
	require.NoError(t, err)
	s := lv.Start(0)
	assert.True(t, s.Act(Forward))
	assert.True(t, s.Act(Forward))
	assert.False(t, s.Act(Forward), "a wall does not let the agent in")
	assert.Equal(t, Pos{1, 1}, s.Agent)
	s.Act(TurnRight)
	assert.Equal(t, East, s.Facing)
	assert.False(t, s.Act(Forward), "an object does not let the agent in")
	s.Act(TurnRight)
	s.Act(TurnLeft)
	s.Act(TurnLeft)
	assert.Equal(t, North, s.Facing)
	assert.Equal(t, 8, s.T, "every action is one step")
}

// fovCase is a level and the field of view it must give, rows from far
// (ahead V−1) to near, x for seen, . for not.
type fovCase struct {
	name, level string
	want        string
}

func TestFOV(t *testing.T) {
	tests := []fovCase{
		{"open room", "agent_view_size: 3\n## ## ## ## ##\n## .. .. .. ##\n## .. .. .. ##\n## .. A^ .. ##\n## ## ## ## ##\n",
			"xxx\nxxx\nxxx"},
		{"light leaks round a wall ahead", "agent_view_size: 3\n## ## ## ## ##\n## .. .. .. ##\n## .. ## .. ##\n## .. A^ .. ##\n## ## ## ## ##\n",
			"xxx\nxxx\nxxx"},
		{"a wall row stops sight", "agent_view_size: 3\n## ## ## ## ##\n## .. .. .. ##\n## ## ## ## ##\n## .. A^ .. ##\n## ## ## ## ##\n",
			"...\nxxx\nxxx"},
		{"a closed door stops sight", "agent_view_size: 3\n## ## ## ## ##\n## .. .. .. ##\n## ## yD ## ##\n## .. A^ .. ##\n## ## ## ## ##\n",
			"...\nxxx\nxxx"},
		{"an open door lets it through", "agent_view_size: 3\n## ## ## ## ##\n## .. .. .. ##\n## ## yO ## ##\n## .. A^ .. ##\n## ## ## ## ##\n",
			"xxx\nxxx\nxxx"},
		{"see_through_walls", "agent_view_size: 3\nsee_through_walls: true\n## ## ## ## ##\n## .. .. .. ##\n## ## ## ## ##\n## .. A^ .. ##\n## ## ## ## ##\n",
			"xxx\nxxx\nxxx"},
		// The wall at the agent's left hides the cell beyond it in the
		// agent's row; the row ahead is lit from the agent's cell and
		// lights it back in the row above.
		{"a wall beside the agent", "agent_view_size: 5\n## ## ## ## ## ## ##\n## .. .. .. .. .. ##\n## .. .. .. .. .. ##\n## .. .. .. .. .. ##\n## .. ## A^ .. .. ##\n## ## ## ## ## ## ##\n",
			"xxxxx\nxxxxx\nxxxxx\nxxxxx\n.xxxx"},
		// Off the grid is wall: facing the top border, nothing past it.
		{"off the grid", "agent_view_size: 5\n## ## ## ## ##\n## .. A^ .. ##\n## ## ## ## ##\n",
			".....\n.....\n.....\nxxxxx\nxxxxx"},
		// Facing east: ahead is east, right is south.
		{"facing east", "agent_view_size: 3\n## ## ## ## ##\n## A> .. rK ##\n## .. .. .. ##\n## ## ## ## ##\n",
			"xxx\nxxx\nxxx"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lv, err := Parse("fov.txt", []byte(tt.level))
			require.NoError(t, err)
			f, err := lv.Start(0).FOV()
			require.NoError(t, err)
			var rows []string
			for j := range f.V {
				var b strings.Builder
				for i := range f.V {
					if f.Seen(i, j) {
						b.WriteByte('x')
					} else {
						b.WriteByte('.')
					}
				}
				rows = append(rows, b.String())
			}
			assert.Equal(t, tt.want, strings.Join(rows, "\n"))
		})
	}
	lv, err := Parse("east.txt", []byte(tests[len(tests)-1].level))
	require.NoError(t, err)
	s := lv.Start(0)
	f, err := s.FOV()
	require.NoError(t, err)
	assert.Equal(t, "You are an agent in a gridworld. You are currently facing: right (east). Here is what you currently see:\n"+
		"- red key, 2 steps forward, directly in front\nNothing else is visible.\nThe whole area is in view.", symbolicView(s, f))
	assert.Equal(t, Pos{2, 1}, f.World(2, 2), "(a 0, l 1) is south of an agent facing east")
	even, err := Parse("even.txt", []byte("view_size: 4\n## A^ ##\n"))
	require.NoError(t, err)
	_, err = even.Start(0).FOV()
	assert.ErrorContains(t, err, "view size 4 is even")
}
