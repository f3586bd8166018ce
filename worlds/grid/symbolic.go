package grid

import "strings"

// The three views (serializers) of the grid world.
const (
	Symbolic = "symbolic"
	ASCII    = "ascii"
	Memory   = "memory"
)

// viewNames lists the views in their fixed order.
var viewNames = []string{Symbolic, ASCII, Memory}

// egoPhrase is an egocentric position as the symbolic view words it:
// "3 steps forward, directly in front", "1 step forward, 2 steps to your
// left", or for a = 0 only the lateral part.
func egoPhrase(a, l int) string {
	side := ""
	switch {
	case l < 0:
		side = steps(-l) + " to your left"
	case l > 0:
		side = steps(l) + " to your right"
	}
	if a == 0 {
		return side
	}
	if l == 0 {
		return steps(a) + " forward, directly in front"
	}
	return steps(a) + " forward, " + side
}

// compassPhrase is a position relative to the agent as the memory view
// words it: "2 steps north, 1 step west", a zero part left out, both zero
// "at your position".
func compassPhrase(from, p Pos) string {
	north, east := from.Row-p.Row, p.Col-from.Col
	var parts []string
	switch {
	case north > 0:
		parts = append(parts, steps(north)+" north")
	case north < 0:
		parts = append(parts, steps(-north)+" south")
	}
	switch {
	case east > 0:
		parts = append(parts, steps(east)+" east")
	case east < 0:
		parts = append(parts, steps(-east)+" west")
	}
	if len(parts) == 0 {
		return "at your position"
	}
	return strings.Join(parts, ", ")
}

// textHead is a text object's line head: Signpost, Notice board, Combat log.
func textHead(k Kind) string {
	name := k.String()
	return strings.ToUpper(name[:1]) + name[1:]
}

// textLine is `[Signpost]: "<text>"`.
func textLine(o Object) string { return "[" + textHead(o.Kind) + `]: "` + o.Text + `"` }

// seenObjects returns the objects in view cells that are seen, in scan
// order (i from 0 up, then j from 0 up): left to right, far to near. The
// agent's own cell is never listed (§6.4).
func seenObjects(s *State, f FOV) []int {
	var out []int
	for i := range f.V {
		for j := range f.V {
			if !f.Seen(i, j) || f.World(i, j) == s.Agent {
				continue
			}
			if k := s.ObjectAt(f.World(i, j)); k >= 0 {
				out = append(out, k)
			}
		}
	}
	return out
}

// symbolicView is HalluWorld's SymbolicSerializer: the seen objects as
// bullets with their egocentric positions, then the seen texts.
func symbolicView(s *State, f FOV) string {
	seen := seenObjects(s, f)
	var b strings.Builder
	b.Grow(160 + 56*len(seen))
	b.WriteString("You are an agent in a gridworld. You are currently facing: ")
	b.WriteString(s.Facing.egoLabel())
	b.WriteString(".")
	if len(seen) == 0 {
		b.WriteString(" You see nothing around you.")
		if wholeArea(s, f) {
			b.WriteString("\n" + wholeAreaLine)
		}
		return b.String()
	}
	b.WriteString(" Here is what you currently see:\n")
	for _, k := range seen {
		o := s.Objects[k]
		a, l := Ego(s.Agent, s.Facing, o.Pos)
		b.WriteString("- ")
		b.WriteString(o.Label())
		b.WriteString(", ")
		b.WriteString(egoPhrase(a, l))
		b.WriteString("\n")
	}
	b.WriteString("Nothing else is visible.")
	if wholeArea(s, f) {
		b.WriteString("\n" + wholeAreaLine)
	}
	for _, k := range seen {
		if o := s.Objects[k]; o.Kind.text() {
			b.WriteString("\n")
			b.WriteString(textLine(o))
		}
	}
	return b.String()
}

// wholeAreaLine is what the field-of-view views add when the view shows
// every cell of the area (the grid) that is not wall: then nothing of the
// area is left out of the view, and what it does not list is not there.
const wholeAreaLine = "The whole area is in view."

// wholeArea reports whether f shows every cell of the grid but walls.
func wholeArea(s *State, f FOV) bool {
	lv := s.Level
	for r := range lv.Rows {
		for c := range lv.Cols {
			if p := (Pos{r, c}); lv.Cells[r*lv.Cols+c].Terrain != Wall && p != s.Agent && !f.Visible(p) {
				return false
			}
		}
	}
	return true
}
