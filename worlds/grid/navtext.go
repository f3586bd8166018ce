package grid

import (
	"strconv"
	"strings"
)

// A walk reads as blocks separated by one blank line: the task, then
// "## Walk" and observation 1, then for each action its line ([You turned
// left]) and the observation after it, and at the end the line that
// closes the walk. An observation is
//
//	[Observation k — Step t]:
//	Position: row r, col c. Places reached: row 9, col 8.
//	<the view's text>
//
// The interactive episode sends these blocks turn by turn (the task and
// observation 1 first, then each action's line and observation as the
// answer to the reply that chose it); the static episode sends the whole
// walk in one message. Either way the text of the walk is the same.

// block is observation k (the world after k actions) as the walk shows it.
func (n *Nav) block(k int) string {
	s := n.obs[k]
	var b strings.Builder
	b.WriteString("[Observation " + strconv.Itoa(k+1) + " — Step " + strconv.Itoa(k) + "]:\n")
	b.WriteString("Position: " + rowCol(s.Agent) + ". Places reached: ")
	var reached []Pos
	for i, t := range n.targets {
		if r := n.reached[i]; r >= 0 && r <= k {
			reached = append(reached, t)
		}
	}
	b.WriteString(placeList(reached) + ".\n")
	switch n.spec.View {
	case Memory:
		b.WriteString(memoryView(s, k))
	case ASCII:
		b.WriteString(asciiView(s, n.fov(k)))
	default:
		b.WriteString(symbolicView(s, n.fov(k)))
	}
	return b.String()
}

// taskLines are the task's statement after its first sentence: the
// places, what blocks the way, the coordinates, the budget.
func (n *Nav) taskLines(acting bool) []string {
	p := n.spec.Config.Params
	var out []string
	if len(n.targets) > 0 {
		out = append(out, "A place counts as reached once you stand within "+num(p.Sufficiency)+
			" cells of it (straight-line distance) while at least "+num(p.MinFromStart)+" cells from where you started.")
	}
	out = append(out,
		"Walls, trees, water, burning fire, risen flood tiles (FF), objects and closed or locked doors block the way; floor, open doors, the goal, rivers, mud, plates, zones and flood tiles not yet risen do not.",
		"Rows are numbered from 0 at the top, columns from 0 at the left; north is up.")
	if acting {
		out = append(out, "You may take up to "+strconv.Itoa(p.MaxSteps)+" actions. done ends the walk and is accepted after at least "+
			strconv.Itoa(p.MinSteps)+" actions. After the walk you will be asked questions about what you saw and what you did.")
	} else {
		out = append(out, "After the walk you will be asked questions about it: read it as your own walk, what you saw and what you did.")
	}
	return out
}

// num writes a distance: 3, 2.5.
func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// Opening is the interactive episode's first message: the task, the
// action contract and observation 1.
func (n *Nav) Opening() string {
	head := "You walk through a level of a grid world, one action per reply."
	if len(n.targets) > 0 {
		head += " Come near each of these places: " + placeList(n.targets) + "."
	} else {
		head += " Look around the level; no place is asked of you."
	}
	lines := append([]string{"## Task", head}, n.taskLines(true)...)
	return strings.Join(lines, "\n") + "\n\n" +
		"Actions: left (turn left), right (turn right), forward (move forward 1 step), done (end the walk).\n" +
		"End each reply with one line action=<left|right|forward|done>.\n\n" +
		"## Walk\n" + n.block(0)
}

// Walk is the static episode's message before its first question: the
// task as a reader of someone's walk has it, and the whole walk with its
// closing line. The walk must have ended.
func (n *Nav) Walk() string {
	head := "The walk below was made in a level of a grid world, one action at a time."
	if len(n.targets) > 0 {
		head += " It was to come near each of these places: " + placeList(n.targets) + "."
	}
	lines := append([]string{"## Task", head}, n.taskLines(false)...)
	return strings.Join(lines, "\n") + "\n\n## Walk\n" + n.History()
}

// History is the walk as text: each observation, the action lines between
// them and, once the walk has ended, its closing line.
func (n *Nav) History() string {
	var b strings.Builder
	b.WriteString(n.block(0))
	for k := range n.steps {
		b.WriteString("\n\n" + n.stepText(k+1))
	}
	if n.Done() {
		b.WriteString("\n\n" + n.closing())
	}
	return b.String()
}

// Closing is the line that ends the walk; empty while it runs.
func (n *Nav) Closing() string {
	if !n.Done() {
		return ""
	}
	return n.closing()
}
