// Package read reads a grid probe's user message back from its text alone
// and answers its question by the rules paragraph: the history of views
// (symbolic, ascii, memory), the lines between them, the lines a probe
// adds (a notice, a path, the time elapsed), and the text objects' words.
// It shares no code with the grid world that wrote the text: the reference
// agents answer through it, and the tests hold every gold of the world to
// what it derives.
package read

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Dir is a facing: 0 north, 1 east, 2 south, 3 west.
type Dir int

// fwd is one step forward per facing, as (row, col).
var fwd = [4][2]int{{-1, 0}, {0, 1}, {1, 0}, {0, -1}}

func (d Dir) right() Dir { return (d + 1) % 4 }
func (d Dir) left() Dir  { return (d + 3) % 4 }

// Object is an object a view shows: its name ("red key", "yellow door",
// "signpost"), a door's state, and where it is: (A, L) ahead and lateral in
// a field-of-view view, (N, E) north and east in the memory view.
type Object struct {
	Name  string
	State string
	A, L  int
	N, E  int
	// Memory view marks: in a river, the wet counter.
	InRiver bool
	Wet     int
}

// Text is a text object's words and kind ("signpost", "notice board",
// "combat log").
type Text struct {
	Kind, Words string
}

// Plate is a memory view's plate line.
type Plate struct {
	N, E              int
	Effect            string
	Triggered, Loaded bool
	HasDoor           bool
	DoorN, DoorE      int
}

// River is a memory view's river line.
type River struct {
	Rows, Cols [2]int
	Flow       Dir
	// Exit says whether the cells just beyond the downstream edge are
	// open, per row (east/west flows) or column (north/south).
	Exit map[int]bool
}

// Obs is one observation as its view shows it.
type Obs struct {
	Label  string // the header's label, "" for "Step t"
	Step   int
	View   string // symbolic, ascii or memory
	Facing Dir
	// Field-of-view views: the objects, the cells the ascii view draws by
	// (ahead, lateral), its size, whether the whole area is in view.
	Objects []Object
	Cells   map[[2]int]string
	V       int
	Whole   bool
	Texts   []Text
	// Memory view: the agent's cell and the terrain lines.
	Row, Col int
	Rivers   []River
	Fire     map[[2]int]bool // fire cells (row, col) → burning
	Flood    map[int]floodRow
	Plates   []Plate
}

type floodRow struct {
	rise int
	cols []int
}

// Link is what stands between observation k−1 and k: the actions, or the
// move to another area.
type Link struct {
	Actions []string // "left", "right", "forward", "blocked"
	// Area: "next", "same", or "returned" (to the area of observation To).
	Area string
	To   int
}

// History is a message's observation.
type History struct {
	Obs   []Obs
	Links []Link // Links[k] leads to Obs[k]; Links[0] is empty
	// Trail is a link the history ends with, after its last observation
	// (the history was cut before the next one).
	Trail   *Link
	Notice  string // the [Notice] overlay's words
	Path    string // the [Path] line
	Elapsed int    // "[N steps have now elapsed; …]"
}

var (
	obsHead    = regexp.MustCompile(`^\[Observation (\d+) — (.+)\]:$`)
	actionLine = regexp.MustCompile(`^\[You (turned left|turned right|moved forward 1 step|tried to move forward but the way is blocked)\]$`)
	returned   = regexp.MustCompile(`^\[You returned to the area of observation (\d+)\]$`)
	elapsed    = regexp.MustCompile(`^\[(\d+) steps? ha(?:s|ve) now elapsed; you remained stationary\.\]$`)
	stepHead   = regexp.MustCompile(`^Step (\d+)$`)
)

// Parse reads a message's observation text.
func Parse(text string) (*History, error) {
	h := &History{}
	var cur []string
	var head *Obs
	end := func() error {
		err := h.end(cur, head)
		cur, head = nil, nil
		return err
	}
	for _, line := range strings.Split(text, "\n") {
		var err error
		switch {
		case obsHead.MatchString(line):
			err = end()
			m := obsHead.FindStringSubmatch(line)
			head = &Obs{Label: m[2]}
			if s := stepHead.FindStringSubmatch(m[2]); s != nil {
				head.Label = ""
				head.Step, _ = strconv.Atoi(s[1])
			}
		case actionLine.MatchString(line):
			err = end()
			a := map[string]string{"turned left": "left", "turned right": "right", "moved forward 1 step": "forward",
				"tried to move forward but the way is blocked": "blocked"}[actionLine.FindStringSubmatch(line)[1]]
			if h.Trail == nil {
				h.Trail = &Link{}
			}
			h.Trail.Actions = append(h.Trail.Actions, a)
		case line == "[You moved to the next area]", line == "[Some time passed; you are still in the same area]", returned.MatchString(line):
			err = end()
			l := &Link{Area: "next"}
			if line == "[Some time passed; you are still in the same area]" {
				l.Area = "same"
			}
			if m := returned.FindStringSubmatch(line); m != nil {
				l.Area = "returned"
				l.To, _ = strconv.Atoi(m[1])
				l.To--
			}
			h.Trail = l
		case strings.HasPrefix(line, "[Notice]: "):
			err = end()
			h.Notice = strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(line, "[Notice]: "), `"`), `"`)
		case strings.HasPrefix(line, "[Path]: "):
			err = end()
			h.Path = strings.TrimPrefix(line, "[Path]: ")
		case elapsed.MatchString(line):
			err = end()
			h.Elapsed, _ = strconv.Atoi(elapsed.FindStringSubmatch(line)[1])
		default:
			cur = append(cur, line)
		}
		if err != nil {
			return nil, err
		}
	}
	if err := end(); err != nil {
		return nil, err
	}
	if len(h.Obs) == 0 {
		return nil, fmt.Errorf("read: no observation")
	}
	return h, nil
}

// end closes the view being read: it becomes the next observation, with
// the header read before it and the link that led to it.
func (h *History) end(lines []string, head *Obs) error {
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 {
		return nil
	}
	o, err := parseView(strings.Join(lines, "\n"))
	if err != nil {
		return err
	}
	if head != nil {
		o.Label, o.Step = head.Label, head.Step
	}
	link := Link{}
	if h.Trail != nil {
		link = *h.Trail
		h.Trail = nil
	}
	h.Links = append(h.Links, link)
	h.Obs = append(h.Obs, o)
	return nil
}

// parseView reads one view's text.
func parseView(text string) (Obs, error) {
	switch {
	case strings.HasPrefix(text, "[Step "):
		return parseMemory(text)
	case strings.HasPrefix(text, "You are an agent in a gridworld. Below is your current field of view"):
		return parseASCII(text)
	case strings.HasPrefix(text, "You are an agent in a gridworld. You are currently facing: "):
		return parseSymbolic(text)
	}
	return Obs{}, fmt.Errorf("read: a view of no known kind: %q", firstLine(text))
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// facingOf reads "up (north)" or "north (up)" and the like.
func facingOf(s string) (Dir, error) {
	for d, w := range []string{"north", "east", "south", "west"} {
		if strings.Contains(s, w) {
			return Dir(d), nil
		}
	}
	return 0, fmt.Errorf("read: facing %q", s)
}

var (
	bullet = regexp.MustCompile(`^- (.+?), (\d+ steps? (?:forward|to your (?:left|right)).*)$`)
	ego    = regexp.MustCompile(`^(?:(\d+) steps? forward)?(?:, )?(?:directly in front|(\d+) steps? to your (left|right))?$`)
	textLn = regexp.MustCompile(`^\[(Signpost|Notice board|Combat log)\]: "(.*)"$`)
)

// Ego reads an egocentric phrase: "3 steps forward, directly in front",
// "1 step forward, 2 steps to your left", "2 steps to your right".
func Ego(s string) (a, l int, ok bool) {
	m := ego.FindStringSubmatch(s)
	if m == nil || s == "" {
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
	if strings.Contains(s, "directly in front") && m[1] == "" {
		return 0, 0, false
	}
	return a, l, true
}

// nameOf splits a view's label, "yellow door (locked)", into its name and
// a door's state.
func nameOf(label string) (name, state string) {
	if i := strings.LastIndex(label, " ("); i >= 0 && strings.HasSuffix(label, ")") {
		return label[:i], label[i+2 : len(label)-1]
	}
	return label, ""
}

func parseSymbolic(text string) (Obs, error) {
	o := Obs{View: "symbolic"}
	lines := strings.Split(text, "\n")
	head := strings.TrimPrefix(lines[0], "You are an agent in a gridworld. You are currently facing: ")
	f, err := facingOf(head[:strings.Index(head+".", ".")])
	if err != nil {
		return o, err
	}
	o.Facing = f
	for _, l := range lines[1:] {
		switch {
		case l == "Nothing else is visible.":
		case l == "The whole area is in view.":
			o.Whole = true
		case textLn.MatchString(l):
			m := textLn.FindStringSubmatch(l)
			o.Texts = append(o.Texts, Text{Kind: strings.ToLower(m[1]), Words: m[2]})
		case bullet.MatchString(l):
			m := bullet.FindStringSubmatch(l)
			a, lat, ok := Ego(m[2])
			if !ok {
				return o, fmt.Errorf("read: position %q", m[2])
			}
			name, state := nameOf(m[1])
			o.Objects = append(o.Objects, Object{Name: name, State: state, A: a, L: lat})
		default:
			return o, fmt.Errorf("read: symbolic line %q", l)
		}
	}
	return o, nil
}

var (
	colourLetters = map[byte]string{'r': "red", 'g': "green", 'b': "blue", 'y': "yellow", 'p': "purple", 'e': "grey"}
	typeLetters   = map[byte]string{'K': "key", 'B': "ball", 'X': "box"}
	doorLetters   = map[byte]string{'D': "closed", 'L': "locked", 'O': "open"}
	rowLabel      = regexp.MustCompile(`^ahead (\d+)\s`)
)

// objectOfCode is the object an ascii code shows, if any.
func objectOfCode(code string) (Object, bool) {
	if len(code) != 2 {
		return Object{}, false
	}
	if c, ok := colourLetters[code[0]]; ok {
		if t, ok := typeLetters[code[1]]; ok {
			return Object{Name: c + " " + t}, true
		}
		if s, ok := doorLetters[code[1]]; ok {
			return Object{Name: c + " door", State: s}, true
		}
	}
	switch {
	case code == "BO":
		return Object{Name: "boulder"}, true
	case code == "FS":
		return Object{Name: "fire source"}, true
	case code == "eH" || code == "yH":
		return Object{Name: "torch"}, true
	case code[1] >= '0' && code[1] <= '9' || code[1] == 'a':
		switch code[0] {
		case 'n':
			return Object{Name: "notice board"}, true
		case 's':
			return Object{Name: "signpost"}, true
		case 'c':
			return Object{Name: "combat log"}, true
		}
	}
	return Object{}, false
}

func parseASCII(text string) (Obs, error) {
	o := Obs{View: "ascii", Cells: map[[2]int]string{}}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "You are currently facing: "):
			f, err := facingOf(l)
			if err != nil {
				return o, err
			}
			o.Facing = f
		case o.V == 0 && i > 0 && strings.HasPrefix(l, "        ") && strings.Contains(l+" ", " 0 "):
			o.V = len(strings.Fields(l))
		case rowLabel.MatchString(l):
			a, _ := strconv.Atoi(rowLabel.FindStringSubmatch(l)[1])
			cells := strings.Fields(l)[2:]
			if len(cells) != o.V {
				return o, fmt.Errorf("read: ascii row %q has %d cells, the header %d", l, len(cells), o.V)
			}
			for j, code := range cells {
				lat := j - o.V/2
				if code == "??" {
					continue
				}
				o.Cells[[2]int{a, lat}] = code
				if ob, ok := objectOfCode(code); ok {
					ob.A, ob.L = a, lat
					o.Objects = append(o.Objects, ob)
				}
			}
		case l == "The whole area is in view.":
			o.Whole = true
		case textLn.MatchString(l):
			m := textLn.FindStringSubmatch(l)
			o.Texts = append(o.Texts, Text{Kind: strings.ToLower(m[1]), Words: m[2]})
		}
	}
	if o.V == 0 {
		return o, fmt.Errorf("read: an ascii view without its column header")
	}
	return o, nil
}

var (
	memPos    = regexp.MustCompile(`^You are at row (\d+), col (\d+), facing (\w+) \(\w+\)\.$`)
	memStep   = regexp.MustCompile(`^\[Step (\d+)\]$`)
	memRiver  = regexp.MustCompile(`^\[Terrain\]: River \(rows (\d+)–(\d+), cols (\d+)–(\d+)\): flowing (\w+); beyond its \w+ edge: (.+)$`)
	memFire   = regexp.MustCompile(`^\[Terrain\]: (Active fire|Scorch marks): row (\d+), cols ([\d–, ]+)(?: \(burning — impassable\))?$`)
	memFlood  = regexp.MustCompile(`^\[Flood\]: Schedule: (.+)\.$`)
	floodPart = regexp.MustCompile(`row (\d+) at step (\d+) \(cols ([\d–, ]+)\)`)
	memPlate  = regexp.MustCompile(`^\[Plate\]: (.+?) — effect (trigger|open)( \(already triggered\))?; (?:opens the door (.+?)|opens no door)(; a boulder rests on it)?$`)
	memObj    = regexp.MustCompile(`^- ([^:\[]+?): (at your position|\d+ steps? (?:north|south|east|west)(?:, \d+ steps? (?:east|west))?)(.*)$`)
	memText   = regexp.MustCompile(`^- \[(Signpost|Notice board|Combat log) at (.+?)\]: "(.*)"$`)
	memWet    = regexp.MustCompile(`\[(?:WET|SOAKED), dries in (\d+) turns?\]`)
	compass   = regexp.MustCompile(`^(?:(\d+) steps? (north|south))?(?:, )?(?:(\d+) steps? (east|west))?$`)
)

// Compass reads "2 steps north, 1 step west" as (north, east) = (2, -1).
func Compass(s string) (n, e int, ok bool) {
	if s == "at your position" {
		return 0, 0, true
	}
	m := compass.FindStringSubmatch(s)
	if m == nil || s == "" {
		return 0, 0, false
	}
	if m[1] != "" {
		n, _ = strconv.Atoi(m[1])
		if m[2] == "south" {
			n = -n
		}
	}
	if m[3] != "" {
		e, _ = strconv.Atoi(m[3])
		if m[4] == "west" {
			e = -e
		}
	}
	return n, e, true
}

// spans reads "1–6, 8, 10–18".
func spans(s string) []int {
	var out []int
	for _, part := range strings.Split(s, ", ") {
		a, b, ok := strings.Cut(part, "–")
		x, _ := strconv.Atoi(a)
		y := x
		if ok {
			y, _ = strconv.Atoi(b)
		}
		for v := x; v <= y; v++ {
			out = append(out, v)
		}
	}
	return out
}

func parseMemory(text string) (Obs, error) {
	o := Obs{View: "memory", Fire: map[[2]int]bool{}, Flood: map[int]floodRow{}}
	for _, l := range strings.Split(text, "\n") {
		switch {
		case memStep.MatchString(l):
			o.Step, _ = strconv.Atoi(memStep.FindStringSubmatch(l)[1])
		case memPos.MatchString(l):
			m := memPos.FindStringSubmatch(l)
			o.Row, _ = strconv.Atoi(m[1])
			o.Col, _ = strconv.Atoi(m[2])
			f, err := facingOf(m[3])
			if err != nil {
				return o, err
			}
			o.Facing = f
		case memRiver.MatchString(l):
			m := memRiver.FindStringSubmatch(l)
			var r River
			r.Rows[0], _ = strconv.Atoi(m[1])
			r.Rows[1], _ = strconv.Atoi(m[2])
			r.Cols[0], _ = strconv.Atoi(m[3])
			r.Cols[1], _ = strconv.Atoi(m[4])
			f, err := facingOf(m[5])
			if err != nil {
				return o, err
			}
			r.Flow = f
			r.Exit = map[int]bool{}
			lo, hi := r.Rows[0], r.Rows[1]
			if f == 0 || f == 2 {
				lo, hi = r.Cols[0], r.Cols[1]
			}
			exit := m[6]
			for v := lo; v <= hi; v++ {
				r.Exit[v] = exit == "open"
			}
			if strings.HasPrefix(exit, "open in ") {
				open, _, _ := strings.Cut(strings.TrimPrefix(exit, "open in "), ", blocked in ")
				for _, v := range spans(strings.TrimPrefix(strings.TrimPrefix(open, "rows "), "cols ")) {
					r.Exit[v] = true
				}
			}
			o.Rivers = append(o.Rivers, r)
		case memFire.MatchString(l):
			m := memFire.FindStringSubmatch(l)
			row, _ := strconv.Atoi(m[2])
			for _, c := range spans(m[3]) {
				o.Fire[[2]int{row, c}] = m[1] == "Active fire"
			}
		case memFlood.MatchString(l):
			for _, p := range floodPart.FindAllStringSubmatch(memFlood.FindStringSubmatch(l)[1], -1) {
				row, _ := strconv.Atoi(p[1])
				rise, _ := strconv.Atoi(p[2])
				o.Flood[row] = floodRow{rise: rise, cols: spans(p[3])}
			}
		case strings.HasPrefix(l, "[Flood]: "):
		case memPlate.MatchString(l):
			m := memPlate.FindStringSubmatch(l)
			var p Plate
			var ok bool
			if p.N, p.E, ok = Compass(m[1]); !ok {
				return o, fmt.Errorf("read: plate position %q", m[1])
			}
			p.Effect, p.Triggered, p.Loaded = m[2], m[3] != "", m[5] != ""
			if m[4] != "" {
				p.HasDoor = true
				if p.DoorN, p.DoorE, ok = Compass(m[4]); !ok {
					return o, fmt.Errorf("read: plate door %q", m[4])
				}
			}
			o.Plates = append(o.Plates, p)
		case memText.MatchString(l):
			m := memText.FindStringSubmatch(l)
			n, e, ok := Compass(m[2])
			if !ok {
				return o, fmt.Errorf("read: text position %q", m[2])
			}
			kind := strings.ToLower(m[1])
			o.Texts = append(o.Texts, Text{Kind: kind, Words: m[3]})
			o.Objects = append(o.Objects, Object{Name: kind, N: n, E: e})
		case memObj.MatchString(l):
			m := memObj.FindStringSubmatch(l)
			n, e, ok := Compass(m[2])
			if !ok {
				return o, fmt.Errorf("read: position %q", m[2])
			}
			name, state := nameOf(m[1])
			ob := Object{Name: name, State: state, N: n, E: e, InRiver: strings.Contains(m[3], "(in river")}
			if w := memWet.FindStringSubmatch(m[3]); w != nil {
				ob.Wet, _ = strconv.Atoi(w[1])
			}
			o.Objects = append(o.Objects, ob)
		default:
			return o, fmt.Errorf("read: memory line %q", l)
		}
	}
	return o, nil
}
