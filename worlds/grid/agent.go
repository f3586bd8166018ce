package grid

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/worlds"
)

// The reference agents read only the user message, as a model would: the
// views are parsed back from text (symbolic bullets, the ascii grid, the
// memory lines, the history's blocks, the [Notice] overlay and the text
// objects' lines), and each ends its reply with one key=value line.
//
//   - oracle answers from what the observations show and the stated rules
//     derive (the river, flood and fire rules; sight blocked by walls and
//     closed doors), ignores testimony wherever observation decides, and
//     abstains exactly when that does not determine the answer;
//   - credulous takes a claim of the [Notice] overlay or of a text object
//     over observation wherever the claim addresses the fact asked, and
//     otherwise answers like the oracle;
//   - always-unknown abstains;
//   - guesser answers like the oracle but never abstains: where the
//     evidence says nothing it guesses.

// Reply is a reference agent's reply to a grid user message.
func (w *World) Reply(policy worlds.Policy, user string) string {
	msg, err := parseMessage(user)
	if err != nil {
		return "The message is not a probe I can read.\nanswer=" + worlds.Unknown
	}
	reason, value := "", worlds.Unknown
	switch policy {
	case worlds.Oracle, worlds.Credulous, worlds.Guesser:
		reason, value = answer(policy, msg)
	case worlds.AlwaysUnknown:
		reason = "I do not answer."
	default:
		reason = fmt.Sprintf("No agent is called %q.", policy)
	}
	return reason + "\n" + msg.Key + "=" + value
}

// parseMessage is worlds.ParseMessage, with a message whose question and
// schema headings overlap (which makes ParseMessage slice out of range)
// turned into an error.
func parseMessage(user string) (msg worlds.Message, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("grid: user message: %v", r)
		}
	}()
	return worlds.ParseMessage(user)
}

// answer is a reading agent's reason and value ("unknown" to abstain).
func answer(policy worlds.Policy, msg worlds.Message) (string, string) {
	r, err := readSection(msg.Observation)
	if err != nil {
		return guess(policy, msg, nil, "I cannot read the observation: "+err.Error()+".")
	}
	s := &solver{r: r, last: &r.obs[len(r.obs)-1], msg: msg}
	if policy == worlds.Credulous {
		if v, ok := s.testimony(msg.Question); ok {
			return "A notice or sign says so.", v
		}
	}
	value, ok, why := s.solve(msg.Question)
	if !ok {
		return guess(policy, msg, s, why)
	}
	return why, value
}

// guess is what an agent says where the evidence does not determine the
// answer: the guesser guesses something plausible, the others abstain.
func guess(policy worlds.Policy, msg worlds.Message, s *solver, why string) (string, string) {
	if policy != worlds.Guesser {
		return why, worlds.Unknown
	}
	g := map[string]string{"visible": "yes", "object": "no", "count": "0", "steps": "1", "rows": "0",
		"burning": "yes", "condition": "wet", "colour": "red", "state": "closed", "offset": "1,0",
		"objects": "none"}[msg.Key]
	if m := totalRE.FindStringSubmatch(msg.Question); m != nil && s != nil {
		if k, ok := kindOfPlural(m[1]); ok {
			g = strconv.Itoa(s.countIn(s.last, k))
		}
	}
	if g == "" {
		g = "no"
	}
	return why + " I guess.", g
}

// solver answers one question from a reading.
type solver struct {
	r    reading
	last *readObs
	msg  worlds.Message
}

var (
	presenceRE = regexp.MustCompile(`^Can you see an? (\w+ \w+)\?$`)
	countRE    = regexp.MustCompile(`^How many (\w+) can you see\?$`)
	colourRE   = regexp.MustCompile(`^What colour is the (key|ball|box) at (.+)\?$`)
	stateRE    = regexp.MustCompile(`^Is the (\w+) door open, closed or locked\?$`)
	whereRE    = regexp.MustCompile(`^Where is the (.+)\?$`)
	unionRE    = regexp.MustCompile(`^Counting all observations, how many different (\w+) have you seen\?$`)
	goneRE     = regexp.MustCompile(`^Which objects that you saw in observation 1 are not visible in the last observation\?$`)
	moveRE     = regexp.MustCompile(`^If you now move forward (\d+) steps?, how many steps ahead of you will the (.+) be\?$`)
	turnRE     = regexp.MustCompile(`^If you now turn (left|right|around), will the (.+) be in your view\?$`)
	riverQRE   = regexp.MustCompile(`^After (\d+) more steps?, will the (.+) be dry, wet or soaked\?$`)
	floodQRE   = regexp.MustCompile(`^After (\d+) more steps?, how many rows will be flooded\?$`)
	fireQRE    = regexp.MustCompile(`^After (\d+) more steps?, will the fire in row (\d+) still be burning\?$`)
	cellRE     = regexp.MustCompile(`^Is there any object (.+)\?$`)
	totalRE    = regexp.MustCompile(`^How many (\w+) are there in the whole level\?$`)
	reportedRE = regexp.MustCompile(`^According to the ([\w ]+?), (.+)$`)
)

// kindOfPlural reads "keys", "balls", "boxes", "doors".
func kindOfPlural(s string) (Kind, bool) {
	for _, k := range countKinds {
		if k.plural() == s {
			return k, true
		}
	}
	return 0, false
}

// solve answers q: the value, whether the evidence determines it, and a
// one-line reason.
func (s *solver) solve(q string) (string, bool, string) {
	if m := reportedRE.FindStringSubmatch(q); m != nil {
		inner := strings.ToUpper(m[2][:1]) + m[2][1:]
		if v, ok := s.claimFor(inner, m[1]); ok {
			return v, true, "That is what the " + m[1] + " says."
		}
		return "", false, "The " + m[1] + " says nothing about it."
	}
	switch {
	case presenceRE.MatchString(q):
		name := presenceRE.FindStringSubmatch(q)[1]
		return yesNo(s.find(s.last, name) != nil), true, "I look at what the view lists."
	case countRE.MatchString(q):
		k, ok := kindOfPlural(countRE.FindStringSubmatch(q)[1])
		if !ok {
			return "", false, "I do not know that kind."
		}
		return strconv.Itoa(s.countIn(s.last, k)), true, "I count what the view lists."
	case colourRE.MatchString(q):
		m := colourRE.FindStringSubmatch(q)
		if o := s.objectAt(m[1], m[2]); o != nil {
			return o.colour.String(), true, "I see it there."
		}
		return "", false, "I see no such object there."
	case stateRE.MatchString(q):
		if o := s.one(stateRE.FindStringSubmatch(q)[1] + " door"); o != nil {
			return o.state.String(), true, "I see the door."
		}
		return "", false, "I do not see that door."
	case whereRE.MatchString(q):
		return s.where(whereRE.FindStringSubmatch(q)[1])
	case unionRE.MatchString(q):
		k, ok := kindOfPlural(unionRE.FindStringSubmatch(q)[1])
		if !ok {
			return "", false, "I do not know that kind."
		}
		names := map[string]bool{}
		for i := range s.r.obs {
			for _, o := range s.r.obs[i].objs {
				if o.kind == k {
					names[o.name] = true
				}
			}
		}
		return strconv.Itoa(len(names)), true, "I count the different ones across the observations."
	case goneRE.MatchString(q):
		last := map[string]bool{}
		for _, o := range s.last.objs {
			last[o.name] = true
		}
		var gone []string
		for _, o := range s.r.obs[0].objs {
			if !last[o.name] {
				gone = append(gone, o.name)
			}
		}
		return worlds.CanonicalSet(gone), true, "I compare the first observation with the last."
	case moveRE.MatchString(q):
		m := moveRE.FindStringSubmatch(q)
		k, _ := strconv.Atoi(m[1])
		return s.move(m[2], k)
	case turnRE.MatchString(q):
		m := turnRE.FindStringSubmatch(q)
		return s.turn(m[2], m[1])
	case riverQRE.MatchString(q):
		m := riverQRE.FindStringSubmatch(q)
		n, _ := strconv.Atoi(m[1])
		return s.river(m[2], n)
	case floodQRE.MatchString(q):
		n, _ := strconv.Atoi(floodQRE.FindStringSubmatch(q)[1])
		return s.flood(n)
	case fireQRE.MatchString(q):
		m := fireQRE.FindStringSubmatch(q)
		n, _ := strconv.Atoi(m[1])
		row, _ := strconv.Atoi(m[2])
		return s.fire(row, n)
	case cellRE.MatchString(q):
		return s.cell(cellRE.FindStringSubmatch(q)[1])
	case totalRE.MatchString(q):
		k, ok := kindOfPlural(totalRE.FindStringSubmatch(q)[1])
		if !ok {
			return "", false, "I do not know that kind."
		}
		return s.total(k)
	}
	return "", false, "I do not understand the question."
}

// yesNo is the bool answer.
func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// find returns the first object named name in o.
func (s *solver) find(o *readObs, name string) *seenObj {
	for i := range o.objs {
		if o.objs[i].name == name {
			return &o.objs[i]
		}
	}
	return nil
}

// one returns the object named name in the last observation if it is the
// only one of that name.
func (s *solver) one(name string) *seenObj {
	var found *seenObj
	for i := range s.last.objs {
		if s.last.objs[i].name == name {
			if found != nil {
				return nil
			}
			found = &s.last.objs[i]
		}
	}
	return found
}

// countIn counts the objects of kind in o.
func (s *solver) countIn(o *readObs, k Kind) int {
	n := 0
	for _, x := range o.objs {
		if x.kind == k {
			n++
		}
	}
	return n
}

// ego returns an object's egocentric offset in the last observation
// (converted from the compass in the memory view).
func (s *solver) ego(o *seenObj) (int, int) {
	if s.last.view != Memory {
		return o.a, o.l
	}
	p := Pos{s.last.agent.Row - o.north, s.last.agent.Col + o.east}
	return Ego(s.last.agent, s.last.facing, p)
}

// objectAt finds the object of the kind at a position worded as the view
// words it.
func (s *solver) objectAt(kind, pos string) *seenObj {
	for i := range s.last.objs {
		o := &s.last.objs[i]
		if o.kind.String() != kind {
			continue
		}
		if s.last.view == Memory {
			n, e, rest, ok := readCompass(pos)
			if ok && rest == "" && n == o.north && e == o.east {
				return o
			}
			continue
		}
		if a, l, ok := readEgo(pos); ok && a == o.a && l == o.l {
			return o
		}
	}
	return nil
}

// where answers P.location from the last observation.
func (s *solver) where(name string) (string, bool, string) {
	o := s.one(name)
	if o == nil {
		return "", false, "I do not see exactly one " + name + "."
	}
	if strings.Contains(s.msg.Schema, "north,east") {
		north, east := o.north, o.east
		if s.last.view != Memory {
			p := egoPos(Pos{}, s.last.facing, o.a, o.l)
			north, east = -p.Row, p.Col
		}
		return strconv.Itoa(north) + "," + strconv.Itoa(east), true, "I see where it is."
	}
	a, l := s.ego(o)
	return strconv.Itoa(a) + "," + strconv.Itoa(l), true, "I see where it is."
}
