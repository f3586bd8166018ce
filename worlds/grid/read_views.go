package grid

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// readASCII parses the ascii view: the facing, the grid of codes (objects
// read from their codes) and the text lines.
func readASCII(text string) (readObs, error) {
	o := readObs{view: ASCII}
	lines := strings.Split(text, "\n")
	facing, header := false, false
	for _, line := range lines {
		switch {
		case strings.HasPrefix(line, "You are currently facing: "):
			d, ok := facingOf(strings.TrimPrefix(line, "You are currently facing: "))
			if !ok {
				return o, fmt.Errorf("ascii view: facing %q", line)
			}
			o.facing, facing = d, true
		case !header && strings.HasPrefix(line, "        ") && strings.TrimSpace(line) != "":
			o.V, header = len(strings.Fields(line)), true
			o.cells = make([]string, o.V*o.V)
		case strings.HasPrefix(line, "ahead "):
			a, err := strconv.Atoi(strings.TrimSpace(line[len("ahead "):min(len(line), 8)]))
			fields := strings.Fields(line[min(len(line), 8):])
			if err != nil || !header || len(fields) != o.V || o.V%2 == 0 || a < 0 || a >= o.V {
				return o, fmt.Errorf("ascii view: row %q", line)
			}
			for i, code := range fields {
				l := i - o.V/2
				o.cells[a*o.V+i] = code
				if obj, ok := objectOfCode(code); ok {
					obj.a, obj.l = a, l
					o.objs = append(o.objs, obj)
				}
			}
		case strings.HasPrefix(line, "[") && strings.Contains(line, `]: "`):
			o.texts = append(o.texts, quoted(line))
		}
	}
	if !facing || !header {
		return o, fmt.Errorf("ascii view: no facing or column labels")
	}
	return o, nil
}

// objectOfCode reads an ascii code that shows an object.
func objectOfCode(code string) (seenObj, bool) {
	if len(code) != 2 {
		return seenObj{}, false
	}
	a, b := code[0], code[1]
	ci := strings.IndexByte(colourLetters, a)
	switch {
	case ci >= 0 && strings.IndexByte("KBX", b) >= 0:
		k := Kind(strings.IndexByte("KBX", b))
		return seenObj{name: Colour(ci).String() + " " + k.String(), kind: k, colour: Colour(ci)}, true
	case ci >= 0 && strings.IndexByte("DLO", b) >= 0:
		return seenObj{name: Colour(ci).String() + " door", kind: Door, colour: Colour(ci),
			state: DoorState(strings.IndexByte("DLO", b))}, true
	case code == "BO":
		return seenObj{name: "boulder", kind: Boulder}, true
	case code == "FS":
		return seenObj{name: "fire source", kind: FireSource}, true
	case code == "eH" || code == "yH":
		return seenObj{name: "torch", kind: Torch}, true
	case (a == 'n' || a == 's' || a == 'c') && b >= '0' && b <= '9':
		k := map[byte]Kind{'n': NoticeBoard, 's': Signpost, 'c': CombatLog}[a]
		return seenObj{name: k.String(), kind: k}, true
	}
	return seenObj{}, false
}

var (
	memHeadRE  = regexp.MustCompile(`^You are at row (-?\d+), col (-?\d+), facing (.+)\.$`)
	riverRE    = regexp.MustCompile(`^\[Terrain\]: River \(rows (\d+)–(\d+), cols (\d+)–(\d+)\): flowing (\w+)$`)
	fireRE     = regexp.MustCompile(`^\[Terrain\]: Active fire: row (\d+) `)
	scorchRE   = regexp.MustCompile(`^\[Terrain\]: Scorch marks: row (\d+)$`)
	floodedRE  = regexp.MustCompile(`^\[Flood\]: Rows? ([\d, ]+) (?:is|are) flooded`)
	scheduleRE = regexp.MustCompile(`row (\d+) at step (-?\d+)`)
	compassRE  = regexp.MustCompile(`^(?:at your position|(?:(\d+) steps? (north|south))?(?:, )?(?:(\d+) steps? (east|west))?)`)
	wetRE      = regexp.MustCompile(`\[(WET|SOAKED), dries in (\d+) turns?\]`)
)

// readCompass reads a compass position at the start of s into (north,
// east) and returns the rest.
func readCompass(s string) (north, east int, rest string, ok bool) {
	m := compassRE.FindStringSubmatchIndex(s)
	if m == nil || m[1] == 0 {
		return 0, 0, s, false
	}
	get := func(k int) string {
		if m[2*k] < 0 {
			return ""
		}
		return s[m[2*k]:m[2*k+1]]
	}
	if n := get(1); n != "" {
		north, _ = strconv.Atoi(n)
		if get(2) == "south" {
			north = -north
		}
	}
	if e := get(3); e != "" {
		east, _ = strconv.Atoi(e)
		if get(4) == "west" {
			east = -east
		}
	}
	return north, east, s[m[1]:], true
}

// readMemory parses the memory view.
func readMemory(text string) (readObs, error) {
	o := readObs{view: Memory, fire: map[int]bool{}, schedule: map[int]int{}}
	lines := strings.Split(text, "\n")
	step, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(lines[0], "[Step "), "]"))
	if err != nil || len(lines) < 2 {
		return o, fmt.Errorf("memory view: step line %q", lines[0])
	}
	o.step = step
	m := memHeadRE.FindStringSubmatch(lines[1])
	if m == nil {
		return o, fmt.Errorf("memory view: position line %q", lines[1])
	}
	o.agent.Row, _ = strconv.Atoi(m[1])
	o.agent.Col, _ = strconv.Atoi(m[2])
	d, ok := facingOf(m[3])
	if !ok {
		return o, fmt.Errorf("memory view: facing %q", m[3])
	}
	o.facing = d
	for _, line := range lines[2:] {
		if r := riverRE.FindStringSubmatch(line); r != nil {
			var v [4]int
			for i := range v {
				v[i], _ = strconv.Atoi(r[i+1])
			}
			flow := map[string]Dir{"north": North, "east": East, "south": South, "west": West}[r[5]]
			o.rivers = append(o.rivers, riverRead{rows: [2]int{v[0], v[1]}, cols: [2]int{v[2], v[3]}, flow: flow})
			continue
		}
		if r := fireRE.FindStringSubmatch(line); r != nil {
			n, _ := strconv.Atoi(r[1])
			o.fire[n] = true
			continue
		}
		if r := scorchRE.FindStringSubmatch(line); r != nil {
			n, _ := strconv.Atoi(r[1])
			o.fire[n] = false
			continue
		}
		if strings.HasPrefix(line, "[Flood]: Schedule: ") {
			for _, s := range scheduleRE.FindAllStringSubmatch(line, -1) {
				row, _ := strconv.Atoi(s[1])
				o.schedule[row], _ = strconv.Atoi(s[2])
			}
			continue
		}
		if r := floodedRE.FindStringSubmatch(line); r != nil {
			for _, f := range strings.Split(r[1], ", ") {
				n, _ := strconv.Atoi(f)
				o.flooded = append(o.flooded, n)
			}
			continue
		}
		if !strings.HasPrefix(line, "- ") {
			continue
		}
		body := line[2:]
		if strings.HasPrefix(body, "[") {
			head, _, _ := strings.Cut(body[1:], "]")
			kindName, pos, _ := strings.Cut(head, " at ")
			obj, ok := nameObj(strings.ToLower(kindName))
			north, east, _, ok2 := readCompass(pos)
			if !ok || !ok2 {
				return o, fmt.Errorf("memory view: text line %q", line)
			}
			obj.north, obj.east, obj.text = north, east, quoted(body)
			o.objs = append(o.objs, obj)
			o.texts = append(o.texts, obj.text)
			continue
		}
		label, rest, ok := strings.Cut(body, ": ")
		obj, ok2 := nameObj(label)
		north, east, notes, ok3 := readCompass(rest)
		if !ok || !ok2 || !ok3 {
			return o, fmt.Errorf("memory view: object line %q", line)
		}
		obj.north, obj.east = north, east
		obj.inRiver = strings.Contains(notes, "(in river")
		if w := wetRE.FindStringSubmatch(notes); w != nil {
			obj.wet, _ = strconv.Atoi(w[2])
			obj.soaked = w[1] == "SOAKED"
		}
		o.objs = append(o.objs, obj)
	}
	return o, nil
}
