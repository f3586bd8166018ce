package read

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Walk is a navigation episode's text read back: the task's places and
// numbers, and each observation with the position it states and what its
// view showed on which cell (row, col), and the actions between them, as
// the world's lines tell them.
type Walk struct {
	Places                    [][2]int
	Sufficiency, MinFromStart float64
	MaxSteps, MinSteps        int
	Obs                       []WalkObs
	// Actions[k] is what led from observation k to k+1: left, right,
	// forward or blocked.
	Actions []string
	// Ended: the walk's closing line was read.
	Ended bool
}

// WalkObs is one observation of a walk.
type WalkObs struct {
	Row, Col int
	Facing   Dir
	View     string
	Reached  [][2]int
	// Shown maps a cell the view showed what is on to the object's name
	// there ("" for nothing).
	Shown map[[2]int]string
	// Codes are the ascii view's cell codes by (row, col).
	Codes map[[2]int]string
	// Blocking are the cells holding an object that blocks the way (any
	// object but an open door).
	Blocking map[[2]int]bool
	// Whole: the view said the whole area is in view.
	Whole bool
}

var (
	walkHead    = regexp.MustCompile(`^\[Observation (\d+) — Step (\d+)\]:$`)
	walkPos     = regexp.MustCompile(`^Position: row (\d+), col (\d+)\. Places reached: (.+)\.$`)
	rowColRe    = regexp.MustCompile(`row (\d+), col (\d+)`)
	taskPlaces  = regexp.MustCompile(`(?m)Come near each of these places: (.+)\.$|It was to come near each of these places: (.+)\.$`)
	taskReach   = regexp.MustCompile(`within ([\d.]+) cells of it \(straight-line distance\) while at least ([\d.]+) cells from where you started`)
	taskBudget  = regexp.MustCompile(`You may take up to (\d+) actions\. done ends the walk and is accepted after at least (\d+) actions\.`)
	walkClosing = regexp.MustCompile(`^\[(?:You ended the walk\.|You have taken all \d+ actions; the walk is over\.|No action was read in \d+ replies in a row; the walk is over\.)\]$`)
)

// places reads "row 9, col 8; row 6, col 8" (or "none").
func places(s string) [][2]int {
	var out [][2]int
	for _, m := range rowColRe.FindAllStringSubmatch(s, -1) {
		r, _ := strconv.Atoi(m[1])
		c, _ := strconv.Atoi(m[2])
		out = append(out, [2]int{r, c})
	}
	return out
}

// ParseWalk reads a walk's text: the task (optional), then "## Walk" and
// the observations with the action lines between them, then the closing
// line. Anything after a "## Question" heading is left out.
func ParseWalk(text string) (*Walk, error) {
	w, err := ParseWalkPart(text)
	if err != nil {
		return nil, err
	}
	return JoinWalk(w)
}

// JoinWalk joins the parts of a walk read apart (the messages of a
// conversation, each read by ParseWalkPart) into the whole walk, and
// checks that its observations and actions alternate.
func JoinWalk(parts ...*Walk) (*Walk, error) {
	w := &Walk{}
	for _, p := range parts {
		if p.Places != nil {
			w.Places = p.Places
		}
		if p.Sufficiency != 0 || p.MinFromStart != 0 {
			w.Sufficiency, w.MinFromStart = p.Sufficiency, p.MinFromStart
		}
		if p.MaxSteps != 0 {
			w.MaxSteps, w.MinSteps = p.MaxSteps, p.MinSteps
		}
		w.Obs = append(w.Obs, p.Obs...)
		w.Actions = append(w.Actions, p.Actions...)
		w.Ended = w.Ended || p.Ended
	}
	if len(w.Obs) == 0 {
		return nil, fmt.Errorf("read: a walk without an observation")
	}
	if len(w.Actions) != len(w.Obs)-1 {
		return nil, fmt.Errorf("read: %d observations and %d actions", len(w.Obs), len(w.Actions))
	}
	return w, nil
}

// ParseWalkPart reads a part of a walk's text: what ParseWalk reads, or a
// piece of it (an action line and the observation after it), without
// checking that it is whole.
func ParseWalkPart(text string) (*Walk, error) {
	if i := strings.Index(text, "## Question"); i >= 0 {
		text = text[:i]
	}
	w := &Walk{}
	task, walk, ok := strings.Cut(text, "## Walk\n")
	if !ok {
		walk, task = text, ""
	}
	if m := taskPlaces.FindStringSubmatch(task); m != nil {
		w.Places = places(m[1] + m[2])
	}
	if m := taskReach.FindStringSubmatch(task); m != nil {
		w.Sufficiency, _ = strconv.ParseFloat(m[1], 64)
		w.MinFromStart, _ = strconv.ParseFloat(m[2], 64)
	}
	if m := taskBudget.FindStringSubmatch(task); m != nil {
		w.MaxSteps, _ = strconv.Atoi(m[1])
		w.MinSteps, _ = strconv.Atoi(m[2])
	}
	var cur []string
	flush := func() error {
		if cur == nil {
			return nil
		}
		o, err := walkObs(cur)
		cur = nil
		if err != nil {
			return err
		}
		w.Obs = append(w.Obs, o)
		return nil
	}
	for _, line := range strings.Split(walk, "\n") {
		switch {
		case walkHead.MatchString(line):
			if err := flush(); err != nil {
				return nil, err
			}
			m := walkHead.FindStringSubmatch(line)
			if m[1] == "0" || m[2] != strconv.Itoa(atoi(m[1])-1) {
				return nil, fmt.Errorf("read: %q", line)
			}
			cur = []string{}
		case actionLine.MatchString(line):
			if err := flush(); err != nil {
				return nil, err
			}
			a := map[string]string{"turned left": "left", "turned right": "right", "moved forward 1 step": "forward",
				"tried to move forward but the way is blocked": "blocked"}[actionLine.FindStringSubmatch(line)[1]]
			w.Actions = append(w.Actions, a)
		case walkClosing.MatchString(line):
			if err := flush(); err != nil {
				return nil, err
			}
			w.Ended = true
		case cur != nil:
			cur = append(cur, line)
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return w, nil
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// walkObs reads one observation's lines: the position line, then the
// view.
func walkObs(lines []string) (WalkObs, error) {
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) < 2 {
		return WalkObs{}, fmt.Errorf("read: an observation without its view")
	}
	m := walkPos.FindStringSubmatch(lines[0])
	if m == nil {
		return WalkObs{}, fmt.Errorf("read: position line %q", lines[0])
	}
	o := WalkObs{Shown: map[[2]int]string{}, Blocking: map[[2]int]bool{}}
	o.Row, _ = strconv.Atoi(m[1])
	o.Col, _ = strconv.Atoi(m[2])
	o.Reached = places(m[3])
	v, err := parseView(strings.Join(lines[1:], "\n"))
	if err != nil {
		return WalkObs{}, err
	}
	o.Facing, o.View, o.Whole = v.Facing, v.View, v.Whole
	abs := func(a, l int) [2]int {
		f, r := fwd[o.Facing], fwd[o.Facing.right()]
		return [2]int{o.Row + a*f[0] + l*r[0], o.Col + a*f[1] + l*r[1]}
	}
	switch v.View {
	case "memory":
		o.Whole = true
		for _, ob := range v.Objects {
			c := [2]int{o.Row - ob.N, o.Col + ob.E}
			o.Shown[c] = ob.Name
			o.Blocking[c] = ob.State != "open"
		}
	case "ascii":
		o.Codes = map[[2]int]string{}
		for ae, code := range v.Cells {
			c := abs(ae[0], ae[1])
			o.Codes[c] = code
			if ae == [2]int{0, 0} {
				continue // the agent's own cell
			}
			o.Shown[c] = ""
			if ob, ok := objectOfCode(code); ok {
				o.Shown[c] = ob.Name
				o.Blocking[c] = ob.State != "open"
			}
		}
	default:
		for _, ob := range v.Objects {
			c := abs(ob.A, ob.L)
			o.Shown[c] = ob.Name
			o.Blocking[c] = ob.State != "open"
		}
	}
	return o, nil
}

// At is the cell (row, col) of observation k's agent.
func (o WalkObs) At() [2]int { return [2]int{o.Row, o.Col} }

// knows reports whether the observation settled what is on cell c, and
// what: a cell its view showed, or in a view of the whole area any cell
// but the agent's own (the questions never name a wall).
func (o WalkObs) knows(c [2]int) (string, bool) {
	if name, ok := o.Shown[c]; ok {
		return name, true
	}
	if o.Whole && c != o.At() {
		return "", true
	}
	return "", false
}

var (
	wqCell    = regexp.MustCompile(`^Is there an? (.+) at row (\d+), col (\d+)\?$`)
	wqUnion   = regexp.MustCompile(`^Counting the whole walk, how many different (.+) did you see\?$`)
	wqTotal   = regexp.MustCompile(`^How many (.+) are there in the whole level\?$`)
	wqMoves   = "How many times did you move forward 1 step during the walk?"
	wqBlocked = "How many times was your move forward blocked during the walk?"
	wqStood   = regexp.MustCompile(`^Did you stand on the cell at row (\d+), col (\d+) at any time during the walk\?$`)
	wqReached = "How many of the places did you reach?"
	wqAhead   = "If you now moved forward 1 step, at which row and column would you stand?"
)

// WalkQuestion names a walk question's kind ("walk-cell", "own-moves", …),
// or "" for a question of no kind the walk reader knows.
func WalkQuestion(q string) string {
	switch {
	case wqCell.MatchString(q):
		return "walk-cell"
	case wqUnion.MatchString(q):
		return "walk-union"
	case wqTotal.MatchString(q):
		return "walk-total"
	case q == wqMoves:
		return "own-moves"
	case q == wqBlocked:
		return "own-blocked"
	case wqStood.MatchString(q):
		return "own-stood"
	case q == wqReached:
		return "own-reached"
	case q == wqAhead:
		return "walk-ahead"
	}
	return ""
}

// singularKind reads a plural kind: keys, balls, boxes, doors.
func singularKind(plural string) string {
	if plural == "boxes" {
		return "box"
	}
	return strings.TrimSuffix(plural, "s")
}

// Answer answers a question asked after the walk from the walk's text
// alone: the canonical answer, or an error when the text does not settle
// it.
func (w *Walk) Answer(q string) (string, error) {
	last := w.Obs[len(w.Obs)-1]
	switch {
	case wqCell.MatchString(q):
		m := wqCell.FindStringSubmatch(q)
		r, _ := strconv.Atoi(m[2])
		c, _ := strconv.Atoi(m[3])
		for k := len(w.Obs) - 1; k >= 0; k-- {
			if name, ok := w.Obs[k].knows([2]int{r, c}); ok {
				return yesNo(name == m[1]), nil
			}
		}
		return "", notSettled("no observation showed row %d, col %d", r, c)
	case wqUnion.MatchString(q):
		kind := singularKind(wqUnion.FindStringSubmatch(q)[1])
		cells := map[[2]int]bool{}
		for _, o := range w.Obs {
			for c, name := range o.Shown {
				if name != "" && (strings.HasSuffix(name, " "+kind) || name == kind) {
					cells[c] = true
				}
			}
		}
		return strconv.Itoa(len(cells)), nil
	case wqTotal.MatchString(q):
		kind := singularKind(wqTotal.FindStringSubmatch(q)[1])
		for k := len(w.Obs) - 1; k >= 0; k-- {
			if o := w.Obs[k]; o.Whole {
				n := 0
				for _, name := range o.Shown {
					if strings.HasSuffix(name, " "+kind) {
						n++
					}
				}
				return strconv.Itoa(n), nil
			}
		}
		return "", notSettled("no view showed the whole area")
	case q == wqMoves, q == wqBlocked:
		want := map[string]string{wqMoves: "forward", wqBlocked: "blocked"}[q]
		n := 0
		for _, a := range w.Actions {
			if a == want {
				n++
			}
		}
		return strconv.Itoa(n), nil
	case wqStood.MatchString(q):
		m := wqStood.FindStringSubmatch(q)
		r, _ := strconv.Atoi(m[1])
		c, _ := strconv.Atoi(m[2])
		for _, o := range w.Obs {
			if o.At() == [2]int{r, c} {
				return "yes", nil
			}
		}
		return "no", nil
	case q == wqReached:
		return strconv.Itoa(len(last.Reached)), nil
	case q == wqAhead:
		f := fwd[last.Facing]
		ahead := [2]int{last.Row + f[0], last.Col + f[1]}
		code, ok := last.Codes[ahead]
		if !ok {
			return "", notSettled("the view does not show the cell ahead")
		}
		at := last.At()
		if Passable(code) {
			at = ahead
		}
		return strconv.Itoa(at[0]) + "," + strconv.Itoa(at[1]), nil
	}
	return "", fmt.Errorf("read: a question of no kind the walk reader knows: %q", q)
}

// Passable reports whether the agent may step onto a cell the ascii view
// shows with code, by the task's statement of what blocks the way: walls,
// trees, water, burning fire, risen flood tiles (FF), objects and closed
// or locked doors block it.
func Passable(code string) bool {
	switch code {
	case "##", "TT", "WW", "~~", "FF", "BO", "FS":
		return false
	case "..", "**", "MM", "ET", "ZZ", "~E", "~S", "~W", "~N":
		return true
	}
	if ob, ok := objectOfCode(code); ok {
		return strings.HasSuffix(ob.Name, " door") && ob.State == "open"
	}
	// Plates pN, zone markers zN and flood tiles not risen fN, fa.
	return len(code) == 2 && strings.ContainsRune("pzf", rune(code[0])) && (code[1] >= '0' && code[1] <= '9' || code[1] == 'a')
}
