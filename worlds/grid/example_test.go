package grid

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/worlds"
)

// workedLevel is the level of the spec's worked example (§6.7).
const workedLevel = `agent_view_size: 5
sign_0: The yellow door is open.

## ## ## ## ## ## ##
## bB .. .. rK .. ##
## ## ## yL ## ## ##
## .. gB .. .. .. ##
## s0 .. .. .. yK ##
## .. .. A^ .. .. ##
## ## ## ## ## ## ##
`

// workedEpisode is the example's episode: observation 1, and with obs = 2
// the action left and observation 2.
func workedEpisode(t *testing.T, obs int) *Episode {
	t.Helper()
	lv, err := Parse("worked_example.txt", []byte(workedLevel))
	require.NoError(t, err)
	e := &Episode{Level: "worked-example", Obs: []Observation{{State: lv.Start(0), Area: "room"}}}
	if obs == 2 {
		e.act([]Action{TurnLeft})
	}
	e.identify()
	return e
}

// objectNamed returns the index of the object named name in s.
func objectNamed(t *testing.T, s *State, name string) int {
	t.Helper()
	for i, o := range s.Objects {
		if o.Name() == name {
			return i
		}
	}
	t.Fatalf("no %s", name)
	return -1
}

func TestWorkedExampleViews(t *testing.T) {
	e := workedEpisode(t, 2)
	s0 := e.Obs[0].State
	assert.Equal(t, Pos{5, 3}, s0.Agent)
	assert.Equal(t, North, s0.Facing)
	f, err := s0.FOV()
	require.NoError(t, err)
	for i := range 5 {
		for j := range 5 {
			assert.Equal(t, Pos{j + 1, i + 1}, f.World(i, j), "view cell (%d,%d)", i, j)
		}
	}
	obs1 := `You are an agent in a gridworld. You are currently facing: up (north). Here is what you currently see:
- signpost, 1 step forward, 2 steps to your left
- green ball, 2 steps forward, 1 step to your left
- yellow door (locked), 3 steps forward, directly in front
- yellow key, 1 step forward, 2 steps to your right
Nothing else is visible.
[Signpost]: "The yellow door is open."`
	got, err := e.viewText(0, Symbolic)
	require.NoError(t, err)
	assert.Equal(t, obs1, got)

	obs2 := `You are an agent in a gridworld. You are currently facing: left (west). Here is what you currently see:
- signpost, 2 steps forward, 1 step to your right
- green ball, 1 step forward, 2 steps to your right
Nothing else is visible.
[Signpost]: "The yellow door is open."`
	got, err = e.viewText(1, Symbolic)
	require.NoError(t, err)
	assert.Equal(t, obs2, got)
	f2, err := e.Obs[1].State.FOV()
	require.NoError(t, err)
	for i := range 5 {
		p := f2.World(i, 1) // 3 steps ahead, facing west: col 0
		assert.Equal(t, 0, p.Col)
		assert.Equal(t, Wall, s0.Level.At(p).Terrain, "col 0 is wall")
	}

	memory := `[Step 0]
You are at row 5, col 3, facing north (up).
- yellow door (locked): 3 steps north
- green ball: 2 steps north, 1 step west
- yellow key: 1 step north, 2 steps east
- red key: 4 steps north, 1 step east
- blue ball: 4 steps north, 2 steps west
- [Signpost at 1 step north, 2 steps west]: "The yellow door is open."`
	got, err = e.viewText(0, Memory)
	require.NoError(t, err)
	assert.Equal(t, memory, got)

	history, err := e.Render(Symbolic, 0)
	require.NoError(t, err)
	assert.Equal(t, "[Observation 1 — Step 0]:\n"+obs1+"\n\n[You turned left]\n\n[Observation 2 — Step 1]:\n"+obs2, history)
}

// row is one row of the example's probe table: the probe the template
// makes for the row's target, and what the table says of it.
type row struct {
	name     string
	p        probe
	question string
	cat      worlds.Category
	gold     string
}

func TestWorkedExampleProbes(t *testing.T) {
	e1 := workedEpisode(t, 1)
	u, err := newUnit(e1, Symbolic, 0)
	require.NoError(t, err)
	s := u.cur
	door, ball := objectNamed(t, s, "yellow door"), objectNamed(t, s, "green ball")
	text, err := u.text(Symbolic)
	require.NoError(t, err)
	ever := u.settled(Symbolic)
	fovTotal, memTotal := u.totalOf(Key)
	seen := u.seenNames(0)

	e2 := workedEpisode(t, 2)
	u2, err := newUnit(e2, Symbolic, 0)
	require.NoError(t, err)
	gone, ok := u2.goneProbe()
	require.True(t, ok, "X.gone is made")
	balls, ok := u2.unionOf(Ball)
	require.True(t, ok, "X.union is made")
	assert.Equal(t, 1, balls, "after observation 2: one different ball seen")

	// The spec's table, with this project's wording where it changed: U.cell
	// names the object it asks for (so that a shown cell's answer can be
	// no), C.turn asks where the object will be (its visibility after the
	// turn hangs on cells the view does not show), and X.union and X.gone
	// are compound (X) probes.
	rows := []row{
		{"presence yes", u.presenceOf("green ball", seen["green ball"]), "Can you see a green ball?", worlds.Perception, "yes"},
		{"presence foil", u.presenceOf("purple box", seen["purple box"]), "Can you see a purple box?", worlds.Perception, "no"},
		{"count keys", u.countFact(Key, u.countSeen(0, Symbolic, Key)).probe("P.count"), "How many keys can you see?", worlds.Perception, "1"},
		{"door state", stateFact(s.Objects[door]).probe("P.attribute"), "Is the yellow door open, closed or locked?", worlds.Perception, "locked"},
		{"location", u.locationOf(ball), "Where is the green ball?", worlds.Perception, "2,-1"},
		{"cell never seen", u.cellOf(Pos{1, 1}, "blue ball", ever), "Is there a blue ball 4 steps forward, 2 steps to your left?", worlds.Uncertainty, "unknown"},
		{"cell seen", u.cellOf(Pos{3, 2}, "green ball", ever), "Is there a green ball 2 steps forward, 1 step to your left?", worlds.Uncertainty, "yes"},
		{"total symbolic", fovTotal, "How many keys are there in the whole level?", worlds.Uncertainty, "unknown"},
		{"total memory", memTotal, "How many keys are there in the whole level?", worlds.Uncertainty, "2"},
		{"move", u.moveOf(door, 2), "If you now move forward 2 steps, how many steps ahead of you will the yellow door be?", worlds.Causal, "1"},
		{"turn around", u.turnOf(ball, "around"), "If you now turn around, where will the green ball be?", worlds.Causal, "-2,1"},
		{"gone after obs 2", gone, "Which objects that you saw in observation 1 are not visible in the last observation?", worlds.Conflict, "yellow door,yellow key"},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			assert.Equal(t, r.question, r.p.question)
			cat, _, _ := cutTemplate(r.p.template)
			assert.Equal(t, r.cat, cat)
			assert.Equal(t, r.gold, r.p.gold.Canonical())
		})
	}
	assert.Equal(t, "memory", memTotal.view)
	assert.Equal(t, "ahead,lateral", u.locationOf(ball).values)

	// X: the level's own signpost plays the [Notice] overlay.
	u.claimPair(stateFact(s.Objects[door]), worlds.GoldEnum("open"), "signpost", text)
	require.Len(t, u.probes, 2)
	claim, reported := u.probes[0], u.probes[1]
	assert.Equal(t, "Is the yellow door open, closed or locked?", claim.Question)
	assert.Equal(t, worlds.Conflict, claim.Category)
	assert.Equal(t, "locked", claim.Gold.Canonical())
	require.NotNil(t, claim.Conflict)
	assert.True(t, *claim.Conflict)
	require.NotNil(t, claim.Testimony)
	assert.Equal(t, "open", *claim.Testimony)
	assert.Equal(t, "state=<closed|locked|open|unknown>", claim.Schema)
	assert.Equal(t, "According to the signpost, is the yellow door open, closed or locked?", reported.Question)
	assert.Equal(t, "open", reported.Gold.Canonical())
	assert.Nil(t, reported.Conflict)
	assert.True(t, strings.HasPrefix(claim.Context, "## Current observation\n"+text+"\n\n## Question\n"))
}
