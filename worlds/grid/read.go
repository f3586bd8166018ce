package grid

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// The reference agents read the views back from text: this file parses an
// observation (one view text, or a history of them, with an optional
// [Notice] overlay) into what it shows.

// seenObj is one object an observation shows, with its position as the
// view words it: egocentric (a, l) or, in the memory view, (north, east).
type seenObj struct {
	name   string // "red key", "yellow door", "signpost"
	kind   Kind
	colour Colour
	state  DoorState
	// a, l are ahead and lateral; north, east the memory view's offsets.
	a, l, north, east int
	inRiver           bool
	wet               int
	soaked            bool
	text              string
}

// readObs is one observation as read.
type readObs struct {
	view   string
	label  string
	step   int
	facing Dir
	objs   []seenObj
	texts  []string
	// ascii: the window size and each cell's code, row-major by (a, l).
	V     int
	cells []string
	// memory: the agent's cell, the river, fire and flood lines.
	agent    Pos
	rivers   []riverRead
	fire     map[int]bool // row → burning (false: scorch marks)
	flooded  []int
	schedule map[int]int // row → rise step
}

// cell returns the ascii code at (a, l) and whether the window has it.
func (o *readObs) cell(a, l int) (string, bool) {
	half := o.V / 2
	if a < 0 || a >= o.V || l < -half || l > half || o.cells == nil {
		return "", false
	}
	code := o.cells[a*o.V+l+half]
	return code, code != ""
}

// riverRead is a memory view's river line.
type riverRead struct {
	rows, cols [2]int
	flow       Dir
}

// reading is a whole observation section: the observations in order, the
// actions before each, whether the history moved between areas, and the
// [Notice] overlay's claim.
type reading struct {
	obs     []readObs
	actions [][]string
	areas   bool
	notice  string
}

var (
	obsHeadRE = regexp.MustCompile(`^\[Observation (\d+) — (.+)\]:$`)
	egoRE     = regexp.MustCompile(`^(?:(\d+) steps? forward, )?(?:directly in front|(\d+) steps? to your (left|right))$`)
)

// readSection parses the observation section of a user message.
func readSection(text string) (reading, error) {
	var r reading
	if i := strings.LastIndex(text, "\n\n[Notice]: \""); i >= 0 && strings.HasSuffix(text, "\"") {
		r.notice = text[i+len("\n\n[Notice]: \"") : len(text)-1]
		text = text[:i]
	}
	lines := strings.Split(text, "\n")
	if len(lines) == 0 || !obsHeadRE.MatchString(lines[0]) {
		o, err := readView(text)
		if err != nil {
			return r, err
		}
		r.obs, r.actions = []readObs{o}, [][]string{nil}
		return r, nil
	}
	var pending []string
	var body []string
	label := ""
	flush := func() error {
		if body == nil {
			return nil
		}
		o, err := readView(strings.TrimRight(strings.Join(body, "\n"), "\n"))
		if err != nil {
			return err
		}
		o.label = label
		r.obs = append(r.obs, o)
		r.actions = append(r.actions, pending)
		pending, body = nil, nil
		return nil
	}
	for _, line := range lines {
		if m := obsHeadRE.FindStringSubmatch(line); m != nil {
			if err := flush(); err != nil {
				return r, err
			}
			label, body = m[2], []string{}
			continue
		}
		if strings.HasPrefix(line, "[You ") && strings.HasSuffix(line, "]") {
			if err := flush(); err != nil {
				return r, err
			}
			act := strings.TrimSuffix(strings.TrimPrefix(line, "[You "), "]")
			if act == "moved to the next area" {
				r.areas = true
			}
			pending = append(pending, act)
			continue
		}
		if body != nil {
			body = append(body, line)
		}
	}
	if err := flush(); err != nil {
		return r, err
	}
	if len(r.obs) == 0 {
		return r, errors.New("no observation")
	}
	return r, nil
}

// readView parses one view text.
func readView(text string) (readObs, error) {
	switch {
	case strings.HasPrefix(text, "[Step "):
		return readMemory(text)
	case strings.HasPrefix(text, "You are an agent in a gridworld. Below is"):
		return readASCII(text)
	case strings.HasPrefix(text, "You are an agent in a gridworld. You are currently facing: "):
		return readSymbolic(text)
	}
	return readObs{}, errors.New("not a grid view")
}

// facingOf reads a facing label (symbolic, ascii or memory wording).
func facingOf(s string) (Dir, bool) {
	for d := range Dir(4) {
		if strings.HasPrefix(s, d.egoLabel()) || strings.HasPrefix(s, d.memoryLabel()) {
			return d, true
		}
	}
	return 0, false
}

// nameObj reads an object's label: "red key", "yellow door (locked)",
// "signpost".
func nameObj(label string) (seenObj, bool) {
	o := seenObj{}
	if base, state, ok := strings.Cut(label, " ("); ok {
		label = base
		switch strings.TrimSuffix(state, ")") {
		case "closed":
			o.state = Closed
		case "locked":
			o.state = Locked
		case "open":
			o.state = Open
		default:
			return o, false
		}
	}
	o.name = label
	for k := Key; k <= FireSource; k++ {
		if !k.coloured() && label == k.String() {
			o.kind = k
			return o, true
		}
	}
	colour, kind, ok := strings.Cut(label, " ")
	if !ok {
		return o, false
	}
	for _, c := range Colours {
		if c.String() != colour {
			continue
		}
		for k := Key; k <= Door; k++ {
			if k.String() == kind {
				o.kind, o.colour = k, c
				return o, true
			}
		}
	}
	return o, false
}

// readEgo reads "3 steps forward, 1 step to your left" into (a, l).
func readEgo(s string) (a, l int, ok bool) {
	m := egoRE.FindStringSubmatch(s)
	if m == nil {
		return 0, 0, false
	}
	if m[1] != "" {
		a, _ = strconv.Atoi(m[1])
	}
	if m[2] != "" {
		l, _ = strconv.Atoi(m[2])
		if m[3] == "left" {
			l = -l
		}
	}
	if m[1] == "" && m[2] == "" {
		return 0, 0, false
	}
	return a, l, true
}

// readSymbolic parses the symbolic view.
func readSymbolic(text string) (readObs, error) {
	o := readObs{view: Symbolic}
	lines := strings.Split(text, "\n")
	head := strings.TrimPrefix(lines[0], "You are an agent in a gridworld. You are currently facing: ")
	d, ok := facingOf(head)
	if !ok {
		return o, fmt.Errorf("symbolic view: facing %q", head)
	}
	o.facing = d
	for _, line := range lines[1:] {
		switch {
		case strings.HasPrefix(line, "- "):
			label, pos, ok := cutLast(line[2:], ", ", func(rest string) bool {
				_, _, ok := readEgo(rest)
				return ok
			})
			if !ok {
				return o, fmt.Errorf("symbolic view: bullet %q", line)
			}
			obj, ok := nameObj(label)
			if !ok {
				return o, fmt.Errorf("symbolic view: object %q", label)
			}
			obj.a, obj.l, _ = readEgo(pos)
			o.objs = append(o.objs, obj)
		case strings.HasPrefix(line, "["):
			o.texts = append(o.texts, quoted(line))
		}
	}
	return o, nil
}

// cutLast splits s at the first sep whose remainder satisfies ok.
func cutLast(s, sep string, ok func(string) bool) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		j := strings.Index(s[i:], sep)
		if j < 0 {
			break
		}
		i += j
		if rest := s[i+len(sep):]; ok(rest) {
			return s[:i], rest, true
		}
	}
	return "", "", false
}

// quoted is the text between a text line's first and last double quote.
func quoted(line string) string {
	i, j := strings.Index(line, `"`), strings.LastIndex(line, `"`)
	if i < 0 || j <= i {
		return ""
	}
	return line[i+1 : j]
}
