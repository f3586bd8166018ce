package terminal

import (
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"
)

// This file is the reference agents' reading of a transcript: a model of
// the session rebuilt from the text alone, as a careful reader would keep
// it. It shares nothing with the simulation but the command parser.

// entry is what a reader knows about one path that exists.
type entry struct {
	dir     bool     // known to be a directory
	lines   []string // the content, when known
	content bool     // the content is known
	mode    string   // three octal digits, "" while unknown
	// counted: wc -l showed the number of lines, count, since the
	// content last changed in a way the reader cannot follow.
	counted bool
	count   int
}

// lineCount is the known number of lines of e, or false.
func (e *entry) lineCount() (int, bool) {
	if e.content {
		return len(e.lines), true
	}
	return e.count, e.counted
}

// view is the reader's model after some prefix of a transcript.
type view struct {
	// simulate: apply the effects of commands that print nothing (echo,
	// sed, mkdir, cp, mv, rm, chmod); without it the view keeps only what
	// was shown, as an inattentive reader does.
	simulate bool
	cwd      string            // "" while unknown
	lastPwd  string            // the last thing pwd printed
	entries  map[string]*entry // absolute path → entry
	listed   map[string]bool   // absolute directory → all its entries are in entries
}

func newView(simulate bool) *view {
	return &view{simulate: simulate, entries: map[string]*entry{}, listed: map[string]bool{}}
}

func (v *view) clone() *view {
	c := *v
	c.entries = make(map[string]*entry, len(v.entries))
	for p, e := range v.entries {
		ec := *e
		ec.lines = slices.Clone(e.lines)
		c.entries[p] = &ec
	}
	c.listed = maps.Clone(v.listed)
	return &c
}

// replay reads a transcript: views[i] is the model before step i, and
// views[len(t)] the model at the end.
func replay(t Transcript, simulate bool) []*view { return replayFrom(t, simulate, "") }

// replayFrom reads a transcript whose reader is told the working
// directory it starts in (cwd; "" when it is not told).
func replayFrom(t Transcript, simulate bool, cwd string) []*view {
	v := newView(simulate)
	if cwd != "" {
		v.cwd = cwd
		v.ensure(cwd).dir = true
	}
	views := make([]*view, 0, len(t)+1)
	for _, st := range t {
		views = append(views, v.clone())
		v.step(st)
	}
	return append(views, v)
}

// resolve is the absolute path of p, or "" if the working directory is
// unknown and p is relative.
func (v *view) resolve(p string) string {
	if strings.HasPrefix(p, "/") {
		return path.Clean(p)
	}
	if v.cwd == "" {
		return ""
	}
	return path.Join(v.cwd, p)
}

// exists is yes, no or "" (unknown) for the absolute path p.
func (v *view) exists(p string) string {
	if _, ok := v.entries[p]; ok {
		return "yes"
	}
	if v.listed[path.Dir(p)] {
		return "no"
	}
	return ""
}

// errnos are the reasons a failed command names.
var errnos = []errno{enoent, enotdir, eisdir, eacces, eexist}

// failed reports whether a command's output is its error message: any
// output of a command that prints nothing when it works, and for ls and
// cat the one line of their message.
func failed(c Command, out []string) bool {
	switch c.Name {
	case Pwd:
		return false
	case Ls:
		return len(out) == 1 && strings.HasPrefix(out[0], "ls: cannot access '")
	case Cat:
		if len(out) != 1 {
			return false
		}
		for _, e := range errnos {
			if out[0] == "cat: "+c.path(0)+": "+string(e) {
				return true
			}
		}
		return false
	case Grep:
		if c.Quiet {
			return len(out) > 0
		}
		return len(out) == 1 && hasErrno(out[0], "grep: "+c.path(0)+": ")
	case Head, Tail:
		return len(out) == 1 && (hasErrno(out[0], c.Name+": cannot open '"+c.path(0)+"' for reading: ") ||
			hasErrno(out[0], c.Name+": error reading '"+c.path(0)+"': "))
	case Wc:
		return len(out) >= 1 && hasErrno(out[0], "wc: "+c.path(0)+": ")
	}
	return len(out) > 0
}

// hasErrno reports whether line is prefix and one of the errnos.
func hasErrno(line, prefix string) bool {
	rest, ok := strings.CutPrefix(line, prefix)
	return ok && slices.Contains(errnos, errno(rest))
}

func (v *view) ensure(p string) *entry {
	e, ok := v.entries[p]
	if !ok {
		e = &entry{}
		v.entries[p] = e
	}
	return e
}

// forget drops p and, for a directory, everything under it.
func (v *view) forget(p string) {
	for q := range v.entries {
		if q == p || strings.HasPrefix(q, p+"/") {
			delete(v.entries, q)
		}
	}
}

// step reads one command and its output.
func (v *view) step(st Step) {
	c, err := ParseCommand(st.Command)
	if err != nil {
		return // a command the reader cannot follow teaches nothing
	}
	if failed(c, st.Output) {
		return
	}
	switch c.Name {
	case Pwd:
		if len(st.Output) == 1 {
			v.cwd, v.lastPwd = st.Output[0], st.Output[0]
			v.ensure(v.cwd).dir = true
		}
		return
	case Cd:
		if p := v.resolve(c.path(0)); p != "" {
			v.cwd = p
			v.ensure(p).dir = true
		}
		return
	case Ls:
		v.ls(c, st.Output)
		return
	case Cat:
		if p := v.resolve(c.path(0)); p != "" {
			e := v.ensure(p)
			e.lines, e.content = slices.Clone(st.Output), true
		}
		return
	case Head, Tail:
		// Fewer lines than asked for is the whole file.
		if p := v.resolve(c.path(0)); p != "" {
			e := v.ensure(p)
			if len(st.Output) < c.N {
				e.lines, e.content = slices.Clone(st.Output), true
			}
		}
		return
	case Wc:
		if p := v.resolve(c.path(0)); p != "" && len(st.Output) == 1 {
			e := v.ensure(p)
			if n, err := strconv.Atoi(strings.TrimSuffix(st.Output[0], " "+c.path(0))); err == nil {
				e.count, e.counted = n, true
			}
		}
		return
	case Grep:
		if !c.Quiet {
			if p := v.resolve(c.path(0)); p != "" {
				v.ensure(p)
			}
			return
		}
	}
	if v.simulate {
		v.effect(c)
	}
}

// ls records a listing: a directory's entries (with types and modes under
// -l), or one file.
func (v *view) ls(c Command, out []string) {
	p := v.resolve(lsOperand(c.Paths))
	if p == "" {
		return
	}
	if e, ok := v.entries[p]; ok && !e.dir && len(out) == 1 {
		if c.Long {
			e.mode = modeDigits(out[0])
		}
		return
	}
	v.ensure(p).dir = true
	names := map[string]bool{}
	for _, l := range out {
		name := l
		if c.Long {
			name = l[strings.LastIndex(l, " ")+1:]
		}
		names[name] = true
		e := v.ensure(concat(p, name))
		if c.Long {
			e.dir, e.mode = strings.HasPrefix(l, "d"), modeDigits(l)
		}
	}
	for q := range v.entries {
		if path.Dir(q) == p && q != p && !names[path.Base(q)] {
			v.forget(q)
		}
	}
	v.listed[p] = true
}

// modeDigits reads ls -l's mode column as three octal digits.
func modeDigits(line string) string {
	if len(line) < 10 {
		return ""
	}
	var d [3]byte
	for i := 0; i < 9; i++ {
		if line[1+i] != '-' {
			d[i/3] |= 4 >> (i % 3)
		}
	}
	return string([]byte{'0' + d[0], '0' + d[1], '0' + d[2]})
}

// effect applies a command that worked and printed nothing.
func (v *view) effect(c Command) {
	p := v.resolve(c.path(0))
	if p == "" {
		return
	}
	switch c.Name {
	case Echo:
		e, existed := v.entries[p]
		switch {
		case !c.Append:
			e = v.ensure(p)
			e.lines, e.content = []string{c.Word}, true
		case existed && e.content:
			e.lines = append(e.lines, c.Word)
		case !existed && v.listed[path.Dir(p)]:
			v.entries[p] = &entry{lines: []string{c.Word}, content: true}
		case existed && e.counted:
			e.count++
		default:
			e = v.ensure(p)
			e.lines, e.content, e.counted = nil, false, false
		}
	case Touch:
		// A new file in a listed directory is known empty; elsewhere the
		// reader cannot tell a new file from an old file or directory.
		if _, ok := v.entries[p]; !ok && v.listed[path.Dir(p)] {
			v.entries[p] = &entry{lines: []string{}, content: true}
		}
	case Sed:
		if e, ok := v.entries[p]; ok && e.content {
			n := 1
			if c.Global {
				n = -1
			}
			for i, l := range e.lines {
				e.lines[i] = strings.Replace(l, c.From, c.To, n)
			}
		}
	case Chmod:
		v.ensure(p).mode = c.Mode
	case Mkdir:
		v.entries[p] = &entry{dir: true}
		v.listed[p] = true
	case Rm:
		v.forget(p)
	case Cp, Mv:
		dst := v.destination(c.path(0), c.path(1))
		src, ok := v.entries[p]
		if dst == "" {
			if c.Name == Mv {
				v.forget(p)
			}
			return
		}
		old, existed := v.entries[dst]
		moved := &entry{}
		if ok {
			moved = &entry{lines: slices.Clone(src.lines), content: src.content, mode: src.mode, counted: src.counted, count: src.count}
		}
		if c.Name == Cp && existed {
			moved.mode = old.mode
		} else if c.Name == Cp {
			moved.mode = "" // the umask decides, and the rules do not state it
		}
		v.entries[dst] = moved
		if c.Name == Mv {
			v.forget(p)
		}
	}
}

// destination is where cp or mv put src: into dst when dst is known to be a
// directory (or written with a trailing slash), dst itself when it is known
// to be a file or known not to exist; "" when the reader cannot tell.
func (v *view) destination(src, dst string) string {
	d := v.resolve(dst)
	if d == "" {
		return ""
	}
	e, ok := v.entries[d]
	switch {
	case strings.HasSuffix(dst, "/") || (ok && e.dir):
		return concat(d, baseName(src))
	case ok || v.listed[path.Dir(d)]:
		return d
	}
	return ""
}
