package terminal

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Result is what one command printed (stdout and stderr in order, one
// string a line) and its exit status.
type Result struct {
	Output []string
	Status int
}

// ErrUnsupported marks a command the simulation does not model (chmod or mv
// of a directory): it is refused rather than guessed.
var ErrUnsupported = errors.New("not simulated")

// Run parses line and runs it.
func (s *State) Run(line string) (Result, error) {
	c, err := ParseCommand(line)
	if err != nil {
		return Result{}, err
	}
	return s.Exec(c)
}

// Exec runs one command, changes the state as bash and GNU coreutils would
// for user "user" (not root, owner of everything), and returns what it
// printed and its exit status, which is also kept as s.Status. A command
// the simulation does not model is an error wrapping ErrUnsupported, and
// leaves the state as it was.
func (s *State) Exec(c Command) (Result, error) {
	if !c.valid() {
		return Result{}, fmt.Errorf("terminal: %q is not a command the simulation takes", c.String())
	}
	r, err := s.exec(c)
	if err != nil {
		return Result{}, fmt.Errorf("terminal: %s: %w", c, err)
	}
	s.Status = r.Status
	return r, nil
}

func fail(status int, format string, args ...any) Result {
	return Result{Output: []string{fmt.Sprintf(format, args...)}, Status: status}
}

func (s *State) exec(c Command) (Result, error) {
	arg := func(i int) string { return c.path(i) }
	switch c.Name {
	case Pwd:
		return Result{Output: []string{s.Cwd()}}, nil
	case Cd:
		n, comps, err := s.lookupPath(arg(0))
		if err == "" && !n.dir {
			err = enotdir
		}
		if err != "" {
			return fail(1, "bash: cd: %s: %s", arg(0), err), nil
		}
		s.cwd = comps
		return Result{}, nil
	case Ls:
		return s.ls(c), nil
	case Cat:
		n, err := s.readable(arg(0))
		if err != "" {
			return fail(1, "cat: %s: %s", arg(0), err), nil
		}
		return Result{Output: slices.Clone(n.lines)}, nil
	case Echo:
		return s.echo(c), nil
	case Sed:
		n, _, err := s.lookup(arg(0))
		if err == "" && n.dir {
			return fail(4, "sed: couldn't edit %s: not a regular file", arg(0)), nil
		}
		if err == "" && !n.canRead() {
			err = eacces
		}
		if err != "" {
			return fail(2, "sed: can't read %s: %s", arg(0), err), nil
		}
		for i, l := range n.lines {
			if c.Global {
				n.lines[i] = strings.ReplaceAll(l, c.From, c.To)
			} else {
				n.lines[i] = strings.Replace(l, c.From, c.To, 1)
			}
		}
		return Result{}, nil
	case Grep:
		n, err := s.readable(arg(0))
		if err != "" {
			return fail(2, "grep: %s: %s", arg(0), err), nil
		}
		var out []string
		for _, l := range n.lines {
			if strings.Contains(l, c.Word) {
				if c.Quiet {
					return Result{}, nil
				}
				out = append(out, l)
			}
		}
		if len(out) == 0 {
			return Result{Status: 1}, nil
		}
		return Result{Output: out}, nil
	case Head, Tail:
		n, _, err := s.lookup(arg(0))
		switch {
		case err == "" && n.dir:
			return fail(1, "%s: error reading '%s': %s", c.Name, arg(0), eisdir), nil
		case err == "" && !n.canRead():
			err = eacces
		}
		if err != "" {
			return fail(1, "%s: cannot open '%s' for reading: %s", c.Name, arg(0), err), nil
		}
		lines := n.lines
		if len(lines) > c.N {
			if c.Name == Head {
				lines = lines[:c.N]
			} else {
				lines = lines[len(lines)-c.N:]
			}
		}
		return Result{Output: slices.Clone(lines)}, nil
	case Wc:
		n, _, err := s.lookup(arg(0))
		switch {
		case err == "" && n.dir:
			return Result{Output: []string{"wc: " + arg(0) + ": " + string(eisdir), "0 " + arg(0)}, Status: 1}, nil
		case err == "" && !n.canRead():
			err = eacces
		}
		if err != "" {
			return fail(1, "wc: %s: %s", arg(0), err), nil
		}
		return Result{Output: []string{strconv.Itoa(len(n.lines)) + " " + arg(0)}}, nil
	case Touch:
		return s.touch(arg(0))
	case Chmod:
		n, _, err := s.lookup(arg(0))
		if err != "" {
			return fail(1, "chmod: cannot access '%s': %s", arg(0), err), nil
		}
		if n.dir {
			return Result{}, fmt.Errorf("chmod of a directory: %w", ErrUnsupported)
		}
		n.mode, _ = ParseMode(c.Mode)
		return Result{}, nil
	case Mkdir:
		return s.mkdir(arg(0)), nil
	case Rm:
		n, comps, err := s.lookupPath(arg(0))
		if err == "" && n.dir {
			err = eisdir
		}
		if err != "" {
			return fail(1, "rm: cannot remove '%s': %s", arg(0), err), nil
		}
		parent, _, _ := s.lookupFrom(nil, joinAbs(comps[:len(comps)-1]), false)
		delete(parent.children, comps[len(comps)-1])
		return Result{}, nil
	case Cp:
		return s.cp(arg(0), arg(1)), nil
	case Mv:
		return s.mv(arg(0), arg(1))
	}
	return Result{}, fmt.Errorf("unknown command %q: %w", c.Name, ErrUnsupported)
}

// longLine is one line of ls -l; width is the widest size of the listing.
func longLine(n *node, name string, width int) string {
	size := strconv.Itoa(n.size())
	return ModeString(n.dir, n.mode) + " 1 user user " + strings.Repeat(" ", width-len(size)) + size +
		" Jan  1 00:00 " + name
}

func (s *State) ls(c Command) Result {
	target := "."
	if len(c.Paths) == 1 {
		target = c.Paths[0]
	}
	n, _, err := s.lookup(target)
	if err != "" {
		return fail(2, "ls: cannot access '%s': %s", target, err)
	}
	if !n.dir {
		if c.Long {
			return Result{Output: []string{longLine(n, target, len(strconv.Itoa(n.size())))}}
		}
		return Result{Output: []string{target}}
	}
	names := n.names()
	if len(names) == 0 {
		return Result{}
	}
	if !c.Long {
		return Result{Output: names}
	}
	width := 0
	for _, name := range names {
		width = max(width, len(strconv.Itoa(n.children[name].size())))
	}
	out := make([]string, len(names))
	for i, name := range names {
		out[i] = longLine(n.children[name], name, width)
	}
	return Result{Output: out}
}

func (s *State) echo(c Command) Result {
	p := c.path(0)
	// bash opens the file with O_CREAT: a trailing slash is "Is a directory"
	// once the parent resolves, whatever is there.
	if strings.HasSuffix(p, "/") {
		_, _, _, err := s.lookupParent(p)
		return fail(1, "bash: %s: %s", p, orErrno(err, eisdir))
	}
	n, _, err := s.lookup(p)
	switch {
	case err == "" && n.dir:
		err = eisdir
	case err == "" && !n.canWrite():
		err = eacces
	case err == "":
		if c.Append {
			n.lines = append(n.lines, c.Word)
		} else {
			n.lines = []string{c.Word}
		}
		return Result{}
	case err == enoent:
		var parent *node
		var name string
		if parent, _, name, err = s.lookupParent(p); err == "" {
			parent.children[name] = &node{mode: 0o644, lines: []string{c.Word}}
			return Result{}
		}
	}
	return fail(1, "bash: %s: %s", p, err)
}

// touch makes p an empty file of mode 644 when nothing is there; an
// existing file or directory only gets new times, which the simulation
// does not keep. A trailing slash is not simulated (GNU touch then reports
// "setting times of", whatever is there).
func (s *State) touch(p string) (Result, error) {
	if strings.HasSuffix(p, "/") {
		return Result{}, fmt.Errorf("touch of a path with a trailing slash: %w", ErrUnsupported)
	}
	if _, _, err := s.lookup(p); err == "" {
		return Result{}, nil
	}
	parent, _, name, err := s.lookupParent(p)
	if err == "" {
		parent.children[name] = &node{mode: 0o644, lines: []string{}}
		return Result{}, nil
	}
	return fail(1, "touch: cannot touch '%s': %s", p, err), nil
}

// orErrno is e, or def when there is no error.
func orErrno(e, def errno) errno {
	if e == "" {
		return def
	}
	return e
}

// mkdir makes p; trailing slashes are allowed, and an existing entry of any
// kind is "File exists".
func (s *State) mkdir(p string) Result {
	parent, _, name, err := s.lookupParent(p)
	if err == "" {
		if _, ok := parent.children[name]; ok || name == "." || name == ".." {
			err = eexist
		}
	}
	if err != "" {
		return fail(1, "mkdir: cannot create directory '%s': %s", p, err)
	}
	parent.children[name] = newDir()
	return Result{}
}

// target is where cp and mv put src given the operand dst: inside dst if it
// is a directory, else dst itself. It returns the node already there (nil
// if none), the name coreutils prints for the target, and the error of
// looking dst up (only "Not a directory": a missing dst is a new file).
func (s *State) target(src, dst string) (existing *node, shown string, err errno) {
	d, _, err := s.lookup(dst)
	if err == enoent {
		return nil, dst, ""
	}
	if err != "" || !d.dir {
		return d, dst, err
	}
	shown = concat(dst, baseName(src))
	if e := s.node(shown); e != nil {
		return e, shown, ""
	}
	return nil, shown, ""
}

// create makes the new entry shown for cp and mv: its parent must resolve,
// and a trailing slash on a name that does not exist is "Not a directory".
func (s *State) create(shown string, n *node) errno {
	parent, _, name, err := s.lookupParent(shown)
	if err == "" && strings.HasSuffix(shown, "/") {
		err = enotdir
	}
	if err == "" {
		parent.children[name] = n
	}
	return err
}

// cp copies a regular file, checking in coreutils' order: the source, the
// destination, the same file, reading the source, writing the destination.
// A new copy gets the source's mode less the umask 022; an existing
// destination keeps its mode.
func (s *State) cp(src, dst string) Result {
	n, _, err := s.lookup(src)
	if err != "" {
		return fail(1, "cp: cannot stat '%s': %s", src, err)
	}
	if n.dir {
		return fail(1, "cp: -r not specified; omitting directory '%s'", src)
	}
	existing, shown, err := s.target(src, dst)
	switch {
	case err != "":
		return fail(1, "cp: cannot stat '%s': %s", shown, err)
	case existing == n:
		return fail(1, "cp: '%s' and '%s' are the same file", src, shown)
	case existing != nil && existing.dir:
		return fail(1, "cp: cannot overwrite directory '%s' with non-directory", shown)
	case !n.canRead():
		return fail(1, "cp: cannot open '%s' for reading: %s", src, eacces)
	case existing != nil && !existing.canWrite():
		err = eacces
	case existing != nil:
		existing.lines = slices.Clone(n.lines)
		return Result{}
	default:
		err = s.create(shown, &node{mode: n.mode &^ 0o022, lines: slices.Clone(n.lines)})
		if err == "" {
			return Result{}
		}
	}
	return fail(1, "cp: cannot create regular file '%s': %s", shown, err)
}

// mv renames a regular file, into dst if it is a directory; an existing
// destination file is replaced without a question (stdin is not a
// terminal), whatever its mode.
func (s *State) mv(src, dst string) (Result, error) {
	n, comps, err := s.lookupPath(src)
	if err != "" {
		return fail(1, "mv: cannot stat '%s': %s", src, err), nil
	}
	if n.dir {
		return Result{}, fmt.Errorf("mv of a directory: %w", ErrUnsupported)
	}
	existing, shown, err := s.target(src, dst)
	switch {
	case err != "":
		return fail(1, "mv: cannot stat '%s': %s", shown, err), nil
	case existing == n:
		return fail(1, "mv: '%s' and '%s' are the same file", src, shown), nil
	case existing != nil && existing.dir:
		return fail(1, "mv: cannot overwrite directory '%s' with non-directory", shown), nil
	}
	from, _, _ := s.lookupFrom(nil, joinAbs(comps[:len(comps)-1]), false)
	if existing != nil {
		parent, _, name, _ := s.lookupParent(shown)
		parent.children[name] = n
	} else if err = s.create(shown, n); err != "" {
		return fail(1, "mv: cannot move '%s' to '%s': %s", src, shown, err), nil
	}
	delete(from.children, comps[len(comps)-1])
	return Result{}, nil
}

// readable looks up a file to read: the error a command reports for a path
// that is missing, a directory, or not readable, "" for a file it can read.
func (s *State) readable(path string) (*node, errno) {
	n, _, err := s.lookup(path)
	switch {
	case err != "":
	case n.dir:
		err = eisdir
	case !n.canRead():
		err = eacces
	}
	return n, err
}
