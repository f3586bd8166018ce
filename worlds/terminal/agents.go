package terminal

import (
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/worlds"
)

// The questions the agents understand, one pattern each.
var (
	qExists      = regexp.MustCompile(`^Does (\S+) contain a file named (\S+?)(?: at the end of the session)?\?$`)
	qMode        = regexp.MustCompile(`^What are the permission bits of (\S+), in octal\?$`)
	qValueBefore = regexp.MustCompile(`^What was the value of (\w+) in (\S+) before the (\w+) command ran\?$`)
	qValueNow    = regexp.MustCompile(`^What is the value of (\w+) in (\S+) now\?$`)
	qFirstBefore = regexp.MustCompile(`^What was the first line of (\S+) before the (\w+) command ran\?$`)
	qFirstNow    = regexp.MustCompile(`^What is the first line of (\S+) now\?$`)
	qLines       = regexp.MustCompile(`^How many lines does (\S+) have now\?$`)
	qCwd         = regexp.MustCompile(`^What is the current working directory at the end of the session\?$`)
	qStatus      = regexp.MustCompile(`^What exit status did the command (.+) return\?$`)
	qWhere       = regexp.MustCompile(`^Which directory holds (\S+) now\?$`)
	qNoteValue   = regexp.MustCompile(`^According to (\S+), what is the value of (\w+)\?$`)
	qNoteWhere   = regexp.MustCompile(`^According to (\S+), which directory holds (\S+)\?$`)
)

// Reply is a reference agent's answer to one user message of this world,
// read from the message alone (the transcript is parsed back from its
// text). It ends with one key=value line.
//
//   - oracle replays the transcript, applying what each command that
//     worked must have done, and answers what that determines; it abstains
//     on anything the transcript never showed.
//   - credulous reads the same way but takes notes.txt at its word for any
//     fact a note states.
//   - guesser keeps only what outputs showed (no command's silent effect),
//     answers from the last value it saw, and never abstains.
//   - always-unknown abstains.
//   - prior reads the question alone: it names the probe type from the
//     question's wording and answers the prior's answer for it.
func (*World) Reply(policy worlds.Policy, user string) string {
	m, err := worlds.ParseMessage(user)
	if err != nil {
		return "answer=" + worlds.Unknown
	}
	value := ""
	switch policy {
	case worlds.Prior:
		return m.Key + "=" + worlds.PriorAnswer(worlds.PriorKey{World: worlds.Terminal, ProbeType: ProbeType(m.Question), View: View, Key: m.Key})
	case worlds.Oracle, worlds.Credulous:
		if t, err := ParseTranscript(m.Observation); err == nil {
			r := reader{t: t, views: replay(t, true)}
			value = r.answer(m.Question, policy == worlds.Credulous)
		}
	case worlds.Guesser:
		if t, err := ParseTranscript(m.Observation); err == nil {
			r := reader{t: t, views: replay(t, false)}
			if value = r.answer(m.Question, false); !allowed(m, value) {
				value = r.guess(m)
			}
		}
		if !allowed(m, value) {
			value = fallback(m)
		}
	}
	if !allowed(m, value) {
		value = worlds.Unknown
	}
	return m.Key + "=" + value
}

// ProbeType is the probe type a question's wording names, "" for a
// question of no probe type of this world.
func ProbeType(q string) string {
	switch {
	case qExists.MatchString(q):
		if strings.HasSuffix(q, " at the end of the session?") {
			return "remains"
		}
		if strings.HasPrefix(q, "Does "+Home+"/data ") {
			return "exists"
		}
		return "listed"
	case qMode.MatchString(q):
		return "mode"
	case qValueBefore.MatchString(q), qFirstBefore.MatchString(q):
		return "before"
	case qFirstNow.MatchString(q):
		return "recall"
	case qValueNow.MatchString(q):
		if qValueNow.FindStringSubmatch(q)[1] == "PORT" {
			return "current"
		}
		return "recall"
	case qWhere.MatchString(q):
		return "current"
	case qLines.MatchString(q):
		return "lines"
	case qCwd.MatchString(q):
		return "cwd"
	case qStatus.MatchString(q):
		return "grep_status"
	case qNoteValue.MatchString(q), qNoteWhere.MatchString(q):
		return "reported"
	}
	return ""
}

// allowed reports whether v is a concrete value the schema takes: an
// integer for an integer schema, else one of its values.
func allowed(m worlds.Message, v string) bool {
	if v == "" || v == worlds.Unknown {
		return false
	}
	if len(m.Values) == 2 && m.Values[0] == worlds.SchemaInt {
		_, err := strconv.Atoi(v)
		return err == nil
	}
	return slices.Contains(m.Values, v)
}

// fallback is the guesser's last resort: 0, or the schema's first value.
func fallback(m worlds.Message) string {
	if len(m.Values) == 0 || m.Values[0] == worlds.SchemaInt || m.Values[0] == worlds.Unknown {
		return "0"
	}
	return m.Values[0]
}

// reader answers questions from a transcript's views.
type reader struct {
	t     Transcript
	views []*view
}

func (r reader) final() *view { return r.views[len(r.views)-1] }

// before is the view just before the only command named name, or nil when
// there is none or more than one.
func (r reader) before(name string) *view {
	at := -1
	for i, st := range r.t {
		if c, err := ParseCommand(st.Command); err == nil && c.Name == name {
			if at >= 0 {
				return nil
			}
			at = i
		}
	}
	if at < 0 {
		return nil
	}
	return r.views[at]
}

// content is the known lines of p in v.
func content(v *view, p string) ([]string, bool) {
	if v == nil || p == "" {
		return nil, false
	}
	e, ok := v.entries[p]
	if !ok || !e.content {
		return nil, false
	}
	return e.lines, true
}

// answer is the value the transcript determines, "" if none. With notes,
// a fact a note states is answered from the note.
func (r reader) answer(q string, notes bool) string {
	v := r.final()
	if g := qExists.FindStringSubmatch(q); g != nil {
		return v.exists(concat(g[1], g[2]))
	}
	if g := qMode.FindStringSubmatch(q); g != nil {
		if e, ok := v.entries[g[1]]; ok {
			return e.mode
		}
		return ""
	}
	if g := qValueBefore.FindStringSubmatch(q); g != nil {
		lines, _ := content(r.before(g[3]), g[2])
		return iniValue(lines, g[1])
	}
	if g := qValueNow.FindStringSubmatch(q); g != nil {
		if noted := r.note(g[1] + " is "); notes && noted != "" {
			return noted
		}
		lines, _ := content(v, g[2])
		return iniValue(lines, g[1])
	}
	if g := qFirstBefore.FindStringSubmatch(q); g != nil {
		if lines, ok := content(r.before(g[2]), g[1]); ok {
			return first(lines)
		}
		return ""
	}
	if g := qFirstNow.FindStringSubmatch(q); g != nil {
		if lines, ok := content(v, g[1]); ok {
			return first(lines)
		}
		return ""
	}
	if g := qLines.FindStringSubmatch(q); g != nil {
		if lines, ok := content(v, g[1]); ok {
			return strconv.Itoa(len(lines))
		}
		return ""
	}
	if qCwd.MatchString(q) {
		return v.cwd
	}
	if g := qStatus.FindStringSubmatch(q); g != nil {
		return r.status(g[1])
	}
	if g := qWhere.FindStringSubmatch(q); g != nil {
		if noted := r.note(g[1] + " is in "); notes && noted != "" {
			return noted
		}
		return where(v, g[1])
	}
	if g := qNoteValue.FindStringSubmatch(q); g != nil {
		return r.note(g[2] + " is ")
	}
	if g := qNoteWhere.FindStringSubmatch(q); g != nil {
		return r.note(g[2] + " is in ")
	}
	return ""
}

// status is the exit status of the one step running cmd, if the view
// before it determines it: grep's error message means 2, else the known
// content decides 0 or 1.
func (r reader) status(cmd string) string {
	at := -1
	for i, st := range r.t {
		if st.Command == cmd {
			if at >= 0 {
				return ""
			}
			at = i
		}
	}
	c, err := ParseCommand(cmd)
	if at < 0 || err != nil || c.Name != Grep {
		return ""
	}
	if failed(c, r.t[at].Output) {
		return "2"
	}
	lines, ok := content(r.views[at], r.views[at].resolve(c.path(0)))
	if !ok {
		return ""
	}
	for _, l := range lines {
		if strings.Contains(l, c.Word) {
			return "0"
		}
	}
	return "1"
}

// note is what a line "<prefix><value>" says, in the shown content of a
// file named notes.txt: the first such value with no space in it, or "".
func (r reader) note(prefix string) string {
	for _, st := range r.t {
		c, err := ParseCommand(st.Command)
		if err != nil || c.Name != Cat || baseName(c.path(0)) != "notes.txt" || failed(c, st.Output) {
			continue
		}
		for _, l := range st.Output {
			if v, ok := strings.CutPrefix(l, prefix); ok && v != "" && !strings.Contains(v, " ") {
				return v
			}
		}
	}
	return ""
}

// where is the one directory known to hold a file named name, "" if none
// or several.
func where(v *view, name string) string {
	var dirs []string
	for p, e := range v.entries {
		if !e.dir && path.Base(p) == name {
			dirs = append(dirs, path.Dir(p))
		}
	}
	if len(dirs) != 1 {
		return ""
	}
	return dirs[0]
}

// guess is the guesser's answer where its reading determines nothing: what
// it last saw of a file with the same name, or a fixed choice; "" if it
// has none.
func (r reader) guess(m worlds.Message) string {
	v, q := r.final(), m.Question
	g := qFirstNow.FindStringSubmatch(q)
	if g == nil {
		g = qFirstBefore.FindStringSubmatch(q)
	}
	if g != nil {
		if lines, ok := lastNamed(v, path.Base(g[1])); ok {
			return first(lines)
		}
	}
	if g := qLines.FindStringSubmatch(q); g != nil {
		if lines, ok := lastNamed(v, path.Base(g[1])); ok {
			return strconv.Itoa(len(lines))
		}
		return "1"
	}
	if g := qWhere.FindStringSubmatch(q); g != nil {
		var dirs []string
		for p, e := range v.entries {
			if !e.dir && path.Base(p) == g[1] {
				dirs = append(dirs, path.Dir(p))
			}
		}
		if len(dirs) > 0 {
			return slices.Min(dirs)
		}
	}
	switch {
	case qExists.MatchString(q):
		return "no"
	case qCwd.MatchString(q):
		return v.lastPwd
	case qStatus.MatchString(q):
		return "0"
	}
	return ""
}

// lastNamed is the known content of a file with base name name, the one
// with the smallest path when there are several.
func lastNamed(v *view, name string) ([]string, bool) {
	best := ""
	for p, e := range v.entries {
		if e.content && path.Base(p) == name && (best == "" || p < best) {
			best = p
		}
	}
	if best == "" {
		return nil, false
	}
	return v.entries[best].lines, true
}
