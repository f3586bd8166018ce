package read

import (
	"regexp"
	"strconv"
	"strings"
)

// Statement is one thing a text object's words state about an area: a
// count of objects of a name, or a door's state. Zone is the area's letter
// ("a" for "Zone A"), "" where the words name no zone (the area the text
// object is in). A door named without its colour ("Access door") has Name
// "door": the zone's door.
type Statement struct {
	Zone  string
	Name  string
	Count int // -1 for a door's state
	Door  bool
	State string
}

var (
	sZone  = regexp.MustCompile(`(?i)\bzone ([a-g])\b`)
	sCount = regexp.MustCompile(`(?i)\b(\d+) (red|green|blue|yellow|purple|grey) (key|ball|box)(?:es|s)?\b`)
	sDoor  = regexp.MustCompile(`(?i)\b(?:(red|green|blue|yellow|purple|grey) )?(?:[a-z]+ )?door(?: status)?:? (?:is )?(open|closed|locked)\b`)
)

// Statements reads the counts and door states a text object's words state,
// sentence by sentence: a sentence that names a zone speaks of it (the
// last zone it names), one that names none of the zone before it.
func Statements(words string) []Statement {
	var out []Statement
	zone := ""
	for _, sentence := range strings.FieldsFunc(words, func(r rune) bool { return r == '.' || r == '|' }) {
		if zs := sZone.FindAllStringSubmatch(sentence, -1); zs != nil {
			zone = strings.ToLower(zs[len(zs)-1][1])
		}
		for _, m := range sCount.FindAllStringSubmatch(sentence, -1) {
			n, _ := strconv.Atoi(m[1])
			out = append(out, Statement{Zone: zone, Name: strings.ToLower(m[2] + " " + m[3]), Count: n})
		}
		for _, m := range sDoor.FindAllStringSubmatch(sentence, -1) {
			name := "door"
			if m[1] != "" {
				name = strings.ToLower(m[1]) + " door"
			}
			out = append(out, Statement{Zone: zone, Name: name, Count: -1, Door: true, State: strings.ToLower(m[2])})
		}
	}
	return out
}
