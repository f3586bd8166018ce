package grid

import (
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/hallumaze/hallumaze/worlds"
)

// interior are the tokens random levels are made of: floor most often,
// walls, trees, keys, balls, boxes, doors in each state, a notice board.
var interior = []string{"..", "..", "..", "..", "..", "..", "##", "TT", "rK", "gK", "bB", "yB", "pX", "eX",
	"yD", "rL", "gO", "bK", "n0"}

// genLevel draws a level file: a border of walls, random interior tokens,
// the agent on an interior floor cell facing any way, a view of 3, 5 or 7.
func genLevel(t *rapid.T) string {
	rows := rapid.IntRange(4, 9).Draw(t, "rows")
	cols := rapid.IntRange(4, 9).Draw(t, "cols")
	grid := make([][]string, rows)
	for r := range grid {
		grid[r] = make([]string, cols)
		for c := range grid[r] {
			if r == 0 || c == 0 || r == rows-1 || c == cols-1 {
				grid[r][c] = "##"
			} else {
				grid[r][c] = rapid.SampledFrom(interior).Draw(t, "token")
			}
		}
	}
	ar := rapid.IntRange(1, rows-2).Draw(t, "agent row")
	ac := rapid.IntRange(1, cols-2).Draw(t, "agent col")
	grid[ar][ac] = rapid.SampledFrom([]string{"A^", "A>", "Av", "A<"}).Draw(t, "agent")
	var b strings.Builder
	b.WriteString("agent_view_size: " + strconv.Itoa(rapid.SampledFrom([]int{3, 5, 7}).Draw(t, "view")) + "\n")
	b.WriteString("notice_0: a notice\n")
	for _, row := range grid {
		b.WriteString(strings.Join(row, " ") + "\n")
	}
	return b.String()
}

// rotate turns a level file's grid 90° clockwise: cell (r, c) goes to
// (c, R−1−r), and the agent turns with it.
func rotate(level string) string {
	var meta, grid []string
	for _, line := range strings.Split(strings.TrimSpace(level), "\n") {
		if strings.Contains(line, ":") {
			meta = append(meta, line)
		} else {
			grid = append(grid, line)
		}
	}
	cells := make([][]string, len(grid))
	for r, line := range grid {
		cells[r] = strings.Split(line, " ")
	}
	R, C := len(cells), len(cells[0])
	turn := map[string]string{"A^": "A>", "A>": "Av", "Av": "A<", "A<": "A^"}
	out := meta
	for r := range C {
		row := make([]string, R)
		for c := range R {
			tok := cells[R-1-c][r]
			if t, ok := turn[tok]; ok {
				tok = t
			}
			row[c] = tok
		}
		out = append(out, strings.Join(row, " "))
	}
	return strings.Join(out, "\n") + "\n"
}

// genEpisode draws a level and up to two actions, one observation each.
func genEpisode(t *rapid.T) (string, *Episode) {
	text := genLevel(t)
	lv, err := Parse("random.txt", []byte(text))
	if err != nil {
		t.Fatalf("random level does not parse: %v\n%s", err, text)
	}
	e := &Episode{Level: "random", Obs: []Observation{{State: lv.Start(0), Area: "room"}}}
	for range rapid.IntRange(0, 2).Draw(t, "actions") {
		e.act([]Action{rapid.SampledFrom([]Action{TurnLeft, TurnRight, Forward}).Draw(t, "action")})
	}
	e.identify()
	return text, e
}

// TestPropGoldIndependentOfView: the symbolic and ascii views show the same
// field of view, so a unit's probes up to its U probes are the same in
// both — the same templates, targets, wording and golds — only the context
// differs. (From U.cell on they part: the ascii view draws the cells it
// sees, the symbolic view lists objects only, so they settle other cells.)
func TestPropGoldIndependentOfView(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		_, e := genEpisode(t)
		seed := rapid.Uint64Range(0, 20).Draw(t, "seed")
		sym, err := unitProbes(e, Symbolic, seed)
		if err != nil {
			t.Fatal(err)
		}
		asc, err := unitProbes(e, ASCII, seed)
		if err != nil {
			t.Fatal(err)
		}
		for i := range min(len(sym), len(asc)) {
			a, b := sym[i], asc[i]
			if a.Category == worlds.Uncertainty || b.Category == worlds.Uncertainty {
				break
			}
			same := a.Template == b.Template && a.Question == b.Question && a.Schema == b.Schema &&
				a.Gold.Canonical() == b.Gold.Canonical() && eqPtr(a.Conflict, b.Conflict) && eqPtr(a.Testimony, b.Testimony)
			if !same {
				t.Fatalf("probe %d differs:\nsymbolic %s %q %s\nascii    %s %q %s", i, a.Template, a.Question,
					a.Gold.Canonical(), b.Template, b.Question, b.Gold.Canonical())
			}
		}
		checkUPairs(t, sym)
		mem, err := unitProbes(e, Memory, seed)
		if err != nil {
			t.Fatal(err)
		}
		checkUPairs(t, mem)
		for _, p := range mem {
			if p.View == Memory && !p.Answerable() {
				t.Fatalf("%s: the memory view shows the whole grid, yet %q is UNKNOWN", p.ID, p.Question)
			}
		}
	})
}

// eqPtr compares two optional values.
func eqPtr[T comparable](a, b *T) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// TestPropRotation: turning a level 90° keeps every presence and count
// gold, the egocentric views (but the facing), and the egocentric
// locations; the memory view's (north, east) turns with the level.
func TestPropRotation(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		text := genLevel(t)
		a, err := Parse("a.txt", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		b, err := Parse("b.txt", []byte(rotate(text)))
		if err != nil {
			t.Fatalf("rotated level: %v", err)
		}
		ua, ub := rotUnit(t, a, Symbolic), rotUnit(t, b, Symbolic)
		ma, mb := rotUnit(t, a, Memory), rotUnit(t, b, Memory)
		for _, k := range []Kind{Key, Ball, Box, Door} {
			if ga, gb := ua.countSeen(0, Symbolic, k), ub.countSeen(0, Symbolic, k); ga != gb {
				t.Fatalf("%s seen: %d, rotated %d", k.plural(), ga, gb)
			}
			for _, c := range Colours {
				name := c.String() + " " + k.String()
				if ga, gb := ua.seenNames(0)[name], ub.seenNames(0)[name]; ga != gb {
					t.Fatalf("presence of %s: %v, rotated %v", name, ga, gb)
				}
			}
			_, ta := ma.totalOf(k)
			_, tb := mb.totalOf(k)
			if ta.gold.Canonical() != tb.gold.Canonical() {
				t.Fatalf("total %s: %v, rotated %v", k.plural(), ta.gold, tb.gold)
			}
		}
		unfaced := func(s string) string {
			for d := range Dir(4) {
				s = strings.ReplaceAll(s, "facing: "+d.egoLabel(), "facing: ?")
			}
			return s
		}
		for _, view := range []string{Symbolic, ASCII} {
			ta, _ := rotUnit(t, a, view).text(view)
			tb, _ := rotUnit(t, b, view).text(view)
			if unfaced(ta) != unfaced(tb) {
				t.Fatalf("the %s view changed under rotation:\n%s\n---\n%s", view, ta, tb)
			}
		}
		for _, i := range ua.targets(func(Object) bool { return true }) {
			name := a.Objects[i].Name()
			j := objectIndex(b, name)
			if ga, gb := ua.locationOf(i).gold.Canonical(), ub.locationOf(j).gold.Canonical(); ga != gb {
				t.Fatalf("location of %s: %v, rotated %v", name, ga, gb)
			}
			north, east := pair(t, ma.locationOf(i).gold)
			n2, e2 := pair(t, mb.locationOf(j).gold)
			if n2 != -east || e2 != north {
				t.Fatalf("memory location of %s: (%d,%d), rotated (%d,%d), want (%d,%d)", name, north, east, n2, e2, -east, north)
			}
		}
	})
}

// rotUnit is a one-observation unit of lv in view.
func rotUnit(t *rapid.T, lv *Level, view string) *unit {
	e := &Episode{Level: "random", Obs: []Observation{{State: lv.Start(0), Area: "room"}}}
	e.identify()
	u, err := newUnit(e, view, 0)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// objectIndex finds the object named name in lv.
func objectIndex(lv *Level, name string) int {
	for i, o := range lv.Objects {
		if o.Name() == name {
			return i
		}
	}
	return -1
}

// pair reads a coordinate gold.
func pair(t *rapid.T, g worlds.Gold) (int, int) {
	a, b, ok := strings.Cut(g.Canonical(), ",")
	x, err1 := strconv.Atoi(a)
	y, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil {
		t.Fatalf("coordinate gold %q", g.Canonical())
	}
	return x, y
}
