package terminal

import (
	"slices"
	"strings"
)

// errno is the reason a path operation failed, as the C library words it.
type errno string

const (
	enoent  errno = "No such file or directory"
	enotdir errno = "Not a directory"
	eisdir  errno = "Is a directory"
	eacces  errno = "Permission denied"
	eexist  errno = "File exists"
)

// lookupFrom resolves p against the components base (or the root if p is
// absolute) one component at a time, as the kernel does: every component
// but the last must be a directory, "." and ".." need the current node to
// be one, ".." of the root is the root, and a trailing slash needs a
// directory. It returns the node and, if want, its path components.
func (s *State) lookupFrom(base []string, p string, want bool) (*node, []string, errno) {
	if strings.HasPrefix(p, "/") {
		base = nil
	}
	var nodes [16]*node
	var names [16]string
	stack, comps := append(nodes[:0], s.root), names[:0]
	for _, c := range base {
		stack = append(stack, stack[len(stack)-1].children[c])
		comps = append(comps, c)
	}
	for rest := p; rest != ""; {
		var c string
		c, rest, _ = strings.Cut(rest, "/")
		if c == "" {
			continue
		}
		cur := stack[len(stack)-1]
		if !cur.dir {
			return nil, nil, enotdir
		}
		switch c {
		case ".":
		case "..":
			if len(stack) > 1 {
				stack = stack[:len(stack)-1]
				comps = comps[:len(comps)-1]
			}
		default:
			next, ok := cur.children[c]
			if !ok {
				return nil, nil, enoent
			}
			stack = append(stack, next)
			comps = append(comps, c)
		}
	}
	n := stack[len(stack)-1]
	if strings.HasSuffix(p, "/") && !n.dir {
		return nil, nil, enotdir
	}
	if !want {
		return n, nil, ""
	}
	return n, slices.Clone(comps), ""
}

// node is the node p names, or nil.
func (s *State) node(p string) *node {
	n, _, err := s.lookupFrom(s.cwd, p, false)
	if err != "" {
		return nil
	}
	return n
}

// lookup resolves p against the working directory.
func (s *State) lookup(p string) (*node, []string, errno) { return s.lookupFrom(s.cwd, p, false) }

// lookupPath resolves p against the working directory, with its components.
func (s *State) lookupPath(p string) (*node, []string, errno) { return s.lookupFrom(s.cwd, p, true) }

// lookupParent resolves the directory that would hold a new entry p, and
// returns it, the operand naming it, and the entry's name. p's trailing
// slashes are dropped first.
func (s *State) lookupParent(p string) (*node, string, string, errno) {
	trimmed := strings.TrimRight(p, "/")
	if trimmed == "" {
		return nil, "", "", eexist // p is the root
	}
	dir, base := ".", trimmed
	if i := strings.LastIndex(trimmed, "/"); i >= 0 {
		dir, base = trimmed[:i+1], trimmed[i+1:]
	}
	parent, _, err := s.lookup(dir)
	if err != "" {
		return nil, "", "", err
	}
	if !parent.dir {
		return nil, "", "", enotdir
	}
	return parent, dir, base, ""
}

// concat joins a directory operand and a name the way coreutils names the
// target of cp D and mv D: no doubled slash.
func concat(dir, name string) string {
	if strings.HasSuffix(dir, "/") {
		return dir + name
	}
	return dir + "/" + name
}

// baseName is the last component of an operand (trailing slashes dropped).
func baseName(p string) string {
	t := strings.TrimRight(p, "/")
	if i := strings.LastIndex(t, "/"); i >= 0 {
		return t[i+1:]
	}
	return t
}
