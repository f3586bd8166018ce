package read

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Unknown is the answer where the text does not settle the question.
const Unknown = "unknown"

// errNotSettled is returned for a question the reader reads but whose
// answer the text leaves open in a way no probe should (not an UNKNOWN of
// the rules, but a reading the reader cannot finish).
type errNotSettled struct{ why string }

func (e errNotSettled) Error() string { return "read: " + e.why }

func notSettled(format string, args ...any) error {
	return errNotSettled{why: fmt.Sprintf(format, args...)}
}

var (
	name    = `(red|green|blue|yellow|purple|grey) (key|ball|box|door)`
	plurals = `(keys|balls|boxes|doors|keys, balls, boxes and doors)`
	qSee    = regexp.MustCompile(`^Can you see an? ` + name + `\?$`)
	qInArea = regexp.MustCompile(`^Is there an? ` + name + ` in this area\?$`)
	qCount  = regexp.MustCompile(`^How many ` + plurals + ` (?:can you see|are there in this area)\?$`)
	qColour = regexp.MustCompile(`^What colour is the (key|ball|box) at (.+)\?$`)
	qState  = regexp.MustCompile(`^Is the ` + name + `( in this area)? open, closed or locked\?$`)
	qWhere  = regexp.MustCompile(`^Where is the (.+)\?$`)
	qAtStep = regexp.MustCompile(`^Where was the (.+) at step (\d+)\?$`)
	qRecall = regexp.MustCompile(`^In observation (\d+), (.+)$`)
	rSee    = regexp.MustCompile(`^(?:could you see an? |was there an? )` + name + `(?: in the area)?\?$`)
	rCount  = regexp.MustCompile(`^how many ` + plurals + ` (?:could you see|were there in the area)\?$`)
	rState  = regexp.MustCompile(`^was the ` + name + ` open, closed or locked\?$`)
	rWhere  = regexp.MustCompile(`^where was the (.+)\?$`)
	qMove   = regexp.MustCompile(`^If you now move forward (\d+) steps?, how many steps ahead of you will the (.+) be\?$`)
	qTurn   = regexp.MustCompile(`^If you now turn (left|right|around), where will the (.+) be\?$`)
	qRiver  = regexp.MustCompile(`^After (\d+) more steps?, will the (.+) be dry, wet or soaked\?$`)
	qFlood  = regexp.MustCompile(`^After (\d+) more steps?, how many rows will be flooded\?$`)
	qFire   = regexp.MustCompile(`^After (\d+) more steps?, will the fire in row (\d+) still be burning\?$`)
	qPlate  = regexp.MustCompile(`^If a boulder came to rest on the pressure plate (.+?)( and then left it)?, would the door (.+) be open\?$`)
	qCell   = regexp.MustCompile(`^Is there an? ` + name + ` (\d+ steps? (?:forward|to your (?:left|right)).*)\?$`)
	qTotal  = regexp.MustCompile(`^How many ` + plurals + ` are there in the whole level\?$`)
	qRoom   = regexp.MustCompile(`^How many ` + plurals + ` are there in (room \w+)\?$`)
	qUnseen = regexp.MustCompile(`^Is there an? ` + name + ` (?:(in this area now)|in (?:the )?(.+?))\?$`)
	qUnion  = regexp.MustCompile(`^Counting all observations, how many different ` + plurals + ` have you seen\?$`)
	qGone   = regexp.MustCompile(`^Which objects that you saw in observation 1 are not visible in the last observation\?$`)
	qZone   = regexp.MustCompile(`^How many (.+?)s? did you see in (zone \w+)\?$`)
	qZoneSt = regexp.MustCompile(`^In (zone \w+), was the ` + name + ` open, closed or locked\?$`)
	qHere   = regexp.MustCompile(`^How many ` + name + `(?:s|es) are there in this area\?$`)
	qNotice = regexp.MustCompile(`^According to the notice, (.+)$`)
	qSaid   = regexp.MustCompile(`^According to the (signpost|notice board|combat log)(?: in (.+?))?, (?:how many ` + name + `(?:s|es) are there|is the ` + name + `)(?: in (this area|zone \w+))?(?: open, closed or locked)?\?$`)
	qRevis  = regexp.MustCompile(`^Did the number of ` + plurals + ` you saw in (.+) change between your first and your last visit\?$`)
)

// singular is a plural kind's singular; "any" for all four kinds.
func singular(p string) string {
	switch p {
	case "boxes":
		return "box"
	case "keys, balls, boxes and doors":
		return "any"
	}
	return strings.TrimSuffix(p, "s")
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// Answer is what the history settles the question to: the canonical
// answer, or Unknown where the rules leave it open. An error means the
// reader cannot read the question or finish the reading.
func (h *History) Answer(q string) (string, error) {
	last := h.Obs[len(h.Obs)-1]
	if h.Notice != "" {
		if m := qNotice.FindStringSubmatch(q); m != nil {
			return noticeSays(h.Notice, m[1])
		}
	}
	switch {
	case qSee.MatchString(q):
		m := qSee.FindStringSubmatch(q)
		return yesNo(len(last.named(m[1]+" "+m[2])) > 0), nil
	case qInArea.MatchString(q):
		m := qInArea.FindStringSubmatch(q)
		return yesNo(len(last.named(m[1]+" "+m[2])) > 0), nil
	case qCount.MatchString(q):
		return strconv.Itoa(last.countKind(singular(qCount.FindStringSubmatch(q)[1]))), nil
	case qHere.MatchString(q):
		m := qHere.FindStringSubmatch(q)
		return strconv.Itoa(len(last.named(m[1] + " " + m[2]))), nil
	case qColour.MatchString(q):
		m := qColour.FindStringSubmatch(q)
		ob, err := h.objectAt(last, m[2])
		if err != nil {
			return "", err
		}
		if kindOf(ob.Name) != m[1] {
			return "", notSettled("the object at %s is a %s", m[2], ob.Name)
		}
		return strings.TrimSuffix(ob.Name, " "+m[1]), nil
	case qState.MatchString(q):
		m := qState.FindStringSubmatch(q)
		ob, ok := last.one(m[1] + " " + m[2])
		if !ok {
			return "", notSettled("no one %s %s in view", m[1], m[2])
		}
		return ob.State, nil
	case qRecall.MatchString(q):
		m := qRecall.FindStringSubmatch(q)
		k, _ := strconv.Atoi(m[1])
		if k < 1 || k > len(h.Obs) {
			return "", notSettled("no observation %d", k)
		}
		return h.recall(h.Obs[k-1], m[2])
	case qAtStep.MatchString(q):
		m := qAtStep.FindStringSubmatch(q)
		n, _ := strconv.Atoi(m[2])
		if n > h.Elapsed {
			return "", notSettled("step %d is after the %d steps elapsed", n, h.Elapsed)
		}
		return h.riverWhere(m[1], n)
	case qWhere.MatchString(q):
		m := qWhere.FindStringSubmatch(q)
		ob, ok := last.one(m[1])
		if !ok {
			return "", notSettled("no one %s in view", m[1])
		}
		return pair(last, ob), nil
	case qMove.MatchString(q):
		return h.move(qMove.FindStringSubmatch(q))
	case qTurn.MatchString(q):
		m := qTurn.FindStringSubmatch(q)
		ob, ok := last.one(m[2])
		if !ok {
			return "", notSettled("no one %s in view", m[2])
		}
		p := pose{0, 0, last.Facing}
		cell := egoCell(p, ob.A, ob.L)
		switch m[1] {
		case "left":
			p.f = p.f.left()
		case "right":
			p.f = p.f.right()
		default:
			p.f = p.f.right().right()
		}
		a, l := egoOf(p, cell)
		return strconv.Itoa(a) + "," + strconv.Itoa(l), nil
	case qRiver.MatchString(q):
		m := qRiver.FindStringSubmatch(q)
		n, _ := strconv.Atoi(m[1])
		return h.riverCondition(m[2], n)
	case qFlood.MatchString(q):
		n, _ := strconv.Atoi(qFlood.FindStringSubmatch(q)[1])
		count := 0
		for _, fr := range last.Flood {
			if last.Step+n >= fr.rise {
				count++
			}
		}
		return strconv.Itoa(count), nil
	case qFire.MatchString(q):
		m := qFire.FindStringSubmatch(q)
		n, _ := strconv.Atoi(m[1])
		row, _ := strconv.Atoi(m[2])
		return yesNo(burningRow(last, row, last.Step+n)), nil
	case qPlate.MatchString(q):
		return plate(last, qPlate.FindStringSubmatch(q))
	case qCell.MatchString(q):
		m := qCell.FindStringSubmatch(q)
		return h.cell(m[1]+" "+m[2], m[3])
	case qTotal.MatchString(q):
		kind := singular(qTotal.FindStringSubmatch(q)[1])
		if last.View == "memory" {
			return strconv.Itoa(last.countKind(kind)), nil
		}
		for k := len(h.Obs) - 1; k >= 0; k-- {
			if h.Obs[k].Whole && h.sameFile(k, len(h.Obs)-1) {
				return strconv.Itoa(h.Obs[k].countKind(kind)), nil
			}
		}
		return Unknown, nil
	case qRoom.MatchString(q):
		m := qRoom.FindStringSubmatch(q)
		k := h.labelled(m[2])
		if k < 0 {
			if !h.named("Room " + strings.ToUpper(strings.TrimPrefix(m[2], "room "))) {
				return "", notSettled("%s is named nowhere", m[2])
			}
			return Unknown, nil
		}
		if !h.Obs[k].Whole && h.Obs[k].View != "memory" {
			return "", notSettled("%s was seen only in part", m[2])
		}
		return strconv.Itoa(h.Obs[k].countKind(singular(m[1]))), nil
	case qUnseen.MatchString(q):
		m := qUnseen.FindStringSubmatch(q)
		if h.Trail != nil {
			return Unknown, nil
		}
		if m[4] != "" && last.Label != m[4] {
			return "", notSettled("the last observation is not %s", m[4])
		}
		if len(last.named(m[1]+" "+m[2])) > 0 {
			return "yes", nil
		}
		if last.View != "memory" && !last.Whole {
			return "", notSettled("the last view does not show the whole area")
		}
		return "no", nil
	case qUnion.MatchString(q):
		return h.union(singular(qUnion.FindStringSubmatch(q)[1]))
	case qGone.MatchString(q):
		first := map[string]bool{}
		for _, ob := range h.Obs[0].Objects {
			first[ob.Name] = true
		}
		for _, ob := range last.Objects {
			delete(first, ob.Name)
		}
		var items []string
		for n := range first {
			items = append(items, n)
		}
		if len(items) == 0 {
			return "none", nil
		}
		slices.Sort(items)
		return strings.Join(items, ","), nil
	case qZoneSt.MatchString(q):
		m := qZoneSt.FindStringSubmatch(q)
		k := h.labelled(m[1])
		if k < 0 {
			return "", notSettled("no %s", m[1])
		}
		ob, ok := h.Obs[k].one(m[2] + " " + m[3])
		if !ok {
			return "", notSettled("no one %s %s in %s", m[2], m[3], m[1])
		}
		return ob.State, nil
	case qZone.MatchString(q):
		m := qZone.FindStringSubmatch(q)
		k := h.labelled(m[2])
		if k < 0 {
			return "", notSettled("no %s", m[2])
		}
		n := strings.TrimSuffix(m[1], "e")
		if strings.HasSuffix(m[1], "box") {
			n = m[1]
		}
		return strconv.Itoa(len(h.Obs[k].named(n))), nil
	case qSaid.MatchString(q):
		return h.said(qSaid.FindStringSubmatch(q))
	case qRevis.MatchString(q):
		m := qRevis.FindStringSubmatch(q)
		k := h.labelled(m[2])
		if k < 0 {
			return "", notSettled("no %s", m[2])
		}
		areas := h.areas()
		lastVisit := k
		for j := range h.Obs {
			if areas[j] == areas[k] {
				lastVisit = j
			}
		}
		if lastVisit == k {
			return "", notSettled("%s was visited once", m[2])
		}
		kind := singular(m[1])
		return yesNo(h.Obs[k].countKind(kind) != h.Obs[lastVisit].countKind(kind)), nil
	}
	return "", fmt.Errorf("read: a question of no known form: %q", q)
}

// pair is an object's position as the view words it: "ahead,lateral", or
// "north,east" in the memory view.
func pair(o Obs, ob Object) string {
	if o.View == "memory" {
		return strconv.Itoa(ob.N) + "," + strconv.Itoa(ob.E)
	}
	return strconv.Itoa(ob.A) + "," + strconv.Itoa(ob.L)
}

// objectAt is the object a position phrase names in observation o.
func (h *History) objectAt(o Obs, pos string) (Object, error) {
	if o.View == "memory" {
		n, e, ok := Compass(pos)
		if !ok {
			return Object{}, notSettled("position %q", pos)
		}
		if ob, ok := o.atCompass(n, e); ok {
			return ob, nil
		}
		return Object{}, notSettled("nothing at %s", pos)
	}
	a, l, ok := Ego(pos)
	if !ok {
		return Object{}, notSettled("position %q", pos)
	}
	if ob, ok := o.at(a, l); ok {
		return ob, nil
	}
	return Object{}, notSettled("nothing at %s", pos)
}

// recall answers an "In observation k, …" question about observation o.
func (h *History) recall(o Obs, rest string) (string, error) {
	switch {
	case rSee.MatchString(rest):
		m := rSee.FindStringSubmatch(rest)
		return yesNo(len(o.named(m[1]+" "+m[2])) > 0), nil
	case rCount.MatchString(rest):
		return strconv.Itoa(o.countKind(singular(rCount.FindStringSubmatch(rest)[1]))), nil
	case rState.MatchString(rest):
		m := rState.FindStringSubmatch(rest)
		ob, ok := o.one(m[1] + " " + m[2])
		if !ok {
			return "", notSettled("no one %s %s", m[1], m[2])
		}
		return ob.State, nil
	case rWhere.MatchString(rest):
		ob, ok := o.one(rWhere.FindStringSubmatch(rest)[1])
		if !ok {
			return "", notSettled("no one %s", rest)
		}
		return pair(o, ob), nil
	}
	return "", fmt.Errorf("read: a recall question of no known form: %q", rest)
}

// move answers C.move: the ground straight ahead is walkable for the k
// steps asked ([Path]); the first object on that line (an open door lets
// the agent through) stops the moves; the target's ahead drops by the
// steps taken.
func (h *History) move(m []string) (string, error) {
	last := h.Obs[len(h.Obs)-1]
	k, _ := strconv.Atoi(m[1])
	target, ok := last.one(m[2])
	if !ok {
		return "", notSettled("no one %s in view", m[2])
	}
	word := " steps."
	if k == 1 {
		word = " step."
	}
	if h.Path != "The ground straight ahead of you is walkable floor for "+m[1]+word {
		return "", notSettled("the ground ahead is not stated for %d steps: %q", k, h.Path)
	}
	free := k
	for _, ob := range last.Objects {
		if oa, ol := last.ahead(ob); ol == 0 && oa > 0 && oa <= k && !(strings.HasSuffix(ob.Name, " door") && ob.State == "open") {
			free = min(free, oa-1)
		}
	}
	a, _ := last.ahead(target)
	return strconv.Itoa(a - free), nil
}

// cell answers U.cell: what a field-of-view history settles of one cell,
// now: the last observation, or an earlier one of the same episode of
// actions (the grid does not change while the agent acts), or any of them
// with the whole area in view.
func (h *History) cell(want, pos string) (string, error) {
	a, l, ok := Ego(pos)
	if !ok {
		return "", notSettled("position %q", pos)
	}
	poses, err := h.poses()
	if err != nil {
		return "", err
	}
	lastK := len(h.Obs) - 1
	target := egoCell(poses[lastK], a, l)
	for k := lastK; k >= 0; k-- {
		if !h.sameFile(k, lastK) {
			break
		}
		o := h.Obs[k]
		ka, kl := egoOf(poses[k], target)
		if ob, ok := o.at(ka, kl); ok {
			return yesNo(ob.Name == want), nil
		}
		if _, ok := o.Cells[[2]int{ka, kl}]; ok && o.View == "ascii" {
			return "no", nil
		}
		if o.Whole {
			return "no", nil
		}
	}
	return Unknown, nil
}

// union answers X.union: in an episode of actions, objects of the kind at
// different cells; across areas, each area's count from the one
// observation that shows the kind there.
func (h *History) union(kind string) (string, error) {
	poses, err := h.poses()
	if err != nil {
		return "", err
	}
	areas := h.areas()
	cells := map[[3]int]bool{}
	showing := map[int]map[int]bool{} // area → the runs of actions showing the kind
	run := 0
	for k, o := range h.Obs {
		if k > 0 && h.Links[k].Area != "" {
			run = k
		}
		for _, ob := range o.Objects {
			if !counted(ob, kind) {
				continue
			}
			c := cellOf(poses[k], ob, o.View)
			cells[[3]int{run, c[0], c[1]}] = true
			if showing[areas[k]] == nil {
				showing[areas[k]] = map[int]bool{}
			}
			showing[areas[k]][run] = true
		}
	}
	for a, runs := range showing {
		if len(runs) > 1 {
			return "", notSettled("area %d shows %ss at times apart", a, kind)
		}
	}
	return strconv.Itoa(len(cells)), nil
}

// named reports whether a text object of the history names s.
func (h *History) named(s string) bool {
	for _, o := range h.Obs {
		for _, t := range o.Texts {
			if strings.Contains(t.Words, s) {
				return true
			}
		}
	}
	return false
}
