package terminal_test

import (
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/worlds"
)

// This file is a reader of terminal probes written apart from the world: it
// sees a probe's user message only (the rules paragraph says what a
// transcript is), keeps its own account of what the session showed and
// what the commands that printed nothing must have done, and answers the
// question from that. It shares no code with the simulation, the command
// parser or the reference agents. A gold it cannot settle, or settles
// otherwise, fails the tests (reading_test.go).

// knownFile is what the reader knows of one file: whether its content is
// known (and then its lines), and its mode if shown.
type knownFile struct {
	lines []string
	known bool
	mode  string
}

// session is the reader's account of the session so far.
type session struct {
	cwd      string
	cwdKnown bool
	files    map[string]*knownFile
	// dirs maps a directory to its known entries (nil: the entries are
	// not known).
	dirs map[string]map[string]bool
	// snapshots: a copy of the account just before each command name ran
	// the first time ("sed", "echo").
	before map[string]*session
	status map[string]string // a grep's command line → its exit status, "" unknown
}

func newSession() *session {
	return &session{files: map[string]*knownFile{}, dirs: map[string]map[string]bool{}, before: map[string]*session{}, status: map[string]string{}}
}

func (s *session) copy() *session {
	c := newSession()
	c.cwd, c.cwdKnown = s.cwd, s.cwdKnown
	for p, f := range s.files {
		g := *f
		g.lines = append([]string(nil), f.lines...)
		c.files[p] = &g
	}
	for d, names := range s.dirs {
		if names == nil {
			c.dirs[d] = nil
			continue
		}
		m := map[string]bool{}
		for n := range names {
			m[n] = true
		}
		c.dirs[d] = m
	}
	return c
}

// abs resolves p against the working directory.
func (s *session) abs(p string) string {
	if !strings.HasPrefix(p, "/") {
		p = s.cwd + "/" + p
	}
	return path.Clean(p)
}

func (s *session) file(p string) *knownFile {
	f := s.files[p]
	if f == nil {
		f = &knownFile{}
		s.files[p] = f
	}
	return f
}

// addEntry and dropEntry keep a known listing up to date.
func (s *session) addEntry(p string) {
	if names := s.dirs[path.Dir(p)]; names != nil {
		names[path.Base(p)] = true
	}
}

func (s *session) dropEntry(p string) {
	if names := s.dirs[path.Dir(p)]; names != nil {
		delete(names, path.Base(p))
	}
}

// readSession replays a transcript's text.
func readSession(transcript string) (*session, error) {
	s := newSession()
	var cmd string
	var out []string
	flush := func() error {
		if cmd == "" {
			return nil
		}
		return s.step(cmd, out)
	}
	for _, line := range strings.Split(transcript, "\n") {
		if c, ok := strings.CutPrefix(line, "$ "); ok {
			if err := flush(); err != nil {
				return nil, err
			}
			cmd, out = c, nil
			continue
		}
		if cmd == "" {
			return nil, fmt.Errorf("output before any command: %q", line)
		}
		out = append(out, line)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return s, nil
}

var sedRE = regexp.MustCompile(`^sed -i 's/([^/]*)/([^/]*)/' (\S+)$`)

// step applies one command and its output. Every failing command prints a
// message, so a command that printed nothing took effect.
func (s *session) step(cmd string, out []string) error {
	f := strings.Fields(cmd)
	name := f[0]
	if _, seen := s.before[name]; !seen {
		s.before[name] = s.copy()
	}
	failed := len(out) > 0 && (strings.HasPrefix(out[0], name+": ") || strings.HasPrefix(out[0], "bash: "))
	switch {
	case name == "pwd":
		s.cwd, s.cwdKnown = out[0], true
	case name == "cd":
		if !failed {
			target := f[1]
			s.cwdKnown = s.cwdKnown || strings.HasPrefix(target, "/")
			s.cwd = s.abs(target)
		}
	case name == "ls":
		if failed {
			break
		}
		long := len(f) > 1 && f[1] == "-l"
		dir := "."
		if len(f) > 1 && !long || len(f) > 2 {
			dir = f[len(f)-1]
		}
		d := s.abs(dir)
		names := map[string]bool{}
		for _, l := range out {
			n := l
			if long {
				fields := strings.Fields(l)
				n = fields[len(fields)-1]
				s.file(d + "/" + n).mode = octal(fields[0])
			}
			names[n] = true
		}
		s.dirs[d] = names
	case name == "cat":
		if !failed {
			fl := s.file(s.abs(f[1]))
			fl.lines, fl.known = out, true
		}
	case name == "sed":
		m := sedRE.FindStringSubmatch(cmd)
		if m == nil {
			return fmt.Errorf("sed command %q", cmd)
		}
		if fl := s.file(s.abs(m[3])); !failed && fl.known {
			for i, l := range fl.lines {
				fl.lines[i] = strings.Replace(l, m[1], m[2], 1)
			}
		}
	case name == "echo":
		p := s.abs(f[3])
		if failed {
			break
		}
		fl, existed := s.files[p]
		if f[2] == ">" || !existed && s.dirs[path.Dir(p)] != nil && !s.dirs[path.Dir(p)][path.Base(p)] {
			fl = s.file(p)
			fl.lines, fl.known = []string{f[1]}, true
		} else if existed && fl.known {
			fl.lines = append(fl.lines, f[1])
		} else {
			s.file(p).known = false
		}
		s.addEntry(p)
	case name == "mkdir":
		d := s.abs(f[1])
		if !failed {
			s.dirs[d] = map[string]bool{}
			s.addEntry(d)
		} else if _, ok := s.dirs[d]; !ok {
			s.dirs[d] = nil
		}
	case name == "mv", name == "cp":
		if failed {
			break
		}
		src := s.abs(f[1])
		dst := s.abs(f[2])
		if _, isDir := s.dirs[dst]; isDir || strings.HasSuffix(f[2], "/") {
			dst = dst + "/" + path.Base(src)
		}
		from := s.file(src)
		to := &knownFile{lines: append([]string(nil), from.lines...), known: from.known}
		if name == "mv" {
			to.mode = from.mode
			delete(s.files, src)
			s.dropEntry(src)
		}
		s.files[dst] = to
		s.addEntry(dst)
	case name == "rm":
		if !failed {
			p := s.abs(f[1])
			delete(s.files, p)
			s.dropEntry(p)
		}
	case name == "grep":
		p := s.abs(f[3])
		switch fl := s.files[p]; {
		case failed:
			s.status[cmd] = "2"
		case fl != nil && fl.known:
			s.status[cmd] = "1"
			for _, l := range fl.lines {
				if strings.Contains(l, f[2]) {
					s.status[cmd] = "0"
				}
			}
		default:
			s.status[cmd] = ""
		}
	default:
		return fmt.Errorf("command %q", cmd)
	}
	return nil
}

// octal reads ls -l's mode string (-rw-r--r--) as three octal digits.
func octal(m string) string {
	out := ""
	for i := 1; i+3 <= len(m) && len(out) < 3; i += 3 {
		d := 0
		for j, c := range "rwx" {
			if rune(m[i+j]) == c {
				d |= 4 >> j
			}
		}
		out += strconv.Itoa(d)
	}
	return out
}

var (
	rExists      = regexp.MustCompile(`^Does (\S+) contain a file named (\S+?)( at the end of the session)?\?$`)
	rMode        = regexp.MustCompile(`^What are the permission bits of (\S+), in octal\?$`)
	rValueBefore = regexp.MustCompile(`^What was the value of (\w+) in (\S+) before the sed command ran\?$`)
	rFirstBefore = regexp.MustCompile(`^What was the first line of (\S+) before the echo command ran\?$`)
	rValueNow    = regexp.MustCompile(`^What is the value of (\w+) in (\S+) now\?$`)
	rFirstNow    = regexp.MustCompile(`^What is the first line of (\S+) now\?$`)
	rLines       = regexp.MustCompile(`^How many lines does (\S+) have now\?$`)
	rCwd         = regexp.MustCompile(`^What is the current working directory at the end of the session\?$`)
	rStatus      = regexp.MustCompile(`^What exit status did the command (.+) return\?$`)
	rWhere       = regexp.MustCompile(`^Which directory holds (\S+) now\?$`)
	rNoteValue   = regexp.MustCompile(`^According to notes\.txt, what is the value of (\w+)\?$`)
	rNoteWhere   = regexp.MustCompile(`^According to notes\.txt, which directory holds (\S+)\?$`)
)

// readGold is the answer the message determines: a canonical value or
// "unknown". An error means the reader cannot read the message.
func readGold(user string) (string, error) {
	m, err := worlds.ParseMessage(user)
	if err != nil {
		return "", err
	}
	s, err := readSession(m.Observation)
	if err != nil {
		return "", err
	}
	orUnknown := func(v string, ok bool) (string, error) {
		if !ok || v == "" {
			return worlds.Unknown, nil
		}
		return v, nil
	}
	content := func(s *session, p string) ([]string, bool) {
		f := s.files[p]
		if f == nil || !f.known {
			return nil, false
		}
		return f.lines, true
	}
	q := m.Question
	switch {
	case rExists.MatchString(q):
		g := rExists.FindStringSubmatch(q)
		names := s.dirs[g[1]]
		if names == nil {
			return worlds.Unknown, nil
		}
		if names[g[2]] {
			return "yes", nil
		}
		return "no", nil
	case rMode.MatchString(q):
		f := s.files[rMode.FindStringSubmatch(q)[1]]
		return orUnknown(modeOf(f))
	case rValueBefore.MatchString(q):
		g := rValueBefore.FindStringSubmatch(q)
		lines, ok := content(s.before["sed"], g[2])
		return orUnknown(iniValue(lines, g[1]), ok)
	case rFirstBefore.MatchString(q):
		lines, ok := content(s.before["echo"], rFirstBefore.FindStringSubmatch(q)[1])
		return orUnknown(firstLine(lines), ok)
	case rValueNow.MatchString(q):
		g := rValueNow.FindStringSubmatch(q)
		lines, ok := content(s, g[2])
		return orUnknown(iniValue(lines, g[1]), ok)
	case rFirstNow.MatchString(q):
		lines, ok := content(s, rFirstNow.FindStringSubmatch(q)[1])
		return orUnknown(firstLine(lines), ok)
	case rLines.MatchString(q):
		lines, ok := content(s, rLines.FindStringSubmatch(q)[1])
		return orUnknown(strconv.Itoa(len(lines)), ok)
	case rCwd.MatchString(q):
		return orUnknown(s.cwd, s.cwdKnown)
	case rStatus.MatchString(q):
		st, ok := s.status[rStatus.FindStringSubmatch(q)[1]]
		if !ok {
			return "", fmt.Errorf("no command %q in the session", q)
		}
		return orUnknown(st, true)
	case rWhere.MatchString(q):
		name := rWhere.FindStringSubmatch(q)[1]
		var dirs []string
		for p := range s.files {
			if path.Base(p) == name {
				dirs = append(dirs, path.Dir(p))
			}
		}
		return orUnknown(strings.Join(dirs, ","), len(dirs) == 1)
	case rNoteValue.MatchString(q):
		return orUnknown(noted(s, rNoteValue.FindStringSubmatch(q)[1]+" is "))
	case rNoteWhere.MatchString(q):
		return orUnknown(noted(s, rNoteWhere.FindStringSubmatch(q)[1]+" is in "))
	}
	return "", fmt.Errorf("question %q", q)
}

func modeOf(f *knownFile) (string, bool) {
	if f == nil {
		return "", false
	}
	return f.mode, f.mode != ""
}

func iniValue(lines []string, key string) string {
	for _, l := range lines {
		if v, ok := strings.CutPrefix(l, key+"="); ok {
			return v
		}
	}
	return ""
}

func firstLine(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return lines[0]
}

// noted is what a shown notes.txt says after prefix.
func noted(s *session, prefix string) (string, bool) {
	for p, f := range s.files {
		if path.Base(p) != "notes.txt" || !f.known {
			continue
		}
		for _, l := range f.lines {
			if v, ok := strings.CutPrefix(l, prefix); ok {
				return v, true
			}
		}
	}
	return "", false
}
