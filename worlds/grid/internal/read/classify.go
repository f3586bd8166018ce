package read

import (
	"regexp"
	"strconv"
	"strings"
)

// ProbeType names the probe type a question's wording asks (the template
// without its category), "" for none: what a reader of the question alone
// knows of it. notice says whether the observation carries a [Notice]
// overlay, the one thing that tells X.claim's question from the P
// template of the same wording.
func ProbeType(q string, notice bool) string {
	if notice {
		switch {
		case qNotice.MatchString(q):
			return "reported"
		case qColour.MatchString(q), qState.MatchString(q), qCount.MatchString(q):
			return "claim"
		}
	}
	for _, t := range []struct {
		re  *regexp.Regexp
		typ string
	}{
		{qSee, "presence"}, {qInArea, "presence"}, {qCount, "count"}, {qHere, "claim"}, {qColour, "attribute"},
		{qRecall, "recall"}, {qMove, "move"}, {qTurn, "turn"}, {qRiver, "dynamics"}, {qFlood, "dynamics"},
		{qFire, "dynamics"}, {qPlate, "plate"}, {qCell, "cell"}, {qTotal, "total"}, {qRoom, "room"},
		{qUnseen, "unseen"}, {qUnion, "union"}, {qGone, "gone"}, {qZoneSt, "claim"}, {qZone, "claim"},
		{qSaid, "reported"}, {qRevis, "revisit"}, {qAtStep, "river"},
	} {
		if t.re.MatchString(q) {
			return t.typ
		}
	}
	switch {
	case qState.MatchString(q):
		if strings.Contains(q, " in this area ") {
			return "claim"
		}
		return "attribute"
	case qWhere.MatchString(q):
		return "location"
	}
	return ""
}

// Claimed is what the testimony in the history says to the question, if
// any speaks to it: the [Notice] overlay, a text object's statement about
// the zone (or area) and fact asked, a signpost's "contains a …". The
// credulous agent answers with it.
func (h *History) Claimed(q string) (string, bool) {
	if h.Notice != "" {
		if v, err := noticeSays(h.Notice, lowerFirst(q)); err == nil {
			return v, true
		}
	}
	zone, fact, door := "", "", false
	switch {
	case qZone.MatchString(q):
		m := qZone.FindStringSubmatch(q)
		zone, fact = strings.TrimPrefix(m[2], "zone "), strings.TrimSuffix(m[1], "e")
		if strings.HasSuffix(m[1], "box") {
			fact = m[1]
		}
	case qZoneSt.MatchString(q):
		m := qZoneSt.FindStringSubmatch(q)
		zone, fact, door = strings.TrimPrefix(m[1], "zone "), m[2]+" "+m[3], true
	case qHere.MatchString(q):
		m := qHere.FindStringSubmatch(q)
		fact = m[1] + " " + m[2]
	case qState.MatchString(q):
		m := qState.FindStringSubmatch(q)
		fact, door = m[1]+" "+m[2], true
	case qUnseen.MatchString(q):
		m := qUnseen.FindStringSubmatch(q)
		for _, o := range h.Obs {
			for _, t := range o.Texts {
				if c := contains.FindStringSubmatch(t.Words); c != nil && c[2] == m[1]+" "+m[2] {
					return yesNo(c[1] != "no"), true
				}
			}
		}
		return "", false
	case qPlate.MatchString(q) && strings.Contains(q, " and then left it"):
		for _, o := range h.Obs {
			for _, t := range o.Texts {
				if strings.Contains(t.Words, "only while") {
					return "no", true
				}
			}
		}
		return "", false
	default:
		return "", false
	}
	said := ""
	for _, o := range h.Obs {
		for _, t := range o.Texts {
			for _, st := range Statements(t.Words) {
				if st.Zone != zone {
					continue
				}
				if door && st.Door && (st.Name == fact || st.Name == "door") {
					said = st.State
				}
				if !door && !st.Door && st.Name == fact {
					said = strconv.Itoa(st.Count)
				}
			}
		}
	}
	return said, said != ""
}

var contains = regexp.MustCompile(`(?i)contains (a|an|no) ((?:red|green|blue|yellow|purple|grey) (?:key|ball|box))`)

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
