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
		if !strings.HasPrefix(line, "[") || strings.HasPrefix(line, "[Step ") || strings.HasPrefix(line, "[Terrain]") ||
			strings.HasPrefix(line, "[Flood]") || strings.HasPrefix(line, "[Plate]") || strings.HasPrefix(line, "[Signpost]") ||
			strings.HasPrefix(line, "[Notice board]") || strings.HasPrefix(line, "[Combat log]") {
			cur = append(cur, line) // a line of the view being read
			continue
		}
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

var textLn = regexp.MustCompile(`^\[(Signpost|Notice board|Combat log)\]: "(.*)"$`)

// Ego reads an egocentric phrase: "3 steps forward", "3 steps forward,
// directly in front", "1 step forward, 2 steps to your left", "2 steps to
// your right".
func Ego(s string) (a, l int, ok bool) {
	first, second, two := strings.Cut(s, ", ")
	n, rest, ok := countPhrase(first)
	switch {
	case ok && rest == "forward" && !two:
		return n, 0, true
	case ok && rest == "forward":
		a = n
	case two:
		return 0, 0, false
	default:
		second = first
	}
	if second == "directly in front" {
		return a, 0, two
	}
	n, rest, ok = countPhrase(second)
	switch {
	case ok && rest == "to your left":
		return a, -n, true
	case ok && rest == "to your right":
		return a, n, true
	}
	return 0, 0, false
}

// Compass reads "2 steps north, 1 step west" as (north, east) = (2, -1),
// and "at your position" as (0, 0).
func Compass(s string) (n, e int, ok bool) {
	if s == "at your position" {
		return 0, 0, true
	}
	first, second, two := strings.Cut(s, ", ")
	k, dir, ok := countPhrase(first)
	if !ok {
		return 0, 0, false
	}
	switch dir {
	case "north", "south":
		if dir == "south" {
			k = -k
		}
		n = k
		if !two {
			return n, 0, true
		}
		if k, dir, ok = countPhrase(second); !ok {
			return 0, 0, false
		}
	case "east", "west":
		if two {
			return 0, 0, false
		}
	default:
		return 0, 0, false
	}
	switch dir {
	case "east":
		return n, k, true
	case "west":
		return n, -k, true
	}
	return 0, 0, false
}

// countPhrase reads "<digits> step(s) <rest>".
func countPhrase(s string) (int, string, bool) {
	num, rest, ok := strings.Cut(s, " ")
	if !ok || num == "" || strings.Trim(num, "0123456789") != "" {
		return 0, "", false
	}
	n, err := strconv.Atoi(num)
	if err != nil {
		return 0, "", false
	}
	if r, ok := strings.CutPrefix(rest, "steps "); ok {
		return n, r, true
	}
	if r, ok := strings.CutPrefix(rest, "step "); ok {
		return n, r, true
	}
	return 0, "", false
}

// splitBullet splits a symbolic view's object line, "- yellow door
// (locked), 3 steps forward, directly in front", at the first ", " before
// a digit: into the label and the position phrase.
func splitBullet(l string) (label, pos string, ok bool) {
	rest, ok := strings.CutPrefix(l, "- ")
	if !ok {
		return "", "", false
	}
	for i := 0; i+2 < len(rest); i++ {
		if rest[i] == ',' && rest[i+1] == ' ' && rest[i+2] >= '0' && rest[i+2] <= '9' {
			return rest[:i], rest[i+2:], i > 0
		}
	}
	return "", "", false
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
		case strings.HasPrefix(l, "["):
			m := textLn.FindStringSubmatch(l)
			if m == nil {
				return o, fmt.Errorf("read: symbolic line %q", l)
			}
			o.Texts = append(o.Texts, Text{Kind: strings.ToLower(m[1]), Words: m[2]})
		default:
			label, pos, ok := splitBullet(l)
			if !ok {
				return o, fmt.Errorf("read: symbolic line %q", l)
			}
			a, lat, ok := Ego(pos)
			if !ok {
				return o, fmt.Errorf("read: position %q", pos)
			}
			name, state := nameOf(label)
			o.Objects = append(o.Objects, Object{Name: name, State: state, A: a, L: lat})
		}
	}
	return o, nil
}

var (
	colourLetters = map[byte]string{'r': "red", 'g': "green", 'b': "blue", 'y': "yellow", 'p': "purple", 'e': "grey"}
	typeLetters   = map[byte]string{'K': "key", 'B': "ball", 'X': "box"}
	doorLetters   = map[byte]string{'D': "closed", 'L': "locked", 'O': "open"}
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
		case strings.HasPrefix(l, "ahead "):
			fields := strings.Fields(l)
			a, err := strconv.Atoi(fields[1])
			if err != nil {
				return o, fmt.Errorf("read: ascii row %q", l)
			}
			cells := fields[2:]
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
		case strings.HasPrefix(l, "["):
			if m := textLn.FindStringSubmatch(l); m != nil {
				o.Texts = append(o.Texts, Text{Kind: strings.ToLower(m[1]), Words: m[2]})
			}
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
	memText   = regexp.MustCompile(`^- \[(Signpost|Notice board|Combat log) at (.+?)\]: "(.*)"$`)
	memWet    = regexp.MustCompile(`\[(?:WET|SOAKED), dries in (\d+) turns?\]`)
)

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

// splitMemoryObject splits a memory view's object line, "- red key: 10
// steps north, 3 steps west (in river, flowing east) [WET, dries in 2
// turns]", into its label (no ':' or '['), its position phrase and the
// marks after it.
func splitMemoryObject(l string) (label, pos, tail string, ok bool) {
	rest, _ := strings.CutPrefix(l, "- ")
	label, rest, ok = strings.Cut(rest, ": ")
	if !ok || label == "" || strings.ContainsAny(label, ":[") {
		return "", "", "", false
	}
	end := len(rest)
	for _, mark := range []string{" (", " ["} {
		if i := strings.Index(rest, mark); i >= 0 && i < end {
			end = i
		}
	}
	return label, rest[:end], rest[end:], true
}

func parseMemory(text string) (Obs, error) {
	o := Obs{View: "memory", Fire: map[[2]int]bool{}, Flood: map[int]floodRow{}}
	for _, l := range strings.Split(text, "\n") {
		// Each line is told by its opening words, then read by its pattern.
		var re *regexp.Regexp
		switch {
		case strings.HasPrefix(l, "[Step "):
			re = memStep
		case strings.HasPrefix(l, "You are at row "):
			re = memPos
		case strings.HasPrefix(l, "[Terrain]: River "):
			re = memRiver
		case strings.HasPrefix(l, "[Terrain]: "):
			re = memFire
		case strings.HasPrefix(l, "[Flood]: Schedule: "):
			re = memFlood
		case strings.HasPrefix(l, "[Plate]: "):
			re = memPlate
		case strings.HasPrefix(l, "- ["):
			re = memText
		}
		var m []string
		if re != nil {
			if m = re.FindStringSubmatch(l); m == nil {
				return o, fmt.Errorf("read: memory line %q", l)
			}
		}
		switch {
		case re == memStep:
			o.Step, _ = strconv.Atoi(m[1])
		case re == memPos:
			o.Row, _ = strconv.Atoi(m[1])
			o.Col, _ = strconv.Atoi(m[2])
			f, err := facingOf(m[3])
			if err != nil {
				return o, err
			}
			o.Facing = f
		case re == memRiver:
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
		case re == memFire:
			row, _ := strconv.Atoi(m[2])
			for _, c := range spans(m[3]) {
				o.Fire[[2]int{row, c}] = m[1] == "Active fire"
			}
		case re == memFlood:
			for _, p := range floodPart.FindAllStringSubmatch(m[1], -1) {
				row, _ := strconv.Atoi(p[1])
				rise, _ := strconv.Atoi(p[2])
				o.Flood[row] = floodRow{rise: rise, cols: spans(p[3])}
			}
		case strings.HasPrefix(l, "[Flood]: "):
		case re == memPlate:
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
		case re == memText:
			n, e, ok := Compass(m[2])
			if !ok {
				return o, fmt.Errorf("read: text position %q", m[2])
			}
			kind := strings.ToLower(m[1])
			o.Texts = append(o.Texts, Text{Kind: kind, Words: m[3]})
			o.Objects = append(o.Objects, Object{Name: kind, N: n, E: e})
		case strings.HasPrefix(l, "- "):
			label, pos, tail, ok := splitMemoryObject(l)
			if !ok {
				return o, fmt.Errorf("read: memory line %q", l)
			}
			n, e, ok := Compass(pos)
			if !ok {
				return o, fmt.Errorf("read: position %q", pos)
			}
			name, state := nameOf(label)
			ob := Object{Name: name, State: state, N: n, E: e, InRiver: strings.Contains(tail, "(in river")}
			if strings.Contains(tail, "dries in ") {
				if w := memWet.FindStringSubmatch(tail); w != nil {
					ob.Wet, _ = strconv.Atoi(w[1])
				}
			}
			o.Objects = append(o.Objects, ob)
		default:
			return o, fmt.Errorf("read: memory line %q", l)
		}
	}
	return o, nil
}
