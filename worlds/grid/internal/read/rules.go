package read

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// The rules paragraph applied to a memory view: the river, wetness, the
// flood, the fire, pressure plates.

// carried is an object the river simulation moves.
type carried struct {
	name           string
	r, c           int
	wet, riverStep int
}

// inRiver reports which river holds cell (r, c), if any.
func inRiver(o Obs, r, c int) (River, bool) {
	for _, rv := range o.Rivers {
		if r >= rv.Rows[0] && r <= rv.Rows[1] && c >= rv.Cols[0] && c <= rv.Cols[1] {
			return rv, true
		}
	}
	return River{}, false
}

// simulate runs the rules on observation o's objects for n steps: the
// river carries what stands in it, farthest downstream first, one cell a
// step, stopping before an object or the agent and at a blocked edge;
// wetness is set to 4 in the river and drops by 1 a step out of it.
func simulate(o Obs, n int) []carried {
	objs := make([]carried, len(o.Objects))
	for i, ob := range o.Objects {
		objs[i] = carried{name: ob.Name, r: o.Row - ob.N, c: o.Col + ob.E, wet: ob.Wet}
	}
	occupied := func(r, c int) bool {
		if r == o.Row && c == o.Col {
			return true
		}
		return slices.ContainsFunc(objs, func(x carried) bool { return x.r == r && x.c == c })
	}
	for range n {
		var moving []int
		for i, x := range objs {
			if _, ok := inRiver(o, x.r, x.c); ok {
				moving = append(moving, i)
			}
		}
		slices.SortStableFunc(moving, func(a, b int) int {
			ra, _ := inRiver(o, objs[a].r, objs[a].c)
			return along(ra.Flow, objs[b]) - along(ra.Flow, objs[a])
		})
		for _, i := range moving {
			x := &objs[i]
			rv, _ := inRiver(o, x.r, x.c)
			nr, nc := x.r+fwd[rv.Flow][0], x.c+fwd[rv.Flow][1]
			_, stillIn := inRiver(o, nr, nc)
			line := x.r
			if rv.Flow == 0 || rv.Flow == 2 {
				line = x.c
			}
			if (stillIn || rv.Exit[line]) && !occupied(nr, nc) {
				x.r, x.c = nr, nc
			}
			x.wet = 4
			x.riverStep++
		}
		for i := range objs {
			if _, ok := inRiver(o, objs[i].r, objs[i].c); !ok && objs[i].wet > 0 {
				objs[i].wet--
			}
		}
	}
	return objs
}

// along is how far downstream an object is.
func along(d Dir, x carried) int {
	switch d {
	case 1:
		return x.c
	case 2:
		return x.r
	case 3:
		return -x.c
	}
	return -x.r
}

// condition is dry, wet or soaked.
func condition(x carried) string {
	switch {
	case x.wet == 0:
		return "dry"
	case x.riverStep >= 3:
		return "soaked"
	}
	return "wet"
}

// memoryObs is the history's step-0 memory view, for the river questions.
func (h *History) memoryObs() (Obs, error) {
	o := h.Obs[len(h.Obs)-1]
	if o.View != "memory" {
		return o, notSettled("a river question without the memory view")
	}
	return o, nil
}

// riverWhere answers "Where was the <name> at step n?".
func (h *History) riverWhere(name string, n int) (string, error) {
	o, x, err := h.riverAfter(name, n)
	if err != nil {
		return "", err
	}
	return strconv.Itoa(o.Row-x.r) + "," + strconv.Itoa(x.c-o.Col), nil
}

// riverCondition answers "After N more steps, will the <name> be dry, wet
// or soaked?".
func (h *History) riverCondition(name string, n int) (string, error) {
	_, x, err := h.riverAfter(name, n)
	if err != nil {
		return "", err
	}
	return condition(x), nil
}

// riverAfter is the memory view's object of the name, n steps on.
func (h *History) riverAfter(name string, n int) (Obs, carried, error) {
	o, err := h.memoryObs()
	if err != nil {
		return o, carried{}, err
	}
	if len(o.named(name)) != 1 {
		return o, carried{}, notSettled("no one %s", name)
	}
	for _, x := range simulate(o, n) {
		if x.name == name {
			return o, x, nil
		}
	}
	return o, carried{}, notSettled("no %s", name)
}

// burningRow reports whether a fire cell of the row burns at time t: one
// goes out once an orthogonally adjacent flood tile has filled.
func burningRow(o Obs, row, t int) bool {
	flooded := func(r, c int) bool {
		fr, ok := o.Flood[r]
		return ok && t >= fr.rise && slices.Contains(fr.cols, c)
	}
	for cell, burning := range o.Fire {
		if cell[0] != row || !burning {
			continue
		}
		out := false
		for _, d := range fwd {
			if flooded(cell[0]+d[0], cell[1]+d[1]) {
				out = true
			}
		}
		if !out {
			return true
		}
	}
	return false
}

// plate answers C.plate from the plate lines: a plate opens the door its
// line names; effect trigger keeps it open once a boulder has rested on
// the plate, effect open only while one rests there. Any other door keeps
// the state the view shows.
func plate(o Obs, m []string) (string, error) {
	pn, pe, ok1 := Compass(m[1])
	dn, de, ok2 := Compass(m[3])
	if !ok1 || !ok2 {
		return "", notSettled("positions %q, %q", m[1], m[3])
	}
	left := m[2] != ""
	door, ok := o.atCompass(dn, de)
	if !ok || !strings.HasSuffix(door.Name, " door") {
		return "", notSettled("no door at %s", m[3])
	}
	for _, p := range o.Plates {
		if p.N != pn || p.E != pe {
			continue
		}
		if !p.HasDoor || p.DoorN != dn || p.DoorE != de {
			return yesNo(door.State == "open"), nil
		}
		if !left || p.Effect == "trigger" {
			return "yes", nil
		}
		// Effect open, the boulder gone: the door is open only if it is
		// open now and no plate of effect open holds it so.
		for _, q := range o.Plates {
			if q.HasDoor && q.DoorN == dn && q.DoorE == de && (q.Loaded || q.Effect == "trigger" && q.Triggered) && (q.N != pn || q.E != pe) {
				return "yes", nil
			}
		}
		if door.State == "open" && !p.Loaded {
			return "yes", nil
		}
		return "no", nil
	}
	return "", notSettled("no plate at %s", m[1])
}

var (
	nClaimColour = regexp.MustCompile(`^The (key|ball|box) at (.+) is (\w+)\.$`)
	nClaimState  = regexp.MustCompile(`^The (\w+ door) is (\w+)\.$`)
	nClaimCount  = regexp.MustCompile(`^(?:You can see|There (?:is|are)) (\d+) `)
)

// noticeSays answers "According to the notice, <fact question>" from the
// notice's sentence.
func noticeSays(notice, q string) (string, error) {
	if m := nClaimColour.FindStringSubmatch(notice); m != nil {
		if qColour.MatchString(upperFirst(q)) && strings.Contains(q, m[1]+" at "+m[2]) {
			return m[3], nil
		}
	}
	if m := nClaimState.FindStringSubmatch(notice); m != nil && strings.Contains(q, m[1]) {
		return m[2], nil
	}
	if m := nClaimCount.FindStringSubmatch(notice); m != nil {
		return m[1], nil
	}
	return "", notSettled("the notice %q does not speak to %q", notice, q)
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// said answers "According to the <text object> in <source>, …" by what
// the text object's words state (Statements).
func (h *History) said(m []string) (string, error) {
	k := len(h.Obs) - 1
	if m[2] != "" {
		if k = h.labelled(m[2]); k < 0 {
			return "", notSettled("no %s", m[2])
		}
	}
	zone := ""
	if m[7] != "this area" && m[7] != "" {
		zone = strings.TrimPrefix(m[7], "zone ")
	}
	for _, t := range h.Obs[k].Texts {
		if t.Kind != m[1] {
			continue
		}
		for _, st := range Statements(t.Words) {
			if st.Zone != zone {
				continue
			}
			if m[3] != "" && st.Name == m[3]+" "+m[4] && st.Count >= 0 {
				return strconv.Itoa(st.Count), nil
			}
			if m[5] != "" && st.Door && (st.Name == m[5]+" door" || st.Name == "door") {
				return st.State, nil
			}
		}
	}
	return "", notSettled("the %s says nothing of that", m[1])
}
