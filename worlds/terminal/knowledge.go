package terminal

import "strings"

// observer is what a reader of the transcript knows, tracked beside the
// true state while an episode plays: a file's content is known once cat
// showed it or a command derived it from known content (echo > writes it
// whole, echo >> and sed -i change known content, cp and mv carry it to
// their target); a directory's entries are known once ls listed it, and a
// file's mode once ls -l showed it or chmod set it. Every command's failure
// prints a message, so the reader knows which commands took effect. Golds
// that depend on content are computed from the world and kept only where
// the observer knows it (worlds.Resolve).
type observer struct {
	content map[string]bool // absolute file path → its content is known
	listed  map[string]bool // absolute directory → its entries are known
	modes   map[string]bool // absolute file path → its mode is known
	cwd     bool            // the working directory is known
}

func newObserver() *observer {
	return &observer{content: map[string]bool{}, listed: map[string]bool{}, modes: map[string]bool{}}
}

// abs is the absolute path of an existing p, or "" if p does not resolve.
func (s *State) abs(p string) string {
	_, comps, err := s.lookupPath(p)
	if err != "" {
		return ""
	}
	return joinAbs(comps)
}

// newAbs is the absolute path a new entry p would get, or "".
func (s *State) newAbs(p string) string {
	_, dir, name, err := s.lookupParent(p)
	if err != "" {
		return ""
	}
	_, comps, _ := s.lookupPath(dir)
	return joinAbs(append(comps, name))
}

// parentDir is the directory part of an absolute path.
func parentDir(p string) string {
	d, _ := splitAbs(p)
	return d
}

// run executes c on s and updates what the observer knows.
func (o *observer) run(s *State, c Command) (Result, error) {
	var src, dst string
	existed := false
	switch c.Name {
	case Ls:
		src = s.abs(lsOperand(c.Paths))
	case Cat, Sed, Rm, Chmod:
		src = s.abs(c.path(0))
	case Echo:
		if dst = s.abs(c.path(0)); dst != "" {
			existed = true
		} else {
			dst = s.newAbs(c.path(0))
		}
	case Cp, Mv:
		src = s.abs(c.path(0))
		if _, shown, err := s.target(c.path(0), c.path(1)); err == "" {
			if dst = s.abs(shown); dst == "" {
				dst = s.newAbs(shown)
			}
		}
	}
	srcDir := false
	if src != "" {
		n, _, _ := s.lookupFrom(nil, src, false)
		srcDir = n.dir
	}
	r, err := s.Exec(c)
	if err != nil || r.Status != 0 {
		return r, err
	}
	switch c.Name {
	case Pwd:
		o.cwd = true
	case Cd:
		o.cwd = o.cwd || strings.HasPrefix(c.path(0), "/")
	case Ls:
		switch {
		case srcDir && c.Long:
			o.listed[src] = true
			for _, name := range r.Output {
				o.modes[concat(src, name[strings.LastIndex(name, " ")+1:])] = true
			}
		case srcDir:
			o.listed[src] = true
		case c.Long:
			o.modes[src] = true
		}
	case Cat:
		o.content[src] = true
	case Chmod:
		o.modes[src] = true
	case Echo:
		if c.Append {
			o.content[dst] = (existed && o.content[dst]) || (!existed && o.listed[parentDir(dst)])
		} else {
			o.content[dst] = true
		}
	case Cp:
		o.content[dst] = o.content[src]
	case Mv:
		o.content[dst], o.modes[dst] = o.content[src], o.modes[src]
		delete(o.content, src)
		delete(o.modes, src)
	case Rm:
		delete(o.content, src)
		delete(o.modes, src)
	}
	return r, nil
}

// lsOperand is ls's operand, "." when none is given.
func lsOperand(paths []string) string {
	if len(paths) == 0 {
		return "."
	}
	return paths[0]
}
